import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routes } from '../../../../contracts/routes.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

interface GuardDoc {
  auth: 'public' | 'user';
  roles?: string[];
  permission?: string;
  module?: string;
  registration?: boolean;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  domain: string;
  guard: GuardDoc;
  body: unknown;
  example: unknown;
  output: unknown;
  /** The example of the OpenAPI document, checked against the route row's own schema here. */
  exampleValid: boolean | null;
}

const operationsOf = (doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const id = String(op.operationId);
      const content = (
        op.requestBody as { content?: Record<string, { schema?: unknown; example?: unknown }> } | undefined
      )?.content?.['application/json'];
      const ok = (op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)['200'];
      const row = (routes as Record<string, { body?: { safeParse: (v: unknown) => { success: boolean } } }>)[
        id
      ];
      return {
        id,
        method: method.toUpperCase(),
        path,
        domain: ((op.tags as string[]) ?? [])[0] ?? '',
        guard: op['x-windsock-guard'] as GuardDoc,
        body: content?.schema ?? null,
        example: content?.example ?? null,
        output: ok?.content?.['application/json']?.schema ?? null,
        exampleValid: row?.body ? row.body.safeParse(content?.example).success : null,
      };
    }),
  );

/**
 * ct (develop, debugger): the contract as the API publishes it (/api/openapi.json, made from the
 * route table) — each operation with its guard, whether you pass it, its body's example (checked
 * here against the same zod schema the Lambda uses) and its schemas.
 */
export default function ContractPage() {
  const { t } = useTranslation(['developer', 'nav', 'common']);
  const { profile } = useStore(session);
  const [operations, setOperations] = useState<Operation[] | null>(null);
  const [domain, setDomain] = useState('');
  const [filter, setFilter] = useState('');

  useEffect(() => {
    call('getOpenApi').then(
      (doc) => setOperations(operationsOf(doc as never)),
      (error: unknown) => {
        reportFailure(error);
        setOperations([]);
      },
    );
  }, []);

  const passes = (guard: GuardDoc) => {
    if (guard.auth === 'public') return true;
    if (!profile || guard.registration) return false;
    if (guard.roles?.length && !guard.roles.some((r) => profile.has_role[r as keyof typeof profile.has_role]))
      return false;
    if (guard.permission && !profile.can[guard.permission as keyof typeof profile.can]) return false;
    if (guard.module && !profile.organization?.modules.includes(guard.module as never)) return false;
    return true;
  };
  const domains = useMemo(() => [...new Set((operations ?? []).map((o) => o.domain))].sort(), [operations]);
  const shown = (operations ?? []).filter(
    (o) =>
      (!domain || o.domain === domain) &&
      (!filter || `${o.id} ${o.path} ${o.method}`.toLowerCase().includes(filter.toLowerCase())),
  );
  const domainOptions = [
    { value: '', label: t('ct.all_domains') },
    ...domains.map((d) => ({ value: d, label: d })),
  ];
  const guardText = (g: GuardDoc) =>
    g.auth === 'public'
      ? t('ct.public')
      : [
          g.registration ? t('ct.registration') : null,
          g.roles?.join(' | '),
          g.permission,
          g.module ? `[${g.module}]` : null,
        ]
          .filter(Boolean)
          .join(' · ') || t('ct.any_member');

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('ct.description')}>
          {t('nav:title.ct')}
        </Header>
      }
    >
      <Table<Operation>
        data-testid="ct-operations"
        variant="container"
        loading={operations === null}
        loadingText={t('common:nav.loading')}
        items={shown}
        trackBy="id"
        wrapLines
        header={
          <Header counter={operations ? `(${shown.length}/${operations.length})` : undefined}>
            {t('ct.operations')}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="m">
            <TextFilter
              filteringText={filter}
              onChange={({ detail }) => setFilter(detail.filteringText)}
              filteringPlaceholder={t('ct.filter')}
            />
            <FormField>
              <Select
                selectedOption={domainOptions.find((o) => o.value === domain) ?? domainOptions[0]!}
                options={domainOptions}
                onChange={({ detail }) => setDomain(detail.selectedOption.value ?? '')}
                data-testid="ct-domain"
              />
            </FormField>
          </SpaceBetween>
        }
        columnDefinitions={[
          {
            id: 'operation',
            header: t('ct.operation'),
            isRowHeader: true,
            cell: (o) => (
              <SpaceBetween size="xxxs">
                <Box variant="code">
                  <Badge color={o.method === 'GET' ? 'blue' : o.method === 'DELETE' ? 'red' : 'green'}>
                    {o.method}
                  </Badge>{' '}
                  {o.path}
                </Box>
                <Box variant="small" color="text-body-secondary">
                  {o.id} · {o.domain}
                </Box>
              </SpaceBetween>
            ),
          },
          { id: 'guard', header: t('ct.guard'), cell: (o) => guardText(o.guard) },
          {
            id: 'you',
            header: t('ct.you'),
            cell: (o) =>
              passes(o.guard) ? (
                <StatusIndicator type="success">{t('ct.allowed')}</StatusIndicator>
              ) : (
                <StatusIndicator type="stopped">{t('ct.not_allowed')}</StatusIndicator>
              ),
          },
          {
            id: 'example',
            header: t('ct.example'),
            cell: (o) =>
              o.exampleValid === null ? (
                '—'
              ) : (
                <StatusIndicator
                  type={o.exampleValid ? 'success' : 'error'}
                  data-testid={`ct-example-${o.id}`}
                >
                  {o.exampleValid ? t('ct.example_valid') : t('ct.example_invalid')}
                </StatusIndicator>
              ),
          },
          {
            id: 'schemas',
            header: t('ct.schemas'),
            cell: (o) => (
              <ExpandableSection headerText={t('ct.show')} variant="footer">
                <SpaceBetween size="xs">
                  {o.example ? <pre style={pre}>{JSON.stringify(o.example, null, 2)}</pre> : null}
                  {o.body ? <pre style={pre}>{JSON.stringify(o.body, null, 2)}</pre> : null}
                  <pre style={pre}>{JSON.stringify(o.output, null, 2)}</pre>
                </SpaceBetween>
              </ExpandableSection>
            ),
          },
        ]}
      />
    </ContentLayout>
  );
}

const pre = { maxHeight: 320, overflow: 'auto', fontSize: 12, margin: 0 } as const;

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentState } from '../../../../contracts/documents.ts';
import type { FleetOverviewOutput, FleetPlaneOutput } from '../../../../contracts/schemas/maintenance.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { DocumentStateIndicator } from '../documents/document-state.tsx';
import { DueDate, DueStatus, remainingText } from './due.tsx';

/** One counter of the summary: a big number with its label. */
function Counter({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number | undefined;
  tone?: 'error' | 'warning';
  testId: string;
}) {
  const color =
    value && tone === 'error'
      ? 'text-status-error'
      : value && tone === 'warning'
        ? 'text-status-warning'
        : undefined;
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large" color={color} data-testid={testId}>
        {value ?? '—'}
      </Box>
    </div>
  );
}

/**
 * The aircraft certificates as the documents domain last recorded them (issue 17 §2): the ones that
 * need attention, or "valid"; a link to the aircraft's documents.
 */
function Certificates({ plane }: { plane: FleetPlaneOutput }) {
  const { t } = useTranslation(['documents', 'maintenance']);
  const attention = plane.certificates.filter((c) => c.state !== 'valid');
  const link = hrefOf('documents/:sourcetype/:id?', { sourcetype: 'plane', id: plane.plane_id });
  if (plane.certificates.length === 0) return <Box color="text-status-inactive">—</Box>;
  return (
    <span data-testid={`certificates-${plane.plane_id}`}>
      {attention.length === 0 ? (
        <DocumentStateIndicator state="valid" />
      ) : (
        attention.map((c) => (
          <Box key={c.requirement} variant="small" display="block">
            <DocumentStateIndicator state={c.state as DocumentState} />{' '}
            {dynamicT(t)(`requirement.${c.requirement}`)}
          </Box>
        ))
      )}
      <PageLink href={link} variant="secondary">
        {t('maintenance:fleet.documents')}
      </PageLink>
    </span>
  );
}

/** Grounded red with the reasons, something due amber, else green. */
function Airworthiness({ plane }: { plane: FleetPlaneOutput }) {
  const { t } = useTranslation('maintenance');
  if (plane.grounded)
    return (
      <StatusIndicator type="error" data-testid={`airworthiness-${plane.plane_id}`}>
        {t('fleet.grounded')}
        <Box variant="small" display="block" color="text-status-error">
          {plane.grounded_reasons.map((r) => t(`fleet.reason.${r}`)).join(', ')}
        </Box>
      </StatusIndicator>
    );
  if (plane.due_soon > 0)
    return (
      <StatusIndicator type="warning" data-testid={`airworthiness-${plane.plane_id}`}>
        {t('fleet.attention')}
      </StatusIndicator>
    );
  return (
    <StatusIndicator type="success" data-testid={`airworthiness-${plane.plane_id}`}>
      {t('fleet.airworthy')}
    </StatusIndicator>
  );
}

/**
 * `maintenance/plane-list`: the fleet at a glance — how much is due within 30 days and how many
 * aircraft are grounded, then per aircraft what comes due first, the ARC expiry and open faults.
 */
export default function FleetOverviewPage() {
  const { t } = useTranslation(['maintenance', 'common', 'nav']);
  const [overview, setOverview] = useState<FleetOverviewOutput | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setOverview(await call('getFleetOverview'));
    } catch (error) {
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const summary = overview?.summary;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={overview ? t('fleet.description', { date: formatDate(overview.today) }) : undefined}
          actions={
            <Button iconName="refresh" onClick={() => void load()} ariaLabel={t('common:action.reload')} />
          }
        >
          {t('nav:title.fleet_overview')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <ColumnLayout columns={4} variant="text-grid" minColumnWidth={130}>
            <Counter
              label={t('fleet.due_30_days')}
              value={summary?.due_within_30_days}
              tone="warning"
              testId="summary-due"
            />
            <Counter
              label={t('fleet.grounded_count')}
              value={summary?.grounded}
              tone="error"
              testId="summary-grounded"
            />
            <Counter
              label={t('fleet.overdue_count')}
              value={summary?.overdue}
              tone="error"
              testId="summary-overdue"
            />
            <Counter label={t('fleet.aircraft')} value={summary?.aircraft} testId="summary-aircraft" />
          </ColumnLayout>
        </Container>
        <DataTable<FleetPlaneOutput>
          id="fleet-overview"
          testId="fleet-table"
          variant="container"
          loading={loading}
          loadingText={t('common:nav.loading')}
          items={overview?.items ?? []}
          trackBy="plane_id"
          header={
            <Header counter={overview ? `(${overview.items.length})` : undefined}>{t('fleet.header')}</Header>
          }
          empty={<Box color="text-status-inactive">{t('fleet.none')}</Box>}
          columns={[
            {
              id: 'plane',
              header: t('column.plane'),
              cell: (p) => (
                <span data-testid={`fleet-${p.plane_id}`}>
                  <PageLink href={hrefOf('plane/:id', { id: p.plane_id })}>
                    <strong>{p.reg_num}</strong>
                  </PageLink>
                  <Box variant="small" display="block" color="text-body-secondary">
                    {[p.model, t(`plane_status.${p.status}`)].filter(Boolean).join(' · ')}
                  </Box>
                </span>
              ),
            },
            { id: 'airworthiness', header: t('column.status'), cell: (p) => <Airworthiness plane={p} /> },
            {
              id: 'next',
              header: t('column.next_due'),
              cell: (p) =>
                p.next_due ? (
                  <span data-testid={`next-${p.plane_id}`}>
                    <strong>
                      {p.next_due.source === 'plane' ? t('fleet.plane_limit') : p.next_due.name}
                    </strong>
                    <Box variant="small" display="block">
                      <DueDate date={p.next_due.due_date} forecast={p.next_due.forecast} />
                      {' · '}
                      {remainingText(t, p.next_due)}
                    </Box>
                    <DueStatus state={p.next_due.state} />
                  </span>
                ) : (
                  <Box color="text-status-inactive">{t('fleet.nothing_due')}</Box>
                ),
            },
            {
              id: 'arc',
              header: t('column.arc'),
              cell: (p) =>
                p.arc_expiry ? (
                  <span data-testid={`arc-${p.plane_id}`}>
                    {formatDate(p.arc_expiry)}
                    {p.arc_state && p.arc_state !== 'ok' && (
                      <Box variant="small" display="block">
                        <DueStatus state={p.arc_state} />
                      </Box>
                    )}
                  </span>
                ) : (
                  <Box color="text-status-inactive">{t('fleet.no_arc')}</Box>
                ),
            },
            {
              id: 'certificates',
              header: t('column.certificates'),
              cell: (p) => <Certificates plane={p} />,
            },
            {
              id: 'faults',
              header: t('column.open_faults'),
              cell: (p) =>
                p.open_faults > 0 ? (
                  <PageLink href={hrefOf('plane-faults')} data-testid={`faults-${p.plane_id}`}>
                    <StatusIndicator type="warning">{p.open_faults}</StatusIndicator>
                  </PageLink>
                ) : (
                  <span data-testid={`faults-${p.plane_id}`}>0</span>
                ),
            },
            {
              id: 'links',
              header: t('column.links'),
              cell: (p) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <PageLink
                    href={hrefOf('plane/:plane_id/components', { plane_id: p.plane_id })}
                    fallback={null}
                  >
                    {t('fleet.components')}
                  </PageLink>
                  <PageLink
                    href={`${hrefOf('maintenance/operations')}?plane=${encodeURIComponent(p.plane_id)}`}
                    fallback={null}
                  >
                    {t('fleet.operations')}
                  </PageLink>
                </SpaceBetween>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATES, type DocumentState } from '../../../../contracts/documents.ts';
import type {
  DocumentOutput,
  HolderOutput,
  RequirementOutput,
} from '../../../../contracts/schemas/documents.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { DocumentDetailModal } from './document-detail-modal.tsx';
import { DocumentFormModal, type DocumentFormMode } from './document-form-modal.tsx';
import { DocumentStateIndicator } from './document-state.tsx';
import { firstTypeOf, useDocumentTypes } from './document-types.ts';
import type { DocumentPlace } from './document-upload.ts';

const PAGE_SIZE = 25;

/** Own documents (profile/documents, searchable) or a holder's (documents/{sourcetype}/{id}). */
export type HolderSource = { kind: 'own' } | { kind: 'holder'; place: DocumentPlace };

interface Page {
  items: DocumentOutput[];
  cursor: string | null;
}

/**
 * A holder's documents (issue 17 §1): what the holder must have and how it stands — "Missing
 * document." where nothing meets it — then their documents with state and expiry; one opens in a
 * dialog with its files and versions; "Upload document" adds one (several files, drag and drop, a
 * phone's camera).
 */
export function HolderDocuments({ source, title }: { source: HolderSource; title?: string }) {
  const { t } = useTranslation(['documents', 'common', 'messages', 'nav']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const types = useDocumentTypes();
  const [holder, setHolder] = useState<HolderOutput | null>(null);
  const [requirements, setRequirements] = useState<RequirementOutput[]>([]);
  const [canCreate, setCanCreate] = useState(source.kind === 'own');
  const [form, setForm] = useState<DocumentFormMode | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [typeFilter, setTypeFilter] = useState('');
  const [stateFilter, setStateFilter] = useState<DocumentState | ''>('');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const fetchPage = useCallback(
    async (cursor: string | undefined): Promise<Page> => {
      const page =
        source.kind === 'own'
          ? await call('searchDocuments', {
              body: {
                cursor,
                limit: PAGE_SIZE,
                document_type_id: typeFilter || undefined,
                state: stateFilter || undefined,
                text: search.length >= 2 ? search : undefined,
              },
            })
          : await call('listDocuments', { params: source.place, query: { cursor, limit: PAGE_SIZE } });
      setHolder(page.holder);
      setRequirements(page.requirements);
      if ('can_create' in page) setCanCreate(page.can_create === true);
      return page;
    },
    [source, typeFilter, stateFilter, search],
  );
  const key = JSON.stringify([source, typeFilter, stateFilter, search, version]);
  const documents = useCursorPages<DocumentOutput>(fetchPage, key);
  const place: DocumentPlace | null =
    source.kind === 'holder'
      ? source.place
      : holder
        ? { source_type: 'person', holder_id: holder.holder_id }
        : null;
  const changed = () => setVersion((n) => n + 1);

  const upload = (
    <Button
      variant="primary"
      iconName="upload"
      disabled={!place || !canCreate}
      onClick={() => setForm({ kind: 'new' })}
      data-testid="documents-upload"
    >
      {t('action.upload')}
    </Button>
  );

  const typeOptions = [
    { value: '', label: t('list.all_types') },
    ...(holder ? types.optionsFor(holder.source_type) : []),
  ];
  const stateOptions = [
    { value: '', label: t('list.all_states') },
    ...DOCUMENT_STATES.filter((s) => s !== 'missing').map((s) => ({ value: s, label: t(`state.${s}`) })),
  ];
  const filter =
    source.kind === 'own' ? (
      <ColumnLayout columns={3}>
        <FormField label={t('field.type')}>
          <Select
            selectedOption={typeOptions.find((o) => o.value === typeFilter) ?? typeOptions[0]!}
            options={typeOptions}
            onChange={({ detail }) => setTypeFilter(detail.selectedOption.value ?? '')}
            data-testid="documents-filter-type"
          />
        </FormField>
        <FormField label={t('field.state')}>
          <Select
            selectedOption={stateOptions.find((o) => o.value === stateFilter) ?? stateOptions[0]!}
            options={stateOptions}
            onChange={({ detail }) =>
              setStateFilter((detail.selectedOption.value ?? '') as DocumentState | '')
            }
            data-testid="documents-filter-state"
          />
        </FormField>
        <FormField label={t('list.search')}>
          <Input
            type="search"
            value={text}
            onChange={({ detail }) => setText(detail.value)}
            placeholder={t('list.search_placeholder')}
            data-testid="documents-filter-text"
          />
        </FormField>
      </ColumnLayout>
    ) : undefined;

  const typeCell = (doc: DocumentOutput) => (
    <Button
      variant="inline-link"
      onClick={() => setOpened(doc.document_id)}
      data-testid={`document-open-${doc.document_type_id}`}
    >
      {types.nameOf(doc.document_type_id)}
    </Button>
  );
  const expiry = (doc: DocumentOutput) =>
    doc.no_expiry ? t('field.no_expiry') : formatDate(doc.expiration_date) || '—';
  const header = (
    <Header
      variant="h2"
      counter={
        documents.items.length > 0 ? `(${documents.items.length}${documents.hasMore ? '+' : ''})` : undefined
      }
      actions={upload}
    >
      {t('list.header')}
    </Header>
  );
  const pagination = (
    <Pagination
      currentPageIndex={documents.pageNumber}
      pagesCount={documents.pagesCount}
      openEnd={documents.hasMore}
      onChange={({ detail }) => documents.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('list.empty')}</Box>;

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={holder ? t(`list.description_${holder.source_type}`) : undefined}>
        <span data-testid="documents-holder">
          {title ?? (holder ? t('list.title', { name: holder.name }) : t('common:nav.loading'))}
        </span>
      </Header>
      {requirements.length > 0 ? (
        <Container
          header={
            <Header variant="h2" description={t('requirements.description')}>
              {t('requirements.header')}
            </Header>
          }
        >
          <ColumnLayout columns={Math.min(requirements.length, 3)} variant="text-grid">
            {requirements.map((r) => (
              <div key={r.requirement} data-testid={`requirement-${r.requirement}`} data-state={r.state}>
                <Box variant="awsui-key-label">{t(`requirement.${r.requirement}`)}</Box>
                <SpaceBetween size="xxs">
                  <DocumentStateIndicator state={r.state} testId={`requirement-${r.requirement}-state`} />
                  {r.expiration_date ? (
                    <Box variant="small" color="text-body-secondary">
                      {t('detail.valid_until', { date: formatDate(r.expiration_date) })}
                    </Box>
                  ) : null}
                  {r.state === 'missing' || r.state === 'expired' || r.state === 'expiring' ? (
                    canCreate && place ? (
                      <Button
                        variant="inline-link"
                        onClick={() => setForm({ kind: 'new', type: firstTypeOf(r.requirement) })}
                        data-testid={`requirement-${r.requirement}-upload`}
                      >
                        {r.state === 'missing' ? t('action.upload') : t('action.renew')}
                      </Button>
                    ) : null
                  ) : null}
                </SpaceBetween>
              </div>
            ))}
          </ColumnLayout>
        </Container>
      ) : null}
      <DataTable<DocumentOutput>
        id="holder-documents"
        testId="documents-table"
        variant="container"
        header={header}
        filter={filter}
        pagination={pagination}
        empty={empty}
        loading={documents.loading}
        loadingText={t('common:nav.loading')}
        items={documents.items}
        trackBy="document_id"
        columns={[
          { id: 'type', header: t('field.type'), cell: typeCell },
          {
            id: 'state',
            header: t('field.state'),
            short: true,
            cell: (doc) => (
              <DocumentStateIndicator state={doc.state} testId={`document-state-${doc.document_type_id}`} />
            ),
          },
          {
            id: 'issue',
            header: t('field.issue_date'),
            cell: (doc) => formatDate(doc.issue_date) || '—',
            short: true,
          },
          { id: 'expiry', header: t('field.expiration_date'), cell: expiry, short: true },
          { id: 'files', header: t('field.files'), cell: (doc) => doc.files.length, align: 'end' },
        ]}
      />
      {form && place ? (
        <DocumentFormModal
          place={place}
          mode={form}
          onCancel={() => setForm(null)}
          onDone={() => {
            setForm(null);
            setOpened(null);
            changed();
          }}
        />
      ) : null}
      {opened && place && !form ? (
        <DocumentDetailModal
          place={place}
          documentId={opened}
          timeZone={timeZone}
          onChanged={changed}
          onAction={(action, doc) =>
            setForm(
              action === 'renew' ? { kind: 'renew', type: doc.document_type_id } : { kind: action, doc },
            )
          }
          onClose={() => setOpened(null)}
        />
      ) : null}
    </SpaceBetween>
  );
}

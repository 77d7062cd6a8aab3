import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransactionOutput } from '../../../../contracts/schemas/finance.ts';
import { TRANSACTION_TYPES, type TransactionType } from '../../../../contracts/schemas/finance-enums.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { Amount, MemberPicker, saveExport, useMoney, useNarrow, useToday } from './finance-ui.tsx';

const PAGE_SIZE = 50;

/** The first day of the month a year ago: the default period of the ledger screens. */
const yearAgo = (today: string) => `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;

/**
 * `transactions` (transaction-list): the organization's ledger, newest first, filtered by member,
 * type and period, with the filter's totals per type; a new entry, and the bookkeeper's export of
 * the period (XLSX, or CSV per member, per type or entry by entry).
 */
export default function TransactionsPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const navigate = usePageNavigate();
  const narrow = useNarrow();
  const { money } = useMoney();
  const today = useToday();
  const [userId, setUserId] = useState('');
  const [type, setType] = useState<TransactionType | ''>('');
  const [from, setFrom] = useState(() => yearAgo(today));
  const [to, setTo] = useState(today);
  const [exporting, setExporting] = useState(false);
  const validPeriod = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const filter = useMemo(
    () => ({ user_id: userId || undefined, type: type || undefined, from, to }),
    [userId, type, from, to],
  );

  const [canCreate, setCanCreate] = useState(false);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listTransactions', { query: { ...filter, cursor, limit: PAGE_SIZE } });
      setCanCreate(page.can_create);
      return page;
    },
    [filter],
  );
  const key = JSON.stringify(filter);
  const pages = useCursorPages<TransactionOutput>(fetchPage, validPeriod ? key : 'invalid');
  const [totals, setTotals] = useState<Awaited<ReturnType<typeof loadTotals>> | null>(null);
  const loadTotals = useCallback(() => call('getTransactionTotals', { query: filter }), [filter]);
  useEffect(() => {
    if (!validPeriod) return;
    let active = true;
    setTotals(null);
    loadTotals().then((answer) => active && setTotals(answer), reportFailure);
    return () => {
      active = false;
    };
  }, [loadTotals, validPeriod]);

  const exportAs = async (id: string) => {
    setExporting(true);
    try {
      const [format, view] = id.split(':') as ['csv' | 'xlsx', 'members' | 'types' | 'entries' | undefined];
      saveExport(await call('exportLedger', { query: { from, to, format, ...(view && { view }) } }));
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const viewHref = (item: TransactionOutput) =>
    hrefOf('transaction/:edit_type/:id?', { edit_type: 'view', id: item.transaction_id });
  const typeText = (item: TransactionOutput) =>
    `${t(`ledger:type.${item.transaction_type}`)}${item.reversal_of ? ` · ${t('finance:list.rollback')}` : ''}`;
  const memberLink = (item: TransactionOutput) => (
    <PageLink
      href={hrefOf('user/:user_id/transactions', { user_id: item.user_id })}
      data-testid={`transaction-member-${item.transaction_id}`}
    >
      {item.user_name ?? item.user_id}
    </PageLink>
  );

  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('finance:list.description')}
      counter={totals ? `(${totals.count})` : undefined}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <ButtonDropdown
            loading={exporting}
            disabled={!validPeriod}
            items={[
              { id: 'xlsx', text: t('finance:export.xlsx') },
              { id: 'csv:members', text: t('finance:export.csv_members') },
              { id: 'csv:types', text: t('finance:export.csv_types') },
              { id: 'csv:entries', text: t('finance:export.csv_entries') },
            ]}
            onItemClick={({ detail }) => void exportAs(detail.id)}
            data-testid="transactions-export"
          >
            {t('finance:export.button')}
          </ButtonDropdown>
          {canCreate && (
            <Button
              variant="primary"
              iconName="add-plus"
              onClick={() => navigate(hrefOf('transaction/:edit_type/:id?', { edit_type: 'new' }))}
              data-testid="transactions-new"
            >
              {t('finance:list.new')}
            </Button>
          )}
        </SpaceBetween>
      }
    >
      {t('nav:title.transactions')}
    </Header>
  );

  const filters = (
    <SpaceBetween size="m">
      <ColumnLayout columns={narrow ? 1 : 4}>
        <FormField label={t('finance:field.member')}>
          <MemberPicker
            value={userId}
            onChange={setUserId}
            anyLabel={t('finance:list.all_members')}
            testId="transactions-member"
          />
        </FormField>
        <FormField label={t('finance:field.type')}>
          <Select
            selectedOption={{
              value: type,
              label: type ? t(`ledger:type.${type}`) : t('finance:list.all_types'),
            }}
            options={[
              { value: '', label: t('finance:list.all_types') },
              ...TRANSACTION_TYPES.map((value) => ({ value, label: t(`ledger:type.${value}`) })),
            ]}
            onChange={({ detail }) => setType((detail.selectedOption.value ?? '') as TransactionType | '')}
            data-testid="transactions-type"
          />
        </FormField>
        <FormField label={t('finance:field.from')}>
          <DateField value={from} onChange={setFrom} testId="transactions-from" />
        </FormField>
        <FormField
          label={t('finance:field.to')}
          errorText={validPeriod ? undefined : t('finance:list.bad_period')}
        >
          <DateField value={to} onChange={setTo} invalid={!validPeriod} testId="transactions-to" />
        </FormField>
      </ColumnLayout>
      {totals && (
        <Container data-testid="transactions-totals">
          <ColumnLayout columns={narrow ? 2 : 4} variant="text-grid">
            <TotalBox label={t('finance:totals.credits')} value={money(totals.credits)} />
            <TotalBox label={t('finance:totals.debits')} value={money(totals.debits)} />
            <TotalBox
              label={t('finance:totals.net')}
              value={money(totals.total)}
              testId="transactions-total"
            />
            <TotalBox
              label={t('finance:totals.by_type')}
              value={totals.by_type
                .map((s) => `${t(`ledger:type.${s.transaction_type}`)}: ${money(s.amount)}`)
                .join(' · ')}
            />
          </ColumnLayout>
        </Container>
      )}
    </SpaceBetween>
  );
  const pagination = (
    <Pagination
      currentPageIndex={pages.pageNumber}
      pagesCount={pages.pagesCount}
      openEnd={pages.hasMore}
      onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('finance:list.empty')}</Box>;

  return (
    <DataTable<TransactionOutput>
      id="transactions"
      testId="transactions-table"
      variant="full-page"
      stickyHeader
      header={header}
      filter={filters}
      pagination={pagination}
      empty={empty}
      loading={pages.loading}
      loadingText={t('common:nav.loading')}
      items={pages.items}
      trackBy="transaction_id"
      columns={[
        {
          id: 'date',
          header: t('finance:field.date'),
          cell: (item) => (
            <PageLink href={viewHref(item)} data-testid={`transaction-open-${item.transaction_id}`}>
              {formatDate(item.date)}
            </PageLink>
          ),
        },
        { id: 'member', header: t('finance:field.member'), cell: memberLink },
        { id: 'type', header: t('finance:field.type'), cell: typeText },
        {
          id: 'amount',
          header: t('finance:field.amount'),
          cell: (item) => (
            <Amount value={item.amount} money={money} testId={`transaction-amount-${item.transaction_id}`} />
          ),
        },
        {
          id: 'comment',
          header: t('finance:field.comment'),
          cell: (item) =>
            item.explanation ? (
              <PageLink href={viewHref(item)} data-testid={`transaction-why-${item.transaction_id}`}>
                {t('finance:list.why', { reg: item.explanation.inputs.reg_num })}
              </PageLink>
            ) : (
              (item.comment ?? '')
            ),
        },
      ]}
    />
  );
}

function TotalBox({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div data-testid={testId}>{value}</div>
    </div>
  );
}

import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceRow } from '../../../../contracts/schemas/finance.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { Amount, saveExport, useMoney } from './finance-ui.tsx';

const PAGE_SIZE = 50;
type View = 'all' | 'debtors';

/**
 * `balances` (balance-list): every member's balance in name order, those below their minimum
 * marked; the debtor list (below zero or their minimum, largest debt first); both exported as CSV
 * or XLSX for the bookkeeper.
 */
export default function BalancesPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const { money } = useMoney();
  const [view, setView] = useState<View>('all');
  const [total, setTotal] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listBalances', {
        query: { cursor, limit: PAGE_SIZE, ...(view === 'debtors' && { debtors: 'true' as const }) },
      });
      setTotal(page.total);
      return page;
    },
    [view],
  );
  const pages = useCursorPages<BalanceRow>(fetchPage, view);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      saveExport(
        await call('exportBalances', {
          query: { format, ...(view === 'debtors' && { debtors: 'true' as const }) },
        }),
      );
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const name = (row: BalanceRow) => (
    <PageLink
      href={hrefOf('user/:user_id/transactions', { user_id: row.user_id })}
      data-testid={`balance-member-${row.user_id}`}
    >
      {row.user_name}
    </PageLink>
  );
  const standing = (row: BalanceRow) =>
    row.below_minimum ? (
      <StatusIndicator type="warning">{t('finance:balances.below')}</StatusIndicator>
    ) : row.balance < 0 ? (
      <StatusIndicator type="info">{t('finance:balances.in_debt')}</StatusIndicator>
    ) : (
      <StatusIndicator type="success">{t('finance:balances.ok')}</StatusIndicator>
    );
  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={
        total === null
          ? t('finance:balances.description')
          : t('finance:balances.total', { amount: money(total) })
      }
      actions={
        <ButtonDropdown
          loading={exporting}
          items={[
            { id: 'xlsx', text: t('finance:export.xlsx') },
            { id: 'csv', text: t('finance:export.csv') },
          ]}
          onItemClick={({ detail }) => void exportAs(detail.id as 'csv' | 'xlsx')}
          data-testid="balances-export"
        >
          {t('finance:export.button')}
        </ButtonDropdown>
      }
    >
      {t('nav:title.balances')}
    </Header>
  );
  const filter = (
    <SegmentedControl
      selectedId={view}
      onChange={({ detail }) => setView(detail.selectedId as View)}
      options={[
        { id: 'all', text: t('finance:balances.all') },
        { id: 'debtors', text: t('finance:balances.debtors') },
      ]}
      data-testid="balances-view"
    />
  );
  const pagination = (
    <Pagination
      currentPageIndex={pages.pageNumber}
      pagesCount={pages.pagesCount}
      openEnd={pages.hasMore}
      onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
    />
  );
  const empty = (
    <Box color="text-status-inactive">
      {view === 'debtors' ? t('finance:balances.no_debtors') : t('finance:balances.empty')}
    </Box>
  );

  return (
    <DataTable<BalanceRow>
      id="balances"
      testId="balances-table"
      variant="full-page"
      stickyHeader
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
      loading={pages.loading}
      loadingText={t('common:nav.loading')}
      items={pages.items}
      trackBy="user_id"
      columns={[
        { id: 'name', header: t('finance:field.member'), cell: name },
        {
          id: 'balance',
          header: t('finance:balances.balance'),
          cell: (row) => <Amount value={row.balance} money={money} testId={`balance-${row.user_id}`} />,
        },
        {
          id: 'minimum',
          header: t('finance:balances.minimum'),
          cell: (row) => (row.balance_min === null ? '—' : money(row.balance_min)),
        },
        { id: 'standing', header: t('finance:balances.standing'), cell: standing },
        {
          id: 'membership',
          header: t('finance:field.membership_type'),
          cell: (row) => (row.membership_type ? t(`ledger:membership_type.${row.membership_type}`) : '—'),
        },
      ]}
    />
  );
}

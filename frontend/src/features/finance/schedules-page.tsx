import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleOutput } from '../../../../contracts/schemas/finance.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useMoney } from './finance-ui.tsx';

/** `scheduled-transactions` (transaction-list): recurring transactions, when each runs next and how it ran. */
export default function SchedulesPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { money } = useMoney();
  const [canCreate, setCanCreate] = useState(false);
  const fetchPage = useCallback(async (cursor: string | undefined) => {
    const page = await call('listSchedules', { query: { cursor, limit: 50 } });
    setCanCreate(page.can_create);
    return page;
  }, []);
  const pages = useCursorPages<ScheduleOutput>(fetchPage, 'schedules');
  const open = (s: ScheduleOutput) => (
    <PageLink
      href={hrefOf('scheduled-transaction/:edit_type/:id?', { edit_type: 'edit', id: s.schedule_id })}
      data-testid={`schedule-open-${s.schedule_id}`}
    >
      {s.name}
    </PageLink>
  );
  const amount = (s: ScheduleOutput) =>
    s.amount_source === 'fixed' && s.amount !== null
      ? money(s.amount)
      : t('finance:schedules.membership_fee');
  const cadence = (s: ScheduleOutput) => t(`ledger:cadence.${s.cadence}`);
  const next = (s: ScheduleOutput) =>
    s.next_run_date ? formatDate(s.next_run_date) : t('finance:schedules.ended');
  const last = (s: ScheduleOutput) =>
    s.runs[0] ? `${s.runs[0].period} · ${s.runs[0].members} · ${money(s.runs[0].total)}` : '—';
  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('finance:schedules.description')}
      actions={
        canCreate && (
          <Button
            variant="primary"
            iconName="add-plus"
            onClick={() => navigate(hrefOf('scheduled-transaction/:edit_type/:id?', { edit_type: 'new' }))}
            data-testid="schedules-new"
          >
            {t('finance:schedules.new')}
          </Button>
        )
      }
    >
      {t('nav:title.scheduled_transactions')}
    </Header>
  );
  const pagination = (
    <Pagination
      currentPageIndex={pages.pageNumber}
      pagesCount={pages.pagesCount}
      openEnd={pages.hasMore}
      onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('finance:schedules.empty')}</Box>;
  return (
    <DataTable<ScheduleOutput>
      id="schedules"
      testId="schedules-table"
      variant="full-page"
      header={header}
      pagination={pagination}
      empty={empty}
      loading={pages.loading}
      loadingText={t('common:nav.loading')}
      items={pages.items}
      trackBy="schedule_id"
      columns={[
        { id: 'name', header: t('finance:field.name'), cell: open },
        { id: 'type', header: t('finance:field.type'), cell: (s) => t(`ledger:type.${s.transaction_type}`) },
        { id: 'amount', header: t('finance:field.amount'), cell: amount },
        { id: 'cadence', header: t('finance:field.cadence'), cell: cadence },
        { id: 'next', header: t('finance:schedules.next_run'), cell: next },
        { id: 'last', header: t('finance:schedules.last_run'), cell: last },
      ]}
    />
  );
}

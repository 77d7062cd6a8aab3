import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementOutput, TransactionOutput } from '../../../../contracts/schemas/finance.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { formatDate } from '../../lib/format.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { ChargeExplanationView } from './charge-explanation.tsx';
import { Amount, useMoney, useNarrow, useToday } from './finance-ui.tsx';

const PAGE_SIZE = 50;

/**
 * A member's statement (issue 14 §1): the balance now against the minimum, the period's opening and
 * closing balances, and every entry newest first with the balance after it; a flight charge opens
 * its explanation. The treasurer's `user/{user_id}/transactions` and the member's own
 * `profile/transactions` show the same.
 */
export function StatementView({
  load,
  title,
  actions,
  testId,
}: {
  load: (query: { from?: string; to?: string; cursor?: string; limit: number }) => Promise<StatementOutput>;
  title: (statement: StatementOutput | null) => string;
  actions?: (statement: StatementOutput | null) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(['finance', 'ledger', 'common']);
  const { money } = useMoney();
  const narrow = useNarrow();
  const today = useToday();
  const [from, setFrom] = useState(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`);
  const [to, setTo] = useState(today);
  const [summary, setSummary] = useState<StatementOutput | null>(null);
  const [why, setWhy] = useState<TransactionOutput | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const statement = await load({ from, to, cursor, limit: PAGE_SIZE });
      if (!cursor) setSummary(statement);
      return statement;
    },
    [load, from, to],
  );
  const pages = useCursorPages<TransactionOutput>(fetchPage, valid ? `${from}|${to}` : 'invalid');

  const below = summary !== null && summary.balance_min !== null && summary.balance < summary.balance_min;
  const typeCell = (item: TransactionOutput) => (
    <SpaceBetween size="xxxs">
      <span>
        {t(`ledger:type.${item.transaction_type}`)}
        {item.reversal_of ? ` · ${t('finance:list.rollback')}` : ''}
      </span>
      {item.comment && (
        <Box variant="small" color="text-body-secondary">
          {item.comment}
        </Box>
      )}
      {item.explanation && (
        <Button
          variant="inline-link"
          onClick={() => setWhy(item)}
          data-testid={`statement-why-${item.transaction_id}`}
        >
          {t('finance:list.why', { reg: item.explanation.inputs.reg_num })}
        </Button>
      )}
    </SpaceBetween>
  );
  const header = (
    <Header
      variant="awsui-h1-sticky"
      actions={actions?.(summary)}
      description={t('finance:statement.description')}
    >
      {title(summary)}
    </Header>
  );
  const filter = (
    <SpaceBetween size="m">
      {summary && (
        <Container data-testid={`${testId}-summary`}>
          <ColumnLayout columns={narrow ? 2 : 4} variant="text-grid">
            <div>
              <Box variant="awsui-key-label">{t('finance:statement.balance')}</Box>
              <Box variant="h2" data-testid={`${testId}-balance`}>
                <Amount value={summary.balance} money={money} />
              </Box>
              {summary.balance_min !== null && (
                <StatusIndicator type={below ? 'warning' : 'success'}>
                  {t(below ? 'finance:statement.below_minimum' : 'finance:statement.minimum', {
                    amount: money(summary.balance_min),
                  })}
                </StatusIndicator>
              )}
            </div>
            <div>
              <Box variant="awsui-key-label">{t('finance:statement.opening')}</Box>
              <div>{money(summary.opening_balance)}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('finance:statement.closing')}</Box>
              <div>{money(summary.closing_balance)}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">{t('finance:statement.period')}</Box>
              <div>
                {formatDate(summary.from)} – {formatDate(summary.to)}
              </div>
            </div>
          </ColumnLayout>
        </Container>
      )}
      <ColumnLayout columns={narrow ? 2 : 4}>
        <FormField label={t('finance:field.from')}>
          <DateField value={from} onChange={setFrom} invalid={!valid} testId={`${testId}-from`} />
        </FormField>
        <FormField label={t('finance:field.to')} errorText={valid ? undefined : t('finance:list.bad_period')}>
          <DateField value={to} onChange={setTo} invalid={!valid} testId={`${testId}-to`} />
        </FormField>
      </ColumnLayout>
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
  const empty = <Box color="text-status-inactive">{t('finance:statement.empty')}</Box>;
  const modal = why?.explanation && (
    <Modal
      visible
      size="large"
      onDismiss={() => setWhy(null)}
      header={t('finance:explanation.why_title', { amount: money(-why.amount) })}
      data-testid="statement-explanation"
    >
      <ChargeExplanationView explanation={why.explanation} />
    </Modal>
  );

  return (
    <>
      <DataTable<TransactionOutput>
        id="statement"
        testId={`${testId}-table`}
        variant="full-page"
        header={header}
        filter={filter}
        pagination={pagination}
        empty={empty}
        loading={pages.loading}
        loadingText={t('common:nav.loading')}
        items={pages.items}
        trackBy="transaction_id"
        columns={[
          { id: 'date', header: t('finance:field.date'), cell: (item) => formatDate(item.date) },
          { id: 'type', header: t('finance:field.type'), cell: typeCell },
          {
            id: 'amount',
            header: t('finance:field.amount'),
            align: 'end',
            cell: (item) => (
              <Amount value={item.amount} money={money} testId={`statement-amount-${item.transaction_id}`} />
            ),
          },
          {
            id: 'balance',
            header: t('finance:statement.balance_after_column'),
            align: 'end',
            cell: (item) => (item.balance_after === undefined ? '' : money(item.balance_after)),
          },
        ]}
      />
      {modal}
    </>
  );
}

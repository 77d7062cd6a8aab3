import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipOutput } from '../../../../contracts/schemas/finance.ts';
import { MEMBERSHIP_TYPES, type MembershipType } from '../../../../contracts/schemas/finance-enums.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { Amount, useMoney } from './finance-ui.tsx';

const PAGE_SIZE = 50;

/** `memberships` (membership-list): members' memberships, newest first, by type; each opens its record. */
export default function MembershipsPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { money } = useMoney();
  const [type, setType] = useState<MembershipType | ''>('');
  const [canCreate, setCanCreate] = useState(false);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listMemberships', {
        query: { cursor, limit: PAGE_SIZE, type: type || undefined },
      });
      setCanCreate(page.can_create);
      return page;
    },
    [type],
  );
  const pages = useCursorPages<MembershipOutput>(fetchPage, type);
  const open = (m: MembershipOutput) => (
    <PageLink
      href={hrefOf('membership/:id', { id: m.membership_id })}
      data-testid={`membership-open-${m.membership_id}`}
    >
      {m.user_name ?? m.user_id}
    </PageLink>
  );
  const dates = (m: MembershipOutput) =>
    `${formatDate(m.start_date)} – ${m.end_date ? formatDate(m.end_date) : ''}`;
  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('finance:memberships.description')}
      actions={
        canCreate && (
          <Button
            variant="primary"
            iconName="add-plus"
            onClick={() => navigate(hrefOf('membership/:id', { id: 'new' }))}
            data-testid="memberships-new"
          >
            {t('finance:memberships.new')}
          </Button>
        )
      }
    >
      {t('nav:title.memberships')}
    </Header>
  );
  const filter = (
    <FormField label={t('finance:field.membership_type')}>
      <Select
        selectedOption={{
          value: type,
          label: type ? t(`ledger:membership_type.${type}`) : t('finance:memberships.all_types'),
        }}
        options={[
          { value: '', label: t('finance:memberships.all_types') },
          ...MEMBERSHIP_TYPES.map((value) => ({ value, label: t(`ledger:membership_type.${value}`) })),
        ]}
        onChange={({ detail }) => setType((detail.selectedOption.value ?? '') as MembershipType | '')}
        data-testid="memberships-type"
      />
    </FormField>
  );
  const pagination = (
    <Pagination
      currentPageIndex={pages.pageNumber}
      pagesCount={pages.pagesCount}
      openEnd={pages.hasMore}
      onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('finance:memberships.empty')}</Box>;
  const fee = (m: MembershipOutput) =>
    m.membership_free
      ? t('finance:memberships.free')
      : [
          m.membership_fee !== null &&
            t('finance:memberships.per_month', { amount: money(m.membership_fee) }),
          m.yearly_membership_fee !== null &&
            t('finance:memberships.per_year', { amount: money(m.yearly_membership_fee) }),
        ]
          .filter(Boolean)
          .join(' · ');

  return (
    <DataTable<MembershipOutput>
      id="memberships"
      testId="memberships-table"
      variant="full-page"
      stickyHeader
      header={header}
      filter={filter}
      pagination={pagination}
      empty={empty}
      loading={pages.loading}
      loadingText={t('common:nav.loading')}
      items={pages.items}
      trackBy="membership_id"
      columns={[
        { id: 'member', header: t('finance:field.member'), cell: open },
        {
          id: 'type',
          header: t('finance:field.membership_type'),
          cell: (m) =>
            `${t(`ledger:membership_type.${m.membership_type}`)}${m.membership_name ? ` · ${m.membership_name}` : ''}`,
        },
        { id: 'dates', header: t('finance:memberships.dates'), cell: dates },
        { id: 'fee', header: t('finance:memberships.fees'), cell: fee },
        { id: 'vote', header: t('finance:field.vote'), cell: (m) => (m.vote ? '✓' : '') },
        {
          id: 'balance',
          header: t('finance:statement.balance'),
          cell: (m) => <Amount value={m.membership_balance} money={money} />,
        },
      ]}
    />
  );
}

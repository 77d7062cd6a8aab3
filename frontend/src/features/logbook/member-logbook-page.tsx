import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { LogbookTable } from './logbook-table.tsx';

const PAGE_SIZE = 50;

/**
 * `logbook-glider/{user_id}` (training-administration): a member's glider logbook, read-only, for
 * the people who plan and check their training.
 */
export default function MemberLogbookPage() {
  const { t } = useTranslation(['logbook', 'flights', 'common']);
  const { user_id: userId = '' } = useParams();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const users = useDatasource('users');
  const name = users.items.find((u) => u.user_id === userId)?.name ?? '';

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listMemberLogbook', { params: { user_id: userId }, query: { cursor, limit: PAGE_SIZE } }),
    [userId],
  );
  const list = useCursorPages(fetchPage, userId);

  return (
    <LogbookTable
      testId="member-logbook-table"
      kind="glider"
      items={list.items}
      timeZone={timeZone}
      loading={list.loading}
      header={
        <Header variant="awsui-h1-sticky" description={t('member.description')}>
          <span data-testid="member-logbook-name">{t('member.title', { name })}</span>
        </Header>
      }
      pagination={
        <Pagination
          currentPageIndex={list.pageNumber}
          pagesCount={list.pagesCount}
          openEnd={list.hasMore}
          onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
        />
      }
    />
  );
}

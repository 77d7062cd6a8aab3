import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserQuizSummary } from '../../../../contracts/schemas/quiz.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { ExamBadge, quizNameOf, takeHref } from './quiz-ui.tsx';

/**
 * user-quizzes: the quizzes and exam papers assigned to the caller and not handed in yet, with the
 * time limit and due date; Start (or Continue) opens the take screen, which starts the clock.
 */
export default function UserQuizzesPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listMyQuizzes', { query: { cursor, limit: 50, state: 'open' } }),
    [],
  );
  const quizzes = useCursorPages<UserQuizSummary>(fetchPage, 'user-quizzes');
  return (
    <DataTable<UserQuizSummary>
      id="user-quizzes"
      variant="full-page"
      header={
        <Header
          variant="awsui-h1-sticky"
          description={
            <>
              {t('mine.description')}{' '}
              <PageLink href={hrefOf('profile/user-quizzes')} data-testid="user-quizzes-results">
                {t('mine.results_link')}
              </PageLink>
            </>
          }
        >
          {t('nav:title.user_quizzes')}
        </Header>
      }
      pagination={
        <Pagination
          currentPageIndex={quizzes.pageNumber}
          pagesCount={quizzes.pagesCount}
          openEnd={quizzes.hasMore}
          onChange={({ detail }) => quizzes.goTo(detail.currentPageIndex)}
        />
      }
      items={quizzes.items}
      loading={quizzes.loading}
      loadingText={t('common:nav.loading')}
      trackBy="user_quiz_id"
      empty={<Box color="text-status-inactive">{t('mine.empty')}</Box>}
      testId="user-quizzes-table"
      columns={[
        {
          id: 'name',
          header: t('field.quiz_name'),
          cell: (q) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span>{quizNameOf(dynamicT(t), q)}</span>
              {q.is_proficiency_exam && <ExamBadge />}
              {q.exam_subject && <Box color="text-body-secondary">{t(`subject.${q.exam_subject}`)}</Box>}
            </SpaceBetween>
          ),
        },
        { id: 'count', header: t('field.question_count'), cell: (q) => q.question_count },
        {
          id: 'time',
          header: t('field.time_limit_minutes'),
          cell: (q) => (q.time_limit_minutes ? t('minutes', { count: q.time_limit_minutes }) : t('no_limit')),
        },
        { id: 'pass', header: t('field.pass_marks_percent'), cell: (q) => `${q.pass_marks_percent} %` },
        { id: 'due', header: t('field.due_date'), cell: (q) => (q.due_date ? formatDate(q.due_date) : '—') },
        {
          id: 'state',
          header: t('field.state'),
          cell: (q) =>
            q.state === 'in_progress' ? (
              <StatusIndicator type="in-progress">
                {q.deadline_at
                  ? t('state.in_progress_until', { time: formatDateTime(q.deadline_at, timeZone) })
                  : t('state.in_progress')}
              </StatusIndicator>
            ) : (
              <StatusIndicator type="pending">{t('state.assigned')}</StatusIndicator>
            ),
        },
        {
          id: 'action',
          header: '',
          cell: (q) => (
            <Button
              variant={q.state === 'in_progress' ? 'primary' : 'normal'}
              onClick={() => navigate(takeHref(q.user_quiz_id))}
              data-testid={`user-quiz-take-${q.user_quiz_id}`}
            >
              {q.state === 'in_progress' ? t('mine.continue') : t('mine.start')}
            </Button>
          ),
        },
      ]}
    />
  );
}

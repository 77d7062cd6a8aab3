import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuizOutput } from '../../../../contracts/schemas/quiz.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { ExamBadge, quizHref, useCategories, useCategoryName } from './quiz-ui.tsx';

/** quizzes (quiz-list): the organization's quizzes and exam papers. */
export default function QuizzesPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { categories } = useCategories();
  const name = useCategoryName(categories);
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listQuizzes', { query: { cursor, limit: 50 } }),
    [],
  );
  const quizzes = useCursorPages<QuizOutput>(fetchPage, 'quizzes');
  const editor = categories?.can_edit ?? false;
  return (
    <DataTable<QuizOutput>
      id="quizzes"
      variant="full-page"
      header={
        <Header
          variant="awsui-h1-sticky"
          description={t('quizzes.description')}
          actions={
            editor && (
              <Button
                variant="primary"
                iconName="add-plus"
                onClick={() => navigate(quizHref('new'))}
                data-testid="quizzes-new"
              >
                {t('quizzes.new')}
              </Button>
            )
          }
        >
          {t('nav:title.quizzes')}
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
      trackBy="quiz_id"
      empty={<Box color="text-status-inactive">{t('quizzes.empty')}</Box>}
      testId="quizzes-table"
      columns={[
        {
          id: 'name',
          header: t('field.quiz_name'),
          cell: (q) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {q.can_edit ? (
                <PageLink href={quizHref('edit', q.quiz_id)} data-testid={`quiz-link-${q.quiz_id}`}>
                  {q.quiz_name}
                </PageLink>
              ) : (
                <span>{q.quiz_name}</span>
              )}
              {q.is_proficiency_exam && <ExamBadge />}
            </SpaceBetween>
          ),
        },
        {
          id: 'draws',
          header: t('field.category_draws'),
          cell: (q) =>
            q.category_draws.length === 0
              ? t('quizzes.whole_bank')
              : q.category_draws.map((d) => `${name(d.category)} × ${d.count}`).join(', '),
        },
        { id: 'count', header: t('field.question_count'), cell: (q) => q.question_count },
        { id: 'pass', header: t('field.pass_marks_percent'), cell: (q) => `${q.pass_marks_percent} %` },
        {
          id: 'time',
          header: t('field.time_limit_minutes'),
          cell: (q) => (q.time_limit_minutes ? t('minutes', { count: q.time_limit_minutes }) : t('no_limit')),
        },
        { id: 'assigned', header: t('quizzes.assigned'), cell: (q) => q.assigned },
      ]}
    />
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ResultOutput } from '../../../../contracts/schemas/quiz.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCategories, useCategoryName } from './quiz-ui.tsx';
import { usePractice } from './use-practice.ts';

type Question = ResultOutput['questions'][number];

/**
 * user-quiz/result/{id} (spec §8, §9): "Congratulations, {type} successful" or "Sorry, the {type}
 * was unsuccessful"; the maximum and achieved points and the percent against the pass mark; the
 * same per category; then every question with the answer given and the correct one.
 */
export default function ResultPage() {
  const { t } = useTranslation(['quiz', 'messages', 'common']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const { categories } = useCategories();
  const categoryName = useCategoryName(categories);
  const practice = usePractice();
  const [result, setResult] = useState<ResultOutput | null>(null);

  useEffect(() => {
    call('getUserQuizResult', { params: { id } }).then(setResult, (error: unknown) => reportFailure(error));
  }, [id]);

  if (!result) return <PageSpinner />;
  const passed = result.outcome === 'successful';
  const type = t(`type.${result.type}`);
  const wrong = result.questions.filter((q) => q.given !== q.correct).length;
  const optionText = (q: Question, letter: string | null) => {
    if (!letter) return t('result.no_answer');
    const option = q.options.find((o) => o.letter === letter);
    return `${letter.toUpperCase()}) ${option?.text ?? ''}`;
  };

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={formatDateTime(result.submitted_at, timeZone)}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => navigate(hrefOf('profile/user-quizzes'))} data-testid="result-my-results">
              {t('result.my_results')}
            </Button>
            {wrong > 0 && (
              <Button onClick={() => void practice()} data-testid="result-practice">
                {t('result.practise_wrong')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        {result.type === 'practice' ? t('practice.name') : result.quiz_name}
      </Header>
      <Alert
        type={passed ? 'success' : 'error'}
        header={
          passed ? t('messages:training_successful', { type }) : t('messages:training_unsuccessful', { type })
        }
        data-testid="result-outcome"
        data-outcome={result.outcome}
      >
        {result.timed_out
          ? t('result.timed_out')
          : t('result.pass_mark', { percent: result.pass_marks_percent })}
      </Alert>
      <Container header={<Header variant="h2">{t('result.score')}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('result.max_points'), value: result.max_points },
            {
              label: t('result.achieved_points'),
              value: <span data-testid="result-achieved">{result.achieved_points}</span>,
            },
            {
              label: t('result.percent'),
              value: <span data-testid="result-percent">{`${result.percent} %`}</span>,
            },
          ]}
        />
      </Container>
      <DataTable
        id="quiz-result-categories"
        fixedColumns
        header={<Header variant="h2">{t('result.by_category')}</Header>}
        items={result.by_category}
        trackBy="category"
        testId="result-categories"
        columns={[
          { id: 'category', header: t('field.category'), cell: (c) => categoryName(c.category) },
          { id: 'max', header: t('result.max_points'), cell: (c) => c.max_points, align: 'end' },
          {
            id: 'achieved',
            header: t('result.achieved_points'),
            cell: (c) => c.achieved_points,
            align: 'end',
          },
          { id: 'percent', header: t('result.percent'), cell: (c) => `${c.percent}\u00a0%`, align: 'end' },
        ]}
      />
      <ExpandableSection
        variant="container"
        headerText={t('result.review')}
        headerDescription={t('result.review_description', { count: wrong })}
        defaultExpanded={wrong > 0 && wrong <= 20}
        data-testid="result-review"
      >
        <SpaceBetween size="m">
          {result.questions.map((q) => {
            const right = q.given === q.correct;
            return (
              <Box key={q.index} data-testid={`result-question-${q.index}`}>
                <SpaceBetween size="xxs">
                  <Box variant="h4">
                    {t('take.question_number', { number: q.index + 1, total: result.questions.length })} ·{' '}
                    {categoryName(q.category)}
                  </Box>
                  <Box variant="p">
                    <span style={{ whiteSpace: 'pre-wrap' }}>{q.question}</span>
                  </Box>
                  <StatusIndicator type={right ? 'success' : 'error'}>
                    {t('result.given', { answer: optionText(q, q.given) })}
                  </StatusIndicator>
                  {!right && (
                    <Box color="text-status-success">
                      {t('result.correct', { answer: optionText(q, q.correct) })}
                    </Box>
                  )}
                </SpaceBetween>
              </Box>
            );
          })}
        </SpaceBetween>
      </ExpandableSection>
    </SpaceBetween>
  );
}

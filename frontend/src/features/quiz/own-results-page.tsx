import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ExamClockOutput,
  ExamClocksOutput,
  UserQuizSummary,
} from '../../../../contracts/schemas/quiz.ts';
import type { ExamClockState } from '../../../../contracts/schemas/training-enums.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { ExamBadge, quizNameOf, resultHref } from './quiz-ui.tsx';
import { usePractice } from './use-practice.ts';

const CLOCK_TYPE: Record<ExamClockState, StatusIndicatorProps.Type> = {
  not_started: 'pending',
  in_progress: 'in-progress',
  complete: 'success',
  expired: 'stopped',
  void: 'error',
};

/**
 * One licence's FCL.025 clock: which papers are passed, attempts and sittings used of their
 * maximum, the last day of the 18-month window, and how long a completed examination counts.
 */
export function ExamClock({ clock }: { clock: ExamClockOutput }) {
  const { t } = useTranslation('quiz');
  const stateText =
    clock.state === 'void' && clock.void_reason
      ? t(`clock.void_${clock.void_reason}`)
      : t(`clock.state.${clock.state}`);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('clock.rule')}
          info={
            <StatusIndicator type={CLOCK_TYPE[clock.state]} data-testid={`clock-state-${clock.licence}`}>
              {stateText}
            </StatusIndicator>
          }
        >
          {t('clock.title', { licence: clock.licence })}
        </Header>
      }
      data-testid={`exam-clock-${clock.licence}`}
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: t('clock.first_attempt'), value: formatDate(clock.first_attempt_date) || '—' },
            {
              label: t('clock.window_ends'),
              value: (
                <span data-testid={`clock-window-${clock.licence}`}>
                  {formatDate(clock.window_ends) || '—'}
                </span>
              ),
            },
            { label: t('clock.sittings'), value: `${clock.sittings_used} / ${clock.sittings_max}` },
            clock.completed_on
              ? {
                  label: t('clock.valid_until'),
                  value: t('clock.completed', {
                    completed: formatDate(clock.completed_on),
                    until: formatDate(clock.valid_until),
                  }),
                }
              : { label: t('clock.earlier_cycles'), value: clock.earlier_cycles },
          ]}
        />
        <DataTable
          id="exam-clock-subjects"
          variant="embedded"
          items={clock.subjects}
          trackBy="subject"
          testId={`clock-subjects-${clock.licence}`}
          columns={[
            {
              id: 'subject',
              header: t('field.subject'),
              cell: (s) => t(`subject.${s.subject}`),
            },
            {
              id: 'state',
              header: t('field.state'),
              cell: (s) =>
                s.passed_on ? (
                  <StatusIndicator type="success">
                    {t('clock.passed_on', { date: formatDate(s.passed_on) })}
                  </StatusIndicator>
                ) : s.attempts_used > 0 ? (
                  <StatusIndicator type="in-progress">{t('clock.not_passed')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="pending">{t('clock.not_sat')}</StatusIndicator>
                ),
            },
            {
              id: 'attempts',
              header: t('clock.attempts'),
              cell: (s) => `${s.attempts_used} / ${s.attempts_max}`,
            },
            {
              id: 'last',
              header: t('clock.last_percent'),
              cell: (s) => (s.last_percent === null ? '—' : `${s.last_percent} %`),
            },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

/**
 * profile/user-quizzes (spec §2, issue 16 §9): the caller's FCL.025 clock per licence, every quiz
 * handed in with its score, and a practice round of the questions answered wrongly.
 */
export default function OwnResultsPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common']);
  const practice = usePractice();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [clocks, setClocks] = useState<ExamClocksOutput | null>(null);
  const [practising, setPractising] = useState(false);
  useEffect(() => {
    call('getOwnExamClocks').then(setClocks, (error: unknown) => reportFailure(error));
  }, []);
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listMyQuizzes', { query: { cursor, limit: 50, state: 'done' } }),
    [],
  );
  const done = useCursorPages<UserQuizSummary>(fetchPage, 'done-quizzes');
  const started = clocks?.items.filter((c) => c.state !== 'not_started' || c.earlier_cycles > 0) ?? [];

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={t('results.description')}
        actions={
          <Button
            loading={practising}
            onClick={async () => {
              setPractising(true);
              await practice();
              setPractising(false);
            }}
            data-testid="results-practice"
          >
            {t('result.practise_wrong')}
          </Button>
        }
      >
        {t('nav:title.profile_user_quizzes')}
      </Header>
      {clocks && started.length === 0 && (
        <Container
          header={<Header variant="h2">{t('clock.none_title')}</Header>}
          data-testid="exam-clocks-none"
        >
          <Box color="text-body-secondary">{t('clock.none')}</Box>
        </Container>
      )}
      {started.map((clock) => (
        <ExamClock key={clock.licence} clock={clock} />
      ))}
      <DataTable<UserQuizSummary>
        id="own-results-done"
        header={<Header variant="h2">{t('results.done')}</Header>}
        pagination={
          <Pagination
            currentPageIndex={done.pageNumber}
            pagesCount={done.pagesCount}
            openEnd={done.hasMore}
            onChange={({ detail }) => done.goTo(detail.currentPageIndex)}
          />
        }
        items={done.items}
        loading={done.loading}
        loadingText={t('common:nav.loading')}
        trackBy="user_quiz_id"
        empty={<Box color="text-status-inactive">{t('results.empty')}</Box>}
        testId="results-table"
        columns={[
          {
            id: 'name',
            header: t('field.quiz_name'),
            cell: (q) => (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <PageLink href={resultHref(q.user_quiz_id)} data-testid={`result-link-${q.user_quiz_id}`}>
                  {quizNameOf(dynamicT(t), q)}
                </PageLink>
                {q.is_proficiency_exam && <ExamBadge />}
                {q.exam_subject && <Box color="text-body-secondary">{t(`subject.${q.exam_subject}`)}</Box>}
              </SpaceBetween>
            ),
          },
          {
            id: 'at',
            header: t('field.submitted_at'),
            cell: (q) => formatDateTime(q.submitted_at, timeZone) || '—',
          },
          {
            id: 'percent',
            header: t('result.percent'),
            cell: (q) => (q.percent === null ? '—' : `${q.percent} %`),
          },
          {
            id: 'outcome',
            header: t('field.outcome'),
            cell: (q) =>
              q.outcome ? (
                <StatusIndicator type={q.outcome === 'successful' ? 'success' : 'error'}>
                  {t(`outcome.${q.outcome}`)}
                </StatusIndicator>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </SpaceBetween>
  );
}

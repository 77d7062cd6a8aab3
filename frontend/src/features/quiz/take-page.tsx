import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { TakeOutput, UserQuizSummary } from '../../../../contracts/schemas/quiz.ts';
import type { AnswerLetter } from '../../../../contracts/schemas/training-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { ExamBadge, quizNameOf, resultHref, useCategories, useCategoryName } from './quiz-ui.tsx';

type Screen =
  | { kind: 'loading' }
  | { kind: 'start'; summary: UserQuizSummary | null }
  | { kind: 'take'; take: TakeOutput; answers: (AnswerLetter | null)[] };

/** Minutes and seconds left, as m:ss (h:mm:ss from an hour). */
const clockText = (ms: number) => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** The height of the app's sticky top navigation (layouts.tsx), so the quiz bar sticks below it. */
const topNavHeight = () => document.getElementById('windsock-top-navigation')?.offsetHeight ?? 0;

/**
 * user-quiz/take/{id} (spec §2, issue 16 §9): the questions drawn on the server, every answer
 * saved the moment it is chosen (a reload or another device resumes where the taker was), the time
 * left counted from the server's clock, and the hand-in. When the time runs out the quiz is handed
 * in with what was saved; the server refuses later answers whatever this screen does.
 */
export default function TakePage() {
  const { t } = useTranslation(['quiz', 'messages', 'common']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const { categories } = useCategories();
  const categoryName = useCategoryName(categories);
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [pending, setPending] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const offset = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const handingIn = useRef(false);

  const show = useCallback(
    (take: TakeOutput) => {
      if (take.state === 'submitted') {
        navigate(resultHref(take.user_quiz_id), { replace: true });
        return;
      }
      offset.current = Date.parse(take.server_now) - Date.now();
      setScreen({ kind: 'take', take, answers: take.answers });
    },
    [navigate],
  );

  useEffect(() => {
    let gone = false;
    (async () => {
      try {
        const take = await call('getUserQuizTake', { params: { id } });
        if (!gone) show(take);
      } catch (error) {
        if (gone) return;
        if (error instanceof ApiError && error.code === 'quiz_not_submitted') {
          const open = await call('listMyQuizzes', { query: { state: 'open', limit: 100 } }).catch(
            () => null,
          );
          if (!gone)
            setScreen({ kind: 'start', summary: open?.items.find((q) => q.user_quiz_id === id) ?? null });
        } else {
          reportFailure(error);
          if (!gone) setScreen({ kind: 'start', summary: null });
        }
      }
    })();
    return () => {
      gone = true;
    };
  }, [id, show]);

  const start = async () => {
    setBusy(true);
    try {
      show(await call('startUserQuiz', { params: { id } }));
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const handIn = useCallback(async () => {
    if (handingIn.current) return;
    handingIn.current = true;
    setBusy(true);
    try {
      // Answers still on their way are saved first.
      await queue.current;
      await call('submitUserQuiz', { params: { id } });
      navigate(resultHref(id), { replace: true });
    } catch (error) {
      handingIn.current = false;
      reportFailure(error);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  }, [id, navigate]);

  const choose = (index: number, answer: AnswerLetter) => {
    if (screen.kind !== 'take') return;
    const before = screen.answers[index] ?? null;
    setScreen((current) =>
      current.kind === 'take'
        ? { ...current, answers: current.answers.map((a, i) => (i === index ? answer : a)) }
        : current,
    );
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        await call('answerUserQuiz', { params: { id, index: String(index) }, body: { answer } });
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.code === 'quiz_time_over' || error.code === 'quiz_submitted')
        ) {
          flash('warning', error.code);
          void handIn();
          return;
        }
        reportFailure(error);
        setScreen((current) =>
          current.kind === 'take'
            ? { ...current, answers: current.answers.map((a, i) => (i === index ? before : a)) }
            : current,
        );
      } finally {
        setPending((n) => n - 1);
      }
    });
  };

  const deadline =
    screen.kind === 'take' && screen.take.deadline_at ? Date.parse(screen.take.deadline_at) : null;
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const left = deadline === null ? null : deadline - (now + offset.current);
  useEffect(() => {
    if (left !== null && left <= 0) void handIn();
  }, [left, handIn]);

  if (screen.kind === 'loading') return <PageSpinner />;

  if (screen.kind === 'start') {
    const q = screen.summary;
    return (
      <Container
        header={
          <Header variant="h1" description={q?.is_proficiency_exam ? t('take.exam_note') : undefined}>
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span>{q ? quizNameOf(dynamicT(t), q) : t('take.title')}</span>
              {q?.is_proficiency_exam && <ExamBadge />}
            </SpaceBetween>
          </Header>
        }
        data-testid="quiz-start"
      >
        <SpaceBetween size="l">
          {q && (
            <KeyValuePairs
              columns={4}
              items={[
                { label: t('field.question_count'), value: q.question_count },
                {
                  label: t('field.time_limit_minutes'),
                  value: q.time_limit_minutes ? t('minutes', { count: q.time_limit_minutes }) : t('no_limit'),
                },
                { label: t('field.pass_marks_percent'), value: `${q.pass_marks_percent} %` },
                { label: t('field.due_date'), value: q.due_date ? formatDate(q.due_date) : '—' },
              ]}
            />
          )}
          <Box>{q?.time_limit_minutes ? t('take.start_timed') : t('take.start_untimed')}</Box>
          <Button variant="primary" onClick={start} loading={busy} data-testid="quiz-start-button">
            {t('take.start')}
          </Button>
        </SpaceBetween>
      </Container>
    );
  }

  const { take, answers } = screen;
  const answered = answers.filter((a) => a !== null).length;
  const total = take.questions.length;
  const lowTime = left !== null && left < 60_000;
  return (
    <SpaceBetween size="l">
      <div style={{ position: 'sticky', top: topNavHeight(), zIndex: 900 }}>
        <Container data-testid="quiz-bar">
          <SpaceBetween direction="horizontal" size="l" alignItems="center">
            <Box variant="h2" tagOverride="h1">
              {take.mode === 'practice' ? t('practice.name') : take.quiz_name}
            </Box>
            <Box data-testid="quiz-answered">{t('take.answered', { answered, total })}</Box>
            {left !== null && (
              <Box
                color={lowTime ? 'text-status-error' : 'inherit'}
                fontWeight="bold"
                data-testid="quiz-clock"
              >
                {t('take.time_left', { time: clockText(left) })}
              </Box>
            )}
            {pending > 0 ? (
              <StatusIndicator type="in-progress">{t('take.saving')}</StatusIndicator>
            ) : (
              <StatusIndicator type="success">{t('take.saved')}</StatusIndicator>
            )}
            <Button
              variant="primary"
              onClick={() => setConfirm(true)}
              disabled={busy}
              data-testid="quiz-hand-in"
            >
              {t('take.hand_in')}
            </Button>
          </SpaceBetween>
        </Container>
      </div>
      {lowTime && (
        <Alert type="warning" data-testid="quiz-low-time">
          {t('take.low_time')}
        </Alert>
      )}
      {take.questions.map((q) => (
        <Container
          key={q.index}
          header={
            <Header variant="h3" description={categoryName(q.category)}>
              {t('take.question_number', { number: q.index + 1, total })}
            </Header>
          }
          data-testid={`quiz-question-${q.index}`}
        >
          <SpaceBetween size="m">
            <Box variant="p">
              <span style={{ whiteSpace: 'pre-wrap' }}>{q.question}</span>
            </Box>
            <RadioGroup
              value={answers[q.index] ?? null}
              onChange={({ detail }) => choose(q.index, detail.value as AnswerLetter)}
              items={q.options.map((o) => ({
                value: o.letter,
                label: `${o.letter.toUpperCase()}) ${o.text}`,
                disabled: busy,
              }))}
              ariaLabel={t('take.question_number', { number: q.index + 1, total })}
              data-testid={`quiz-answers-${q.index}`}
            />
          </SpaceBetween>
        </Container>
      ))}
      <Box textAlign="center">
        <Button
          variant="primary"
          onClick={() => setConfirm(true)}
          disabled={busy}
          data-testid="quiz-hand-in-bottom"
        >
          {t('take.hand_in')}
        </Button>
      </Box>
      <ConfirmModal
        visible={confirm}
        header={t('take.hand_in_title')}
        confirmText={t('take.hand_in')}
        busy={busy}
        onConfirm={() => void handIn()}
        onCancel={() => setConfirm(false)}
        testId="quiz-hand-in-confirm"
      >
        {answered < total ? t('take.hand_in_unanswered', { count: total - answered }) : t('take.hand_in_all')}
      </ConfirmModal>
    </SpaceBetween>
  );
}

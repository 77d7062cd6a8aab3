import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  assignQuizInput,
  createQuizInput,
  type QuizOutput,
  type UserQuizSummary,
  updateQuizInput,
} from '../../../../contracts/schemas/quiz.ts';
import { EXAM_LICENCES } from '../../../../contracts/schemas/training-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { RowsEditor } from '../../components/forms/rows-editor.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { act, useEdit } from '../training/use-edit.ts';
import { categoryOptions, quizHref, useCategories, useCategoryName } from './quiz-ui.tsx';

interface Values {
  quiz_name: string;
  description: string;
  question_count: string;
  pass_marks_percent: string;
  category_draws: { category: string; count: string }[];
  just_self_questions: boolean;
  is_proficiency_exam: boolean;
  exam_licence: string;
  time_limit_minutes: string;
}

const EMPTY: Values = {
  quiz_name: '',
  description: '',
  question_count: '20',
  pass_marks_percent: '75',
  category_draws: [],
  just_self_questions: false,
  is_proficiency_exam: false,
  exam_licence: 'SPL',
  time_limit_minutes: '',
};

const valuesOf = (q: QuizOutput): Values => ({
  quiz_name: q.quiz_name,
  description: q.description ?? '',
  question_count: String(q.question_count),
  pass_marks_percent: String(q.pass_marks_percent),
  category_draws: q.category_draws.map((d) => ({ category: d.category, count: String(d.count) })),
  just_self_questions: q.just_self_questions,
  is_proficiency_exam: q.is_proficiency_exam,
  exam_licence: q.exam_licence ?? 'SPL',
  time_limit_minutes: q.time_limit_minutes ? String(q.time_limit_minutes) : '',
});

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const bodyOf = (v: Values) => ({
  quiz_name: v.quiz_name,
  description: v.description || null,
  question_count: num(v.question_count),
  pass_marks_percent: num(v.pass_marks_percent),
  category_draws: v.category_draws.map((d) => ({ category: d.category, count: num(d.count) })),
  just_self_questions: v.just_self_questions,
  is_proficiency_exam: v.is_proficiency_exam,
  exam_licence: v.is_proficiency_exam ? v.exam_licence : null,
  time_limit_minutes: v.time_limit_minutes.trim() === '' ? null : num(v.time_limit_minutes),
});

/**
 * quiz/{edit_type}/{id?} (quiz-edit): a quiz — how many questions from which categories, the pass
 * mark, a time limit; an exam paper of one SPL subject counts on the FCL.025 clocks. Its
 * assignments to members, with their results.
 */
export default function QuizEditPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common', 'messages', 'training']);
  const { edit_type: editType = 'new', id } = useParams();
  const navigate = usePageNavigate();
  const { categories } = useCategories();
  const name = useCategoryName(categories);
  const [quiz, setQuiz] = useState<QuizOutput | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'not_found'>(
    editType === 'new' ? 'ready' : 'loading',
  );
  const [assigning, setAssigning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const edit = useEdit<Values>(EMPTY);
  const { reset } = edit;
  const back = () => navigate(hrefOf('quizzes'));

  const load = useCallback(async () => {
    if (editType === 'new' || !id) return;
    try {
      const loaded = await call('getQuiz', { params: { id } });
      setQuiz(loaded);
      reset(valuesOf(loaded));
      setState('ready');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setState('not_found');
      else reportFailure(error);
    }
  }, [editType, id, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = bodyOf(edit.values);
    if (!quiz) {
      await edit.save(createQuizInput, body, async (checked) => {
        const created = await call('createQuiz', { body: checked });
        flash('success', 'training_saved');
        navigate(quizHref('edit', created.quiz_id), { replace: true });
      });
      return;
    }
    await edit.save(
      updateQuizInput,
      { ...body, version: quiz.version },
      async (checked) => {
        const saved = await call('updateQuiz', { params: { id: quiz.quiz_id }, body: checked });
        setQuiz(saved);
        reset(valuesOf(saved));
        flash('success', 'training_saved');
      },
      () => void load(),
    );
  };
  useDialogKeys({ onSave: () => void submit(), onCancel: back }, !assigning && !deleting);

  if (state === 'loading') return <PageSpinner />;
  if (state === 'not_found') return <Alert type="error">{t('messages:not_found')}</Alert>;

  const { values, set, errorText } = edit;
  const options = categoryOptions(categories, name);
  const remove = async () => {
    if (!quiz) return;
    const done = await act(() =>
      call('deleteQuiz', { params: { id: quiz.quiz_id }, query: { version: quiz.version } }),
    );
    setDeleting(false);
    if (done) {
      flash('success', 'training_deleted');
      back();
    }
  };

  return (
    <SpaceBetween size="l">
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="quiz-form">
        <UnsavedChangesPrompt when={edit.dirty && !edit.saving} />
        <Form
          header={
            <Header
              variant="h1"
              actions={
                quiz && (
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button formAction="none" onClick={() => setAssigning(true)} data-testid="quiz-assign">
                      {t('quizzes.assign')}
                    </Button>
                    <Button formAction="none" disabled={quiz.assigned > 0} onClick={() => setDeleting(true)}>
                      {t('training:action.delete')}
                    </Button>
                  </SpaceBetween>
                )
              }
            >
              {quiz ? quiz.quiz_name : t('quizzes.new')}
            </Header>
          }
          errorText={edit.hasErrors ? t('messages:validation_failed') : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={back}>
                {t('common:action.cancel')}
              </Button>
              <Button variant="primary" loading={edit.saving} data-testid="quiz-save">
                {t('common:action.save')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container>
              <SpaceBetween size="m">
                <FormField label={t('field.quiz_name')} errorText={errorText('quiz_name')}>
                  <Input
                    value={values.quiz_name}
                    onChange={({ detail }) => set('quiz_name', detail.value)}
                    data-testid="quiz-name"
                  />
                </FormField>
                <FormField label={t('field.description')} errorText={errorText('description')}>
                  <Textarea
                    value={values.description}
                    rows={2}
                    onChange={({ detail }) => set('description', detail.value)}
                  />
                </FormField>
                <ColumnLayout columns={3}>
                  <FormField label={t('field.question_count')} errorText={errorText('question_count')}>
                    <Input
                      value={values.question_count}
                      inputMode="numeric"
                      onChange={({ detail }) => set('question_count', detail.value)}
                      data-testid="quiz-count"
                    />
                  </FormField>
                  <FormField
                    label={t('field.pass_marks_percent')}
                    errorText={errorText('pass_marks_percent')}
                  >
                    <Input
                      value={values.pass_marks_percent}
                      inputMode="numeric"
                      onChange={({ detail }) => set('pass_marks_percent', detail.value)}
                    />
                  </FormField>
                  <FormField
                    label={t('field.time_limit_minutes')}
                    description={t('quizzes.time_limit_hint')}
                    errorText={errorText('time_limit_minutes')}
                  >
                    <Input
                      value={values.time_limit_minutes}
                      inputMode="numeric"
                      onChange={({ detail }) => set('time_limit_minutes', detail.value)}
                    />
                  </FormField>
                </ColumnLayout>
                <ColumnLayout columns={3}>
                  <Toggle
                    checked={values.just_self_questions}
                    onChange={({ detail }) => set('just_self_questions', detail.checked)}
                  >
                    {t('field.just_self_questions')}
                  </Toggle>
                  <Toggle
                    checked={values.is_proficiency_exam}
                    onChange={({ detail }) => set('is_proficiency_exam', detail.checked)}
                    data-testid="quiz-exam"
                  >
                    {t('field.is_proficiency_exam')}
                  </Toggle>
                  {values.is_proficiency_exam && (
                    <FormField label={t('field.exam_licence')} errorText={errorText('exam_licence')}>
                      <Select
                        selectedOption={{ value: values.exam_licence, label: values.exam_licence }}
                        options={EXAM_LICENCES.map((l) => ({ value: l, label: l }))}
                        onChange={({ detail }) => set('exam_licence', detail.selectedOption.value ?? 'SPL')}
                      />
                    </FormField>
                  )}
                </ColumnLayout>
                {values.is_proficiency_exam && <Alert type="info">{t('quizzes.exam_hint')}</Alert>}
              </SpaceBetween>
            </Container>
            <Container
              header={
                <Header variant="h2" description={t('quizzes.draws_hint')}>
                  {t('field.category_draws')}
                </Header>
              }
            >
              <FormField errorText={errorText('category_draws')}>
                <RowsEditor
                  rows={values.category_draws}
                  onChange={(rows) => set('category_draws', rows)}
                  newRow={() => ({ category: 'air_law', count: '1' })}
                  name="category_draws"
                  errorText={errorText}
                  addText={t('quizzes.add_draw')}
                  removeText={t('training:action.remove')}
                  empty={t('quizzes.whole_bank')}
                  columns={[
                    {
                      label: t('field.category'),
                      field: 'category',
                      control: (draw, change) => (
                        <Select
                          selectedOption={options.find((o) => o.value === draw.category) ?? null}
                          options={options}
                          onChange={({ detail }) => change({ category: detail.selectedOption.value ?? '' })}
                        />
                      ),
                    },
                    {
                      label: t('quizzes.draw_count'),
                      field: 'count',
                      control: (draw, change) => (
                        <Input
                          value={draw.count}
                          inputMode="numeric"
                          onChange={({ detail }) => change({ count: detail.value })}
                        />
                      ),
                    },
                  ]}
                />
              </FormField>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
      {quiz && <Assignments quiz={quiz} />}
      {assigning && quiz && (
        <AssignModal
          quiz={quiz}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            setAssigning(false);
            flash('success', 'quiz_assigned_ok');
            void load();
          }}
        />
      )}
      <ConfirmModal
        visible={deleting}
        header={t('quizzes.delete_title')}
        confirmText={t('training:action.delete')}
        busy={false}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="quiz-delete-confirm"
      >
        {t('quizzes.delete_body', { name: quiz?.quiz_name ?? '' })}
      </ConfirmModal>
    </SpaceBetween>
  );
}

function Assignments({ quiz }: { quiz: QuizOutput }) {
  const { t } = useTranslation(['quiz', 'common']);
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listQuizAssignments', { params: { id: quiz.quiz_id }, query: { cursor, limit: 50 } }),
    [quiz.quiz_id],
  );
  const assignments = useCursorPages<UserQuizSummary>(fetchPage, `${quiz.quiz_id}-${quiz.assigned}`);
  const withdraw = async (item: UserQuizSummary) => {
    const done = await act(() => call('withdrawUserQuiz', { params: { id: item.user_quiz_id } }));
    if (done) assignments.reload();
  };
  return (
    <DataTable<UserQuizSummary>
      id="quiz-assignments"
      header={
        <Header variant="h2" counter={`(${quiz.assigned})`}>
          {t('quizzes.assignments')}
        </Header>
      }
      items={assignments.items}
      loading={assignments.loading}
      loadingText={t('common:nav.loading')}
      trackBy="user_quiz_id"
      empty={<Box color="text-status-inactive">{t('quizzes.no_assignments')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={assignments.pageNumber}
          pagesCount={assignments.pagesCount}
          openEnd={assignments.hasMore}
          onChange={({ detail }) => assignments.goTo(detail.currentPageIndex)}
        />
      }
      testId="quiz-assignments"
      columns={[
        { id: 'member', header: t('quizzes.member'), cell: (a) => a.user_name },
        { id: 'state', header: t('quizzes.state'), cell: (a) => t(`state.${a.state}`) },
        { id: 'due', header: t('field.due_date'), cell: (a) => (a.due_date ? formatDate(a.due_date) : '—') },
        {
          id: 'result',
          header: t('result.title'),
          cell: (a) => (a.outcome ? `${t(`outcome.${a.outcome}`)} · ${a.percent} %` : '—'),
        },
        {
          id: 'actions',
          header: t('common:table.actions'),
          cell: (a) =>
            a.can_withdraw ? (
              <Button variant="inline-link" onClick={() => void withdraw(a)}>
                {t('quizzes.withdraw')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function AssignModal({
  quiz,
  onClose,
  onAssigned,
}: {
  quiz: QuizOutput;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation(['quiz', 'common']);
  const users = useDatasource('users');
  const edit = useEdit<{ user_ids: string[]; due_date: string }>({ user_ids: [], due_date: '' });
  const submit = async () => {
    const ok = await edit.save(
      assignQuizInput,
      { user_ids: edit.values.user_ids, due_date: edit.values.due_date || null },
      async (body) => {
        await call('assignQuiz', { params: { id: quiz.quiz_id }, body });
      },
    );
    if (ok) onAssigned();
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  const options = users.items.map((u) => ({ value: u.user_id, label: u.name }));
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('quizzes.assign_title', { name: quiz.quiz_name })}
      data-testid="assign-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={edit.saving}
              onClick={() => void submit()}
              data-testid="assign-save"
            >
              {t('quizzes.assign')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('quizzes.members')} errorText={edit.errorText('user_ids')}>
          <Multiselect
            selectedOptions={options.filter((o) => edit.values.user_ids.includes(o.value))}
            options={options}
            filteringType="auto"
            onChange={({ detail }) =>
              edit.set(
                'user_ids',
                detail.selectedOptions.map((o) => o.value ?? ''),
              )
            }
            data-testid="assign-members"
          />
        </FormField>
        <FormField label={t('field.due_date')} errorText={edit.errorText('due_date')}>
          <DatePicker
            value={edit.values.due_date}
            onChange={({ detail }) => edit.set('due_date', detail.value)}
            placeholder={t('common:date.picker_placeholder')}
            expandToViewport
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CandidateOutput,
  EnrolmentOutput,
  LinkedFlightOutput,
  TaskProgressOutput,
} from '../../../../contracts/schemas/training.ts';
import { GRADES, type Grade, SELF_ASSESSMENTS } from '../../../../contracts/schemas/training-enums.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import {
  formatMoney,
  hours,
  launchName,
  MinimumsProgress,
  TrainingStatusBadge,
  taskTitle,
  useNarrow,
} from './training-ui.tsx';
import { act } from './use-edit.ts';

type Training = EnrolmentOutput;
type Candidate = CandidateOutput['items'][number];

/**
 * One student's training (issue 16 §3, §4): the programme's minimums against every linked flight,
 * each task with its progress, flights and grades, the signed checks and whether they still verify.
 * The instructor's screen (training/edit/{user_id}/{id}) works on it; the student's
 * (profile/training) reads it and, where the programme lets them, adds notes.
 */
export function TrainingView({
  training,
  onChange,
  view,
}: {
  training: Training;
  onChange: (next: Training) => void;
  view: 'trainer' | 'student';
}) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const narrow = useNarrow();
  const [dialog, setDialog] = useState<
    | { kind: 'finish' }
    | { kind: 'close' }
    | { kind: 'reopen' }
    | { kind: 'sign'; task: TaskProgressOutput }
    | { kind: 'grades'; task: TaskProgressOutput; flight: LinkedFlightOutput }
    | { kind: 'link' }
    | null
  >(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<Training>, message: string) => {
    setBusy(true);
    const next = await act(work);
    setBusy(false);
    if (next) {
      onChange(next);
      setDialog(null);
      flash('success', message);
    }
  };
  const params = { id: training.enrolment_id };

  const taskActions = (task: TaskProgressOutput) => {
    if (view !== 'trainer') return null;
    if (task.status === 'open')
      return (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="primary"
            disabled={!training.can_sign}
            onClick={() => setDialog({ kind: 'sign', task })}
            data-testid={`task-sign-${task.task.position}`}
          >
            {t('view.sign_check')}
          </Button>
          <Button
            disabled={!training.can_sign}
            loading={busy}
            onClick={() =>
              void run(
                () =>
                  call('closeTask', {
                    params: { ...params, task_id: task.task.task_id },
                    body: { version: task.record_version },
                  }),
                'training_saved',
              )
            }
            data-testid={`task-close-${task.task.position}`}
          >
            {t('view.close_task')}
          </Button>
        </SpaceBetween>
      );
    return (
      <Button
        disabled={!training.can_sign}
        loading={busy}
        onClick={() =>
          void run(
            () =>
              call('reopenTask', {
                params: { ...params, task_id: task.task.task_id },
                body: { version: task.record_version },
              }),
            'training_saved',
          )
        }
        data-testid={`task-reopen-${task.task.position}`}
      >
        {t('view.reopen_task')}
      </Button>
    );
  };

  return (
    <SpaceBetween size="l">
      {training.stuck && <Alert type="warning">{t('view.stuck', { days: training.days_idle })}</Alert>}
      {!training.verification.ok && (
        <Alert type="error" header={t('view.verification_failed')} data-testid="training-verification-failed">
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {training.verification.problems.map((p) => (
              <li key={`${p.seq}-${p.entry_id}-${p.problem}`}>
                {t(`verification.${p.problem}`, { seq: p.seq ?? '—' })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Container
        header={
          <Header
            variant="h2"
            actions={
              view === 'trainer' && (
                <SpaceBetween direction="horizontal" size="xs">
                  {training.can_link && (
                    <Button
                      onClick={() => setDialog({ kind: 'link' })}
                      iconName="add-plus"
                      data-testid="training-link-flights"
                    >
                      {t('view.link_flights')}
                    </Button>
                  )}
                  {training.can_finish && (
                    <Button onClick={() => setDialog({ kind: 'finish' })} data-testid="training-finish">
                      {t('view.finish')}
                    </Button>
                  )}
                  {training.can_close && (
                    <Button onClick={() => setDialog({ kind: 'close' })} data-testid="training-close">
                      {t('view.close')}
                    </Button>
                  )}
                  {training.can_reopen && (
                    <Button onClick={() => setDialog({ kind: 'reopen' })} data-testid="training-reopen">
                      {t('view.reopen')}
                    </Button>
                  )}
                </SpaceBetween>
              )
            }
          >
            {training.training_name}
          </Header>
        }
      >
        <SpaceBetween size="l">
          <KeyValuePairs
            // A phone held upright: one column, so "next task" and its name are not squeezed into two.
            columns={narrow ? 1 : 4}
            items={[
              {
                label: t('field.status'),
                value: <TrainingStatusBadge status={training.status} testId="training-status" />,
              },
              { label: t('field.training_start_date'), value: formatDate(training.training_start_date) },
              { label: t('field.instructors'), value: training.instructor_names.join(', ') || '—' },
              {
                label: t('planning.progress'),
                value: (
                  <span data-testid="training-tasks-done">
                    {t('planning.tasks_done', { done: training.tasks_done, total: training.tasks_total })}
                  </span>
                ),
              },
              { label: t('planning.next'), value: training.next_task_name ?? '—' },
              {
                label: t('field.training_fee'),
                value:
                  training.training_fee > 0 ? formatMoney(training.training_fee, training.currency_id) : '—',
              },
              {
                label: t('view.signatures'),
                value: (
                  <StatusIndicator
                    type={training.verification.ok ? 'success' : 'error'}
                    data-testid="training-verification"
                  >
                    {training.verification.ok
                      ? t('view.verified', { count: training.verification.checks })
                      : t('view.not_verified')}
                  </StatusIndicator>
                ),
              },
              ...(training.finish_comment
                ? [{ label: t('view.finish_comment'), value: training.finish_comment }]
                : []),
            ]}
          />
          <ExpandableSection headerText={t('view.programme_minimums')} defaultExpanded variant="footer">
            <MinimumsProgress progress={training.totals} testId="training-totals" />
          </ExpandableSection>
        </SpaceBetween>
      </Container>

      <SpaceBetween size="s">
        {training.tasks.map((task) => (
          <TaskSection
            key={task.task.task_id}
            training={training}
            task={task}
            view={view}
            actions={taskActions(task)}
            timeZone={timeZone}
            onGrades={(flight) => setDialog({ kind: 'grades', task, flight })}
            onChange={onChange}
          />
        ))}
      </SpaceBetween>

      <DataTable
        id="training-checks"
        header={
          <Header variant="h2" counter={`(${training.checks.length})`}>
            {t('view.checks')}
          </Header>
        }
        items={training.checks}
        trackBy="seq"
        empty={<Box color="text-status-inactive">{t('view.no_checks')}</Box>}
        testId="training-checks"
        columns={[
          { id: 'task', header: t('field.task_name'), cell: (c) => c.task_name ?? t('view.whole_training') },
          { id: 'seq', header: '#', cell: (c) => c.seq, width: 56 },
          { id: 'result', header: t('view.result'), cell: (c) => <TrainingStatusBadge status={c.result} /> },
          { id: 'signer', header: t('view.signer'), cell: (c) => c.signer_name },
          { id: 'at', header: t('view.signed_at'), cell: (c) => formatDateTime(c.signed_at, timeZone) },
          { id: 'flights', header: t('view.flights'), cell: (c) => c.flight_count },
          {
            id: 'hash',
            header: t('view.hash'),
            cell: (c) => (
              <Box variant="code" fontSize="body-s">
                {c.hash.slice(0, 12)}
              </Box>
            ),
          },
        ]}
      />

      {dialog?.kind === 'sign' && (
        <ResultModal
          title={t('view.sign_title', { task: dialog.task.task.task_name })}
          intro={dialog.task.progress.met ? t('view.sign_intro') : t('view.sign_intro_unmet')}
          canSucceed={dialog.task.progress.met}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(result, comment) =>
            void run(
              () =>
                call('signTaskCheck', {
                  params: { ...params, task_id: dialog.task.task.task_id },
                  body: { result, comment: comment || null, version: dialog.task.record_version },
                }),
              'task_check_signed',
            )
          }
          testId="sign-modal"
        />
      )}
      {dialog?.kind === 'finish' && (
        <ResultModal
          title={t('view.finish_title')}
          intro={training.totals.met ? t('view.finish_intro') : t('view.finish_intro_unmet')}
          canSucceed
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={(result, comment) =>
            void run(
              () =>
                call('finishEnrolment', {
                  params,
                  body: { result, comment: comment || null, version: training.version },
                }),
              'training_saved',
            )
          }
          testId="finish-modal"
        />
      )}
      <ConfirmModal
        visible={dialog?.kind === 'close' || dialog?.kind === 'reopen'}
        header={dialog?.kind === 'close' ? t('view.close_title') : t('view.reopen_title')}
        confirmText={dialog?.kind === 'close' ? t('view.close') : t('view.reopen')}
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          void run(
            () =>
              dialog?.kind === 'close'
                ? call('closeEnrolment', { params, body: { version: training.version } })
                : call('reopenEnrolment', { params, body: { version: training.version } }),
            'training_saved',
          )
        }
        testId="status-confirm"
      >
        {dialog?.kind === 'close' ? t('view.close_body') : t('view.reopen_body')}
      </ConfirmModal>
      {dialog?.kind === 'grades' && (
        <GradesModal
          task={dialog.task}
          flight={dialog.flight}
          busy={busy}
          onCancel={() => setDialog(null)}
          onSave={(grades, comment) =>
            void run(
              () =>
                call('updateFlightLink', {
                  params: { ...params, entry_id: dialog.flight.entry_id },
                  body: { grades, comment: comment || null, version: dialog.flight.version },
                }),
              'training_saved',
            )
          }
        />
      )}
      {dialog?.kind === 'link' && (
        <LinkFlightsModal training={training} onChange={onChange} onClose={() => setDialog(null)} />
      )}
    </SpaceBetween>
  );
}

function TaskSection({
  training,
  task,
  view,
  actions,
  timeZone,
  onGrades,
  onChange,
}: {
  training: Training;
  task: TaskProgressOutput;
  view: 'trainer' | 'student';
  actions: ReactNode;
  timeZone: string;
  onGrades: (flight: LinkedFlightOutput) => void;
  onChange: (next: Training) => void;
}) {
  const { t } = useTranslation(['training', 'common']);
  const exerciseTitle = new Map(task.task.exercises.map((x) => [x.exercise_id, x.title]));
  const editable = view === 'trainer' && training.can_link && task.status === 'open';
  const [unlinking, setUnlinking] = useState('');
  const unlink = async (flight: LinkedFlightOutput) => {
    setUnlinking(flight.entry_id);
    const next = await act(() =>
      call('unlinkFlight', {
        params: { id: training.enrolment_id, entry_id: flight.entry_id },
        query: { version: flight.version },
      }),
    );
    setUnlinking('');
    if (next) onChange(next);
  };
  const stateColumn: DataColumn<LinkedFlightOutput> = {
    id: 'state',
    header: t('view.edit'),
    cell: (f) =>
      f.missing ? (
        <StatusIndicator type="warning">{t('flight.missing')}</StatusIndicator>
      ) : (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            onClick={() => onGrades(f)}
            data-testid={`flight-grade-${f.entry_id}`}
          >
            {t('flight.grade')}
          </Button>
          <Button
            variant="inline-link"
            loading={unlinking === f.entry_id}
            onClick={() => void unlink(f)}
            data-testid={`flight-unlink-${f.entry_id}`}
          >
            {t('flight.unlink')}
          </Button>
        </SpaceBetween>
      ),
  };
  return (
    <ExpandableSection
      variant="container"
      defaultExpanded={task.task.task_id === training.next_task_id}
      data-testid={`task-section-${task.task.position}`}
      headerText={taskTitle(task.task)}
      headerInfo={<TrainingStatusBadge status={task.status} testId={`task-status-${task.task.position}`} />}
      headerActions={actions}
    >
      <SpaceBetween size="m">
        {task.task.description && <Box>{task.task.description}</Box>}
        {task.task.acceptance_criteria && (
          <Box>
            <Box variant="awsui-key-label">{t('field.acceptance_criteria')}</Box>
            {task.task.acceptance_criteria}
          </Box>
        )}
        {task.task.briefing_only ? (
          <Box color="text-body-secondary">{t('task.briefing_only')}</Box>
        ) : (
          <MinimumsProgress progress={task.progress} testId={`task-progress-${task.task.position}`} />
        )}
        {task.flights.length > 0 && (
          <DataTable<LinkedFlightOutput>
            id="training-task-flights"
            fixedColumns
            variant="embedded"
            items={task.flights}
            trackBy="entry_id"
            testId={`task-flights-${task.task.position}`}
            columns={[
              {
                id: 'date',
                header: t('flight.date'),
                // The short columns keep their words whole; the grades take what is left.
                minWidth: 150,
                cell: (f) =>
                  // Read only, a line that no longer exists says so under its date (no empty "edit" cell).
                  !editable && f.missing ? (
                    <SpaceBetween size="xxs">
                      {formatDateTime(f.takeoff_time, timeZone)}
                      <StatusIndicator type="warning">{t('flight.missing')}</StatusIndicator>
                    </SpaceBetween>
                  ) : (
                    formatDateTime(f.takeoff_time, timeZone)
                  ),
              },
              { id: 'plane', header: t('flight.plane'), minWidth: 110, cell: (f) => f.reg_num },
              {
                id: 'launch',
                header: t('flight.launch'),
                minWidth: 100,
                cell: (f) => launchName(dynamicT(t), f.takeoff_type_id),
              },
              {
                id: 'role',
                header: t('flight.role'),
                minWidth: 100,
                cell: (f) => t(`role.${f.role}`, { defaultValue: f.role }),
              },
              { id: 'time', header: t('flight.time'), minWidth: 90, cell: (f) => hours(f.flight_minutes) },
              {
                id: 'grades',
                header: t('flight.grades'),
                cell: (f) =>
                  f.grades.length === 0
                    ? '—'
                    : f.grades
                        .map(
                          (g) =>
                            `${exerciseTitle.get(g.exercise_id) ?? g.exercise_id}: ${t(`grade.${g.grade}`)}`,
                        )
                        .join('; '),
              },
              // The grade and unlink actions: only where the flights may be changed.
              ...(editable ? [stateColumn] : []),
            ]}
          />
        )}
        {(task.student_notes || task.self_assessment || training.can_edit_notes) && (
          <StudentNotes
            training={training}
            task={task}
            editable={view === 'student' && training.can_edit_notes}
            onChange={onChange}
          />
        )}
        {task.comment && (
          <Box>
            <Box variant="awsui-key-label">{t('view.instructor_comment')}</Box>
            {task.comment}
          </Box>
        )}
      </SpaceBetween>
    </ExpandableSection>
  );
}

/** With training_student_edit_on: the student's own notes and self-assessment of a task. */
function StudentNotes({
  training,
  task,
  editable,
  onChange,
}: {
  training: Training;
  task: TaskProgressOutput;
  editable: boolean;
  onChange: (next: Training) => void;
}) {
  const { t } = useTranslation(['training', 'common']);
  const [notes, setNotes] = useState(task.student_notes ?? '');
  const [assessment, setAssessment] = useState(task.self_assessment ?? '');
  const [saving, setSaving] = useState(false);
  const options = [
    { value: '', label: t('self.none') },
    ...SELF_ASSESSMENTS.map((s) => ({ value: s, label: t(`self.${s}`) })),
  ];
  if (!editable)
    return (
      <Box>
        <Box variant="awsui-key-label">{t('self.title')}</Box>
        {task.self_assessment ? `${t(`self.${task.self_assessment}`)} · ` : ''}
        {task.student_notes ?? ''}
      </Box>
    );
  const save = async () => {
    setSaving(true);
    const next = await act(() =>
      call('updateOwnTaskNotes', {
        params: { id: training.enrolment_id, task_id: task.task.task_id },
        body: {
          student_notes: notes || null,
          self_assessment: (assessment || null) as (typeof SELF_ASSESSMENTS)[number] | null,
          version: task.record_version,
        },
      }),
    );
    setSaving(false);
    if (next) {
      onChange(next);
      flash('success', 'notes_saved');
    }
  };
  return (
    <SpaceBetween size="xs">
      <FormField label={t('self.title')}>
        <Select
          selectedOption={options.find((o) => o.value === assessment) ?? null}
          options={options}
          onChange={({ detail }) => setAssessment(detail.selectedOption.value ?? '')}
          data-testid={`notes-assessment-${task.task.position}`}
        />
      </FormField>
      <FormField label={t('self.notes')}>
        <Textarea
          value={notes}
          rows={2}
          onChange={({ detail }) => setNotes(detail.value)}
          data-testid={`notes-text-${task.task.position}`}
        />
      </FormField>
      <Button onClick={() => void save()} loading={saving} data-testid={`notes-save-${task.task.position}`}>
        {t('self.save')}
      </Button>
    </SpaceBetween>
  );
}

/** Sign a task check or finish the training: successful or unsuccessful, with a comment. */
function ResultModal({
  title,
  intro,
  canSucceed,
  busy,
  onCancel,
  onConfirm,
  testId,
}: {
  title: string;
  intro: string;
  canSucceed: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (result: 'successful' | 'unsuccessful', comment: string) => void;
  testId: string;
}) {
  const { t } = useTranslation(['training', 'common']);
  const [result, setResult] = useState<'successful' | 'unsuccessful'>(
    canSucceed ? 'successful' : 'unsuccessful',
  );
  const [comment, setComment] = useState('');
  useDialogKeys({ onCancel, onSave: () => onConfirm(result, comment) }, true);
  return (
    <Modal
      visible
      onDismiss={onCancel}
      header={title}
      data-testid={testId}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => onConfirm(result, comment)}
              data-testid={`${testId}-confirm`}
            >
              {t('view.sign')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{intro}</Box>
        <FormField label={t('view.result')}>
          <RadioGroup
            value={result}
            onChange={({ detail }) => setResult(detail.value as 'successful' | 'unsuccessful')}
            items={[
              { value: 'successful', label: t('status.successful'), disabled: !canSucceed },
              { value: 'unsuccessful', label: t('status.unsuccessful') },
            ]}
            data-testid={`${testId}-result`}
          />
        </FormField>
        <FormField label={t('view.comment')}>
          <Textarea
            value={comment}
            rows={3}
            onChange={({ detail }) => setComment(detail.value)}
            data-testid={`${testId}-comment`}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

/** The exercises of a task graded on one flight. */
function GradesModal({
  task,
  flight,
  busy,
  onCancel,
  onSave,
}: {
  task: TaskProgressOutput;
  flight: LinkedFlightOutput;
  busy: boolean;
  onCancel: () => void;
  onSave: (grades: { exercise_id: string; grade: Grade }[], comment: string) => void;
}) {
  const { t } = useTranslation(['training', 'common']);
  const [grades, setGrades] = useState(new Map(flight.grades.map((g) => [g.exercise_id, g.grade])));
  const [comment, setComment] = useState(flight.comment ?? '');
  const save = () =>
    onSave(
      [...grades].map(([exercise_id, grade]) => ({ exercise_id, grade })),
      comment,
    );
  useDialogKeys({ onCancel, onSave: save }, true);
  return (
    <Modal
      visible
      onDismiss={onCancel}
      header={t('view.grades_title', { date: formatDate(flight.date), reg: flight.reg_num })}
      data-testid="grades-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={save} data-testid="grades-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <GradeFields exercises={task.task.exercises} grades={grades} onChange={setGrades} />
        <FormField label={t('view.comment')}>
          <Textarea value={comment} rows={2} onChange={({ detail }) => setComment(detail.value)} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

/** A grade per exercise (none until chosen). */
export function GradeFields({
  exercises,
  grades,
  onChange,
  testId = 'grade',
}: {
  exercises: readonly { exercise_id: string; title: string }[];
  grades: Map<string, Grade>;
  onChange: (next: Map<string, Grade>) => void;
  testId?: string;
}) {
  const { t } = useTranslation('training');
  const options = [
    { value: '', label: t('grade.none') },
    ...GRADES.map((g) => ({ value: g, label: t(`grade.${g}`) })),
  ];
  if (exercises.length === 0) return <Box color="text-body-secondary">{t('task.no_exercises')}</Box>;
  return (
    <SpaceBetween size="xs">
      {exercises.map((x, index) => (
        <FormField key={x.exercise_id} label={x.title}>
          <Select
            selectedOption={options.find((o) => o.value === (grades.get(x.exercise_id) ?? '')) ?? null}
            options={options}
            onChange={({ detail }) => {
              const next = new Map(grades);
              if (detail.selectedOption.value) next.set(x.exercise_id, detail.selectedOption.value as Grade);
              else next.delete(x.exercise_id);
              onChange(next);
            }}
            data-testid={`${testId}-${index}`}
          />
        </FormField>
      ))}
    </SpaceBetween>
  );
}

/** The student's club logbook lines since the start, each with the open tasks it fits. */
function LinkFlightsModal({
  training,
  onChange,
  onClose,
}: {
  training: Training;
  onChange: (next: Training) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [kind, setKind] = useState<'glider' | 'general'>('glider');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [linking, setLinking] = useState('');
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listCandidateFlights', {
        params: { id: training.enrolment_id },
        query: { cursor, limit: 25, kind },
      }),
    [training.enrolment_id, kind],
  );
  const candidates = useCursorPages<Candidate>(fetchPage, `${kind}-${training.version}`);
  useDialogKeys({ onCancel: onClose }, true);
  const taskName = new Map(training.tasks.map((x) => [x.task.task_id, taskTitle(x.task)]));
  const link = async (line: Candidate) => {
    const taskId = chosen[line.entry_id] ?? line.fitting_task_ids[0];
    if (!taskId) return;
    setLinking(line.entry_id);
    const next = await act(() =>
      call('linkFlight', {
        params: { id: training.enrolment_id },
        body: { entry_id: line.entry_id, task_id: taskId },
      }),
    );
    setLinking('');
    if (next) {
      onChange(next);
      flash('success', 'flight_linked_ok');
    }
  };
  return (
    <Modal visible onDismiss={onClose} size="max" header={t('view.link_title')} data-testid="link-modal">
      <DataTable<Candidate>
        id="training-candidates"
        variant="embedded"
        items={candidates.items}
        loading={candidates.loading}
        loadingText={t('common:nav.loading')}
        trackBy="entry_id"
        empty={<Box color="text-status-inactive">{t('view.no_candidates')}</Box>}
        filter={
          <Select
            selectedOption={{ value: kind, label: t(`view.kind.${kind}`) }}
            options={[
              { value: 'glider', label: t('view.kind.glider') },
              { value: 'general', label: t('view.kind.general') },
            ]}
            onChange={({ detail }) => setKind(detail.selectedOption.value as 'glider' | 'general')}
          />
        }
        pagination={
          <Pagination
            currentPageIndex={candidates.pageNumber}
            pagesCount={candidates.pagesCount}
            openEnd={candidates.hasMore}
            onChange={({ detail }) => candidates.goTo(detail.currentPageIndex)}
          />
        }
        columns={[
          { id: 'date', header: t('flight.date'), cell: (f) => formatDateTime(f.takeoff_time, timeZone) },
          { id: 'plane', header: t('flight.plane'), cell: (f) => f.reg_num },
          {
            id: 'launch',
            header: t('flight.launch'),
            cell: (f) => launchName(dynamicT(t), f.takeoff_type_id),
          },
          {
            id: 'role',
            header: t('flight.role'),
            cell: (f) => t(`role.${f.role}`, { defaultValue: f.role }),
          },
          { id: 'time', header: t('flight.time'), cell: (f) => hours(f.flight_minutes) },
          {
            id: 'task',
            header: t('field.task_name'),
            minWidth: 260,
            cell: (f) =>
              f.linked_task_id ? (
                taskName.get(f.linked_task_id)
              ) : f.fitting_task_ids.length === 0 ? (
                <Box color="text-status-inactive">{t('messages:flight_not_in_task')}</Box>
              ) : (
                <SpaceBetween direction="horizontal" size="xs">
                  <Select
                    selectedOption={{
                      value: chosen[f.entry_id] ?? f.fitting_task_ids[0]!,
                      label: taskName.get(chosen[f.entry_id] ?? f.fitting_task_ids[0]!) ?? '',
                    }}
                    options={f.fitting_task_ids.map((id) => ({ value: id, label: taskName.get(id) ?? id }))}
                    onChange={({ detail }) =>
                      setChosen({ ...chosen, [f.entry_id]: detail.selectedOption.value ?? '' })
                    }
                    expandToViewport
                  />
                  <Button
                    loading={linking === f.entry_id}
                    onClick={() => void link(f)}
                    data-testid={`candidate-link-${f.entry_id}`}
                  >
                    {t('view.link')}
                  </Button>
                </SpaceBetween>
              ),
          },
        ]}
      />
    </Modal>
  );
}

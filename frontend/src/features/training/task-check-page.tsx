import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../../contracts/calendar.ts';
import type { TaskCheckDayOutput } from '../../../../contracts/schemas/training.ts';
import type { Grade } from '../../../../contracts/schemas/training-enums.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { trainingHref } from './planning-page.tsx';
import { hours, launchName } from './training-ui.tsx';
import { GradeFields } from './training-view.tsx';
import { act } from './use-edit.ts';

type Line = TaskCheckDayOutput['items'][number];

/**
 * training/task-check: the instructor's day — the flights of the students whose trainings they
 * instruct, each linked to a task it fits (with its exercises graded), and the task checks signed
 * when a task's minimums are met (issue 16 §3).
 */
export default function TaskCheckPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [day, setDay] = useState<TaskCheckDayOutput | null>(null);
  const [linking, setLinking] = useState<Line | null>(null);
  const [signing, setSigning] = useState<{ line: Line; taskId: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setDay(await call('getTaskCheckDay', { query: { date } }));
    } catch (error) {
      reportFailure(error);
    }
  }, [date]);
  useEffect(() => {
    setDay(null);
    void load();
  }, [load]);

  const taskName = (line: Line, taskId: string) => {
    const task = line.tasks.find((x) => x.task_id === taskId);
    return task ? task.task_name : taskId;
  };
  const signable = (line: Line) => {
    if (!line.link) return null;
    const task = line.tasks.find((x) => x.task_id === line.link?.task_id);
    return task && task.status === 'open' ? task : null;
  };
  const taskCell = (line: Line) => {
    if (line.link) {
      const task = signable(line);
      return (
        <SpaceBetween size="xxs">
          <StatusIndicator type="success" data-testid={`check-linked-${line.entry_id}`}>
            {taskName(line, line.link.task_id)}
          </StatusIndicator>
          {task && (
            <Button
              variant={task.met ? 'primary' : 'normal'}
              onClick={() => setSigning({ line, taskId: task.task_id })}
              data-testid={`check-sign-${line.entry_id}`}
            >
              {task.met ? t('check.sign') : t('check.sign_unmet')}
            </Button>
          )}
          {!task && (
            <Box variant="small" color="text-body-secondary">
              {t(`status.${line.tasks.find((x) => x.task_id === line.link?.task_id)?.status ?? 'open'}`)}
            </Box>
          )}
        </SpaceBetween>
      );
    }
    if (line.fitting_task_ids.length === 0)
      return <Box color="text-status-inactive">{t('messages:flight_not_in_task')}</Box>;
    return (
      <Button onClick={() => setLinking(line)} data-testid={`check-link-${line.entry_id}`}>
        {t('check.link')}
      </Button>
    );
  };
  const studentCell = (line: Line) => (
    <SpaceBetween size="xxxs">
      <PageLink href={trainingHref(line)}>{line.student_name}</PageLink>
      <Box variant="small" color="text-body-secondary">
        {line.training_name}
      </Box>
    </SpaceBetween>
  );
  const header = (
    <Header variant="awsui-h1-sticky" description={t('check.description')}>
      {t('nav:title.training_task_check')}
    </Header>
  );
  const filter = (
    <FormField label={t('check.day')}>
      <DatePicker
        value={date}
        onChange={({ detail }) => detail.value && setDate(detail.value)}
        placeholder={t('common:date.picker_placeholder')}
        data-testid="check-date"
      />
    </FormField>
  );
  const empty = <Box color="text-status-inactive">{t('check.empty')}</Box>;

  return (
    <>
      <DataTable<Line>
        id="training-task-check"
        variant="full-page"
        header={header}
        filter={filter}
        items={day?.items ?? []}
        loading={!day}
        loadingText={t('common:nav.loading')}
        empty={empty}
        trackBy={(line) => `${line.enrolment_id}-${line.entry_id}`}
        testId="check-table"
        columns={[
          { id: 'student', header: t('field.student'), cell: studentCell },
          {
            id: 'time',
            header: t('flight.takeoff'),
            cell: (line) => formatDateTime(line.takeoff_time, timeZone),
            short: true,
          },
          { id: 'plane', header: t('flight.plane'), cell: (line) => line.reg_num, short: true },
          {
            id: 'launch',
            header: t('flight.launch'),
            cell: (line) => launchName(dynamicT(t), line.takeoff_type_id),
            short: true,
          },
          {
            id: 'role',
            header: t('flight.role'),
            cell: (line) => t(`role.${line.role}`, { defaultValue: line.role }),
            short: true,
          },
          {
            id: 'minutes',
            header: t('flight.time'),
            cell: (line) => hours(line.flight_minutes),
            align: 'end',
          },
          {
            id: 'instructor',
            header: t('flight.instructor'),
            cell: (line) => line.instructor_name ?? '—',
            short: true,
          },
          { id: 'task', header: t('field.task_name'), cell: taskCell, minWidth: 240 },
        ]}
      />
      {linking && (
        <LinkModal
          line={linking}
          onClose={() => setLinking(null)}
          onLinked={() => {
            setLinking(null);
            flash('success', 'flight_linked_ok');
            void load();
          }}
        />
      )}
      {signing && (
        <SignModal
          line={signing.line}
          taskId={signing.taskId}
          onClose={() => setSigning(null)}
          onSigned={() => {
            setSigning(null);
            flash('success', 'task_check_signed');
            void load();
          }}
        />
      )}
    </>
  );
}

function LinkModal({ line, onClose, onLinked }: { line: Line; onClose: () => void; onLinked: () => void }) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const [taskId, setTaskId] = useState(line.fitting_task_ids[0] ?? '');
  const [grades, setGrades] = useState(new Map<string, Grade>());
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const task = line.tasks.find((x) => x.task_id === taskId);
  const options = line.fitting_task_ids.map((id) => ({
    value: id,
    label: line.tasks.find((x) => x.task_id === id)?.task_name ?? id,
  }));
  const submit = async () => {
    setBusy(true);
    const done = await act(() =>
      call('linkFlight', {
        params: { id: line.enrolment_id },
        body: {
          entry_id: line.entry_id,
          task_id: taskId,
          grades: [...grades].map(([exercise_id, grade]) => ({ exercise_id, grade })),
          comment: comment || null,
        },
      }),
    );
    setBusy(false);
    if (done) onLinked();
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('check.link_title', { student: line.student_name, reg: line.reg_num })}
      data-testid="check-link-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => void submit()}
              data-testid="check-link-save"
            >
              {t('check.link')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('field.task_name')}>
          <Select
            selectedOption={options.find((o) => o.value === taskId) ?? null}
            options={options}
            onChange={({ detail }) => {
              setTaskId(detail.selectedOption.value ?? '');
              setGrades(new Map());
            }}
            data-testid="check-link-task"
          />
        </FormField>
        {task && (
          <GradeFields exercises={task.exercises} grades={grades} onChange={setGrades} testId="check-grade" />
        )}
        <FormField label={t('view.comment')}>
          <Textarea value={comment} rows={2} onChange={({ detail }) => setComment(detail.value)} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

function SignModal({
  line,
  taskId,
  onClose,
  onSigned,
}: {
  line: Line;
  taskId: string;
  onClose: () => void;
  onSigned: () => void;
}) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const task = line.tasks.find((x) => x.task_id === taskId);
  const [result, setResult] = useState<'successful' | 'unsuccessful'>(
    task?.met ? 'successful' : 'unsuccessful',
  );
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!task) return;
    setBusy(true);
    const done = await act(() =>
      call('signTaskCheck', {
        params: { id: line.enrolment_id, task_id: taskId },
        body: { result, comment: comment || null, version: task.record_version },
      }),
    );
    setBusy(false);
    if (done) onSigned();
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('view.sign_title', { task: task?.task_name ?? '' })}
      data-testid="check-sign-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => void submit()}
              data-testid="check-sign-confirm"
            >
              {t('view.sign')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{task?.met ? t('view.sign_intro') : t('view.sign_intro_unmet')}</Box>
        <RadioGroup
          value={result}
          onChange={({ detail }) => setResult(detail.value as 'successful' | 'unsuccessful')}
          items={[
            { value: 'successful', label: t('status.successful'), disabled: !task?.met },
            { value: 'unsuccessful', label: t('status.unsuccessful') },
          ]}
        />
        <FormField label={t('view.comment')}>
          <Textarea
            value={comment}
            rows={3}
            onChange={({ detail }) => setComment(detail.value)}
            data-testid="check-sign-comment"
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonGroup from '@cloudscape-design/components/button-group';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ProgrammeOutput, TaskOutput } from '../../../../contracts/schemas/training.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { programmeHref } from './programmes-page.tsx';
import { hours } from './training-ui.tsx';
import { act } from './use-edit.ts';

export const taskHref = (trainingId: string, id: string) =>
  hrefOf('settings/training/:training_id/task/:id', { training_id: trainingId, id });

/** What a task asks for in one line: a briefing, or its seat, launch methods and minimums. */
export function taskNeeds(t: (key: string, options?: Record<string, unknown>) => string, task: TaskOutput) {
  if (task.briefing_only) return t('task.briefing_only');
  const parts = [t(`flight_role.${task.flight_role}`)];
  if (task.launch_methods.length > 0) parts.push(task.launch_methods.map((m) => t(`launch.${m}`)).join(', '));
  if (task.min_flights) parts.push(t('needs.flights', { count: task.min_flights }));
  if (task.min_dual_minutes) parts.push(t('needs.dual_minutes', { time: hours(task.min_dual_minutes) }));
  if (task.min_solo_minutes) parts.push(t('needs.solo_minutes', { time: hours(task.min_solo_minutes) }));
  if (task.min_dual_launches) parts.push(t('needs.dual_launches', { count: task.min_dual_launches }));
  if (task.min_solo_launches) parts.push(t('needs.solo_launches', { count: task.min_solo_launches }));
  return parts.join(' · ');
}

/** settings/training/{training_id}/tasks: the programme's tasks in order; move, add, edit, delete. */
export default function TasksPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { training_id: trainingId = '' } = useParams();
  const navigate = usePageNavigate();
  const [programme, setProgramme] = useState<ProgrammeOutput | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TaskOutput | null>(null);

  const load = useCallback(async () => {
    try {
      setProgramme(await call('getProgramme', { params: { id: trainingId } }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setMissing(true);
      else reportFailure(error);
    }
  }, [trainingId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (missing) return <Alert type="error">{t('messages:not_found')}</Alert>;
  if (!programme) return <PageSpinner />;

  const move = async (task: TaskOutput, by: -1 | 1) => {
    const ids = programme.tasks.map((x) => x.task_id);
    const from = ids.indexOf(task.task_id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setBusy(true);
    const saved = await act(() =>
      call('reorderTasks', {
        params: { id: trainingId },
        body: { task_ids: ids, version: programme.version },
      }),
    );
    setBusy(false);
    if (saved) setProgramme(saved);
    else void load();
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const done = await act(() =>
      call('deleteTask', {
        params: { id: trainingId, task_id: deleting.task_id },
        query: { version: deleting.version },
      }),
    );
    setBusy(false);
    setDeleting(null);
    if (done) flash('success', 'training_deleted');
    void load();
  };

  return (
    <SpaceBetween size="m">
      <DataTable<TaskOutput>
        id="training-tasks"
        variant="full-page"
        testId="tasks-table"
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={`(${programme.tasks.length})`}
            description={<PageLink href={programmeHref(trainingId)}>{programme.training_name}</PageLink>}
            actions={
              <Button
                variant="primary"
                iconName="add-plus"
                onClick={() => navigate(taskHref(trainingId, 'new'))}
                data-testid="tasks-new"
              >
                {t('tasks.new')}
              </Button>
            }
          >
            {t('nav:title.training_tasks')}
          </Header>
        }
        items={programme.tasks}
        trackBy="task_id"
        empty={<Box color="text-status-inactive">{t('tasks.empty')}</Box>}
        columns={[
          {
            // The key column; the rows stand in the programme's order (the arrows move them).
            id: 'name',
            header: t('field.task_name'),
            cell: (task) => (
              <PageLink href={taskHref(trainingId, task.task_id)} data-testid={`task-link-${task.position}`}>
                {task.task_name}
              </PageLink>
            ),
          },
          { id: 'needs', header: t('tasks.needs'), cell: (task) => taskNeeds(dynamicT(t), task) },
          {
            id: 'privilege',
            header: t('field.grants_launch_privilege'),
            cell: (task) =>
              task.grants_launch_privilege ? t(`launch.${task.grants_launch_privilege}`) : '—',
          },
          {
            id: 'actions',
            header: t('tasks.actions'),
            minWidth: 150,
            cell: (task) => (
              <ButtonGroup
                variant="icon"
                ariaLabel={t('tasks.actions')}
                onItemClick={({ detail }) => {
                  if (detail.id === 'up') void move(task, -1);
                  if (detail.id === 'down') void move(task, 1);
                  if (detail.id === 'delete') setDeleting(task);
                }}
                items={[
                  {
                    type: 'icon-button',
                    id: 'up',
                    iconName: 'arrow-up',
                    text: t('tasks.up'),
                    disabled: busy || task.position === 1,
                  },
                  {
                    type: 'icon-button',
                    id: 'down',
                    iconName: 'arrow-down',
                    text: t('tasks.down'),
                    disabled: busy || task.position === programme.tasks.length,
                  },
                  {
                    type: 'icon-button',
                    id: 'delete',
                    iconName: 'remove',
                    text: t('action.delete'),
                    disabled: busy,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <ConfirmModal
        visible={deleting !== null}
        header={t('tasks.delete_title')}
        confirmText={t('action.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        testId="task-delete-confirm"
      >
        {t('tasks.delete_body', { name: deleting?.task_name ?? '' })}
      </ConfirmModal>
    </SpaceBetween>
  );
}

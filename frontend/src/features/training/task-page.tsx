import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TAKEOFF_TYPES, type TakeoffType } from '../../../../contracts/schemas/flight-enums.ts';
import { createTaskInput, type TaskOutput, updateTaskInput } from '../../../../contracts/schemas/training.ts';
import { FLIGHT_ROLE_REQUIREMENTS, PRIVILEGE_METHODS } from '../../../../contracts/schemas/training-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { RowsEditor } from '../../components/forms/rows-editor.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { taskHref } from './tasks-page.tsx';
import { useEdit } from './use-edit.ts';

interface Values {
  task_name: string;
  description: string;
  acceptance_criteria: string;
  briefing_only: boolean;
  launch_methods: TakeoffType[];
  flight_role: TaskOutput['flight_role'];
  min_flights: string;
  min_dual_minutes: number | null;
  min_solo_minutes: number | null;
  min_dual_launches: string;
  min_solo_launches: string;
  exercises: { exercise_id: string; title: string }[];
  grants_launch_privilege: string;
}

const EMPTY: Values = {
  task_name: '',
  description: '',
  acceptance_criteria: '',
  briefing_only: false,
  launch_methods: [],
  flight_role: 'any',
  min_flights: '0',
  min_dual_minutes: 0,
  min_solo_minutes: 0,
  min_dual_launches: '0',
  min_solo_launches: '0',
  exercises: [],
  grants_launch_privilege: '',
};

const valuesOf = (task: TaskOutput): Values => ({
  task_name: task.task_name,
  description: task.description ?? '',
  acceptance_criteria: task.acceptance_criteria ?? '',
  briefing_only: task.briefing_only,
  launch_methods: [...task.launch_methods],
  flight_role: task.flight_role,
  min_flights: String(task.min_flights),
  min_dual_minutes: task.min_dual_minutes,
  min_solo_minutes: task.min_solo_minutes,
  min_dual_launches: String(task.min_dual_launches),
  min_solo_launches: String(task.min_solo_launches),
  exercises: task.exercises.map((x) => ({ ...x })),
  grants_launch_privilege: task.grants_launch_privilege ?? '',
});

const count = (text: string) => (text.trim() === '' ? 0 : Number(text));

const bodyOf = (v: Values) => ({
  task_name: v.task_name,
  description: v.description || null,
  acceptance_criteria: v.acceptance_criteria || null,
  briefing_only: v.briefing_only,
  launch_methods: v.launch_methods,
  flight_role: v.flight_role,
  min_flights: count(v.min_flights),
  min_dual_minutes: v.min_dual_minutes ?? 0,
  min_solo_minutes: v.min_solo_minutes ?? 0,
  min_dual_launches: count(v.min_dual_launches),
  min_solo_launches: count(v.min_solo_launches),
  exercises: v.exercises.map((x) => ({ exercise_id: x.exercise_id, title: x.title })),
  grants_launch_privilege: v.grants_launch_privilege || null,
});

/** A new exercise's id: short, unique within the task, stable once saved (grades refer to it). */
const newExerciseId = () => `x-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * settings/training/{training_id}/task/{id} (`new` for a new one): what a task needs — the flights,
 * dual and solo time, launches by method, the acceptance criteria, or a briefing only — and the
 * exercises an instructor grades per flight; a launch-method task may open the method.
 */
export default function TaskPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { training_id: trainingId = '', id = 'new' } = useParams();
  const navigate = usePageNavigate();
  const [task, setTask] = useState<TaskOutput | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'not_found'>(id === 'new' ? 'ready' : 'loading');
  const edit = useEdit<Values>(EMPTY);
  const { reset } = edit;
  const back = () => navigate(hrefOf('settings/training/:training_id/tasks', { training_id: trainingId }));

  const load = useCallback(async () => {
    if (id === 'new') return;
    try {
      const loaded = await call('getTask', { params: { id: trainingId, task_id: id } });
      setTask(loaded);
      reset(valuesOf(loaded));
      setState('ready');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setState('not_found');
      else reportFailure(error);
    }
  }, [id, trainingId, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = bodyOf(edit.values);
    if (!task) {
      await edit.save(createTaskInput, body, async (checked) => {
        const created = await call('createTask', { params: { id: trainingId }, body: checked });
        flash('success', 'training_saved');
        navigate(taskHref(trainingId, created.task_id), { replace: true });
      });
      return;
    }
    await edit.save(
      updateTaskInput,
      { ...body, version: task.version },
      async (checked) => {
        const saved = await call('updateTask', {
          params: { id: trainingId, task_id: task.task_id },
          body: checked,
        });
        setTask(saved);
        reset(valuesOf(saved));
        flash('success', 'training_saved');
      },
      () => void load(),
    );
  };
  useDialogKeys({ onSave: () => void submit(), onCancel: back }, true);

  if (state === 'loading') return <PageSpinner />;
  if (state === 'not_found') return <Alert type="error">{t('messages:not_found')}</Alert>;

  const { values, set, errorText } = edit;
  const roleOptions = FLIGHT_ROLE_REQUIREMENTS.map((role) => ({
    value: role,
    label: t(`flight_role.${role}`),
  }));
  const methodOptions = TAKEOFF_TYPES.map((method) => ({ value: method, label: t(`launch.${method}`) }));
  const privilegeOptions = [
    { value: '', label: t('field.no_privilege') },
    ...PRIVILEGE_METHODS.map((method) => ({ value: method, label: t(`launch.${method}`) })),
  ];
  const number = (field: 'min_flights' | 'min_dual_launches' | 'min_solo_launches', label: string) => (
    <FormField label={label} errorText={errorText(field)}>
      <Input
        value={values[field]}
        inputMode="numeric"
        onChange={({ detail }) => set(field, detail.value)}
        data-testid={`task-${field}`}
      />
    </FormField>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="task-form">
      <UnsavedChangesPrompt when={edit.dirty && !edit.saving} />
      <Form
        header={
          <Header
            variant="h1"
            description={task ? t('task.position', { position: task.position }) : undefined}
          >
            {task ? task.task_name : t('task.new_title')}
          </Header>
        }
        errorText={edit.hasErrors ? t('messages:validation_failed') : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={back}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={edit.saving} data-testid="task-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container>
            <SpaceBetween size="m">
              <FormField label={t('field.task_name')} errorText={errorText('task_name')}>
                <Input
                  value={values.task_name}
                  onChange={({ detail }) => set('task_name', detail.value)}
                  data-testid="task-name"
                />
              </FormField>
              <FormField label={t('field.description')} errorText={errorText('description')}>
                <Textarea
                  value={values.description}
                  rows={3}
                  onChange={({ detail }) => set('description', detail.value)}
                />
              </FormField>
              <FormField label={t('field.acceptance_criteria')} errorText={errorText('acceptance_criteria')}>
                <Textarea
                  value={values.acceptance_criteria}
                  rows={2}
                  onChange={({ detail }) => set('acceptance_criteria', detail.value)}
                  data-testid="task-criteria"
                />
              </FormField>
              <FormField label={t('field.briefing_only')} description={t('field.briefing_only_hint')}>
                <Toggle
                  checked={values.briefing_only}
                  onChange={({ detail }) => set('briefing_only', detail.checked)}
                  data-testid="task-briefing"
                >
                  {values.briefing_only ? t('yes') : t('no')}
                </Toggle>
              </FormField>
            </SpaceBetween>
          </Container>
          {!values.briefing_only && (
            <Container header={<Header variant="h2">{t('task.section.flights')}</Header>}>
              <SpaceBetween size="m">
                <ColumnLayout columns={2}>
                  <FormField label={t('field.flight_role')} errorText={errorText('flight_role')}>
                    <Select
                      selectedOption={roleOptions.find((o) => o.value === values.flight_role) ?? null}
                      options={roleOptions}
                      onChange={({ detail }) =>
                        set('flight_role', detail.selectedOption.value as Values['flight_role'])
                      }
                      data-testid="task-role"
                    />
                  </FormField>
                  <FormField
                    label={t('field.launch_methods')}
                    description={t('field.launch_methods_hint')}
                    errorText={errorText('launch_methods')}
                  >
                    <Multiselect
                      selectedOptions={methodOptions.filter((o) => values.launch_methods.includes(o.value))}
                      options={methodOptions}
                      placeholder={t('field.any_method')}
                      onChange={({ detail }) =>
                        set(
                          'launch_methods',
                          detail.selectedOptions.map((o) => o.value as TakeoffType),
                        )
                      }
                      data-testid="task-methods"
                    />
                  </FormField>
                </ColumnLayout>
                <ColumnLayout columns={3}>
                  {number('min_flights', t('measure.flights'))}
                  <FormField label={t('measure.dual_minutes')} errorText={errorText('min_dual_minutes')}>
                    <DecimalHoursField
                      minutes={values.min_dual_minutes}
                      onChange={(m) => set('min_dual_minutes', m)}
                      testId="task-min-dual"
                    />
                  </FormField>
                  <FormField label={t('measure.solo_minutes')} errorText={errorText('min_solo_minutes')}>
                    <DecimalHoursField
                      minutes={values.min_solo_minutes}
                      onChange={(m) => set('min_solo_minutes', m)}
                      testId="task-min-solo"
                    />
                  </FormField>
                  {number('min_dual_launches', t('measure.dual_launches'))}
                  {number('min_solo_launches', t('measure.solo_launches'))}
                  <FormField
                    label={t('field.grants_launch_privilege')}
                    description={t('field.grants_launch_privilege_hint')}
                  >
                    <Select
                      selectedOption={
                        privilegeOptions.find((o) => o.value === values.grants_launch_privilege) ?? null
                      }
                      options={privilegeOptions}
                      onChange={({ detail }) =>
                        set('grants_launch_privilege', detail.selectedOption.value ?? '')
                      }
                      data-testid="task-privilege"
                    />
                  </FormField>
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          )}
          <Container
            header={
              <Header variant="h2" description={t('task.section.exercises_hint')}>
                {t('task.section.exercises')}
              </Header>
            }
          >
            <RowsEditor
              rows={values.exercises}
              onChange={(rows) => set('exercises', rows)}
              newRow={() => ({ exercise_id: newExerciseId(), title: '' })}
              name="exercises"
              errorText={errorText}
              addText={t('task.add_exercise')}
              removeText={t('action.remove')}
              empty={t('task.no_exercises')}
              columns={[
                {
                  label: t('field.exercise'),
                  field: 'title',
                  control: (item, change, index) => (
                    <Input
                      value={item.title}
                      onChange={({ detail }) => change({ title: detail.value })}
                      data-testid={`task-exercise-${index}`}
                    />
                  ),
                },
              ]}
            />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

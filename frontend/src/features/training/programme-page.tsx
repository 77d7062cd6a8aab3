import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  createProgrammeInput,
  type ProgrammeOutput,
  updateProgrammeInput,
} from '../../../../contracts/schemas/training.ts';
import { PRIVILEGE_METHODS, PROGRAMME_KINDS } from '../../../../contracts/schemas/training-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { downloadFile } from '../../lib/download.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { programmeHref } from './programmes-page.tsx';
import { act, useEdit } from './use-edit.ts';

interface Values {
  training_name: string;
  kind: ProgrammeOutput['kind'];
  launch_method: string;
  description: string;
  head_of_training_id: string;
  theoretical_time: number | null;
  /** In the currency's major unit, as typed. */
  training_fee: string;
  training_student_edit_on: boolean;
  min_total_minutes: number | null;
  min_dual_minutes: number | null;
  min_solo_minutes: number | null;
  min_launches: string;
}

const EMPTY: Values = {
  training_name: '',
  kind: 'other',
  launch_method: '',
  description: '',
  head_of_training_id: '',
  theoretical_time: 0,
  training_fee: '0',
  training_student_edit_on: false,
  min_total_minutes: 0,
  min_dual_minutes: 0,
  min_solo_minutes: 0,
  min_launches: '0',
};

const valuesOf = (p: ProgrammeOutput): Values => ({
  training_name: p.training_name,
  kind: p.kind,
  launch_method: p.launch_method ?? '',
  description: p.description ?? '',
  head_of_training_id: p.head_of_training_id ?? '',
  theoretical_time: p.theoretical_time,
  training_fee: String(p.training_fee / 100),
  training_student_edit_on: p.training_student_edit_on,
  min_total_minutes: p.min_total_minutes,
  min_dual_minutes: p.min_dual_minutes,
  min_solo_minutes: p.min_solo_minutes,
  min_launches: String(p.min_launches),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The values as the API's body: money back to minor units, counts to numbers. */
const bodyOf = (v: Values) => ({
  training_name: v.training_name,
  kind: v.kind,
  launch_method: v.kind === 'launch_method' ? v.launch_method || null : null,
  description: v.description || null,
  head_of_training_id: v.head_of_training_id || null,
  theoretical_time: v.theoretical_time ?? 0,
  training_fee: Math.round(numberOf(v.training_fee) * 100),
  training_student_edit_on: v.training_student_edit_on,
  min_total_minutes: v.min_total_minutes ?? 0,
  min_dual_minutes: v.min_dual_minutes ?? 0,
  min_solo_minutes: v.min_solo_minutes ?? 0,
  min_launches: numberOf(v.min_launches),
});

/**
 * settings/training/{id} (`new` for a new one): a programme's name, kind, head of training, fee,
 * theoretical time and minimums, whether students may add notes; copy, export, delete.
 */
export default function ProgrammePage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { id = 'new' } = useParams();
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const currency = profile?.organization?.currency_id ?? 'HUF';
  const users = useDatasource('users');
  const [record, setRecord] = useState<ProgrammeOutput | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'not_found'>(id === 'new' ? 'ready' : 'loading');
  const edit = useEdit<Values>(EMPTY);
  const { reset } = edit;
  const [copyName, setCopyName] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (id === 'new') return;
    try {
      const programme = await call('getProgramme', { params: { id } });
      setRecord(programme);
      reset(valuesOf(programme));
      setState('ready');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setState('not_found');
      else reportFailure(error);
    }
  }, [id, reset]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = bodyOf(edit.values);
    if (!record) {
      await edit.save(createProgrammeInput, body, async (checked) => {
        const created = await call('createProgramme', { body: checked });
        flash('success', 'training_saved');
        navigate(hrefOf('settings/training/:training_id/tasks', { training_id: created.programme_id }), {
          replace: true,
        });
      });
      return;
    }
    await edit.save(
      updateProgrammeInput,
      { ...body, version: record.version },
      async (checked) => {
        const saved = await call('updateProgramme', { params: { id: record.programme_id }, body: checked });
        setRecord(saved);
        reset(valuesOf(saved));
        flash('success', 'training_saved');
      },
      () => void load(),
    );
  };
  useDialogKeys(
    { onSave: () => void submit(), onCancel: () => navigate(hrefOf('settings/trainings')) },
    copyName === null && !deleting,
  );

  if (state === 'loading') return <PageSpinner />;
  if (state === 'not_found') return <Alert type="error">{t('messages:not_found')}</Alert>;

  const copy = async () => {
    if (!record || copyName === null) return;
    setBusy(true);
    const created = await act(() =>
      call('copyProgramme', { params: { id: record.programme_id }, body: { training_name: copyName } }),
    );
    setBusy(false);
    if (!created) return;
    setCopyName(null);
    flash('success', 'programme_adopted', { values: { name: created.training_name } });
    navigate(programmeHref(created.programme_id));
  };
  const exportFile = async () => {
    if (!record) return;
    const file = await act(() => call('exportProgramme', { params: { id: record.programme_id } }));
    if (file)
      downloadFile(
        `${JSON.stringify(file, null, 2)}\n`,
        `${record.training_name.replace(/[^\p{L}\p{N}]+/gu, '-')}.json`,
        'application/json',
      );
  };
  const remove = async () => {
    if (!record) return;
    setBusy(true);
    const done = await act(() =>
      call('deleteProgramme', { params: { id: record.programme_id }, query: { version: record.version } }),
    );
    setBusy(false);
    setDeleting(false);
    if (done) {
      flash('success', 'training_deleted');
      navigate(hrefOf('settings/trainings'));
    }
  };

  const { values, set, errorText } = edit;
  const kindOptions = PROGRAMME_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }));
  const methodOptions = PRIVILEGE_METHODS.map((method) => ({ value: method, label: t(`launch.${method}`) }));
  const userOptions = [
    { value: '', label: t('field.nobody') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="programme-form">
      <UnsavedChangesPrompt when={edit.dirty && !edit.saving} />
      <Form
        header={
          <Header
            variant="h1"
            description={record?.builtin_key ? t('programme.from_builtin') : t('programme.description')}
            actions={
              record && (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    onClick={() =>
                      navigate(
                        hrefOf('settings/training/:training_id/tasks', { training_id: record.programme_id }),
                      )
                    }
                    data-testid="programme-tasks"
                  >
                    {t('programme.tasks', { count: record.task_count })}
                  </Button>
                  <Button
                    onClick={() => setCopyName(`${record.training_name} (2)`)}
                    data-testid="programme-copy"
                  >
                    {t('programme.copy')}
                  </Button>
                  <Button
                    onClick={() => void exportFile()}
                    iconName="download"
                    data-testid="programme-export"
                  >
                    {t('programme.export')}
                  </Button>
                  <Button
                    onClick={() => setDeleting(true)}
                    disabled={!record.can_delete}
                    data-testid="programme-delete"
                  >
                    {t('action.delete')}
                  </Button>
                </SpaceBetween>
              )
            }
          >
            {record ? record.training_name : t('programme.new_title')}
          </Header>
        }
        errorText={edit.hasErrors ? t('messages:validation_failed') : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={() => navigate(hrefOf('settings/trainings'))}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={edit.saving} data-testid="programme-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {record?.dto_declared && <Alert type="info">{t('programme.dto_declared')}</Alert>}
          <Container header={<Header variant="h2">{t('programme.section.programme')}</Header>}>
            <SpaceBetween size="m">
              <FormField label={t('field.training_name')} errorText={errorText('training_name')}>
                <Input
                  value={values.training_name}
                  onChange={({ detail }) => set('training_name', detail.value)}
                  data-testid="programme-name"
                />
              </FormField>
              <ColumnLayout columns={2}>
                <FormField label={t('field.kind')} errorText={errorText('kind')}>
                  <Select
                    selectedOption={kindOptions.find((o) => o.value === values.kind) ?? null}
                    options={kindOptions}
                    onChange={({ detail }) => set('kind', detail.selectedOption.value as Values['kind'])}
                    data-testid="programme-kind"
                  />
                </FormField>
                {values.kind === 'launch_method' && (
                  <FormField label={t('field.launch_method')} errorText={errorText('launch_method')}>
                    <Select
                      selectedOption={methodOptions.find((o) => o.value === values.launch_method) ?? null}
                      options={methodOptions}
                      placeholder={t('field.choose')}
                      onChange={({ detail }) => set('launch_method', detail.selectedOption.value ?? '')}
                      data-testid="programme-launch-method"
                    />
                  </FormField>
                )}
              </ColumnLayout>
              <FormField label={t('field.description')} errorText={errorText('description')}>
                <Textarea
                  value={values.description}
                  rows={4}
                  onChange={({ detail }) => set('description', detail.value)}
                />
              </FormField>
              <ColumnLayout columns={2}>
                <FormField
                  label={t('field.head_of_training_id')}
                  errorText={errorText('head_of_training_id')}
                >
                  <Select
                    selectedOption={userOptions.find((o) => o.value === values.head_of_training_id) ?? null}
                    options={userOptions}
                    filteringType="auto"
                    statusType={users.loading ? 'loading' : 'finished'}
                    onChange={({ detail }) => set('head_of_training_id', detail.selectedOption.value ?? '')}
                    data-testid="programme-head"
                  />
                </FormField>
                <FormField
                  label={t('field.training_fee')}
                  description={t('field.training_fee_hint', { currency })}
                  errorText={errorText('training_fee')}
                >
                  <Input
                    value={values.training_fee}
                    inputMode="decimal"
                    onChange={({ detail }) => set('training_fee', detail.value)}
                    data-testid="programme-fee"
                  />
                </FormField>
                <FormField label={t('field.theoretical_time')} errorText={errorText('theoretical_time')}>
                  <DecimalHoursField
                    minutes={values.theoretical_time}
                    onChange={(minutes) => set('theoretical_time', minutes)}
                    testId="programme-theory"
                  />
                </FormField>
                <FormField
                  label={t('field.training_student_edit_on')}
                  description={t('field.training_student_edit_on_hint')}
                >
                  <Toggle
                    checked={values.training_student_edit_on}
                    onChange={({ detail }) => set('training_student_edit_on', detail.checked)}
                    data-testid="programme-student-edit"
                  >
                    {values.training_student_edit_on ? t('yes') : t('no')}
                  </Toggle>
                </FormField>
              </ColumnLayout>
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('programme.section.minimums_hint')}>
                {t('programme.section.minimums')}
              </Header>
            }
          >
            <ColumnLayout columns={4}>
              <FormField label={t('measure.total_minutes')} errorText={errorText('min_total_minutes')}>
                <DecimalHoursField
                  minutes={values.min_total_minutes}
                  onChange={(m) => set('min_total_minutes', m)}
                  testId="programme-min-total"
                />
              </FormField>
              <FormField label={t('measure.dual_minutes')} errorText={errorText('min_dual_minutes')}>
                <DecimalHoursField
                  minutes={values.min_dual_minutes}
                  onChange={(m) => set('min_dual_minutes', m)}
                  testId="programme-min-dual"
                />
              </FormField>
              <FormField label={t('measure.solo_minutes')} errorText={errorText('min_solo_minutes')}>
                <DecimalHoursField
                  minutes={values.min_solo_minutes}
                  onChange={(m) => set('min_solo_minutes', m)}
                  testId="programme-min-solo"
                />
              </FormField>
              <FormField label={t('measure.launches')} errorText={errorText('min_launches')}>
                <Input
                  value={values.min_launches}
                  inputMode="numeric"
                  onChange={({ detail }) => set('min_launches', detail.value)}
                  data-testid="programme-min-launches"
                />
              </FormField>
            </ColumnLayout>
          </Container>
        </SpaceBetween>
      </Form>
      <Modal
        visible={copyName !== null}
        onDismiss={() => setCopyName(null)}
        header={t('programme.copy_title')}
        data-testid="programme-copy-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setCopyName(null)}>
                {t('common:action.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void copy()}
                data-testid="programme-copy-confirm"
              >
                {t('programme.copy')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <FormField label={t('field.training_name')}>
          <Input value={copyName ?? ''} onChange={({ detail }) => setCopyName(detail.value)} />
        </FormField>
      </Modal>
      <ConfirmModal
        visible={deleting}
        header={t('programme.delete_title')}
        confirmText={t('action.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="programme-delete-confirm"
      >
        {t('programme.delete_body', { name: record?.training_name ?? '' })}
      </ConfirmModal>
    </form>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { type EnrolmentOutput, updateEnrolmentInput } from '../../../../contracts/schemas/training.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { TrainingView } from './training-view.tsx';
import { act, useEdit } from './use-edit.ts';

/**
 * training/edit/{user_id}/{id}: one student's training for the instructor — link flights to tasks,
 * grade them, sign task checks, close, reopen and finish (issue 16 §3, §4).
 */
export default function TrainingEditPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { user_id: userId = '', id = '' } = useParams();
  const navigate = usePageNavigate();
  const [training, setTraining] = useState<EnrolmentOutput | null>(null);
  const [missing, setMissing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const loaded = await call('getEnrolment', { params: { id } });
      if (loaded.user_id !== userId) setMissing(true);
      else setTraining(loaded);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setMissing(true);
      else reportFailure(error);
    }
  }, [id, userId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (missing) return <Alert type="error">{t('messages:not_found')}</Alert>;
  if (!training) return <PageSpinner />;

  const remove = async () => {
    setBusy(true);
    const done = await act(() =>
      call('deleteEnrolment', { params: { id }, query: { version: training.version } }),
    );
    setBusy(false);
    if (done) {
      flash('success', 'training_deleted');
      navigate(hrefOf('training/planning'));
    }
  };

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={
          <PageLink href={hrefOf('training/planning')}>{t('nav:title.training_planning')}</PageLink>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {training.can_edit && (
              <Button onClick={() => setEditing(true)} data-testid="training-edit">
                {t('view.edit')}
              </Button>
            )}
            {training.can_delete && (
              <Button onClick={() => setDeleting(true)} data-testid="training-delete">
                {t('action.delete')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        <span data-testid="training-student">{training.student_name}</span>
      </Header>
      <TrainingView training={training} onChange={setTraining} view="trainer" />
      {editing && (
        <EditModal
          training={training}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setTraining(next);
            setEditing(false);
            flash('success', 'training_saved');
          }}
          reload={() => void load()}
        />
      )}
      <ConfirmModal
        visible={deleting}
        header={t('view.delete_title')}
        confirmText={t('action.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
        testId="training-delete-confirm"
      >
        {t('view.delete_body', { name: training.student_name })}
      </ConfirmModal>
    </SpaceBetween>
  );
}

function EditModal({
  training,
  onClose,
  onSaved,
  reload,
}: {
  training: EnrolmentOutput;
  onClose: () => void;
  onSaved: (next: EnrolmentOutput) => void;
  reload: () => void;
}) {
  const { t } = useTranslation(['training', 'common']);
  const users = useDatasource('users');
  const edit = useEdit({
    instructor_ids: training.instructor_ids,
    training_start_date: training.training_start_date,
  });
  const submit = async () => {
    let saved: EnrolmentOutput | undefined;
    const ok = await edit.save(
      updateEnrolmentInput,
      { ...edit.values, version: training.version },
      async (body) => {
        saved = await call('updateEnrolment', { params: { id: training.enrolment_id }, body });
      },
      reload,
    );
    if (ok && saved) onSaved(saved);
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  const options = users.items.map((u) => ({ value: u.user_id, label: u.name }));
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('view.edit_title')}
      data-testid="training-edit-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={edit.saving} onClick={() => void submit()}>
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('field.instructors')} errorText={edit.errorText('instructor_ids')}>
          <Multiselect
            selectedOptions={options.filter((o) => edit.values.instructor_ids.includes(o.value))}
            options={options}
            filteringType="auto"
            onChange={({ detail }) =>
              edit.set(
                'instructor_ids',
                detail.selectedOptions.map((o) => o.value ?? ''),
              )
            }
          />
        </FormField>
        <FormField label={t('field.training_start_date')} errorText={edit.errorText('training_start_date')}>
          <DatePicker
            value={edit.values.training_start_date}
            onChange={({ detail }) => edit.set('training_start_date', detail.value)}
            placeholder={t('common:date.picker_placeholder')}
            expandToViewport
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

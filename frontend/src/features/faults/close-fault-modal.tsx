import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { closeFaultInput, type FaultOutput } from '../../../../contracts/schemas/faults.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { FormFooter } from '../../components/forms/record-form.tsx';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

export function CloseFaultModal({
  fault,
  visible,
  onDone,
  reload,
}: {
  fault: FaultOutput;
  visible: boolean;
  onDone: (closed?: FaultOutput) => void;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(['faults', 'messages', 'common']);
  const [comment, setComment] = useState('');
  const errors = useFieldErrors({ prefix: 'fault', fields: ['closing_comment'] });
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    if (busy) return;
    errors.clear();
    onDone();
  };
  const confirm = async () => {
    const parsed = z.safeParse(closeFaultInput, { closing_comment: comment, version: fault.version });
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const closed = await call('closeFault', { params: { id: fault.fault_id }, body: parsed.data });
      flash('success', 'faults:flash.closed', { values: { reg_num: closed.reg_num } });
      setComment('');
      onDone(closed);
    } catch (error) {
      if (error instanceof FieldErrors) errors.show(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        // Someone changed the report meanwhile: the dialog closes on the fresh report.
        reportSaveFailure(error);
        onDone();
        await reload();
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  useDialogKeys({ onCancel: cancel, onSave: () => void confirm() }, visible);

  return (
    <Modal
      visible={visible}
      onDismiss={cancel}
      header={t('close.title', { reg_num: fault.reg_num })}
      data-testid="fault-close-modal"
      footer={
        <FormFooter
          prefix="fault-close"
          saving={busy}
          onCancel={cancel}
          onSave={() => void confirm()}
          saveText={t('close.confirm')}
          submitTestId="fault-close-confirm"
        />
      }
    >
      <SpaceBetween size="m">
        {fault.severity === 'grounding' ? <Box>{t('close.grounding_hint')}</Box> : null}
        <FormField label={t('field.closing_comment')} errorText={errors.errorText('closing_comment')} stretch>
          <Textarea
            value={comment}
            onChange={({ detail }) => {
              setComment(detail.value);
              errors.clear();
            }}
            rows={3}
            placeholder={t('close.placeholder')}
            invalid={errors.has('closing_comment')}
            data-testid="fault-closing_comment"
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

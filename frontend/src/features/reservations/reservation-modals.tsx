import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHECK_LEVELS,
  type CheckLevel,
  cancelReservationInput,
  RESERVATION_CHECKS,
  type ReservationOutput,
  reservationSettingsInput,
} from '../../../../contracts/schemas/reservations.ts';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { call, FieldErrors } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { timeRange } from './calendar-model.ts';

/** One booking: who, when, what was confirmed or overridden; the member's own is cancelled here with a reason. */
export function ReservationDetailModal({
  reservation: r,
  onClose,
  onCancelled,
}: {
  reservation: ReservationOutput;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation(['reservations', 'messages', 'common']);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors({ prefix: 'cancel', fields: ['reason'] });
  const cancel = async () => {
    const parsed = cancelReservationInput.safeParse({ reason, version: r.version });
    if (!parsed.success) {
      errors.show({ reason: ['field_required'] });
      return;
    }
    setBusy(true);
    try {
      await call('cancelReservation', { params: { id: r.reservation_id }, body: parsed.data });
      flash('success', 'reservations:cancelled');
      onCancelled();
    } catch (error) {
      if (error instanceof FieldErrors) errors.show(error.errors);
      else reportSaveFailure(error, onCancelled);
    } finally {
      setBusy(false);
    }
  };
  const line = (label: string, value: string) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{value}</div>
    </div>
  );
  const keys = (list: string[]) => list.map((key) => dynamicT(t)(key, { ns: 'messages' })).join(' ');
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('detail_title', { reg_num: r.reg_num })}
      data-testid="reservation-detail"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="reservation-close">
              {t('common:action.back')}
            </Button>
            {r.can_cancel && (
              <Button onClick={() => void cancel()} loading={busy} data-testid="reservation-cancel">
                {t('cancel_confirm')}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2} variant="text-grid">
          {line(t('when'), timeRange(r))}
          {line(t('by'), r.user_name)}
          {r.instructor_name && line(t('with_instructor'), r.instructor_name)}
          {line(t('status'), t(`status_value.${r.status}`))}
          {r.comment && line(t('field.comment'), r.comment)}
          {r.cancel_reason && line(t('field.reason'), r.cancel_reason)}
          {r.warnings.length > 0 && line(t('confirmed_warnings'), keys(r.warnings))}
          {r.overridden.length > 0 && line(t('overridden'), keys(r.overridden))}
        </ColumnLayout>
        {r.can_cancel && (
          <FormField label={t('field.reason')} errorText={errors.errorText('reason')}>
            <Textarea
              value={reason}
              rows={2}
              onChange={({ detail }) => {
                setReason(detail.value);
                errors.forget('reason');
              }}
              invalid={errors.has('reason')}
              data-testid="cancel-reason"
            />
          </FormField>
        )}
      </SpaceBetween>
    </Modal>
  );
}

/** reservation-administration: the club's level per check. */
export function ReservationSettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['reservations', 'common']);
  const form = useRecordForm({
    load: useCallback(() => call('getReservationSettings'), []),
    toValues: (record) => ({ ...record.checks }),
    toInput: (values, record) => ({ checks: values, version: record.version }),
    schema: reservationSettingsInput,
    save: (body) => call('updateReservationSettings', { body }),
    onSaved: () => {
      flash('success', 'reservations:settings_saved');
      onClose();
    },
    onCancel: onClose,
    focus: { prefix: 'checks', fields: [...RESERVATION_CHECKS] },
  });
  const { values } = form;
  if (!values) return null;
  return (
    <RecordModal
      prefix="checks"
      testId="reservation-settings"
      header={t('settings_title')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('settings_intro')}</Box>
        {RESERVATION_CHECKS.map((check) => (
          <FormField key={check} label={t(`check.${check}`)}>
            <SegmentedControl
              selectedId={values[check]}
              options={CHECK_LEVELS.map((level) => ({ id: level, text: t(`level.${level}`) }))}
              onChange={({ detail }) => form.set(check, detail.selectedId as CheckLevel)}
              data-testid={`checks-${check}`}
            />
          </FormField>
        ))}
      </SpaceBetween>
    </RecordModal>
  );
}

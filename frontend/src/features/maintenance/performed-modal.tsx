import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { type PerformedInput, performedInput } from '../../../../contracts/schemas/maintenance.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { countOfText, hoursInputText, minutesOfText } from './due.tsx';

type Errors = Record<string, string[]>;
const todayText = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * "Record performed": the date and the owner's readings it was done at (default: today and the
 * current readings); the new cycle runs from there.
 */
export function PerformedModal({
  name,
  current,
  version,
  onClose,
  onSubmit,
}: {
  name: string;
  current: { flight: number; engine: number; takeoff: number };
  version: number;
  onClose: () => void;
  onSubmit: (body: PerformedInput) => Promise<void>;
}) {
  const { t } = useTranslation(['maintenance', 'messages', 'common']);
  const [values, setValues] = useState({
    date: todayText(),
    flight: hoursInputText(current.flight),
    engine: hoursInputText(current.engine),
    takeoff: String(current.takeoff),
    comment: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors({});
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };

  const save = async () => {
    if (saving) return;
    const counters = {
      flight: minutesOfText(values.flight) ?? undefined,
      engine: minutesOfText(values.engine) ?? undefined,
      takeoff: countOfText(values.takeoff) ?? undefined,
    };
    const parsed = z.safeParse(performedInput, {
      date: values.date,
      counters,
      comment: values.comment.trim() || undefined,
      version,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(parsed.data);
      flash('success', 'maintenance:flash.performed', { values: { name } });
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict');
        onClose();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void save() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('performed.title', { name })}
      data-testid="performed-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={saving}
              onClick={() => void save()}
              data-testid="performed-save"
            >
              {t('performed.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <Box variant="p" color="text-body-secondary">
              {t('performed.description')}
            </Box>
            <FormField label={t('performed.date')} errorText={errorText('date')}>
              <DatePicker
                value={values.date}
                placeholder="YYYY/MM/DD"
                invalid={Boolean(errors.date)}
                onChange={({ detail }) => set('date', detail.value)}
                data-testid="performed-date"
              />
            </FormField>
            <ColumnLayout columns={3}>
              <FormField label={t('field.counter_flight')} errorText={errorText('counters.flight')}>
                <Input
                  value={values.flight}
                  inputMode="decimal"
                  onChange={({ detail }) => set('flight', detail.value)}
                  data-testid="performed-flight"
                />
              </FormField>
              <FormField label={t('field.counter_engine')} errorText={errorText('counters.engine')}>
                <Input
                  value={values.engine}
                  inputMode="decimal"
                  onChange={({ detail }) => set('engine', detail.value)}
                  data-testid="performed-engine"
                />
              </FormField>
              <FormField label={t('field.counter_takeoff')} errorText={errorText('counters.takeoff')}>
                <Input
                  value={values.takeoff}
                  inputMode="numeric"
                  onChange={({ detail }) => set('takeoff', detail.value)}
                  data-testid="performed-takeoff"
                />
              </FormField>
            </ColumnLayout>
            <FormField label={t('performed.comment')} errorText={errorText('comment')}>
              <Textarea
                value={values.comment}
                rows={2}
                onChange={({ detail }) => set('comment', detail.value)}
                data-testid="performed-comment"
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

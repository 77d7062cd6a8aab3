import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type PerformedInput, performedInput } from '../../../../contracts/schemas/maintenance.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { flash } from '../../lib/flash.ts';
import { countOfText, hoursInputText, minutesOfText } from './due.tsx';

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
  const { t } = useTranslation(['maintenance', 'common']);
  const { flight, engine, takeoff } = current;
  const form = useRecordForm({
    // What the record is done at: today and the current readings, with the version the dialog opened on.
    load: useCallback(
      async () => ({ current: { flight, engine, takeoff }, version }),
      [flight, engine, takeoff, version],
    ),
    toValues: ({ current: readings }: { current: typeof current; version: number }) => ({
      date: todayText(),
      flight: hoursInputText(readings.flight),
      engine: hoursInputText(readings.engine),
      takeoff: String(readings.takeoff),
      comment: '',
    }),
    toInput: (values, opened) => ({
      date: values.date,
      counters: {
        flight: minutesOfText(values.flight) ?? undefined,
        engine: minutesOfText(values.engine) ?? undefined,
        takeoff: countOfText(values.takeoff) ?? undefined,
      },
      comment: values.comment.trim() || undefined,
      version: opened.version,
    }),
    schema: performedInput,
    save: async (body, opened) => {
      await onSubmit(body);
      return opened;
    },
    onSaved: () => flash('success', 'maintenance:flash.performed', { values: { name } }),
    onConflict: () => {
      flash('error', 'conflict');
      onClose();
    },
    onCancel: onClose,
    focus: { prefix: 'performed', fields: ['date', 'counters', 'comment'] },
  });
  const { values, errorText } = form;
  if (!values) return null;
  const set = form.set;

  return (
    <RecordModal
      prefix="performed"
      header={t('performed.title', { name })}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
      saveText={t('performed.save')}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {t('performed.description')}
        </Box>
        <FormField label={t('performed.date')} errorText={errorText('date')}>
          <DateField
            value={values.date}
            invalid={form.has('date')}
            onChange={(value) => set('date', value)}
            testId="performed-date"
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
    </RecordModal>
  );
}

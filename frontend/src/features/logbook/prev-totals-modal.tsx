import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LogbookBookOutput,
  PREV_FIELDS,
  type PrevField,
  prevTotalsInput,
} from '../../../../contracts/schemas/logbook.ts';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

/** Counts, not minutes. */
const COUNT_FIELDS: readonly PrevField[] = ['prev_launches', 'prev_landings'];

/**
 * The previous totals (spec §3 prev_*): what the pilot flew before this logbook, typed from the
 * paper book; the sums start from them. Saved with the version read (409: reload).
 */
export function PrevTotalsModal({
  kind,
  book,
  onClose,
  onSaved,
  onReload,
}: {
  kind: LogbookBookOutput['kind'];
  book: LogbookBookOutput;
  onClose: () => void;
  onSaved: (book: LogbookBookOutput) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(['logbook', 'common']);
  const form = useRecordForm({
    load: useCallback(async () => book, [book]),
    toValues: (stored: LogbookBookOutput) => stored.prev as Record<string, number>,
    toInput: (values, stored) => ({
      ...Object.fromEntries(PREV_FIELDS.map((field) => [field, values[field] ?? 0])),
      version: stored.version,
    }),
    schema: prevTotalsInput,
    save: (body) => call('savePrevTotals', { params: { kind }, body }),
    onSaved,
    // The logbook behind shows the totals as stored: close and offer to reload it.
    onConflict: () => {
      onClose();
      flash('error', 'conflict', { action: { labelKey: 'action.reload', run: onReload } });
    },
    onCancel: onClose,
    focus: { prefix: 'prev', fields: PREV_FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;

  return (
    <RecordModal
      prefix="prev"
      size="large"
      header={t('prev.title')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <Box variant="p" color="text-body-secondary">
          {t('prev.description')}
        </Box>
        <ColumnLayout columns={3}>
          {PREV_FIELDS.map((field) => (
            <FormField
              key={field}
              label={t(`prev.${field}`)}
              errorText={errorText(field)}
              constraintText={COUNT_FIELDS.includes(field) ? undefined : t('prev.hours_hint')}
            >
              {COUNT_FIELDS.includes(field) ? (
                <Input
                  value={String(values[field] ?? 0)}
                  inputMode="numeric"
                  onChange={({ detail }) => set(field, Number(detail.value.replace(/[^\d]/g, '')) || 0)}
                  invalid={form.has(field)}
                  data-testid={`prev-${field}`}
                />
              ) : (
                <DecimalHoursField
                  minutes={values[field] ?? 0}
                  onChange={(minutes) => set(field, minutes ?? 0)}
                  invalid={form.has(field)}
                  testId={`prev-${field}`}
                />
              )}
            </FormField>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </RecordModal>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LogbookBookOutput,
  PREV_FIELDS,
  type PrevField,
} from '../../../../contracts/schemas/logbook.ts';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

/** Counts, not minutes. */
const COUNT_FIELDS: readonly PrevField[] = ['prev_launches', 'prev_landings'];

/**
 * The previous totals (spec §3 prev_*): what the pilot flew before this logbook, typed from the
 * paper book; the sums start from them. Saved with the version read (409: reload).
 */
export function PrevTotalsModal({
  visible,
  kind,
  book,
  onClose,
  onSaved,
  onReload,
}: {
  visible: boolean;
  kind: LogbookBookOutput['kind'];
  book: LogbookBookOutput;
  onClose: () => void;
  onSaved: (book: LogbookBookOutput) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(['logbook', 'messages', 'common']);
  const [values, setValues] = useState<Record<string, number>>(book.prev);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (visible) {
      setValues(book.prev);
      setErrors({});
    }
  }, [visible, book]);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const body = Object.fromEntries(PREV_FIELDS.map((field) => [field, values[field] ?? 0]));
      onSaved(await call('savePrevTotals', { params: { kind }, body: { ...body, version: book.version } }));
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        onClose();
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: onReload } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void save() }, visible);

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  return (
    <Modal
      visible={visible}
      size="large"
      onDismiss={onClose}
      header={t('prev.title')}
      data-testid="prev-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="prev-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
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
                  onChange={({ detail }) =>
                    setValues({ ...values, [field]: Number(detail.value.replace(/[^\d]/g, '')) || 0 })
                  }
                  data-testid={`prev-${field}`}
                />
              ) : (
                <DecimalHoursField
                  minutes={values[field] ?? 0}
                  onChange={(minutes) => setValues({ ...values, [field]: minutes ?? 0 })}
                  testId={`prev-${field}`}
                />
              )}
            </FormField>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </Modal>
  );
}

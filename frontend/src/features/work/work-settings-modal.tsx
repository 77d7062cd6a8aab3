import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contracts/money.ts';
import type { OutputOf } from '../../../../contracts/routes.ts';
import { MEMBERSHIP_TYPES } from '../../../../contracts/schemas/finance-enums.ts';
import { workSettingsInput } from '../../../../contracts/schemas/work.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';

type Settings = OutputOf<'getWorkSettings'>;
type Values = Record<string, string>;

/**
 * The yearly obligation of work hours (work-administrator): the club's default and, per membership
 * type, its own number (empty: the default). The work prices are the organization's (shown here).
 */
export function WorkSettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['work', 'ledger']);
  const form = useRecordForm({
    load: useCallback(() => call('getWorkSettings'), []),
    toValues: (s: Settings): Values => ({
      obligation_hours: String(s.obligation_hours),
      ...Object.fromEntries(MEMBERSHIP_TYPES.map((m) => [m, s.by_membership_type[m]?.toString() ?? ''])),
    }),
    toInput: (values, s) => ({
      obligation_hours: Number(values.obligation_hours),
      by_membership_type: Object.fromEntries(
        MEMBERSHIP_TYPES.filter((m) => (values[m] ?? '').trim() !== '').map((m) => [m, Number(values[m])]),
      ),
      version: s.version,
    }),
    schema: workSettingsInput,
    save: (body) => call('updateWorkSettings', { body }),
    onSaved: () => {
      flash('success', 'work:settings_saved');
      onClose();
    },
    onCancel: onClose,
    readOnly: (s) => !s.can_edit,
    errorFieldOf: (field) => field.replace('by_membership_type.', ''),
    focus: { prefix: 'work-settings', fields: ['obligation_hours', ...MEMBERSHIP_TYPES] },
  });
  const { values, record } = form;
  if (!values || !record) return null;
  const money = (minor: number | null) =>
    minor === null ? t('no_price') : formatMoney(minor, record.currency_id, currentLang());
  return (
    <RecordModal
      prefix="work-settings"
      header={t('obligation')}
      errorText={form.formErrorText()}
      saving={form.saving}
      readOnly={form.readOnly}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <Box>{t('obligation_description')}</Box>
        <FormField label={t('obligation_hours')} errorText={form.errorText('obligation_hours')}>
          <Input
            type="number"
            value={values.obligation_hours ?? ''}
            readOnly={form.readOnly}
            onChange={({ detail }) => form.set('obligation_hours', detail.value)}
            data-testid="work-settings-obligation_hours"
          />
        </FormField>
        <SpaceBetween direction="horizontal" size="s">
          {MEMBERSHIP_TYPES.map((m) => (
            <FormField key={m} label={t(`ledger:membership_type.${m}`)} errorText={form.errorText(m)}>
              <Input
                type="number"
                value={values[m] ?? ''}
                readOnly={form.readOnly}
                placeholder={values.obligation_hours}
                onChange={({ detail }) => form.set(m, detail.value)}
              />
            </FormField>
          ))}
        </SpaceBetween>
        <Box variant="small" color="text-body-secondary">
          {t('prices', {
            social: money(record.social_work_price),
            normal: money(record.normal_work_price),
            professional: money(record.professional_work_price),
          })}
        </Box>
      </SpaceBetween>
    </RecordModal>
  );
}

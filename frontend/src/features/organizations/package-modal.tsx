import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { CURRENCIES, moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  type PackageOutput,
  packageInput,
  updatePackageInput,
} from '../../../../contracts/schemas/subscriptions.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

const LIMITS = ['plane_limit', 'general_limit', 'glider_limit'] as const;

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** Create or edit a subscription package (supervisor): its aircraft limits and monthly price. */
export function PackageModal({
  existing,
  onClose,
  onSaved,
}: {
  /** null: a new package. */
  existing: PackageOutput | null;
  onClose: () => void;
  onSaved: (saved: PackageOutput) => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const form = useRecordForm({
    load: useCallback(async () => existing, [existing]),
    toValues: (stored: PackageOutput | null) => ({
      name: stored?.name ?? '',
      plane_limit: stored ? String(stored.plane_limit) : '',
      general_limit: stored ? String(stored.general_limit) : '',
      glider_limit: stored ? String(stored.glider_limit) : '',
      monthly_price: moneyInputText(stored?.monthly_price),
      currency_id: stored?.currency_id ?? 'HUF',
      active: stored?.active ?? true,
    }),
    toInput: (values, stored) => ({
      name: values.name,
      plane_limit: whole(values.plane_limit),
      general_limit: whole(values.general_limit),
      glider_limit: whole(values.glider_limit),
      monthly_price: parseMoney(values.monthly_price) ?? undefined,
      currency_id: values.currency_id,
      active: values.active,
      ...(stored ? { version: stored.version } : {}),
    }),
    schema: (stored): typeof updatePackageInput | typeof packageInput =>
      stored ? updatePackageInput : packageInput,
    save: (body, stored) =>
      stored
        ? call('updatePackage', {
            params: { id: stored.package_id },
            body: body as z.infer<typeof updatePackageInput>,
          })
        : call('createPackage', { body: body as z.infer<typeof packageInput> }),
    onSaved: (saved) => {
      if (!saved) return;
      flash('success', 'package_saved', { values: { name: saved.name } });
      onSaved(saved);
    },
    // The list behind shows the package as stored: close and let it reload.
    onConflict: () => {
      flash('error', 'conflict');
      onClose();
    },
    onCancel: onClose,
    focus: { prefix: 'package', fields: ['name', ...LIMITS, 'monthly_price', 'currency_id', 'active'] },
  });
  const { values, errorText, set } = form;
  if (!values) return null;

  return (
    <RecordModal
      prefix="package"
      header={existing ? t('package.edit') : t('package.new')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <FormField label={t('package.name')} errorText={errorText('name')}>
          <Input
            value={values.name}
            onChange={({ detail }) => set('name', detail.value)}
            invalid={form.has('name')}
            data-testid="package-name"
          />
        </FormField>
        <ColumnLayout columns={3}>
          {LIMITS.map((field) => (
            <FormField key={field} label={t(`limit.${field}`)} errorText={errorText(field)}>
              <Input
                value={values[field]}
                inputMode="numeric"
                onChange={({ detail }) => set(field, detail.value)}
                invalid={form.has(field)}
                data-testid={`package-${field}`}
              />
            </FormField>
          ))}
        </ColumnLayout>
        <ColumnLayout columns={2}>
          <FormField
            label={t('package.monthly_price')}
            constraintText={t('package.per_month', { currency: values.currency_id })}
            errorText={errorText('monthly_price')}
          >
            <Input
              value={values.monthly_price}
              inputMode="decimal"
              onChange={({ detail }) => set('monthly_price', detail.value)}
              invalid={form.has('monthly_price')}
              data-testid="package-monthly_price"
            />
          </FormField>
          <FormField label={t('package.currency')} errorText={errorText('currency_id')}>
            <Select
              selectedOption={{ value: values.currency_id, label: values.currency_id }}
              options={CURRENCIES.map((c) => ({ value: c, label: c }))}
              onChange={({ detail }) => set('currency_id', detail.selectedOption.value ?? 'HUF')}
            />
          </FormField>
        </ColumnLayout>
        <Toggle checked={values.active} onChange={({ detail }) => set('active', detail.checked)}>
          {t('package.active')}
        </Toggle>
      </SpaceBetween>
    </RecordModal>
  );
}

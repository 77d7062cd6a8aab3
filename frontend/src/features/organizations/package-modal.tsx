import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CURRENCIES, moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  type PackageOutput,
  packageInput,
  updatePackageInput,
} from '../../../../contracts/schemas/subscriptions.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

type Errors = Record<string, string[]>;
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
  const { t } = useTranslation(['organizations', 'messages', 'common']);
  const [values, setValues] = useState({
    name: existing?.name ?? '',
    plane_limit: existing ? String(existing.plane_limit) : '',
    general_limit: existing ? String(existing.general_limit) : '',
    glider_limit: existing ? String(existing.glider_limit) : '',
    monthly_price: moneyInputText(existing?.monthly_price),
    currency_id: existing?.currency_id ?? 'HUF',
    active: existing?.active ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: keyof typeof values, value: string | boolean) => {
    setValues({ ...values, [field]: value });
    setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };

  const save = async () => {
    if (saving) return;
    const body = {
      name: values.name,
      plane_limit: whole(values.plane_limit),
      general_limit: whole(values.general_limit),
      glider_limit: whole(values.glider_limit),
      monthly_price: parseMoney(values.monthly_price) ?? undefined,
      currency_id: values.currency_id,
      active: values.active,
      ...(existing ? { version: existing.version } : {}),
    };
    const parsed = z.safeParse(existing ? updatePackageInput : packageInput, body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = existing
        ? await call('updatePackage', {
            params: { id: existing.package_id },
            body: parsed.data as z.infer<typeof updatePackageInput>,
          })
        : await call('createPackage', { body: parsed.data as z.infer<typeof packageInput> });
      flash('success', 'package_saved', { values: { name: saved.name } });
      onSaved(saved);
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
      header={existing ? t('package.edit') : t('package.new')}
      data-testid="package-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="package-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <FormField label={t('package.name')} errorText={errorText('name')}>
              <Input
                value={values.name}
                onChange={({ detail }) => set('name', detail.value)}
                invalid={Boolean(errors.name)}
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
                    invalid={Boolean(errors[field])}
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
                  invalid={Boolean(errors.monthly_price)}
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
        </Form>
      </form>
    </Modal>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import { assignPackageInput, type PackageOutput } from '../../../../contracts/schemas/subscriptions.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Assign package": the organization's new subscription; the active one ends the day before it
 * starts and the organization's aircraft limits become the package's, all in one write.
 */
export function AssignPackageModal({
  organizationId,
  organizationName,
  packages,
  onClose,
  onAssigned,
}: {
  organizationId: string;
  organizationName: string;
  packages: PackageOutput[];
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation(['organizations', 'messages', 'common']);
  const [packageId, setPackageId] = useState('');
  const [startDate, setStartDate] = useState(today());
  const [endDate, setEndDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const choosable = packages.filter((p) => p.active);
  const chosen = choosable.find((p) => p.package_id === packageId);

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };

  const assign = async () => {
    if (saving) return;
    const parsed = z.safeParse(assignPackageInput, {
      package_id: packageId || undefined,
      start_date: startDate || undefined,
      end_date: endDate || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      await call('assignPackage', { params: { id: organizationId }, body: parsed.data });
      flash('success', 'package_assigned', { values: { name: organizationName } });
      onAssigned();
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: onClose, onSave: () => void assign() });
  const startOfWeek = weekStartsOn(currentLang());

  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('assign.title', { name: organizationName })}
      data-testid="assign-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={saving}
              onClick={() => void assign()}
              data-testid="assign-save"
            >
              {t('assign.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('assign.package')} errorText={errorText('package_id')}>
          <Select
            selectedOption={chosen ? { value: chosen.package_id, label: chosen.name } : null}
            placeholder={t('assign.choose')}
            options={choosable.map((p) => ({
              value: p.package_id,
              label: p.name,
              description: t('limit.summary', {
                plane: p.plane_limit,
                general: p.general_limit,
                glider: p.glider_limit,
              }),
            }))}
            onChange={({ detail }) => {
              setPackageId(detail.selectedOption.value ?? '');
              setErrors({});
            }}
            invalid={Boolean(errors.package_id)}
            data-testid="assign-package"
          />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label={t('subscription.start_date')} errorText={errorText('start_date')}>
            <DatePicker
              value={startDate}
              onChange={({ detail }) => setStartDate(detail.value)}
              placeholder="YYYY/MM/DD"
              startOfWeek={startOfWeek}
              invalid={Boolean(errors.start_date)}
              data-testid="assign-start"
            />
          </FormField>
          <FormField
            label={t('subscription.end_date')}
            constraintText={t('assign.end_hint')}
            errorText={errorText('end_date')}
          >
            <DatePicker
              value={endDate}
              onChange={({ detail }) => setEndDate(detail.value)}
              placeholder="YYYY/MM/DD"
              startOfWeek={startOfWeek}
              invalid={Boolean(errors.end_date)}
            />
          </FormField>
        </ColumnLayout>
        <Alert type="info">{t('assign.effect')}</Alert>
      </SpaceBetween>
    </Modal>
  );
}

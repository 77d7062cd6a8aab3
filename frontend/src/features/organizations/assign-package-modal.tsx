import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { assignPackageInput, type PackageOutput } from '../../../../contracts/schemas/subscriptions.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

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
  const { t } = useTranslation(['organizations', 'common']);
  const form = useRecordForm({
    // A new subscription: nothing stored yet, it starts today.
    load: useCallback(async () => null, []),
    toValues: () => ({ package_id: '', start_date: today(), end_date: '' }),
    toInput: (values) => ({
      package_id: values.package_id || undefined,
      start_date: values.start_date || undefined,
      end_date: values.end_date || null,
    }),
    schema: assignPackageInput,
    save: async (body) => {
      await call('assignPackage', { params: { id: organizationId }, body });
      return null;
    },
    onSaved: () => {
      flash('success', 'package_assigned', { values: { name: organizationName } });
      onAssigned();
    },
    onCancel: onClose,
    focus: { prefix: 'assign', fields: ['package_id', 'start_date', 'end_date'] },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const choosable = packages.filter((p) => p.active);
  const chosen = choosable.find((p) => p.package_id === values.package_id);

  return (
    <RecordModal
      prefix="assign"
      header={t('assign.title', { name: organizationName })}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
      saveText={t('assign.save')}
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
            onChange={({ detail }) => set('package_id', detail.selectedOption.value ?? '')}
            invalid={form.has('package_id')}
            data-testid="assign-package_id"
          />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label={t('subscription.start_date')} errorText={errorText('start_date')}>
            <DateField
              value={values.start_date}
              onChange={(value) => set('start_date', value)}
              invalid={form.has('start_date')}
              testId="assign-start_date"
            />
          </FormField>
          <FormField
            label={t('subscription.end_date')}
            constraintText={t('assign.end_hint')}
            errorText={errorText('end_date')}
          >
            <DateField
              value={values.end_date}
              onChange={(value) => set('end_date', value)}
              invalid={form.has('end_date')}
              testId="assign-end_date"
            />
          </FormField>
        </ColumnLayout>
        <Alert type="info">{t('assign.effect')}</Alert>
      </SpaceBetween>
    </RecordModal>
  );
}

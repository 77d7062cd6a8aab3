import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  grantPermitInput,
  PERMIT_KINDS,
  type PermitKind,
  type PermitOutput,
} from '../../../../contracts/schemas/members.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';

const FIELDS = ['kind', 'plane_type', 'certificate_type', 'certificate_number', 'valid_until'];

/** Grants a permit of one kind; the fields follow the kind, and the API's schema checks them here too. */
export function GrantPermitModal({
  userId,
  onClose,
  onGranted,
}: {
  userId: string;
  onClose: () => void;
  onGranted: (permit: PermitOutput) => void;
}) {
  const { t } = useTranslation(['people', 'common']);
  const form = useRecordForm({
    // A new permit: nothing stored yet; a renting permit by default.
    load: useCallback(async () => null, []),
    toValues: () => ({
      kind: 'rent' as PermitKind,
      plane_type: '',
      certificate_type: '',
      certificate_number: '',
      valid_until: '',
    }),
    toInput: ({ kind, ...values }) =>
      kind === 'rent'
        ? { kind, plane_type: values.plane_type, valid_until: orNull(values.valid_until) }
        : kind === 'winch'
          ? { kind, valid_until: values.valid_until || undefined }
          : {
              kind,
              certificate_type: values.certificate_type,
              certificate_number: values.certificate_number,
              valid_until: orNull(values.valid_until),
            },
    schema: grantPermitInput,
    save: async (body) => {
      onGranted(await call('grantPermit', { params: { user_id: userId }, body }));
      return null;
    },
    onCancel: onClose,
    focus: { prefix: 'permit', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const kind = values.kind;
  const text = (field: 'plane_type' | 'certificate_type' | 'certificate_number', hint?: string) => (
    <FormField label={t(`permits.field.${field}`)} constraintText={hint} errorText={errorText(field)}>
      <Input
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        invalid={form.has(field)}
        data-testid={`permit-${field}`}
      />
    </FormField>
  );
  return (
    <RecordModal
      prefix="permit"
      testId="grant-permit"
      header={t('permits.grant_title')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
      saveText={t('permits.grant')}
    >
      <SpaceBetween size="m">
        <FormField label={t('permits.column.kind')} errorText={errorText('kind')}>
          <SegmentedControl
            selectedId={kind}
            options={PERMIT_KINDS.map((k) => ({ id: k, text: t(`permit_kind.${k}`) }))}
            onChange={({ detail }) => {
              set('kind', detail.selectedId as PermitKind);
              form.clear();
            }}
            data-testid="permit-kind"
          />
        </FormField>
        {kind === 'rent' && text('plane_type', t('permits.hint.plane_type'))}
        {kind === 'certificate' && text('certificate_type')}
        {kind === 'certificate' && text('certificate_number')}
        <FormField
          label={t('permits.field.valid_until')}
          constraintText={kind === 'winch' ? undefined : t('permits.hint.valid_until_optional')}
          errorText={errorText('valid_until')}
        >
          <DateField
            value={values.valid_until}
            onChange={(value) => set('valid_until', value)}
            invalid={form.has('valid_until')}
            testId="permit-valid_until"
          />
        </FormField>
      </SpaceBetween>
    </RecordModal>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import {
  grantPermitInput,
  PERMIT_KINDS,
  type PermitKind,
  type PermitOutput,
} from '../../../../contracts/schemas/members.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { currentLang } from '../../lib/i18n.ts';
import { type Errors, focusFirstError, orNull, withoutField } from './form-errors.ts';

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
  const { t } = useTranslation(['people', 'common', 'messages']);
  const lang = currentLang();
  const [kind, setKind] = useState<PermitKind>('rent');
  const [values, setValues] = useState({
    plane_type: '',
    certificate_type: '',
    certificate_number: '',
    valid_until: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const body = () =>
    kind === 'rent'
      ? { kind, plane_type: values.plane_type, valid_until: orNull(values.valid_until) }
      : kind === 'winch'
        ? { kind, valid_until: values.valid_until || undefined }
        : {
            kind,
            certificate_type: values.certificate_type,
            certificate_number: values.certificate_number,
            valid_until: orNull(values.valid_until),
          };

  const save = async () => {
    if (saving) return;
    const parsed = z.safeParse(grantPermitInput, body());
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError('permit', FIELDS, problems);
      return;
    }
    setSaving(true);
    try {
      onGranted(await call('grantPermit', { params: { user_id: userId }, body: parsed.data }));
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: onClose, onSave: () => void save() });

  const set = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors(withoutField(errors, field));
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const text = (field: 'plane_type' | 'certificate_type' | 'certificate_number', hint?: string) => (
    <FormField label={t(`permits.field.${field}`)} constraintText={hint} errorText={errorText(field)}>
      <Input
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        invalid={Boolean(errors[field])}
        data-testid={`permit-${field}`}
      />
    </FormField>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('permits.grant_title')}
      data-testid="grant-permit"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="permit-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="permit-save">
              {t('permits.grant')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <FormField label={t('permits.column.kind')} errorText={errorText('kind')}>
              <SegmentedControl
                selectedId={kind}
                options={PERMIT_KINDS.map((k) => ({ id: k, text: t(`permit_kind.${k}`) }))}
                onChange={({ detail }) => {
                  setKind(detail.selectedId as PermitKind);
                  setErrors({});
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
              <DatePicker
                value={values.valid_until}
                onChange={({ detail }) => set('valid_until', detail.value)}
                placeholder="YYYY/MM/DD"
                locale={lang}
                startOfWeek={weekStartsOn(lang)}
                invalid={Boolean(errors.valid_until)}
                expandToViewport
                data-testid="permit-valid_until"
              />
            </FormField>
          </SpaceBetween>
        </Form>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

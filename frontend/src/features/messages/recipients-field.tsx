import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_KINDS, type RecipientKind } from '../../../../contracts/schemas/messages.ts';
import { useDatasource } from '../../lib/datasource.ts';

export interface RecipientValues {
  recipient_kind: RecipientKind;
  role_ids: string[];
  user_ids: string[];
}

/**
 * Who a message or a broadcast goes to (issue 17 §3): every active member, the holders of chosen
 * roles, or chosen members — from the organization's roles and members (datasources).
 */
export function RecipientsField({
  value,
  onChange,
  errorText,
  disabled,
  testId = 'recipients',
}: {
  value: RecipientValues;
  onChange: (value: RecipientValues) => void;
  errorText: (field: string) => string | undefined;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('message-center');
  const roles = useDatasource('roles');
  const users = useDatasource('users');
  const roleOptions = roles.items.map((r) => ({ value: r.role_id, label: r.role_name }));
  const userOptions = users.items.map((u) => ({
    value: u.user_id,
    label: u.name,
    description: u.callsign ?? undefined,
  }));
  return (
    <SpaceBetween size="s">
      <FormField label={t('field.recipients')} errorText={errorText('recipient_kind')}>
        <RadioGroup
          value={value.recipient_kind}
          onChange={({ detail }) => onChange({ ...value, recipient_kind: detail.value as RecipientKind })}
          items={RECIPIENT_KINDS.map((kind) => ({ value: kind, label: t(`recipients.${kind}`), disabled }))}
          data-testid={`${testId}-kind`}
        />
      </FormField>
      {value.recipient_kind === 'roles' ? (
        <FormField label={t('field.roles')} errorText={errorText('role_ids')}>
          <Multiselect
            selectedOptions={roleOptions.filter((o) => value.role_ids.includes(o.value))}
            options={roleOptions}
            onChange={({ detail }) =>
              onChange({
                ...value,
                role_ids: detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean),
              })
            }
            placeholder={t('recipients.choose_roles')}
            statusType={roles.loading ? 'loading' : 'finished'}
            disabled={disabled}
            data-testid={`${testId}-roles`}
          />
        </FormField>
      ) : null}
      {value.recipient_kind === 'members' ? (
        <FormField label={t('field.members')} errorText={errorText('user_ids')}>
          <Multiselect
            selectedOptions={userOptions.filter((o) => value.user_ids.includes(o.value))}
            options={userOptions}
            onChange={({ detail }) =>
              onChange({
                ...value,
                user_ids: detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean),
              })
            }
            filteringType="auto"
            placeholder={t('recipients.choose_members')}
            statusType={users.loading ? 'loading' : 'finished'}
            disabled={disabled}
            tokenLimit={5}
            data-testid={`${testId}-members`}
          />
        </FormField>
      ) : null}
    </SpaceBetween>
  );
}

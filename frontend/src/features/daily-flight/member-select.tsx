import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '../../../../contracts/schemas/lookups.ts';

const NONE = '';

const NO_ONE: readonly string[] = [];

/**
 * A member of the organization for one seat or job (users datasource), or nobody. `signedUp`: the
 * members signed up for the day's operating day in this job (issue 15 §6), listed first.
 */
export function MemberSelect({
  label,
  value,
  users,
  onChange,
  testId,
  errorText,
  signedUp = NO_ONE,
}: {
  label: string;
  value: string | null;
  users: readonly UserItem[];
  onChange: (userId: string | null) => void;
  testId: string;
  errorText?: string;
  signedUp?: readonly string[];
}) {
  const { t } = useTranslation('daily-flight');
  const optionOf = (u: UserItem): SelectProps.Option => ({
    value: u.user_id,
    label: u.name,
    description: u.callsign ?? undefined,
  });
  const nobody: SelectProps.Option = { value: NONE, label: t('field.nobody') };
  const first = users.filter((u) => signedUp.includes(u.user_id));
  const flat = [nobody, ...users.map(optionOf)];
  const options: SelectProps.Options =
    first.length > 0
      ? [
          nobody,
          { label: t('field.signed_up'), options: first.map(optionOf) },
          {
            label: t('field.other_members'),
            options: users.filter((u) => !signedUp.includes(u.user_id)).map(optionOf),
          },
        ]
      : flat;
  const selected = flat.find((o) => o.value === (value ?? NONE)) ?? nobody;
  return (
    <FormField label={label} errorText={errorText} stretch>
      <div className="ws-big-field">
        <Select
          selectedOption={selected}
          options={options}
          filteringType="auto"
          onChange={({ detail }) =>
            onChange(detail.selectedOption.value ? detail.selectedOption.value : null)
          }
          data-testid={testId}
          expandToViewport
        />
      </div>
    </FormField>
  );
}

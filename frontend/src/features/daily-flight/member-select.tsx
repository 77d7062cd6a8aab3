import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '../../../../contracts/schemas/lookups.ts';

const NONE = '';

/** A member of the organization for one seat or job (users datasource), or nobody. */
export function MemberSelect({
  label,
  value,
  users,
  onChange,
  testId,
  errorText,
}: {
  label: string;
  value: string | null;
  users: readonly UserItem[];
  onChange: (userId: string | null) => void;
  testId: string;
  errorText?: string;
}) {
  const { t } = useTranslation('daily-flight');
  const options: SelectProps.Option[] = [
    { value: NONE, label: t('field.nobody') },
    ...users.map((u) => ({ value: u.user_id, label: u.name, description: u.callsign ?? undefined })),
  ];
  const selected = options.find((o) => o.value === (value ?? NONE)) ?? options[0] ?? null;
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

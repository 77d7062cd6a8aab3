import FormField from '@cloudscape-design/components/form-field';
import Tiles from '@cloudscape-design/components/tiles';
import { useTranslation } from 'react-i18next';
import { FAULT_SEVERITIES, type FaultSeverity } from '../../../../contracts/schemas/aircraft-enums.ts';

export function SeverityTiles({
  value,
  onChange,
  errorText,
  disabled,
}: {
  value: FaultSeverity | '';
  onChange: (severity: FaultSeverity) => void;
  errorText?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('faults');
  return (
    <FormField label={t('field.severity')} errorText={errorText} stretch data-testid="fault-severity-field">
      <Tiles
        value={value || null}
        onChange={({ detail }) => onChange(detail.value as FaultSeverity)}
        columns={3}
        items={FAULT_SEVERITIES.map((severity) => ({
          value: severity,
          label: t(`severity.${severity}`),
          description: t(`severity_hint.${severity}`),
          disabled,
        }))}
        data-testid="fault-severity"
      />
    </FormField>
  );
}

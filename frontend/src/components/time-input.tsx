import { TimeField } from './time-field.tsx';

/** The spec §5 time field with the form's convention: '' for no time (the field speaks null). */
export function TimeInput({
  value,
  onChange,
  invalid,
  readOnly,
  ariaLabel,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  readOnly?: boolean;
  ariaLabel?: string;
  testId?: string;
}) {
  return (
    <TimeField
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      invalid={invalid}
      readOnly={readOnly}
      ariaLabel={ariaLabel}
      testId={testId}
    />
  );
}

import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { formatMinutes } from '../lib/format.ts';
import { decimalHoursText, minutesFromHoursText } from './decimal-hours.ts';

/**
 * The spec §5 decimal-hours field: type decimal hours (`4300.5`) or hours and minutes (`4300:30`);
 * on leaving the field it shows decimal hours with 2 decimals, never below 0, an unreadable input
 * as 0. The value is whole minutes, as the API keeps time. `nullable`: an emptied field is null
 * (no value, e.g. no limit) rather than 0.
 */
export function DecimalHoursField({
  minutes,
  onChange,
  nullable = false,
  invalid,
  ariaLabel,
  testId,
  readOnly,
}: {
  minutes: number | null;
  onChange: (minutes: number | null) => void;
  nullable?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
  testId?: string;
  readOnly?: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const shown = minutes === null && nullable ? '' : decimalHoursText(minutes);
  return (
    <Input
      value={editing ?? shown}
      inputMode="decimal"
      invalid={invalid}
      readOnly={readOnly}
      ariaLabel={ariaLabel}
      data-testid={testId}
      onFocus={() => setEditing(shown)}
      onChange={({ detail }) => {
        setEditing(detail.value);
        onChange(nullable && detail.value.trim() === '' ? null : minutesFromHoursText(detail.value));
      }}
      onBlur={() => setEditing(null)}
    />
  );
}

/** `4300.28 (4300:17)`: a reading in decimal hours and in hours:minutes. */
export const hoursReading = (minutes: number) => `${decimalHoursText(minutes)} (${formatMinutes(minutes)})`;

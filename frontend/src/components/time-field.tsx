import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paddedTime, shownTime, stepOfKey, steppedTime, typedTimeText } from './time-text.ts';

/**
 * The spec §5 time field (HH:mm): digits and a colon only, padded to HH:mm on leaving the field,
 * ↑/↓ a minute, PageUp/PageDown an hour, a missing time shown as "?" — or, where a time may rightly
 * be left out (`optional`: a landing-fee band's edge), as an empty input showing the language's
 * placeholder. `value` is HH:mm or null; an entry that is not a time of day stays on screen marked
 * invalid and is not passed on.
 */
export function TimeField({
  value,
  onChange,
  invalid,
  ariaLabel,
  testId,
  readOnly,
  optional,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  invalid?: boolean;
  ariaLabel?: string;
  testId?: string;
  readOnly?: boolean;
  optional?: boolean;
}) {
  const { t } = useTranslation('common');
  const [editing, setEditing] = useState<string | null>(null);
  const [bad, setBad] = useState(false);
  const shown = editing ?? (optional && !value ? '' : shownTime(value));
  return (
    <Input
      value={shown}
      inputMode="numeric"
      placeholder={t('time.placeholder')}
      invalid={invalid || bad}
      readOnly={readOnly}
      ariaLabel={ariaLabel}
      data-testid={testId}
      onFocus={() => setEditing(value ? shownTime(value) : '')}
      onChange={({ detail }) => {
        const typed = typedTimeText(detail.value);
        setEditing(typed);
        setBad(false);
      }}
      onBlur={() => {
        if (editing !== null) {
          const padded = paddedTime(editing);
          if (padded === undefined) {
            setBad(true);
            return;
          }
          if (padded !== value) onChange(padded);
        }
        setEditing(null);
      }}
      onKeyDown={(event) => {
        const step = stepOfKey(event.detail.key);
        if (step === null || readOnly) return;
        // PageUp/PageDown would otherwise scroll the page.
        event.preventDefault();
        const base = editing === null ? value : (paddedTime(editing) ?? value);
        const next = steppedTime(base, step);
        setEditing(next);
        setBad(false);
        onChange(next);
      }}
    />
  );
}

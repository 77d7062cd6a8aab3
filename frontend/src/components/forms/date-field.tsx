import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import Input from '@cloudscape-design/components/input';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import './forms.css';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A whole calendar date (what a filter may use; a form's schema judges the rest). */
export const isIsoDate = (value: string) => ISO_DATE.test(value);
const TYPED_DATE = /^(\d{4})[.\-/ ]?(\d{1,2})[.\-/ ]?(\d{1,2})\.?$/;

/**
 * What was typed, as the ISO date the API takes (`2026.03.07`, `2026-3-7`, `20260307` →
 * `2026-03-07`); text that is not a calendar date comes back as typed, so the schema names it.
 */
export const parseTypedDate = (text: string): string => {
  const typed = text.trim();
  const match = TYPED_DATE.exec(typed);
  if (!match) return typed;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return typed;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

const shown = (value: string) => (ISO_DATE.test(value) ? formatDate(value) : value);

interface DateFieldProps {
  /** ISO `YYYY-MM-DD`, '' for none, or text that is not a date yet (the schema says so on save). */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  ariaLabel?: string;
  testId?: string;
  /** Days the calendar offers (`false`: greyed out), e.g. none after today. */
  isDateEnabled?: (date: Date) => boolean;
}

/**
 * A calendar date as spec §5 shows it, YYYY.MM.DD, typed or picked from a calendar whose week
 * starts on Monday in Hungarian and on Sunday otherwise (spec §9). The form holds the ISO date.
 */
export function DateField({
  value,
  onChange,
  invalid,
  disabled,
  readOnly,
  ariaLabel,
  testId,
  isDateEnabled,
}: DateFieldProps) {
  const { t } = useTranslation('common');
  const lang = currentLang();
  const [text, setText] = useState(() => shown(value));
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // A value set from outside (a calendar pick, a reload) replaces what is in the input.
  useEffect(() => {
    setText((current) => (parseTypedDate(current) === value ? current : shown(value)));
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Esc closes the calendar first; the dialog keys (use-dialog-keys.ts) see it handled.
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of the input and the calendar inside
    <div className="windsock-date-field" ref={box} onKeyDown={onKeyDown} data-testid={testId}>
      <Input
        value={text}
        onChange={({ detail }) => {
          setText(detail.value);
          onChange(parseTypedDate(detail.value));
        }}
        onBlur={() => setText((current) => shown(parseTypedDate(current)))}
        placeholder={t('date.placeholder')}
        inputMode="numeric"
        invalid={invalid}
        disabled={disabled}
        readOnly={readOnly}
        ariaLabel={ariaLabel}
        autoComplete={false}
      />
      {!disabled && !readOnly && (
        <div style={{ position: 'absolute', insetBlockStart: 0, insetInlineEnd: 0 }}>
          <Button
            formAction="none"
            variant="icon"
            iconName="calendar"
            ariaLabel={t('date.open_calendar')}
            ariaExpanded={open}
            onClick={() => setOpen(!open)}
          />
        </div>
      )}
      {open && (
        <div className="windsock-date-field-calendar">
          <Calendar
            value={ISO_DATE.test(value) ? value : ''}
            locale={lang}
            startOfWeek={weekStartsOn(lang)}
            isDateEnabled={isDateEnabled}
            onChange={({ detail }) => {
              setOpen(false);
              setText(shown(detail.value));
              onChange(detail.value);
            }}
          />
        </div>
      )}
    </div>
  );
}

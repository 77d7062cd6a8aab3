import Box from '@cloudscape-design/components/box';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DueState } from '../../../../contracts/schemas/aircraft-enums.ts';
import type { DueDimensionOutput, DueOutput } from '../../../../contracts/schemas/maintenance.ts';
import { parseHoursText } from '../../components/decimal-hours.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';

/** How the screens show a due state: overdue red, due soon amber, ok green. */
const STATE_INDICATOR: Record<DueState, StatusIndicatorProps.Type> = {
  ok: 'success',
  due_soon: 'warning',
  overdue: 'error',
};

export function DueStatus({ state, testId }: { state: DueState; testId?: string }) {
  const { t } = useTranslation('maintenance');
  return (
    <StatusIndicator type={STATE_INDICATOR[state]} data-testid={testId}>
      {t(`state.${state}`)}
    </StatusIndicator>
  );
}

type Remaining = Pick<DueOutput, 'remaining_minutes' | 'remaining_takeoffs' | 'remaining_days'>;

/** `6:00 h left`, `12 takeoffs over`, `3 days left`: what remains of the first dimension. */
export function remainingText(
  t: TFunction<'maintenance'>,
  due: Remaining,
  unit?: DueDimensionOutput['unit'] | null,
): string {
  if ((unit === undefined || unit === 'minutes') && due.remaining_minutes !== null) {
    const value = due.remaining_minutes;
    return value < 0
      ? t('remaining.minutes_over', { value: formatMinutes(-value) })
      : t('remaining.minutes', { value: formatMinutes(value) });
  }
  if ((unit === undefined || unit === 'takeoffs') && due.remaining_takeoffs !== null) {
    const count = due.remaining_takeoffs;
    return count < 0 ? t('remaining.takeoffs_over', { count: -count }) : t('remaining.takeoffs', { count });
  }
  if (due.remaining_days !== null) {
    const count = due.remaining_days;
    if (count === 0) return t('remaining.today');
    return count < 0 ? t('remaining.days_over', { count: -count }) : t('remaining.days', { count });
  }
  return '';
}

/** One dimension's remainder in its own unit. */
export function dimensionRemaining(t: TFunction<'maintenance'>, d: DueDimensionOutput): string {
  if (d.unit === 'minutes')
    return remainingText(t, {
      remaining_minutes: d.remaining,
      remaining_takeoffs: null,
      remaining_days: null,
    });
  if (d.unit === 'takeoffs')
    return remainingText(t, {
      remaining_minutes: null,
      remaining_takeoffs: d.remaining,
      remaining_days: null,
    });
  return remainingText(t, { remaining_minutes: null, remaining_takeoffs: null, remaining_days: d.remaining });
}

/** The due date with "forecast" marked, or a dash. */
export function DueDate({ date, forecast }: { date: string | null; forecast: boolean }) {
  const { t } = useTranslation('maintenance');
  if (!date) return <Box color="text-status-inactive">—</Box>;
  return (
    <span title={forecast ? t('forecast.hint') : undefined}>
      {formatDate(date)}
      {forecast ? ` (${t('forecast.short')})` : ''}
    </span>
  );
}

/** Every dimension of a due, for a detail view: what, when, what remains, state. */
export function DueDimensions({ due }: { due: DueOutput }) {
  const { t } = useTranslation('maintenance');
  if (due.dimensions.length === 0) return <Box color="text-status-inactive">{t('due.nothing')}</Box>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
      {due.dimensions.map((d) => (
        <li key={d.key} data-testid={`due-${d.key}`}>
          <strong>{t(`due_key.${d.key}`)}</strong>: <DueDate date={d.due_date} forecast={d.forecast} />
          {' · '}
          {dimensionRemaining(t, d)} · <DueStatus state={d.state} />
        </li>
      ))}
    </ul>
  );
}

/** Whole minutes → hours text for an input (`12.5`), '' for none. */
export const hoursInputText = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? '' : String(Math.round((minutes / 60) * 100) / 100);

/** `4300.5` or `4300:30` → minutes; '' → null; unreadable → NaN (the schema then says invalid_value). */
export const minutesOfText = (text: string): number | null =>
  text.trim() === '' ? null : (parseHoursText(text) ?? Number.NaN);

/** '' → null, digits → number, anything else NaN. */
export const countOfText = (text: string): number | null => {
  const compact = text.trim();
  if (compact === '') return null;
  return /^\d+$/.test(compact) ? Number(compact) : Number.NaN;
};

/** A decimal number text ('12,5' too); '' → null. */
export const numberOfText = (text: string): number | null => {
  const compact = text.trim().replace(',', '.');
  if (compact === '') return null;
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
};

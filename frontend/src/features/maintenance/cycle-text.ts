import type { TFunction } from 'i18next';
import type { CycleCalendar, HoursBasis } from '../../../../contracts/schemas/aircraft-enums.ts';

/** `100 h (engine) · 1000 takeoffs · yearly`: a schedule's cycles in one line. */
export function cycleText(
  t: TFunction<'maintenance'>,
  s: {
    cycle_hours: number | null;
    hours_basis: HoursBasis | null;
    cycle_takeoffs: number | null;
    cycle_days: number | null;
    cycle_calendar: CycleCalendar | null;
  },
): string {
  const parts: string[] = [];
  if (s.cycle_hours)
    parts.push(
      t('cycle.hours', {
        count: s.cycle_hours,
        basis: t(`hours_basis.${s.hours_basis ?? 'flight'}`),
      }),
    );
  if (s.cycle_takeoffs) parts.push(t('cycle.takeoffs', { count: s.cycle_takeoffs }));
  if (s.cycle_days) parts.push(t('cycle.days', { count: s.cycle_days }));
  if (s.cycle_calendar) parts.push(t(`calendar.${s.cycle_calendar}`));
  return parts.join(' · ');
}

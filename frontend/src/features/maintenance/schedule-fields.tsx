import Autosuggest from '@cloudscape-design/components/autosuggest';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import {
  CYCLE_CALENDARS,
  CYCLE_HOUR_PRESETS,
  type CycleCalendar,
  type HoursBasis,
} from '../../../../contracts/schemas/aircraft-enums.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { countOfText, hoursInputText, minutesOfText, numberOfText } from './due.tsx';

/** The cycle part of a form (a maintenance item's, a component's own), as the person types it. */
/** The schedule's inputs in screen order (where the cursor goes to the first error). */
export const SCHEDULE_FIELDS = [
  'cycle_hours',
  'hours_basis',
  'cycle_takeoffs',
  'cycle_days',
  'cycle_calendar',
  'maintenanced_at',
  'done_counter_flight',
  'done_counter_engine',
  'done_counter_takeoff',
  'notice_days',
  'notice_hours',
  'notice_takeoffs',
] as const;

export interface ScheduleValues {
  cycle_hours: string;
  hours_basis: HoursBasis;
  cycle_takeoffs: string;
  cycle_days: string;
  cycle_calendar: CycleCalendar | '';
  maintenanced_at: string;
  done_counter_flight: string;
  done_counter_engine: string;
  done_counter_takeoff: string;
  notice_days: string;
  notice_hours: string;
  notice_takeoffs: string;
}

type ScheduleRecord = {
  cycle_hours: number | null;
  hours_basis: HoursBasis | null;
  cycle_takeoffs: number | null;
  cycle_days: number | null;
  cycle_calendar: CycleCalendar | null;
  maintenanced_at: string | null;
  done_counter_flight: number | null;
  done_counter_engine: number | null;
  done_counter_takeoff: number | null;
  notice_days: number | null;
  notice_hours: number | null;
  notice_takeoffs: number | null;
};

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export const scheduleValuesOf = (r: ScheduleRecord | null, basis: HoursBasis = 'flight'): ScheduleValues => ({
  cycle_hours: text(r?.cycle_hours),
  hours_basis: r?.hours_basis ?? basis,
  cycle_takeoffs: text(r?.cycle_takeoffs),
  cycle_days: text(r?.cycle_days),
  cycle_calendar: r?.cycle_calendar ?? '',
  maintenanced_at: r?.maintenanced_at ?? '',
  done_counter_flight: hoursInputText(r?.done_counter_flight),
  done_counter_engine: hoursInputText(r?.done_counter_engine),
  done_counter_takeoff: text(r?.done_counter_takeoff),
  notice_days: text(r?.notice_days),
  notice_hours: text(r?.notice_hours),
  notice_takeoffs: text(r?.notice_takeoffs),
});

/**
 * The body part: an emptied field is null (removes it on an update); on a create, empty fields are
 * left out so the server fills its defaults (today, the owner's readings now).
 */
export function scheduleBodyOf(v: ScheduleValues, creating: boolean) {
  const body = {
    cycle_hours: numberOfText(v.cycle_hours),
    hours_basis: v.cycle_hours.trim() ? v.hours_basis : null,
    cycle_takeoffs: countOfText(v.cycle_takeoffs),
    cycle_days: countOfText(v.cycle_days),
    cycle_calendar: v.cycle_calendar || null,
    maintenanced_at: v.maintenanced_at || null,
    done_counter_flight: minutesOfText(v.done_counter_flight),
    done_counter_engine: minutesOfText(v.done_counter_engine),
    done_counter_takeoff: countOfText(v.done_counter_takeoff),
    notice_days: countOfText(v.notice_days),
    notice_hours: numberOfText(v.notice_hours),
    notice_takeoffs: countOfText(v.notice_takeoffs),
  };
  if (!creating) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as Partial<
    typeof body
  >;
}

export function ScheduleFields({
  values,
  onChange,
  errorText,
  testPrefix,
}: {
  values: ScheduleValues;
  onChange: (field: keyof ScheduleValues, value: string) => void;
  errorText: (field: string) => string | undefined;
  testPrefix: string;
}) {
  const { t } = useTranslation('maintenance');
  const input = (field: keyof ScheduleValues, mode: 'numeric' | 'decimal' = 'numeric') => (
    <Input
      value={values[field]}
      inputMode={mode}
      invalid={Boolean(errorText(field))}
      onChange={({ detail }) => onChange(field, detail.value)}
      data-testid={`${testPrefix}-${field}`}
    />
  );
  const calendarOptions = [
    { value: '', label: t('calendar.none') },
    ...CYCLE_CALENDARS.map((c) => ({ value: c, label: t(`calendar.${c}`) })),
  ];
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        <FormField
          label={t('field.cycle_hours')}
          constraintText={t('field.cycle_hours_hint')}
          errorText={errorText('cycle_hours')}
        >
          <Autosuggest
            value={values.cycle_hours}
            invalid={Boolean(errorText('cycle_hours'))}
            options={CYCLE_HOUR_PRESETS.map((h) => ({
              value: String(h),
              label: t('preset.hours', { count: h }),
            }))}
            enteredTextLabel={(value) => t('preset.use', { value })}
            onChange={({ detail }) => onChange('cycle_hours', detail.value)}
            data-testid={`${testPrefix}-cycle_hours`}
          />
        </FormField>
        <FormField label={t('field.hours_basis')} errorText={errorText('hours_basis')}>
          <Select
            selectedOption={{ value: values.hours_basis, label: t(`hours_basis.${values.hours_basis}`) }}
            options={(['flight', 'engine'] as const).map((b) => ({ value: b, label: t(`hours_basis.${b}`) }))}
            onChange={({ detail }) => onChange('hours_basis', detail.selectedOption.value ?? 'flight')}
            data-testid={`${testPrefix}-hours_basis`}
          />
        </FormField>
        <FormField label={t('field.cycle_takeoffs')} errorText={errorText('cycle_takeoffs')}>
          {input('cycle_takeoffs')}
        </FormField>
        <FormField label={t('field.cycle_days')} errorText={errorText('cycle_days')}>
          {input('cycle_days')}
        </FormField>
        <FormField label={t('field.cycle_calendar')} errorText={errorText('cycle_calendar')}>
          <Select
            selectedOption={calendarOptions.find((o) => o.value === values.cycle_calendar) ?? null}
            options={calendarOptions}
            onChange={({ detail }) => onChange('cycle_calendar', detail.selectedOption.value ?? '')}
            data-testid={`${testPrefix}-cycle_calendar`}
          />
        </FormField>
        <FormField
          label={t('field.maintenanced_at')}
          constraintText={t('field.maintenanced_at_hint')}
          errorText={errorText('maintenanced_at')}
        >
          <DateField
            value={values.maintenanced_at}
            invalid={Boolean(errorText('maintenanced_at'))}
            onChange={(value) => onChange('maintenanced_at', value)}
            testId={`${testPrefix}-maintenanced_at`}
          />
        </FormField>
      </ColumnLayout>
      <ExpandableSection headerText={t('section.done_readings')} variant="footer">
        <ColumnLayout columns={3}>
          <FormField label={t('field.done_counter_flight')} errorText={errorText('done_counter_flight')}>
            {input('done_counter_flight', 'decimal')}
          </FormField>
          <FormField label={t('field.done_counter_engine')} errorText={errorText('done_counter_engine')}>
            {input('done_counter_engine', 'decimal')}
          </FormField>
          <FormField label={t('field.done_counter_takeoff')} errorText={errorText('done_counter_takeoff')}>
            {input('done_counter_takeoff')}
          </FormField>
        </ColumnLayout>
      </ExpandableSection>
      <ExpandableSection headerText={t('section.notice')} variant="footer">
        <ColumnLayout columns={3}>
          <FormField label={t('field.notice_days')} errorText={errorText('notice_days')}>
            {input('notice_days')}
          </FormField>
          <FormField label={t('field.notice_hours')} errorText={errorText('notice_hours')}>
            {input('notice_hours', 'decimal')}
          </FormField>
          <FormField label={t('field.notice_takeoffs')} errorText={errorText('notice_takeoffs')}>
            {input('notice_takeoffs')}
          </FormField>
        </ColumnLayout>
      </ExpandableSection>
    </SpaceBetween>
  );
}

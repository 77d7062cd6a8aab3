import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayIn } from '../../../../contracts/calendar.ts';
import {
  saveWinchLogInput,
  type WinchDayOutput,
  type WinchLogOutput,
} from '../../../../contracts/schemas/winch.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { TextField } from '../../components/forms/text-field.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { numberOf } from '../fuel/fuel-modals.tsx';

/**
 * `winch-log` (issue 15 §4): one day's winch logs — each winch's operator, trainee, launches, cable
 * breaks, weak links and engine hours — filled from the daily sheet's winch launches until saved.
 */
export default function WinchLogPage() {
  const { t } = useTranslation(['winch', 'nav', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const today = todayIn(timeZone);
  const [date, setDate] = useState(today);
  const [day, setDay] = useState<WinchDayOutput | null>(null);
  const [editing, setEditing] = useState<WinchLogOutput | null>(null);

  const load = useCallback(async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    setDay(null);
    try {
      setDay(await call('getWinchDay', { params: { date } }));
    } catch (error) {
      reportFailure(error);
    }
  }, [date]);
  useEffect(() => {
    void load();
  }, [load]);

  const line = (label: string, value: string | number) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{value}</div>
    </div>
  );
  const hours = (log: WinchLogOutput) =>
    log.engine_hours_start !== null && log.engine_hours_end !== null
      ? `${log.engine_hours_start} – ${log.engine_hours_end}`
      : '–';

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        actions={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button
              iconName="angle-left"
              ariaLabel={t('previous')}
              onClick={() => setDate(addDays(date, -1))}
            />
            <DateField value={date} onChange={setDate} testId="winch-date" />
            <Button
              iconName="angle-right"
              ariaLabel={t('next')}
              disabled={date >= today}
              onClick={() => setDate(addDays(date, 1))}
            />
          </SpaceBetween>
        }
      >
        {t('nav:title.winch_log')}
      </Header>
      {day === null ? (
        <Spinner size="large" />
      ) : (
        <>
          <Container header={<Header variant="h2">{t('sheet_title')}</Header>}>
            {day.sheet.launches === 0 ? (
              <Box color="text-status-inactive">{t('sheet_empty')}</Box>
            ) : (
              <SpaceBetween size="xs">
                <Box data-testid="sheet-launches">{t('sheet_launches', { count: day.sheet.launches })}</Box>
                <ul style={{ margin: 0 }}>
                  {day.sheet.operators.map((o) => (
                    <li key={`${o.operator_id}-${o.trainee_id}`}>
                      {o.operator_name ?? t('nobody')}
                      {o.trainee_name ? ` + ${o.trainee_name}` : ''}: {o.launches}
                    </li>
                  ))}
                </ul>
              </SpaceBetween>
            )}
          </Container>
          {day.logs.length === 0 ? (
            <Box color="text-status-inactive">{t('no_winches')}</Box>
          ) : (
            day.logs.map((log) => (
              <Container
                key={log.winch_id}
                data-testid={`winch-log-${log.winch_id}`}
                header={
                  <Header
                    variant="h2"
                    description={log.version === 0 ? t('not_saved') : t('saved_log')}
                    actions={
                      <Button onClick={() => setEditing(log)} data-testid="winch-log-edit">
                        {t('edit')}
                      </Button>
                    }
                  >
                    {log.winch_name} · {formatDate(log.date)}
                  </Header>
                }
              >
                <ColumnLayout columns={4} variant="text-grid">
                  {line(t('field.operator_id'), log.operator_name ?? '–')}
                  {line(t('field.trainee_id'), log.trainee_name ?? '–')}
                  {line(t('field.launches'), log.launches)}
                  {line(t('field.cable_breaks'), log.cable_breaks)}
                  {line(t('field.weak_links'), log.weak_links)}
                  {line(t('field.engine_hours'), hours(log))}
                  {log.note && line(t('field.note'), log.note)}
                </ColumnLayout>
              </Container>
            ))
          )}
        </>
      )}
      {editing && (
        <WinchLogModal
          log={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash('success', 'winch:saved');
            void load();
          }}
        />
      )}
    </SpaceBetween>
  );
}

const FIELDS = [
  'operator_id',
  'trainee_id',
  'launches',
  'cable_breaks',
  'weak_links',
  'engine_hours_start',
  'engine_hours_end',
  'note',
];

function WinchLogModal({
  log,
  onClose,
  onSaved,
}: {
  log: WinchLogOutput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['winch', 'common']);
  const users = useDatasource('users');
  const form = useRecordForm({
    load: useCallback(async () => log, [log]),
    toValues: (r) => ({
      operator_id: r.operator_id ?? '',
      trainee_id: r.trainee_id ?? '',
      launches: String(r.launches),
      cable_breaks: String(r.cable_breaks),
      weak_links: String(r.weak_links),
      engine_hours_start: r.engine_hours_start === null ? '' : String(r.engine_hours_start),
      engine_hours_end: r.engine_hours_end === null ? '' : String(r.engine_hours_end),
      note: r.note ?? '',
    }),
    toInput: (v, r) => ({
      operator_id: orNull(v.operator_id),
      trainee_id: orNull(v.trainee_id),
      launches: numberOf(v.launches) ?? 0,
      cable_breaks: numberOf(v.cable_breaks) ?? 0,
      weak_links: numberOf(v.weak_links) ?? 0,
      engine_hours_start: numberOf(v.engine_hours_start),
      engine_hours_end: numberOf(v.engine_hours_end),
      note: orNull(v.note),
      version: r.version,
    }),
    schema: saveWinchLogInput,
    save: (body, r) => call('saveWinchLog', { params: { date: r.date, id: r.winch_id }, body }),
    onSaved,
    onCancel: onClose,
    focus: { prefix: 'winch', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const none = { value: '', label: t('nobody') };
  const people = [none, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const person = (field: 'operator_id' | 'trainee_id') => (
    <FormField label={t(`field.${field}`)} errorText={errorText(field)}>
      <Select
        selectedOption={people.find((o) => o.value === values[field]) ?? none}
        options={people}
        filteringType="auto"
        statusType={users.loading ? 'loading' : 'finished'}
        onChange={({ detail }) => set(field, detail.selectedOption.value ?? '')}
        invalid={form.has(field)}
        data-testid={`winch-${field}`}
      />
    </FormField>
  );
  const number = (
    field: 'launches' | 'cable_breaks' | 'weak_links' | 'engine_hours_start' | 'engine_hours_end',
    label: string,
  ) => <TextField form={form} field={field} label={label} inputMode="decimal" testId={`winch-${field}`} />;
  return (
    <RecordModal
      prefix="winch"
      testId="winch-log-modal"
      header={`${log.winch_name} · ${formatDate(log.date)}`}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        {person('operator_id')}
        {person('trainee_id')}
        <ColumnLayout columns={3}>
          {number('launches', t('field.launches'))}
          {number('cable_breaks', t('field.cable_breaks'))}
          {number('weak_links', t('field.weak_links'))}
        </ColumnLayout>
        <ColumnLayout columns={2}>
          {number('engine_hours_start', t('field.engine_hours_start'))}
          {number('engine_hours_end', t('field.engine_hours_end'))}
        </ColumnLayout>
        <TextField form={form} field="note" label={t('field.note')} />
      </SpaceBetween>
    </RecordModal>
  );
}

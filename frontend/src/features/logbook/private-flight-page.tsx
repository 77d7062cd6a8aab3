import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { PILOT_ROLES, type PilotRole, TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import {
  createPrivateEntryInput,
  type LogbookEntryOutput,
  updatePrivateEntryInput,
} from '../../../../contracts/schemas/logbook.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TimeInput } from '../../components/time-input.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayOffset, instantOf, nextDay, wallClockOf } from '../../lib/zoned-time.ts';

interface Values {
  date: string;
  takeoff: string;
  landing: string;
  takeoff_airport: string;
  landing_airport: string;
  reg_num: string;
  plane_type: string;
  is_tmg: boolean;
  multi_engine: boolean;
  takeoff_type_id: number;
  role: PilotRole;
  pic_name: string;
  flight_minutes: number | null;
  launches: string;
  landings: string;
  night_minutes: number | null;
  ifr_minutes: number | null;
  multi_pilot_minutes: number | null;
  sim_minutes: number | null;
  sim_type: string;
  tow_altitude: string;
  proficiency_check: boolean;
  remarks: string;
}

const blank = (kind: 'glider' | 'general', date: string): Values => ({
  date,
  takeoff: '',
  landing: '',
  takeoff_airport: '',
  landing_airport: '',
  reg_num: '',
  plane_type: '',
  is_tmg: false,
  multi_engine: false,
  takeoff_type_id: kind === 'glider' ? 3 : 1,
  role: 'pic',
  pic_name: '',
  flight_minutes: null,
  launches: '1',
  landings: '1',
  night_minutes: null,
  ifr_minutes: null,
  multi_pilot_minutes: null,
  sim_minutes: null,
  sim_type: '',
  tow_altitude: '',
  proficiency_check: false,
  remarks: '',
});

const valuesOf = (e: LogbookEntryOutput, timeZone: string): Values => {
  const takeoff = wallClockOf(e.takeoff_time, timeZone);
  const computed =
    e.landing_time !== null &&
    e.flight_minutes === Math.round((Date.parse(e.landing_time) - Date.parse(e.takeoff_time)) / 60000);
  return {
    date: takeoff.date,
    takeoff: takeoff.time,
    landing: wallClockOf(e.landing_time, timeZone).time,
    takeoff_airport: e.takeoff_airport ?? '',
    landing_airport: e.landing_airport ?? '',
    reg_num: e.reg_num,
    plane_type: e.plane_type ?? '',
    is_tmg: e.is_tmg,
    multi_engine: e.multi_engine,
    takeoff_type_id: e.takeoff_type_id,
    role: e.role,
    pic_name: e.pic_name ?? '',
    flight_minutes: computed ? null : e.flight_minutes,
    launches: String(e.launches),
    landings: String(e.landings),
    night_minutes: e.night_minutes || null,
    ifr_minutes: e.ifr_minutes || null,
    multi_pilot_minutes: e.multi_pilot_minutes || null,
    sim_minutes: e.sim_minutes || null,
    sim_type: e.sim_type ?? '',
    tow_altitude: e.tow_altitude === null ? '' : String(e.tow_altitude),
    proficiency_check: e.proficiency_check,
    remarks: e.remarks ?? '',
  };
};

const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The API body; times on the airfield's clock, a landing before the takeoff is after midnight. */
const bodyOf = (v: Values, timeZone: string) => {
  const landingDay = v.landing && v.landing < v.takeoff ? nextDay(v.date) : v.date;
  return {
    takeoff_time: instantOf(v.date, v.takeoff, timeZone) ?? `${v.date}T${v.takeoff}`,
    landing_time: v.landing
      ? (instantOf(landingDay, v.landing, timeZone) ?? `${landingDay}T${v.landing}`)
      : null,
    takeoff_airport: v.takeoff_airport.trim() || null,
    landing_airport: v.landing_airport.trim() || null,
    reg_num: v.reg_num.trim(),
    plane_type: v.plane_type.trim() || null,
    is_tmg: v.is_tmg,
    multi_engine: v.multi_engine,
    takeoff_type_id: v.takeoff_type_id,
    role: v.role,
    pic_name: v.pic_name.trim() || null,
    flight_minutes: v.flight_minutes ?? undefined,
    launches: numberOf(v.launches),
    landings: numberOf(v.landings),
    night_minutes: v.night_minutes ?? undefined,
    ifr_minutes: v.ifr_minutes ?? undefined,
    multi_pilot_minutes: v.multi_pilot_minutes ?? undefined,
    sim_minutes: v.sim_minutes ?? undefined,
    sim_type: v.sim_type.trim() || null,
    tow_altitude: numberOf(v.tow_altitude) ?? null,
    proficiency_check: v.proficiency_check,
    remarks: v.remarks.trim() || null,
  };
};

/** The fields in screen order: the cursor goes to the first with an error. */
const FIELD_ORDER = [
  'date',
  'takeoff',
  'landing',
  'takeoff_airport',
  'landing_airport',
  'flight_minutes',
  'reg_num',
  'plane_type',
  'is_tmg',
  'multi_engine',
  'takeoff_type_id',
  'role',
  'pic_name',
  'launches',
  'landings',
  'tow_altitude',
  'night_minutes',
  'ifr_minutes',
  'multi_pilot_minutes',
  'sim_minutes',
  'sim_type',
  'proficiency_check',
  'remarks',
];

/** Server field names → the form's own (the times are typed as HH:mm). */
const FIELD_OF: Record<string, string> = { takeoff_time: 'takeoff', landing_time: 'landing' };

/**
 * `flight/glider-private/{id}` and `flight/general-private/{plane_id}/{id}` (`new` creates; plane_id
 * may be `-`): a flight outside the club in the pilot's own logbook — any aircraft, its registration
 * typed in. A signed or club line is not the pilot's to change and shows read-only.
 */
export default function PrivateFlightPage() {
  const { t } = useTranslation(['logbook', 'flights', 'messages', 'common']);
  const { id = 'new', plane_id: planeId } = useParams();
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/flight/general-private') ? 'general' : 'glider';
  const isNew = id === 'new';
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const planes = useDatasource('planes');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const listHref = hrefOf(kind === 'glider' ? 'logbook/glider' : 'logbook/general');
  const back = () => navigate(listHref);
  // Signed meanwhile (or a club line): say so and show it read-only.
  const notEditable = (error: unknown, reload: () => void) => {
    if (!(error instanceof ApiError && error.code === 'not_editable')) return false;
    flash('error', 'not_editable');
    reload();
    return true;
  };

  const form = useRecordForm({
    load: useCallback(
      async () => (isNew ? null : call('getLogbookEntry', { params: { kind, id } })),
      [id, isNew, kind],
    ),
    toValues: (stored: LogbookEntryOutput | null) =>
      stored ? valuesOf(stored, timeZone) : blank(kind, dayOffset(timeZone, 0)),
    toInput: (values, stored) => {
      const body = bodyOf(values, timeZone);
      return stored ? { ...body, version: stored.version } : body;
    },
    schema: (stored): typeof updatePrivateEntryInput | typeof createPrivateEntryInput =>
      stored ? updatePrivateEntryInput : createPrivateEntryInput,
    save: (body, stored) =>
      stored
        ? call('updatePrivateEntry', {
            params: { kind, id: stored.entry_id },
            body: body as z.infer<typeof updatePrivateEntryInput>,
          })
        : call('createPrivateEntry', {
            params: { kind },
            body: body as z.infer<typeof createPrivateEntryInput>,
          }),
    onSaved: (saved) => {
      flash('success', 'logbook:flash.private_saved', { values: { reg_num: saved?.reg_num ?? '' } });
      navigate(listHref);
    },
    onSaveError: notEditable,
    errorFieldOf: (field) => FIELD_OF[field] ?? field,
    onCancel: back,
    onDelete: () => setConfirmDelete(true),
    keysActive: !confirmDelete,
    readOnly: (stored) => stored !== null && !stored.editable,
    focus: { prefix: 'private', fields: FIELD_ORDER },
  });
  const entry = form.record ?? undefined;
  const readOnly = form.readOnly;
  const canDelete = entry?.editable === true;

  // A club aircraft named in the path fills in its registration and type.
  const pathPlane = planes.items.find((p) => p.plane_id === planeId);
  const fill = form.update;
  useEffect(() => {
    if (!isNew || !pathPlane) return;
    fill((current) =>
      current.reg_num
        ? current
        : {
            ...current,
            reg_num: pathPlane.reg_num,
            plane_type: pathPlane.plane_type ?? '',
            is_tmg: pathPlane.is_tmg,
            takeoff_type_id: pathPlane.is_tmg ? 6 : current.takeoff_type_id,
          },
    );
  }, [isNew, pathPlane, fill]);

  const remove = () =>
    form.run(async () => {
      if (!entry) return;
      try {
        await call('deletePrivateEntry', { params: { kind, id: entry.entry_id } });
      } catch (error) {
        setConfirmDelete(false);
        throw error;
      }
      flash('success', 'logbook:flash.private_deleted', { values: { reg_num: entry.reg_num } });
      back();
    });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('entry.load_failed')}</LoadFailed>;
  const { values, errorText } = form;
  if (!values || form.record === undefined) return <PageSpinner />;

  const set = form.set;
  const invalid = (name: string) => form.has(name);
  const field = (name: keyof Values, control: ReactNode, hint?: string) => (
    <FormField
      key={name}
      label={t(`private.${name}`)}
      errorText={errorText(name)}
      constraintText={hint}
      data-testid={`private-field-${name}`}
    >
      {control}
    </FormField>
  );
  type TextName = 'takeoff_airport' | 'landing_airport' | 'reg_num' | 'plane_type' | 'pic_name' | 'sim_type';
  const text = (name: TextName, upper = false) =>
    field(
      name,
      <Input
        value={values[name]}
        readOnly={readOnly}
        onChange={({ detail }) => set(name, upper ? detail.value.toUpperCase() : detail.value)}
        invalid={invalid(name)}
        data-testid={`private-${name}`}
      />,
    );
  const count = (name: 'launches' | 'landings' | 'tow_altitude', hint?: string) =>
    field(
      name,
      <Input
        value={values[name]}
        inputMode="numeric"
        readOnly={readOnly}
        onChange={({ detail }) => set(name, detail.value.replace(/[^\d]/g, ''))}
        invalid={invalid(name)}
        data-testid={`private-${name}`}
      />,
      hint,
    );
  type MinuteName =
    | 'flight_minutes'
    | 'night_minutes'
    | 'ifr_minutes'
    | 'multi_pilot_minutes'
    | 'sim_minutes';
  const hours = (name: MinuteName, hint?: string) =>
    field(
      name,
      <DecimalHoursField
        minutes={values[name]}
        nullable
        readOnly={readOnly}
        onChange={(minutes) => set(name, minutes)}
        invalid={invalid(name)}
        testId={`private-${name}`}
      />,
      hint ?? t('flights:hint.hours'),
    );
  const time = (name: 'takeoff' | 'landing') =>
    field(
      name,
      <TimeInput
        value={values[name]}
        readOnly={readOnly}
        onChange={(value) => set(name, value)}
        invalid={invalid(name)}
        ariaLabel={t(`private.${name}`)}
        testId={`private-${name}`}
      />,
      t('flights:hint.time'),
    );
  const flag = (name: 'is_tmg' | 'multi_engine' | 'proficiency_check') => (
    <FormField key={name} errorText={errorText(name)}>
      <Toggle
        checked={values[name]}
        readOnly={readOnly}
        onChange={({ detail }) => set(name, detail.checked)}
        data-testid={`private-${name}`}
      >
        {t(`private.${name}`)}
      </Toggle>
    </FormField>
  );
  const typeOptions = TAKEOFF_TYPES.map((type, index) => ({
    value: String(index + 1),
    label: t(`flights:takeoff_type.${type}`),
  }));
  const roleOptions = PILOT_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }));
  return (
    <>
      <RecordFormFrame
        prefix="private"
        header={
          <Header variant="h1" description={t('private.description')}>
            {entry ? `${entry.reg_num} · ${entry.date.replaceAll('-', '.')}` : t(`private.new_${kind}`)}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={canDelete ? () => setConfirmDelete(true) : undefined}
        readOnly={readOnly}
      >
        <SpaceBetween size="l">
          {readOnly ? (
            <Alert
              type="info"
              header={t('not_editable', { ns: 'messages' })}
              data-testid="private-not-editable"
            >
              {t('private.locked_reason')}
            </Alert>
          ) : null}
          <Container header={<Header variant="h2">{t('private.section_flight')}</Header>}>
            <ColumnLayout columns={3}>
              {field(
                'date',
                <DateField
                  value={values.date}
                  readOnly={readOnly}
                  onChange={(value) => set('date', value)}
                  invalid={invalid('date')}
                  testId="private-date"
                />,
              )}
              {time('takeoff')}
              {time('landing')}
              {text('takeoff_airport', true)}
              {text('landing_airport', true)}
              {hours('flight_minutes', t('private.flight_minutes_hint'))}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('private.section_aircraft')}</Header>}>
            <ColumnLayout columns={3}>
              {text('reg_num', true)}
              {text('plane_type')}
              {field(
                'takeoff_type_id',
                <Select
                  selectedOption={typeOptions.find((o) => o.value === String(values.takeoff_type_id)) ?? null}
                  options={typeOptions}
                  disabled={readOnly}
                  onChange={({ detail }) => set('takeoff_type_id', Number(detail.selectedOption.value))}
                  data-testid="private-takeoff_type_id"
                />,
              )}
              {flag('is_tmg')}
              {kind === 'general' ? flag('multi_engine') : null}
              {kind === 'glider' ? count('tow_altitude', t('flights:hint.metres')) : null}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('private.section_pilot')}</Header>}>
            <ColumnLayout columns={3}>
              {field(
                'role',
                <Select
                  selectedOption={roleOptions.find((o) => o.value === values.role) ?? null}
                  options={roleOptions}
                  disabled={readOnly}
                  onChange={({ detail }) => set('role', detail.selectedOption.value as PilotRole)}
                  data-testid="private-role"
                />,
              )}
              {text('pic_name')}
              {count('launches')}
              {count('landings')}
              {hours('night_minutes')}
              {hours('ifr_minutes')}
              {kind === 'general' ? hours('multi_pilot_minutes') : null}
              {hours('sim_minutes')}
              {text('sim_type')}
              {flag('proficiency_check')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('private.remarks')}</Header>}>
            <FormField errorText={errorText('remarks')}>
              <Textarea
                value={values.remarks}
                readOnly={readOnly}
                onChange={({ detail }) => set('remarks', detail.value)}
                ariaLabel={t('private.remarks')}
                data-testid="private-remarks"
              />
            </FormField>
          </Container>
        </SpaceBetween>
      </RecordFormFrame>
      <ConfirmModal
        visible={confirmDelete}
        header={t('private.delete_title')}
        confirmText={t('private.delete')}
        busy={form.saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="private-delete-dialog"
      >
        {t('private.delete_body')}
      </ConfirmModal>
    </>
  );
}

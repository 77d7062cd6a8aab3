import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import { PILOT_ROLES, type PilotRole, TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import {
  createPrivateEntryInput,
  type LogbookEntryOutput,
  updatePrivateEntryInput,
} from '../../../../contracts/schemas/logbook.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TimeInput } from '../../components/time-input.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
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
  const navigate = useNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const planes = useDatasource('planes');
  const [entry, setEntry] = useState<LogbookEntryOutput>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const listHref = hrefOf(kind === 'glider' ? 'logbook/glider' : 'logbook/general');
  const load = useCallback(async () => {
    setFailed(false);
    if (isNew) {
      setValues(blank(kind, dayOffset(timeZone, 0)));
      return;
    }
    try {
      const loaded = await call('getLogbookEntry', { params: { kind, id } });
      setEntry(loaded);
      setValues(valuesOf(loaded, timeZone));
      setErrors({});
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [id, isNew, kind, timeZone]);
  useEffect(() => {
    void load();
  }, [load]);

  // A club aircraft named in the path fills in its registration and type.
  const pathPlane = planes.items.find((p) => p.plane_id === planeId);
  useEffect(() => {
    if (!isNew || !pathPlane) return;
    setValues((current) =>
      current && !current.reg_num
        ? {
            ...current,
            reg_num: pathPlane.reg_num,
            plane_type: pathPlane.plane_type ?? '',
            is_tmg: pathPlane.is_tmg,
            takeoff_type_id: pathPlane.is_tmg ? 6 : current.takeoff_type_id,
          }
        : current,
    );
  }, [isNew, pathPlane]);

  const readOnly = entry !== undefined && !entry.editable;
  const back = () => navigate(listHref);
  const dirty =
    values !== undefined &&
    !readOnly &&
    JSON.stringify(values) !== JSON.stringify(entry ? valuesOf(entry, timeZone) : blank(kind, values.date));

  const showErrors = (found: Record<string, string[]>) =>
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, keys]) => [FIELD_OF[field] ?? field, keys])),
    );

  const save = async () => {
    if (!values || saving || readOnly) return;
    const body = bodyOf(values, timeZone);
    const parsed = entry
      ? z.safeParse(updatePrivateEntryInput, { ...body, version: entry.version })
      : z.safeParse(createPrivateEntryInput, body);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = entry
        ? await call('updatePrivateEntry', {
            params: { kind, id: entry.entry_id },
            body: parsed.data as z.infer<typeof updatePrivateEntryInput>,
          })
        : await call('createPrivateEntry', {
            params: { kind },
            body: parsed.data as z.infer<typeof createPrivateEntryInput>,
          });
      setEntry(saved);
      setValues(valuesOf(saved, timeZone));
      setErrors({});
      flash('success', 'logbook:flash.private_saved', { values: { reg_num: saved.reg_num } });
      navigate(listHref);
    } catch (error) {
      if (error instanceof FieldErrors) showErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict')
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      else if (error instanceof ApiError && error.code === 'not_editable') {
        flash('error', 'not_editable');
        void load();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!entry) return;
    setSaving(true);
    try {
      await call('deletePrivateEntry', { params: { kind, id: entry.entry_id } });
      flash('success', 'logbook:flash.private_deleted', { values: { reg_num: entry.reg_num } });
      setEntry(undefined);
      setValues(undefined);
      back();
    } catch (error) {
      setConfirmDelete(false);
      if (error instanceof ApiError && error.code === 'not_editable') flash('error', 'not_editable');
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const canDelete = entry?.editable === true;
  useDialogKeys(
    {
      onCancel: back,
      onSave: readOnly ? undefined : () => void save(),
      onDelete: canDelete ? () => setConfirmDelete(true) : undefined,
    },
    values !== undefined && !confirmDelete,
  );

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('entry.load_failed')}
      </Alert>
    );
  if (!values) return <PageSpinner />;

  const lang = currentLang();
  const errorText = (name: string) => {
    const key = errors[name]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = <F extends keyof Values>(name: F, value: Values[F]) => {
    setValues({ ...values, [name]: value });
    if (errors[name]) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key !== name)));
  };
  const field = (name: string, control: ReactNode, hint?: string) => (
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
        invalid={Boolean(errors[name])}
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
        invalid={Boolean(errors[name])}
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
        invalid={Boolean(errors[name])}
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
        invalid={Boolean(errors[name])}
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="private-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header
            variant="h1"
            description={t('private.description')}
            actions={
              canDelete ? (
                <Button formAction="none" onClick={() => setConfirmDelete(true)} data-testid="private-delete">
                  {t('private.delete')}
                </Button>
              ) : undefined
            }
          >
            {entry ? `${entry.reg_num} · ${entry.date.replaceAll('-', '.')}` : t(`private.new_${kind}`)}
          </Header>
        }
        errorText={Object.keys(errors).length > 0 ? t('validation_failed', { ns: 'messages' }) : undefined}
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {readOnly ? null : t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={back}>
              {readOnly ? t('entry.back') : t('common:action.cancel')}
            </Button>
            {readOnly ? null : (
              <Button variant="primary" formAction="submit" loading={saving} data-testid="private-save">
                {t('common:action.save')}
              </Button>
            )}
          </SpaceBetween>
        }
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
                <DatePicker
                  value={values.date}
                  readOnly={readOnly}
                  onChange={({ detail }) => set('date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={weekStartsOn(lang)}
                  data-testid="private-date"
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
      </Form>
      <ConfirmModal
        visible={confirmDelete}
        header={t('private.delete_title')}
        confirmText={t('private.delete')}
        busy={saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="private-delete-dialog"
      >
        {t('private.delete_body')}
      </ConfirmModal>
    </form>
  );
}

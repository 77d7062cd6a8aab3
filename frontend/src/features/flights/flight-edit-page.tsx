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
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import { DAY_NIGHT, TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import {
  createFlightInput,
  type FlightOutput,
  updateFlightInput,
} from '../../../../contracts/schemas/flights.ts';
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
import { formatDate, formatDateTime, formatMinutes } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayOffset, instantOf, nextDay } from '../../lib/zoned-time.ts';
import { FlightCharge } from '../finance/flight-charge.tsx';
import { RouteMapSection } from '../tracking/route-map-section.tsx';
import {
  bodyOf,
  type COUNT_FIELDS,
  type CREW_FIELDS,
  emptyValues,
  type FLAG_FIELDS,
  type MINUTE_FIELDS,
  shownFor,
  type TEXT_FIELDS,
  type TIME_FIELDS,
  type Values,
  valuesOf,
  withoutHiddenLaunchFields,
} from './flight-form.ts';

type Errors = Record<string, string[]>;
type Field = keyof Values;

/** The kind of flight a flight screen is about, from its path (`/flight/general/...`). */
export const kindOfPath = (pathname: string) =>
  pathname.startsWith('/flight/general') ? ('general' as const) : ('glider' as const);

/**
 * `flight/glider/{id}` and `flight/general/{plane_id}/{id}` (ods-edit; `new` creates): every spec §3
 * Flight field, grouped. Times are typed on the airfield's clock. A save carries the version read
 * (409: reload offered); a flight whose logbook line an instructor signed is shown read-only.
 */
export default function FlightEditPage() {
  const { t } = useTranslation(['flights', 'messages', 'common']);
  const { id, plane_id: pathPlaneId } = useParams();
  const { pathname } = useLocation();
  const kind = kindOfPath(pathname);
  const isNew = id === 'new';
  const navigate = useNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const planes = useDatasource('planes');
  const [flight, setFlight] = useState<FlightOutput>();
  const [values, setValues] = useState<Values | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const listHref = hrefOf(kind === 'glider' ? 'flight/glider' : 'flight/general');
  const load = useCallback(async () => {
    setFailed(false);
    if (isNew) {
      const planeId = pathPlaneId && pathPlaneId !== '-' ? pathPlaneId : '';
      setValues(emptyValues(kind, dayOffset(timeZone, 0), planeId));
      return;
    }
    if (!id) return;
    try {
      const loaded = await call('getFlight', { params: { id } });
      setFlight(loaded);
      setValues(valuesOf(loaded, timeZone));
      setErrors({});
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [id, isNew, kind, pathPlaneId, timeZone]);
  useEffect(() => {
    void load();
  }, [load]);

  const locked = flight?.locked === true;
  const back = () => navigate(listHref);
  const initial = flight ? valuesOf(flight, timeZone) : undefined;
  const dirty =
    values !== undefined && initial !== undefined && JSON.stringify(values) !== JSON.stringify(initial);
  const dirtyNew = isNew && values !== undefined && Boolean(values.takeoff_time || values.pic_id);

  const editHref = (saved: FlightOutput) =>
    kind === 'glider'
      ? hrefOf('flight/glider/:id', { id: saved.flight_id })
      : hrefOf('flight/general/:plane_id/:id', { plane_id: saved.plane_id, id: saved.flight_id });

  const conflictFlash = () =>
    flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });

  const save = async () => {
    if (!values || saving || locked) return;
    const body = bodyOf(withoutHiddenLaunchFields(values), timeZone);
    const parsed = flight
      ? z.safeParse(updateFlightInput, { ...body, date: undefined, version: flight.version })
      : z.safeParse(createFlightInput, body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      if (flight) {
        const saved = await call('updateFlight', {
          params: { id: flight.flight_id },
          body: parsed.data as z.infer<typeof updateFlightInput>,
        });
        setFlight(saved);
        setValues(valuesOf(saved, timeZone));
        flash('success', 'flights:flash.saved', { values: { reg_num: saved.reg_num } });
      } else {
        const created = await call('createFlight', {
          body: parsed.data as z.infer<typeof createFlightInput>,
        });
        setFlight(created);
        setValues(valuesOf(created, timeZone));
        flash('success', 'flights:flash.created', { values: { reg_num: created.reg_num } });
        navigate(editHref(created), { replace: true });
      }
      setErrors({});
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') conflictFlash();
      else if (error instanceof ApiError && error.code === 'not_editable') {
        flash('error', 'not_editable');
        void load();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!flight) return;
    setSaving(true);
    try {
      await call('deleteFlight', {
        params: { id: flight.flight_id },
        query: { version: String(flight.version) },
      });
      flash('success', 'flights:flash.deleted', { values: { reg_num: flight.reg_num } });
      setFlight(undefined);
      setValues(undefined);
      back();
    } catch (error) {
      setConfirmDelete(false);
      if (error instanceof ApiError && error.code === 'conflict') conflictFlash();
      else if (error instanceof ApiError && error.code === 'not_editable') {
        flash('error', 'not_editable');
        void load();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const canDelete = Boolean(flight) && !locked;
  useDialogKeys(
    {
      onCancel: back,
      onSave: locked ? undefined : () => void save(),
      onDelete: canDelete ? () => setConfirmDelete(true) : undefined,
    },
    values !== undefined && !confirmDelete,
  );

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('edit.load_failed')}
      </Alert>
    );
  if (!values) return <PageSpinner />;

  const lang = currentLang();
  const errorText = (name: string) => {
    const key = errors[name]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = <F extends Field>(name: F, value: Values[F]) => {
    setValues({ ...values, [name]: value });
    if (errors[name]) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key !== name)));
  };
  const field = (name: string, control: ReactNode, hint?: string) => (
    <FormField
      key={name}
      label={t(`field.${name}`)}
      errorText={errorText(name)}
      constraintText={hint}
      data-testid={`flight-field-${name}`}
    >
      {control}
    </FormField>
  );
  const text = (name: (typeof TEXT_FIELDS)[number], upper = false) =>
    field(
      name,
      <Input
        value={values[name]}
        readOnly={locked}
        onChange={({ detail }) => set(name, upper ? detail.value.toUpperCase() : detail.value)}
        invalid={Boolean(errors[name])}
        data-testid={`flight-${name}`}
      />,
    );
  const count = (name: (typeof COUNT_FIELDS)[number], hint?: string) =>
    field(
      name,
      <Input
        value={values[name]}
        inputMode="numeric"
        readOnly={locked}
        onChange={({ detail }) => set(name, detail.value.replace(/[^\d]/g, ''))}
        invalid={Boolean(errors[name])}
        data-testid={`flight-${name}`}
      />,
      hint,
    );
  const hours = (name: (typeof MINUTE_FIELDS)[number], hint?: string) =>
    field(
      name,
      <DecimalHoursField
        minutes={values[name]}
        nullable
        readOnly={locked}
        onChange={(minutes) => set(name, minutes)}
        invalid={Boolean(errors[name])}
        testId={`flight-${name}`}
      />,
      hint ?? t('hint.hours'),
    );
  const time = (name: (typeof TIME_FIELDS)[number]) =>
    field(
      name,
      <TimeInput
        value={values[name]}
        readOnly={locked}
        onChange={(value) => set(name, value)}
        invalid={Boolean(errors[name])}
        ariaLabel={t(`field.${name}`)}
        testId={`flight-${name}`}
      />,
      t('hint.time'),
    );
  const flag = (name: (typeof FLAG_FIELDS)[number]) => (
    <FormField key={name} errorText={errorText(name)} data-testid={`flight-field-${name}`}>
      <Toggle
        checked={values[name]}
        readOnly={locked}
        onChange={({ detail }) => set(name, detail.checked)}
        data-testid={`flight-${name}`}
      >
        {t(`field.${name}`)}
      </Toggle>
    </FormField>
  );
  const nobody = { value: '', label: t('edit.nobody') };
  const userOptions = [nobody, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const person = (name: (typeof CREW_FIELDS)[number]) =>
    shownFor(name, values.takeoff_type_id)
      ? field(
          name,
          <Select
            selectedOption={userOptions.find((o) => o.value === values[name]) ?? nobody}
            options={userOptions}
            filteringType="auto"
            disabled={locked}
            statusType={users.loading ? 'loading' : 'finished'}
            onChange={({ detail }) => set(name, detail.selectedOption.value ?? '')}
            invalid={Boolean(errors[name])}
            data-testid={`flight-${name}`}
          />,
        )
      : null;
  const category = kind === 'glider' ? 'plc_02' : 'plc_01';
  const planeOptions = planes.items
    .filter((p) => p.plane_category === category || p.plane_id === values.plane_id)
    .map((p) => ({ value: p.plane_id, label: p.reg_num, description: p.plane_type ?? undefined }));
  const towPlaneOptions = [
    { value: '', label: t('edit.nobody') },
    ...planes.items
      .filter((p) => p.plane_category === 'plc_01')
      .map((p) => ({ value: p.plane_id, label: p.reg_num })),
  ];
  const typeOptions = TAKEOFF_TYPES.map((type, index) => ({
    value: String(index + 1),
    label: t(`takeoff_type.${type}`),
  }));
  const dayNightOptions = [
    { value: '', label: '—' },
    ...DAY_NIGHT.map((value) => ({ value, label: t(`day_night.${value}`) })),
  ];
  const dayNight = (name: 'takeoff_day_night' | 'landing_day_night') =>
    field(
      name,
      <Select
        selectedOption={dayNightOptions.find((o) => o.value === values[name]) ?? null}
        options={dayNightOptions}
        disabled={locked}
        onChange={({ detail }) => set(name, (detail.selectedOption.value ?? '') as Values[typeof name])}
        data-testid={`flight-${name}`}
      />,
    );
  const startOfWeek = weekStartsOn(lang);

  // The flight time the times give, shown until someone types an override.
  const takeoffAt = instantOf(values.date, values.takeoff_time, timeZone);
  const landingDay =
    values.landing_time && values.landing_time < values.takeoff_time ? nextDay(values.date) : values.date;
  const landingAt = instantOf(landingDay, values.landing_time, timeZone);
  const computedMinutes =
    takeoffAt && landingAt
      ? Math.max(0, Math.round((Date.parse(landingAt) - Date.parse(takeoffAt)) / 60000))
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const title = flight
    ? `${flight.reg_num} · ${formatDate(flight.date)}`
    : t(kind === 'glider' ? 'edit.new_glider' : 'edit.new_general');

  return (
    <form onSubmit={submit} noValidate data-testid="flight-form">
      <UnsavedChangesPrompt when={(dirty || dirtyNew) && !saving && !locked} />
      <Form
        header={
          <Header
            variant="h1"
            description={locked ? undefined : t('edit.description')}
            info={
              flight?.instructor_accepted ? (
                <StatusIndicator type="success" data-testid="flight-accepted">
                  {t('list.accepted')}
                </StatusIndicator>
              ) : undefined
            }
            actions={
              canDelete ? (
                <Button formAction="none" onClick={() => setConfirmDelete(true)} data-testid="flight-delete">
                  {t('edit.delete')}
                </Button>
              ) : undefined
            }
          >
            {title}
          </Header>
        }
        errorText={Object.keys(errors).length > 0 ? t('validation_failed', { ns: 'messages' }) : undefined}
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {locked ? null : canDelete ? t('edit.keys') : t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={back} data-testid="flight-cancel">
              {locked ? t('edit.back') : t('common:action.cancel')}
            </Button>
            {locked ? null : (
              <Button variant="primary" formAction="submit" loading={saving} data-testid="flight-save">
                {t('common:action.save')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {locked ? (
            <Alert
              type="info"
              header={t('not_editable', { ns: 'messages' })}
              data-testid="flight-not-editable"
            >
              {t('edit.locked_reason')}
            </Alert>
          ) : null}
          {errors._ ? <Alert type="error">{errorText('_')}</Alert> : null}
          <Container header={<Header variant="h2">{t('section.aircraft')}</Header>}>
            <ColumnLayout columns={3}>
              {field(
                'plane_id',
                <Select
                  selectedOption={planeOptions.find((o) => o.value === values.plane_id) ?? null}
                  options={planeOptions}
                  filteringType="auto"
                  disabled={locked}
                  placeholder={t('edit.choose_plane')}
                  statusType={planes.loading ? 'loading' : 'finished'}
                  onChange={({ detail }) => set('plane_id', detail.selectedOption.value ?? '')}
                  invalid={Boolean(errors.plane_id)}
                  data-testid="flight-plane_id"
                />,
              )}
              {field(
                'takeoff_type_id',
                <Select
                  selectedOption={typeOptions.find((o) => o.value === String(values.takeoff_type_id)) ?? null}
                  options={typeOptions}
                  disabled={locked}
                  onChange={({ detail }) => set('takeoff_type_id', Number(detail.selectedOption.value))}
                  invalid={Boolean(errors.takeoff_type_id)}
                  data-testid="flight-takeoff_type_id"
                />,
              )}
              {field(
                'date',
                <DatePicker
                  value={values.date}
                  readOnly={locked}
                  onChange={({ detail }) => set('date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={startOfWeek}
                  invalid={Boolean(errors.date)}
                  data-testid="flight-date"
                />,
              )}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('section.times')}</Header>}>
            <ColumnLayout columns={3}>
              {time('takeoff_time')}
              {time('landing_time')}
              {hours(
                'flight_time',
                computedMinutes === null
                  ? t('hint.flight_time')
                  : t('hint.flight_time_computed', { time: formatMinutes(computedMinutes) }),
              )}
              {text('takeoff_airport', true)}
              {text('landing_airport', true)}
              {text('route')}
              {dayNight('takeoff_day_night')}
              {dayNight('landing_day_night')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('section.crew')}</Header>}>
            <ColumnLayout columns={3}>
              {person('pic_id')}
              {person('sic_id')}
              {person('instructor_id')}
              {text('pic_name')}
              {text('sic_name')}
              {text('other_person')}
              {person('tow_pilot_id')}
              {shownFor('tow_plane_id', values.takeoff_type_id)
                ? field(
                    'tow_plane_id',
                    <Select
                      selectedOption={towPlaneOptions.find((o) => o.value === values.tow_plane_id) ?? null}
                      options={towPlaneOptions}
                      disabled={locked}
                      onChange={({ detail }) => set('tow_plane_id', detail.selectedOption.value ?? '')}
                      invalid={Boolean(errors.tow_plane_id)}
                      data-testid="flight-tow_plane_id"
                    />,
                  )
                : null}
              {shownFor('tow_altitude', values.takeoff_type_id)
                ? count('tow_altitude', t('hint.metres'))
                : null}
              {person('winch_operator_id')}
              {person('winch_trainee_id')}
              {person('rope_puller_id')}
              {person('timer_operator_id')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('section.training')}</Header>}>
            <ColumnLayout columns={3}>
              {flag('training')}
              {flag('proficiency_check')}
              {flag('traffic_pattern')}
              {count('touch_and_go')}
              {hours('night_time')}
              {hours('ifr_time')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('section.counters')}</Header>}>
            <ColumnLayout columns={2}>
              {hours('takeoff_counter', t('hint.counter'))}
              {hours('landing_counter', t('hint.counter'))}
              {time('takeoff_blocktime')}
              {time('landing_blocktime')}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('section.simulator')}</Header>}>
            <ColumnLayout columns={3}>
              {hours('sim_time')}
              {text('sim_type')}
              {field(
                'sim_date',
                <DatePicker
                  value={values.sim_date}
                  readOnly={locked}
                  onChange={({ detail }) => set('sim_date', detail.value)}
                  placeholder="YYYY/MM/DD"
                  startOfWeek={startOfWeek}
                  invalid={Boolean(errors.sim_date)}
                  data-testid="flight-sim_date"
                />,
              )}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('field.remarks')}</Header>}>
            <FormField errorText={errorText('remarks')} data-testid="flight-field-remarks">
              <Textarea
                value={values.remarks}
                readOnly={locked}
                onChange={({ detail }) => set('remarks', detail.value)}
                ariaLabel={t('field.remarks')}
                data-testid="flight-remarks"
              />
            </FormField>
          </Container>
          {flight ? (
            <Box variant="small" color="text-body-secondary" data-testid="flight-meta">
              {t('edit.meta', {
                source: t(`source.${flight.source}`),
                status: t(`status.${flight.status}`),
                updated: formatDateTime(flight.updated_at, timeZone),
              })}
              {flight.accepted_at
                ? ` · ${t('edit.accepted_at', { at: formatDateTime(flight.accepted_at, timeZone) })}`
                : ''}
            </Box>
          ) : null}
          {flight?.takeoff_time ? <RouteMapSection source={{ flightId: flight.flight_id }} /> : null}
          {flight ? <FlightCharge flightId={flight.flight_id} landed={flight.status === 'landed'} /> : null}
        </SpaceBetween>
      </Form>
      <ConfirmModal
        visible={confirmDelete}
        header={t('edit.delete_title', { reg_num: flight?.reg_num ?? '' })}
        confirmText={t('edit.delete')}
        busy={saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="flight-delete-dialog"
      >
        {t('edit.delete_body')}
      </ConfirmModal>
    </form>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { DAY_NIGHT, TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import {
  createFlightInput,
  type FlightOutput,
  updateFlightInput,
} from '../../../../contracts/schemas/flights.ts';
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
import { formatDate, formatDateTime, formatMinutes } from '../../lib/format.ts';
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
  FIELD_ORDER,
  type FLAG_FIELDS,
  type MINUTE_FIELDS,
  shownFor,
  type TEXT_FIELDS,
  type TIME_FIELDS,
  type Values,
  valuesOf,
  withoutHiddenLaunchFields,
} from './flight-form.ts';

/** The kind of flight a flight screen is about, from its path (`/flight/general/...`). */
const kindOfPath = (pathname: string) =>
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
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const planes = useDatasource('planes');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const listHref = hrefOf(kind === 'glider' ? 'flight/glider' : 'flight/general');
  const back = () => navigate(listHref);
  const editHref = (saved: FlightOutput) =>
    kind === 'glider'
      ? hrefOf('flight/glider/:id', { id: saved.flight_id })
      : hrefOf('flight/general/:plane_id/:id', { plane_id: saved.plane_id, id: saved.flight_id });
  // Signed meanwhile (the instructor accepted the logbook line): say so and show it read-only.
  const notEditable = (error: unknown, reload: () => void) => {
    if (!(error instanceof ApiError && error.code === 'not_editable')) return false;
    flash('error', 'not_editable');
    reload();
    return true;
  };

  const form = useRecordForm({
    load: useCallback(
      async () => (isNew ? null : call('getFlight', { params: { id: id ?? '' } })),
      [id, isNew],
    ),
    toValues: (stored: FlightOutput | null) =>
      stored
        ? valuesOf(stored, timeZone)
        : emptyValues(kind, dayOffset(timeZone, 0), pathPlaneId && pathPlaneId !== '-' ? pathPlaneId : ''),
    toInput: (values, stored) => {
      const body = bodyOf(withoutHiddenLaunchFields(values), timeZone);
      return stored ? { ...body, date: undefined, version: stored.version } : body;
    },
    schema: (stored): typeof updateFlightInput | typeof createFlightInput =>
      stored ? updateFlightInput : createFlightInput,
    save: (body, stored) =>
      stored
        ? call('updateFlight', {
            params: { id: stored.flight_id },
            body: body as z.infer<typeof updateFlightInput>,
          })
        : call('createFlight', { body: body as z.infer<typeof createFlightInput> }),
    onSaved: (saved, before) => {
      if (!saved) return;
      if (before) flash('success', 'flights:flash.saved', { values: { reg_num: saved.reg_num } });
      else {
        flash('success', 'flights:flash.created', { values: { reg_num: saved.reg_num } });
        navigate(editHref(saved), { replace: true });
      }
    },
    onSaveError: notEditable,
    readOnly: (stored) => stored?.locked === true,
    onCancel: back,
    onDelete: () => setConfirmDelete(true),
    keysActive: !confirmDelete,
    focus: { prefix: 'flight', fields: FIELD_ORDER },
  });
  const flight = form.record ?? undefined;
  const locked = flight?.locked === true;
  const canDelete = Boolean(flight) && !locked;

  const remove = () =>
    form.run(async () => {
      if (!flight) return;
      try {
        await call('deleteFlight', {
          params: { id: flight.flight_id },
          query: { version: String(flight.version) },
        });
      } catch (error) {
        setConfirmDelete(false);
        throw error;
      }
      flash('success', 'flights:flash.deleted', { values: { reg_num: flight.reg_num } });
      back();
    });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('edit.load_failed')}</LoadFailed>;
  const { values, errorText } = form;
  if (!values || form.record === undefined) return <PageSpinner />;

  const set = form.set;
  const invalid = (name: string) => form.has(name);
  const field = (name: keyof Values, control: ReactNode, hint?: string) => (
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
        invalid={invalid(name)}
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
        invalid={invalid(name)}
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
        invalid={invalid(name)}
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
        invalid={invalid(name)}
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
            invalid={invalid(name)}
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

  // The flight time the times give, shown until someone types an override.
  const takeoffAt = instantOf(values.date, values.takeoff_time, timeZone);
  const landingDay =
    values.landing_time && values.landing_time < values.takeoff_time ? nextDay(values.date) : values.date;
  const landingAt = instantOf(landingDay, values.landing_time, timeZone);
  const computedMinutes =
    takeoffAt && landingAt
      ? Math.max(0, Math.round((Date.parse(landingAt) - Date.parse(takeoffAt)) / 60000))
      : null;

  const title = flight
    ? `${flight.reg_num} · ${formatDate(flight.date)}`
    : t(kind === 'glider' ? 'edit.new_glider' : 'edit.new_general');

  return (
    <>
      <RecordFormFrame
        prefix="flight"
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
          >
            {title}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={canDelete ? () => setConfirmDelete(true) : undefined}
        readOnly={locked}
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
                  invalid={invalid('plane_id')}
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
                  invalid={invalid('takeoff_type_id')}
                  data-testid="flight-takeoff_type_id"
                />,
              )}
              {field(
                'date',
                <DateField
                  value={values.date}
                  readOnly={locked}
                  onChange={(value) => set('date', value)}
                  invalid={invalid('date')}
                  testId="flight-date"
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
                      invalid={invalid('tow_plane_id')}
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
                <DateField
                  value={values.sim_date}
                  readOnly={locked}
                  onChange={(value) => set('sim_date', value)}
                  invalid={invalid('sim_date')}
                  testId="flight-sim_date"
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
      </RecordFormFrame>
      <ConfirmModal
        visible={confirmDelete}
        header={t('edit.delete_title', { reg_num: flight?.reg_num ?? '' })}
        confirmText={t('edit.delete')}
        busy={form.saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="flight-delete-dialog"
      >
        {t('edit.delete_body')}
      </ConfirmModal>
    </>
  );
}

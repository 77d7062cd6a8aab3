import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { todayIn } from '../../../../contracts/calendar.ts';
import type { FuelSourceOutput } from '../../../../contracts/schemas/fuel.ts';
import { createVehicleTripInput, type VehicleTripOutput } from '../../../../contracts/schemas/winch.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { TextField } from '../../components/forms/text-field.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatQuantity } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { numberOf } from '../fuel/fuel-modals.tsx';

const range = (start: number | null, end: number | null) =>
  start === null && end === null ? '' : `${start ?? '?'} – ${end ?? '?'}`;

/**
 * `vehicle-logbook/{id?}` (spec §1 the electronic vehicle logbook; issue 15 §4): the trips of the
 * winch, the tow car and the retrieve car — driver, purpose, km and engine hours, fuel taken.
 */
export default function VehicleLogbookPage() {
  const { t } = useTranslation(['winch', 'fuel', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { id } = useParams();
  const [vehicles, setVehicles] = useState<{
    vehicles: FuelSourceOutput[];
    tanks: FuelSourceOutput[];
  } | null>(null);
  const [trips, setTrips] = useState<VehicleTripOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const vehicleId = id ?? vehicles?.vehicles[0]?.source_id;
  const vehicle = vehicles?.vehicles.find((v) => v.source_id === vehicleId);

  const loadVehicles = useCallback(async () => {
    try {
      setVehicles(await call('listVehicles'));
    } catch (error) {
      reportFailure(error);
    }
  }, []);
  const loadTrips = useCallback(
    async (after?: string) => {
      if (!vehicleId) return;
      setLoading(true);
      try {
        const page = await call('listVehicleTrips', {
          params: { id: vehicleId },
          query: after ? { cursor: after } : {},
        });
        setTrips((current) => (after ? [...current, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (error) {
        reportFailure(error);
      } finally {
        setLoading(false);
      }
    },
    [vehicleId],
  );
  useEffect(() => {
    void loadVehicles();
  }, [loadVehicles]);
  useEffect(() => {
    void loadTrips();
  }, [loadTrips]);

  const options = (vehicles?.vehicles ?? []).map((v) => ({
    value: v.source_id,
    label: `${v.name} (${t(`fuel:vehicle_kind.${v.vehicle_kind ?? 'other'}`)})`,
  }));
  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        description={
          vehicle ? t('readings', { km: vehicle.km ?? '–', hours: vehicle.engine_hours ?? '–' }) : undefined
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              selectedOption={options.find((o) => o.value === vehicleId) ?? null}
              options={options}
              placeholder={t('pick_vehicle')}
              onChange={({ detail }) => navigate(`/vehicle-logbook/${detail.selectedOption.value}`)}
              data-testid="vehicle-pick"
            />
            {vehicle && (
              <Button variant="primary" onClick={() => setAdding(true)} data-testid="vehicle-trip-new">
                {t('new_trip')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        {t('nav:title.vehicle_logbook')}
      </Header>
      {vehicles && vehicles.vehicles.length === 0 ? (
        <Box color="text-status-inactive">{t('no_vehicles')}</Box>
      ) : (
        <DataTable<VehicleTripOutput>
          id="vehicle-trips"
          testId="vehicle-trips-table"
          loading={loading && trips.length === 0}
          loadingText={t('common:nav.loading')}
          empty={<Box color="text-status-inactive">{t('no_trips')}</Box>}
          items={trips}
          trackBy="trip_id"
          footer={
            cursor && (
              <Box textAlign="center">
                <Button onClick={() => void loadTrips(cursor)} loading={loading}>
                  {t('more')}
                </Button>
              </Box>
            )
          }
          columns={[
            { id: 'date', header: t('field.date'), cell: (trip) => formatDate(trip.date) },
            { id: 'driver', header: t('field.driver_id'), cell: (trip) => trip.driver_name },
            { id: 'purpose', header: t('field.purpose'), cell: (trip) => trip.purpose },
            { id: 'km', header: t('field.km'), cell: (trip) => range(trip.km_start, trip.km_end) },
            {
              id: 'hours',
              header: t('field.engine_hours'),
              cell: (trip) => range(trip.engine_hours_start, trip.engine_hours_end),
            },
            {
              id: 'fuel',
              header: t('field.fuel_quantity'),
              cell: (trip) => formatQuantity(trip.fuel_quantity, 'l', currentLang()),
            },
          ]}
        />
      )}
      {adding && vehicle && vehicles && (
        <TripModal
          vehicle={vehicle}
          tanks={vehicles.tanks.filter((tank) => tank.fuel_type === vehicle.fuel_type)}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            flash('success', 'winch:trip_saved');
            void loadVehicles();
            void loadTrips();
          }}
        />
      )}
    </SpaceBetween>
  );
}

const TRIP_FIELDS = [
  'date',
  'driver_id',
  'purpose',
  'km_start',
  'km_end',
  'engine_hours_start',
  'engine_hours_end',
  'fuel_quantity',
  'tank_id',
];

function TripModal({
  vehicle,
  tanks,
  onClose,
  onSaved,
}: {
  vehicle: FuelSourceOutput;
  tanks: FuelSourceOutput[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['winch', 'fuel', 'common']);
  const users = useDatasource('users');
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const form = useRecordForm({
    load: useCallback(async () => vehicle, [vehicle]),
    toValues: (v) => ({
      date: todayIn(timeZone),
      driver_id: profile?.user_id ?? '',
      purpose: '',
      km_start: v.km === null ? '' : String(v.km),
      km_end: '',
      engine_hours_start: v.engine_hours === null ? '' : String(v.engine_hours),
      engine_hours_end: '',
      fuel_quantity: '',
      tank_id: '',
    }),
    toInput: (v) => ({
      date: v.date,
      driver_id: v.driver_id,
      purpose: v.purpose,
      km_start: numberOf(v.km_start),
      km_end: numberOf(v.km_end),
      engine_hours_start: numberOf(v.engine_hours_start),
      engine_hours_end: numberOf(v.engine_hours_end),
      fuel_quantity: numberOf(v.fuel_quantity),
      tank_id: orNull(v.tank_id),
    }),
    schema: createVehicleTripInput,
    save: async (body, record) => {
      await call('createVehicleTrip', { params: { id: vehicle.source_id }, body });
      return record;
    },
    onSaved,
    onCancel: onClose,
    focus: { prefix: 'trip', fields: TRIP_FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const people = users.items.map((u) => ({ value: u.user_id, label: u.name }));
  const none = { value: '', label: t('fuel:none') };
  const tankOptions = [none, ...tanks.map((tank) => ({ value: tank.source_id, label: tank.name }))];
  const number = (
    field: 'km_start' | 'km_end' | 'engine_hours_start' | 'engine_hours_end' | 'fuel_quantity',
    label: string,
  ) => <TextField form={form} field={field} label={label} inputMode="decimal" testId={`trip-${field}`} />;
  return (
    <RecordModal
      prefix="trip"
      testId="vehicle-trip-modal"
      header={`${t('new_trip')} · ${vehicle.name}`}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <FormField label={t('field.date')} errorText={errorText('date')}>
          <DateField value={values.date} onChange={(value) => set('date', value)} testId="trip-date" />
        </FormField>
        <FormField label={t('field.driver_id')} errorText={errorText('driver_id')}>
          <Select
            selectedOption={people.find((o) => o.value === values.driver_id) ?? null}
            options={people}
            filteringType="auto"
            statusType={users.loading ? 'loading' : 'finished'}
            onChange={({ detail }) => set('driver_id', detail.selectedOption.value ?? '')}
            invalid={form.has('driver_id')}
            data-testid="trip-driver_id"
          />
        </FormField>
        <TextField form={form} field="purpose" label={t('field.purpose')} testId="trip-purpose" />
        <ColumnLayout columns={2}>
          {number('km_start', t('field.km_start'))}
          {number('km_end', t('field.km_end'))}
          {number('engine_hours_start', t('field.engine_hours_start'))}
          {number('engine_hours_end', t('field.engine_hours_end'))}
          {number('fuel_quantity', t('field.fuel_quantity'))}
          <FormField label={t('fuel:field.tank_id')} errorText={errorText('tank_id')}>
            <Select
              selectedOption={tankOptions.find((o) => o.value === values.tank_id) ?? none}
              options={tankOptions}
              onChange={({ detail }) => set('tank_id', detail.selectedOption.value ?? '')}
              data-testid="trip-tank_id"
            />
          </FormField>
        </ColumnLayout>
      </SpaceBetween>
    </RecordModal>
  );
}

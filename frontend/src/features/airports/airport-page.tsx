import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CURRENCIES, moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  type AirportOutput,
  airportInput,
  FEE_PURPOSES,
  type FeePurpose,
  RUNWAY_SURFACES,
  type RunwaySurface,
} from '../../../../contracts/schemas/airports.ts';
import { AIRPORT_CATEGORIES, type AirportCategory } from '../../../../contracts/schemas/lookups.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { RowsEditor } from '../../components/forms/rows-editor.tsx';
import { TextField } from '../../components/forms/text-field.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TimeField } from '../../components/time-field.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';

interface RunwayValues {
  designator: string;
  heading: string;
  length: string;
  width: string;
  surface: RunwaySurface;
}
interface FeeValues {
  valid_from: string;
  mtow_min: string;
  mtow_max: string;
  purpose: FeePurpose;
  time_from: string | null;
  time_to: string | null;
  amount: string;
}
interface Values {
  icao: string;
  iata_faa: string;
  name: string;
  latitude: string;
  longitude: string;
  altitude: string;
  airport_category: AirportCategory;
  show_in_map: boolean;
  country: string;
  city: string;
  fee_currency_id: string;
  runways: RunwayValues[];
  landing_fees: FeeValues[];
}

const FIELDS = [
  'icao',
  'iata_faa',
  'name',
  'latitude',
  'longitude',
  'altitude',
  'airport_category',
  'show_in_map',
  'country',
  'city',
  'runways',
  'fee_currency_id',
  'landing_fees',
];

const NEW_AIRPORT: AirportOutput = {
  airport_id: '',
  icao: null,
  iata_faa: null,
  name: '',
  latitude: 0,
  longitude: 0,
  altitude: 0,
  airport_category: 'airfield',
  show_in_map: true,
  country: '',
  city: null,
  runways: [],
  landing_fees: [],
  fee_currency_id: 'EUR',
  version: 0,
  updated_at: '',
};

/** A from–to pair (MTOW, time of day) side by side in one cell. */
const PAIR = { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4px' } as const;
/** The fee rows: one line where there is room (the pairs and the purpose wider), else stacked. */
const FEE_LAYOUT = [
  { breakpoint: 's', rows: [[3, 4, 4, 4, 2]], removeButton: { width: 'auto' } },
  {
    breakpoint: 'xs',
    rows: [
      [1, 1, 1],
      [1, 1],
    ],
  },
  { rows: [[1], [1], [1], [1], [1]] },
] as const;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** A typed number: '' is null, a comma reads as the decimal point, anything else unreadable is NaN. */
const num = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));
const upperOrNull = (s: string) => (s.trim() === '' ? null : s.trim().toUpperCase());

/**
 * `airport/{id}` (supervisor; issue 15 §1–2): one airport — codes, position, category, country and
 * city — with its runways (the longest is the one the OGN detection uses) and its dated landing-fee
 * table by MTOW band, purpose and time of day. `airport/new` adds one.
 */
export default function AirportPage() {
  const { t } = useTranslation(['airports', 'nav', 'common']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const isNew = id === 'new';
  const back = () => navigate(hrefOf('airports'));
  const form = useRecordForm({
    load: useCallback(
      async () => (isNew ? NEW_AIRPORT : call('getAirport', { params: { id } })),
      [id, isNew],
    ),
    toValues: (a: AirportOutput): Values => ({
      icao: a.icao ?? '',
      iata_faa: a.iata_faa ?? '',
      name: a.name,
      latitude: a.version === 0 ? '' : text(a.latitude),
      longitude: a.version === 0 ? '' : text(a.longitude),
      altitude: a.version === 0 ? '' : text(a.altitude),
      airport_category: a.airport_category,
      show_in_map: a.show_in_map,
      country: a.country,
      city: a.city ?? '',
      fee_currency_id: a.fee_currency_id,
      runways: a.runways.map((r) => ({
        designator: r.designator,
        heading: text(r.heading),
        length: text(r.length),
        width: text(r.width),
        surface: r.surface,
      })),
      landing_fees: a.landing_fees.map((f) => ({
        valid_from: f.valid_from,
        mtow_min: text(f.mtow_min),
        mtow_max: text(f.mtow_max),
        purpose: f.purpose,
        time_from: f.time_from,
        time_to: f.time_to,
        amount: moneyInputText(f.amount),
      })),
    }),
    toInput: (v, a) => ({
      icao: upperOrNull(v.icao),
      iata_faa: upperOrNull(v.iata_faa),
      name: v.name,
      latitude: num(v.latitude),
      longitude: num(v.longitude),
      altitude: num(v.altitude),
      airport_category: v.airport_category,
      show_in_map: v.show_in_map,
      country: v.country.trim().toUpperCase(),
      city: v.city.trim() || null,
      runways: v.runways.map((r) => ({
        designator: r.designator,
        heading: num(r.heading),
        length: num(r.length),
        width: num(r.width),
        surface: r.surface,
      })),
      landing_fees: v.landing_fees.map((f) => ({
        valid_from: f.valid_from,
        mtow_min: num(f.mtow_min),
        mtow_max: num(f.mtow_max),
        purpose: f.purpose,
        time_from: f.time_from,
        time_to: f.time_to,
        amount: parseMoney(f.amount),
      })),
      fee_currency_id: v.fee_currency_id,
      version: a.version,
    }),
    schema: airportInput,
    save: async (body) => {
      const saved = isNew
        ? await call('createAirport', { body })
        : await call('updateAirport', { params: { id }, body });
      flash('success', 'airports:flash.saved');
      if (isNew) navigate(hrefOf('airport/:id', { id: saved.airport_id }), { replace: true });
      return saved;
    },
    onCancel: back,
    focus: { prefix: 'airport', fields: FIELDS },
  });
  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('airports:load_failed')}</LoadFailed>;
  const { values, set } = form;
  if (!values) return <PageSpinner />;

  const option = (value: string, label: string) => ({ value, label });
  const categories = AIRPORT_CATEGORIES.map((c) => option(c, t(`category.${c}`)));
  const surfaces = RUNWAY_SURFACES.map((s) => option(s, t(`surface.${s}`)));
  const purposes = FEE_PURPOSES.map((p) => option(p, t(`purpose.${p}`)));
  const textField = (
    field: 'icao' | 'iata_faa' | 'name' | 'latitude' | 'longitude' | 'altitude' | 'country' | 'city',
  ) => (
    <TextField
      form={form}
      field={field}
      label={t(`field.${field}`)}
      inputMode={['latitude', 'longitude', 'altitude'].includes(field) ? 'decimal' : undefined}
      testId={`airport-${field}`}
    />
  );
  const err = (path: string) => form.errorText(path);
  const setRows =
    <K extends 'runways' | 'landing_fees'>(field: K) =>
    (rows: Values[K], changed: string) =>
      form.update((v) => ({ ...v, [field]: rows }), changed);

  return (
    <RecordFormFrame
      prefix="airport"
      header={
        <Header variant="h1" description={t('edit.description')}>
          {isNew ? t('edit.new') : values.name || t('nav:title.airport')}
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('edit.airport')}</Header>}>
          <ColumnLayout columns={3}>
            {textField('name')}
            {textField('icao')}
            {textField('iata_faa')}
            {textField('latitude')}
            {textField('longitude')}
            {textField('altitude')}
            <FormField label={t('field.airport_category')} errorText={err('airport_category')}>
              <Select
                selectedOption={categories.find((o) => o.value === values.airport_category) ?? null}
                options={categories}
                onChange={({ detail }) =>
                  set('airport_category', detail.selectedOption.value as AirportCategory)
                }
                data-testid="airport-airport_category"
              />
            </FormField>
            {textField('country')}
            {textField('city')}
            <FormField label={t('field.show_in_map')} errorText={err('show_in_map')}>
              <Checkbox
                checked={values.show_in_map}
                onChange={({ detail }) => set('show_in_map', detail.checked)}
                data-testid="airport-show_in_map"
              >
                {t('field.show_in_map_hint')}
              </Checkbox>
            </FormField>
          </ColumnLayout>
        </Container>

        <Container
          data-testid="airport-runways"
          header={
            <Header variant="h2" description={t('runways.description')}>
              {t('runways.title')}
            </Header>
          }
        >
          <RowsEditor<RunwayValues>
            rows={values.runways}
            onChange={setRows('runways')}
            newRow={() => ({ designator: '', heading: '', length: '', width: '', surface: 'grass' })}
            name="runways"
            errorText={err}
            addText={t('runways.add')}
            removeText={t('runways.remove')}
            empty={t('runways.empty')}
            columns={[
              {
                label: t('runways.designator'),
                field: 'designator',
                control: (r, change) => (
                  <Input
                    value={r.designator}
                    onChange={({ detail }) => change({ designator: detail.value })}
                  />
                ),
              },
              ...(['heading', 'length', 'width'] as const).map((field) => ({
                label: t(`runways.${field}`),
                field,
                control: (r: RunwayValues, change: (patch: Partial<RunwayValues>) => void) => (
                  <Input
                    value={r[field]}
                    inputMode="numeric"
                    onChange={({ detail }) => change({ [field]: detail.value })}
                  />
                ),
              })),
              {
                label: t('runways.surface'),
                field: 'surface',
                control: (r, change) => (
                  <Select
                    selectedOption={surfaces.find((o) => o.value === r.surface) ?? null}
                    options={surfaces}
                    onChange={({ detail }) =>
                      change({ surface: detail.selectedOption.value as RunwaySurface })
                    }
                    expandToViewport
                  />
                ),
              },
            ]}
          />
        </Container>

        <Container
          data-testid="airport-fees"
          header={
            <Header
              variant="h2"
              description={t('fees.description')}
              actions={
                <Select
                  selectedOption={{ value: values.fee_currency_id, label: values.fee_currency_id }}
                  options={CURRENCIES.map((c) => option(c, c))}
                  onChange={({ detail }) => set('fee_currency_id', detail.selectedOption.value ?? 'EUR')}
                  ariaLabel={t('fees.currency')}
                  data-testid="airport-fee_currency_id"
                />
              }
            >
              {t('fees.title')}
            </Header>
          }
        >
          <RowsEditor<FeeValues>
            rows={values.landing_fees}
            onChange={setRows('landing_fees')}
            newRow={() => ({
              valid_from: values.landing_fees.at(-1)?.valid_from ?? '',
              mtow_min: values.landing_fees.at(-1)?.mtow_max ?? '0',
              mtow_max: '',
              purpose: 'any',
              time_from: null,
              time_to: null,
              amount: '',
            })}
            name="landing_fees"
            gridLayout={FEE_LAYOUT}
            errorText={err}
            addText={t('fees.add')}
            removeText={t('fees.remove')}
            empty={t('fees.empty')}
            columns={[
              {
                label: t('fees.valid_from'),
                field: 'valid_from',
                control: (f, change) => (
                  <DateField
                    value={f.valid_from}
                    onChange={(value) => change({ valid_from: value })}
                    ariaLabel={t('fees.valid_from')}
                  />
                ),
              },
              {
                label: t('fees.mtow'),
                field: ['mtow_min', 'mtow_max'],
                control: (f, change) => (
                  <div style={PAIR}>
                    <Input
                      value={f.mtow_min}
                      inputMode="numeric"
                      onChange={({ detail }) => change({ mtow_min: detail.value })}
                      ariaLabel={t('fees.mtow_min')}
                    />
                    <Input
                      value={f.mtow_max}
                      inputMode="numeric"
                      placeholder="∞"
                      onChange={({ detail }) => change({ mtow_max: detail.value })}
                      ariaLabel={t('fees.mtow_max')}
                    />
                  </div>
                ),
              },
              {
                label: t('fees.purpose'),
                field: 'purpose',
                control: (f, change) => (
                  <Select
                    selectedOption={purposes.find((o) => o.value === f.purpose) ?? null}
                    options={purposes}
                    onChange={({ detail }) => change({ purpose: detail.selectedOption.value as FeePurpose })}
                    expandToViewport
                  />
                ),
              },
              {
                label: t('fees.time'),
                field: ['time_from', 'time_to'],
                control: (f, change, index) => (
                  <SpaceBetween size="xxs">
                    <div style={PAIR}>
                      <TimeField
                        value={f.time_from}
                        onChange={(value) => change({ time_from: value })}
                        ariaLabel={t('fees.time_from')}
                        optional
                      />
                      <TimeField
                        value={f.time_to}
                        onChange={(value) => change({ time_to: value })}
                        ariaLabel={t('fees.time_to')}
                        optional
                      />
                    </div>
                    {!f.time_from && !f.time_to && (
                      <Box
                        variant="small"
                        color="text-body-secondary"
                        data-testid={`airport-fee-${index}-all-day`}
                      >
                        {t('fees.all_day')}
                      </Box>
                    )}
                  </SpaceBetween>
                ),
              },
              {
                label: t('fees.amount'),
                field: 'amount',
                control: (f, change) => (
                  <Input
                    value={f.amount}
                    inputMode="decimal"
                    onChange={({ detail }) => change({ amount: detail.value })}
                  />
                ),
              },
            ]}
          />
        </Container>
      </SpaceBetween>
    </RecordFormFrame>
  );
}

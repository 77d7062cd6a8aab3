import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../../contracts/calendar.ts';
import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  createFuelOperationInput,
  FUEL_KINDS,
  FUEL_TYPES,
  type FuelKind,
  type FuelSourceOutput,
  type FuelSourceType,
  type FuelType,
  REGISTRY_TYPES,
  type RegistryType,
  saveFuelSourceInput,
  VEHICLE_KINDS,
  type VehicleKind,
} from '../../../../contracts/schemas/fuel.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { TextField } from '../../components/forms/text-field.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';

/** A number typed in any of our languages (a comma or a dot); '' is none, the rest NaN for the schema. */
export const numberOf = (text: string): number | null => {
  const compact = text.replace(/\s/g, '').replace(',', '.');
  return compact === '' ? null : Number(compact);
};
const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const SOURCE_FIELDS = [
  'source_type',
  'name',
  'fuel_type',
  'capacity',
  'price_per_litre',
  'vehicle_kind',
  'plate',
];

/** Adds or changes a tank or a vehicle of the registry. */
export function SourceModal({
  source,
  onClose,
  onSaved,
}: {
  source: FuelSourceOutput | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['fuel', 'common']);
  const form = useRecordForm({
    load: useCallback(async () => source, [source]),
    toValues: (s) => ({
      source_type: (s?.source_type ?? 'tank') as RegistryType,
      name: s?.name ?? '',
      fuel_type: (s?.fuel_type ?? 'avgas_100ll') as FuelType,
      capacity: textOf(s?.capacity),
      price_per_litre: moneyInputText(s?.price_per_litre),
      vehicle_kind: (s?.vehicle_kind ?? 'winch') as VehicleKind,
      plate: s?.plate ?? '',
      active: s?.active ?? true,
    }),
    toInput: (v, s) => ({
      source_type: v.source_type,
      name: v.name,
      fuel_type: v.fuel_type,
      capacity: numberOf(v.capacity) ?? Number.NaN,
      ...(v.source_type === 'tank'
        ? { price_per_litre: parseMoney(v.price_per_litre) }
        : { vehicle_kind: v.vehicle_kind, plate: orNull(v.plate) }),
      active: v.active,
      version: s?.version ?? 0,
    }),
    schema: saveFuelSourceInput,
    save: (body, s) =>
      s
        ? call('updateFuelSource', { params: { id: s.source_id }, body })
        : call('createFuelSource', { body }),
    onSaved,
    onCancel: onClose,
    focus: { prefix: 'source', fields: SOURCE_FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const option = <T extends string>(value: T, label: string) => ({ value, label });
  const fuelOptions = FUEL_TYPES.map((f) => option(f, t(`fuel_type.${f}`)));
  const kindOptions = VEHICLE_KINDS.map((k) => option(k, t(`vehicle_kind.${k}`)));
  return (
    <RecordModal
      prefix="source"
      testId="fuel-source-modal"
      header={source ? t('edit_source') : t('new_source')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        {!source && (
          <FormField label={t('field.source_type')} errorText={errorText('source_type')}>
            <SegmentedControl
              selectedId={values.source_type}
              options={REGISTRY_TYPES.map((type) => ({ id: type, text: t(`source_type.${type}`) }))}
              onChange={({ detail }) => set('source_type', detail.selectedId as RegistryType)}
            />
          </FormField>
        )}
        <TextField form={form} field="name" label={t('field.name')} testId="source-name" />
        <FormField label={t('field.fuel_type')} errorText={errorText('fuel_type')}>
          <Select
            selectedOption={fuelOptions.find((o) => o.value === values.fuel_type) ?? null}
            options={fuelOptions}
            onChange={({ detail }) => set('fuel_type', detail.selectedOption.value as FuelType)}
          />
        </FormField>
        <TextField
          form={form}
          field="capacity"
          label={t('field.capacity')}
          inputMode="decimal"
          testId="source-capacity"
        />
        {values.source_type === 'tank' ? (
          <TextField
            form={form}
            field="price_per_litre"
            label={t('field.price_per_litre')}
            description={t('price_hint')}
            inputMode="decimal"
            testId="source-price"
          />
        ) : (
          <>
            <FormField label={t('field.vehicle_kind')} errorText={errorText('vehicle_kind')}>
              <Select
                selectedOption={kindOptions.find((o) => o.value === values.vehicle_kind) ?? null}
                options={kindOptions}
                onChange={({ detail }) => set('vehicle_kind', detail.selectedOption.value as VehicleKind)}
              />
            </FormField>
            <TextField form={form} field="plate" label={t('field.plate')} />
          </>
        )}
        <Checkbox checked={values.active} onChange={({ detail }) => set('active', detail.checked)}>
          {t('field.active')}
        </Checkbox>
      </SpaceBetween>
    </RecordModal>
  );
}

const OPERATION_FIELDS = [
  'kind',
  'source_id',
  'tank_id',
  'fuel_type',
  'fuel_quantity',
  'fuel_start',
  'fuel_end',
  'date',
  'user_id',
  'note',
];

/** Records a fuel operation of a source: the source the page shows, or one picked here. */
export function OperationModal({
  sourceType,
  sourceId,
  sources,
  aircraft,
  timeZone,
  onClose,
  onSaved,
}: {
  sourceType: FuelSourceType;
  sourceId: string;
  sources: FuelSourceOutput[];
  aircraft: { plane_id: string; reg_num: string }[];
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['fuel', 'common']);
  const users = useDatasource('users');
  const tanks = sources.filter((s) => s.source_type === 'tank' && s.active);
  const form = useRecordForm({
    load: useCallback(async () => ({ sourceType, sourceId }), [sourceType, sourceId]),
    toValues: (r) => {
      const registry = sources.find((s) => s.source_id === r.sourceId);
      return {
        source_type: r.sourceType,
        source_id: r.sourceId,
        kind: 'dispense' as FuelKind,
        tank_id: r.sourceType === 'tank' ? '' : (tanks[0]?.source_id ?? ''),
        fuel_type: (registry?.fuel_type ?? tanks[0]?.fuel_type ?? 'avgas_100ll') as FuelType,
        fuel_quantity: '',
        fuel_start: '',
        fuel_end: '',
        date: todayIn(timeZone),
        user_id: '',
        note: '',
      };
    },
    toInput: (v) => ({
      source_type: v.source_type,
      source_id: v.source_id,
      kind: v.kind,
      tank_id: v.source_type === 'tank' ? null : orNull(v.tank_id),
      fuel_type: v.fuel_type,
      fuel_quantity: numberOf(v.fuel_quantity) ?? Number.NaN,
      fuel_start: numberOf(v.fuel_start),
      fuel_end: numberOf(v.fuel_end),
      date: v.date,
      user_id: v.kind === 'dispense' ? orNull(v.user_id) : null,
      note: orNull(v.note),
    }),
    schema: createFuelOperationInput,
    save: async (body, record) => {
      await call('createFuelOperation', { body });
      return record;
    },
    onSaved,
    onCancel: onClose,
    focus: { prefix: 'operation', fields: OPERATION_FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const kinds = values.source_type === 'tank' ? FUEL_KINDS : (['dispense'] as const);
  const fuelOptions = FUEL_TYPES.map((f) => ({ value: f, label: t(`fuel_type.${f}`) }));
  const none = { value: '', label: t('none') };
  const tankOptions = [none, ...tanks.map((s) => ({ value: s.source_id, label: s.name }))];
  const people = [none, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const sourceOptions =
    values.source_type === 'aircraft'
      ? aircraft.map((p) => ({ value: p.plane_id, label: p.reg_num }))
      : sources
          .filter((s) => s.source_type === values.source_type)
          .map((s) => ({ value: s.source_id, label: s.name }));
  const number = (field: 'fuel_quantity' | 'fuel_start' | 'fuel_end') => (
    <TextField
      form={form}
      field={field}
      label={t(`field.${field}`)}
      inputMode="decimal"
      testId={`operation-${field}`}
    />
  );
  return (
    <RecordModal
      prefix="operation"
      testId="fuel-operation-modal"
      header={t('new_operation')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <FormField label={t('field.kind')} errorText={errorText('kind')}>
          <SegmentedControl
            selectedId={values.kind}
            options={kinds.map((k) => ({ id: k, text: t(`kind.${k}`) }))}
            onChange={({ detail }) => set('kind', detail.selectedId as FuelKind)}
            data-testid="operation-kind"
          />
        </FormField>
        <FormField label={t(`source_type.${values.source_type}`)} errorText={errorText('source_id')}>
          <Select
            selectedOption={sourceOptions.find((o) => o.value === values.source_id) ?? null}
            options={sourceOptions}
            filteringType="auto"
            onChange={({ detail }) => set('source_id', detail.selectedOption.value ?? '')}
            data-testid="operation-source"
          />
        </FormField>
        {values.source_type !== 'tank' && (
          <FormField label={t('field.tank_id')} errorText={errorText('tank_id')}>
            <Select
              selectedOption={tankOptions.find((o) => o.value === values.tank_id) ?? none}
              options={tankOptions}
              onChange={({ detail }) => set('tank_id', detail.selectedOption.value ?? '')}
              data-testid="operation-tank"
            />
          </FormField>
        )}
        <FormField label={t('field.fuel_type')} errorText={errorText('fuel_type')}>
          <Select
            selectedOption={fuelOptions.find((o) => o.value === values.fuel_type) ?? null}
            options={fuelOptions}
            onChange={({ detail }) => set('fuel_type', detail.selectedOption.value as FuelType)}
          />
        </FormField>
        {number('fuel_quantity')}
        {number('fuel_start')}
        {number('fuel_end')}
        <FormField label={t('field.date')} errorText={errorText('date')}>
          <DateField value={values.date} onChange={(value) => set('date', value)} testId="operation-date" />
        </FormField>
        {values.kind === 'dispense' && (
          <FormField
            label={t('field.user_id')}
            description={t('charge_hint')}
            errorText={errorText('user_id')}
          >
            <Select
              selectedOption={people.find((o) => o.value === values.user_id) ?? none}
              options={people}
              filteringType="auto"
              statusType={users.loading ? 'loading' : 'finished'}
              onChange={({ detail }) => set('user_id', detail.selectedOption.value ?? '')}
              data-testid="operation-user"
            />
          </FormField>
        )}
        <TextField form={form} field="note" label={t('field.note')} />
      </SpaceBetween>
    </RecordModal>
  );
}

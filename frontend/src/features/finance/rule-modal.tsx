import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  AIRCRAFT_CATEGORIES,
  type AircraftCategory,
  MEMBERSHIP_TYPES,
  type MembershipType,
} from '../../../../contracts/schemas/finance-enums.ts';
import { TAKEOFF_TYPES, type TakeoffType } from '../../../../contracts/schemas/flight-enums.ts';
import { type PriceRule, priceRule } from '../../../../contracts/schemas/tariffs.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { useMoney } from './finance-ui.tsx';

type Kind = PriceRule['kind'];
const KINDS: readonly Kind[] = ['per_minute', 'flat', 'tow_height', 'multiplier'];
const COMPONENTS: Record<Kind, readonly PriceRule['component'][]> = {
  per_minute: ['flight_time', 'engine_time', 'tow_time', 'surcharge'],
  flat: ['launch', 'landing', 'surcharge'],
  tow_height: ['launch'],
  multiplier: ['multiplier'],
};
type TriState = 'any' | 'yes' | 'no';

interface Values {
  rule_id: string;
  name: string;
  enabled: boolean;
  kind: Kind;
  component: PriceRule['component'];
  rate: string;
  amount: string;
  included_minutes: string;
  block_price: string;
  cap_minutes: string;
  minimum: string;
  step_metres: string;
  step_price: string;
  base_amount: string;
  factor: string;
  cap_day: string;
  cap_year: string;
  plane_ids: string[];
  plane_types: string;
  categories: AircraftCategory[];
  launch_methods: TakeoffType[];
  membership_types: MembershipType[];
  training: TriState;
  guest: TriState;
  age_min: string;
  age_max: string;
  /** A rule prices flights' own charges unless it is written for the tow plane's flight. */
  flight_role: 'own' | 'tow';
}

const tri = (value: boolean | null | undefined): TriState =>
  value === true ? 'yes' : value === false ? 'no' : 'any';
const fromTri = (value: TriState) => (value === 'yes' ? true : value === 'no' ? false : undefined);
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const whole = (value: string) =>
  value.trim() === '' ? undefined : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
const money = (value: string) => {
  const minor = parseMoney(value);
  return minor === null ? undefined : minor;
};

export const valuesOf = (rule: PriceRule | null, id: string): Values => {
  const r = rule as Partial<Record<string, unknown>> & Partial<PriceRule>;
  const c = rule?.conditions ?? {};
  return {
    rule_id: rule?.rule_id ?? id,
    name: rule?.name ?? '',
    enabled: rule?.enabled !== false,
    kind: rule?.kind ?? 'per_minute',
    component: rule?.component ?? 'flight_time',
    rate: moneyInputText(r.rate as number | undefined),
    amount: moneyInputText(r.amount as number | undefined),
    included_minutes: text(r.included_minutes as number | undefined),
    block_price: moneyInputText(r.block_price as number | undefined),
    cap_minutes: text(r.cap_minutes as number | undefined),
    minimum: moneyInputText(r.minimum as number | undefined),
    step_metres: text((r.step_metres as number | undefined) ?? 100),
    step_price: moneyInputText(r.step_price as number | undefined),
    base_amount: moneyInputText(r.base_amount as number | undefined),
    factor: text(r.factor as number | undefined),
    cap_day: moneyInputText(rule?.cap_day),
    cap_year: moneyInputText(rule?.cap_year),
    plane_ids: c.plane_ids ?? [],
    plane_types: (c.plane_types ?? []).join(', '),
    categories: c.categories ?? [],
    launch_methods: c.launch_methods ?? [],
    membership_types: c.membership_types ?? [],
    training: tri(c.training),
    guest: tri(c.guest),
    age_min: text(c.age_min),
    age_max: text(c.age_max),
    flight_role: c.flight_role === 'tow' ? 'tow' : 'own',
  };
};

/** The rule the API takes, from the modal's values; absent what the kind does not use. */
export function ruleOf(v: Values): unknown {
  const conditions = Object.fromEntries(
    Object.entries({
      plane_ids: v.plane_ids.length ? v.plane_ids : undefined,
      plane_types: v.plane_types.trim()
        ? v.plane_types
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
      categories: v.categories.length ? v.categories : undefined,
      launch_methods: v.launch_methods.length ? v.launch_methods : undefined,
      membership_types: v.membership_types.length ? v.membership_types : undefined,
      training: fromTri(v.training),
      guest: fromTri(v.guest),
      age_min: whole(v.age_min),
      age_max: whole(v.age_max),
      flight_role: v.flight_role === 'tow' ? 'tow' : undefined,
    }).filter(([, value]) => value !== undefined),
  );
  const common = {
    rule_id: v.rule_id,
    name: v.name,
    ...(v.enabled ? {} : { enabled: false }),
    ...(Object.keys(conditions).length > 0 && { conditions }),
    ...(money(v.cap_day) !== undefined && { cap_day: money(v.cap_day) }),
    ...(money(v.cap_year) !== undefined && { cap_year: money(v.cap_year) }),
  };
  const optional = (entries: Record<string, number | undefined>) =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
  switch (v.kind) {
    case 'per_minute':
      return {
        ...common,
        kind: v.kind,
        component: v.component,
        rate: money(v.rate),
        ...optional({
          included_minutes: whole(v.included_minutes),
          block_price: money(v.block_price),
          cap_minutes: whole(v.cap_minutes),
          minimum: money(v.minimum),
        }),
      };
    case 'flat':
      return { ...common, kind: v.kind, component: v.component, amount: money(v.amount) };
    case 'tow_height':
      return {
        ...common,
        kind: v.kind,
        component: 'launch',
        step_metres: whole(v.step_metres),
        step_price: money(v.step_price),
        ...optional({ base_amount: money(v.base_amount), minimum: money(v.minimum) }),
      };
    case 'multiplier':
      return { ...common, kind: v.kind, component: 'multiplier', factor: Number(v.factor.replace(',', '.')) };
  }
}

/**
 * One price rule in a dialog (issue 14 §3): what it prices and how — per minute (with a block
 * included, a per-flight cap, a minimum), flat (a launch, a landing, a surcharge), an aerotow by
 * height in steps, or a multiplier — when it applies (aircraft, launch method, membership type,
 * training, guest, age band, a tow plane's own flight), and its caps per day and year.
 */
export function RuleModal({
  rule,
  newId,
  onDone,
  onCancel,
}: {
  rule: PriceRule | null;
  newId: string;
  onDone: (rule: PriceRule) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['finance', 'ledger', 'common']);
  const { currency } = useMoney();
  const planes = useDatasource('planes');
  const [v, setV] = useState<Values>(() => valuesOf(rule, newId));
  const errors = useFieldErrors({ prefix: 'rule' });
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setV((current) => ({ ...current, [field]: value }));
    errors.forget(String(field));
  };
  const save = () => {
    const parsed = z.safeParse(priceRule, ruleOf(v));
    if (!parsed.success) return errors.show(fieldErrors(parsed.error.issues));
    onDone(parsed.data);
  };
  useDialogKeys({ onCancel, onSave: save }, true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const field = (name: keyof Values, label: string, unit?: string) => (
    <FormField label={label} constraintText={unit} errorText={errors.errorText(name)}>
      <Input
        value={v[name] as string}
        inputMode="decimal"
        onChange={({ detail }) => set(name, detail.value as never)}
        invalid={errors.has(name)}
        data-testid={`rule-${name}`}
      />
    </FormField>
  );
  const perMinute = t('finance:unit.per_minute', { currency });
  const triSelect = (name: 'training' | 'guest', label: string) => (
    <FormField label={label}>
      <Select
        selectedOption={{ value: v[name], label: t(`finance:rules.tri.${v[name]}`) }}
        options={(['any', 'yes', 'no'] as const).map((value) => ({
          value,
          label: t(`finance:rules.tri.${value}`),
        }))}
        onChange={({ detail }) => set(name, detail.selectedOption.value as TriState)}
        data-testid={`rule-${name}`}
      />
    </FormField>
  );

  return (
    <RecordModal
      prefix="rule"
      size="large"
      header={t(rule ? 'finance:rules.edit' : 'finance:rules.add')}
      errorText={errors.formErrorText()}
      saving={false}
      onSubmit={submit}
      onSave={save}
      onCancel={onCancel}
      saveText={t('finance:rules.done')}
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <FormField label={t('finance:field.name')} errorText={errors.errorText('name')}>
            <Input
              value={v.name}
              onChange={({ detail }) => set('name', detail.value)}
              invalid={errors.has('name')}
              data-testid="rule-name"
            />
          </FormField>
          <FormField label={t('finance:rules.kind')}>
            <Select
              selectedOption={{ value: v.kind, label: t(`finance:rules.kinds.${v.kind}`) }}
              options={KINDS.map((value) => ({ value, label: t(`finance:rules.kinds.${value}`) }))}
              onChange={({ detail }) => {
                const kind = detail.selectedOption.value as Kind;
                setV((current) => ({ ...current, kind, component: COMPONENTS[kind][0]! }));
              }}
              data-testid="rule-kind"
            />
          </FormField>
          <FormField label={t('finance:rules.component')}>
            <Select
              selectedOption={{ value: v.component, label: t(`ledger:component.${v.component}`) }}
              options={COMPONENTS[v.kind].map((value) => ({ value, label: t(`ledger:component.${value}`) }))}
              onChange={({ detail }) =>
                set('component', detail.selectedOption.value as PriceRule['component'])
              }
              data-testid="rule-component"
            />
          </FormField>
        </ColumnLayout>
        <Checkbox
          checked={v.enabled}
          onChange={({ detail }) => set('enabled', detail.checked)}
          data-testid="rule-enabled"
        >
          {t('finance:rules.enabled')}
        </Checkbox>
        <Header variant="h3">{t('finance:rules.price')}</Header>
        <ColumnLayout columns={3}>
          {v.kind === 'per_minute' && (
            <>
              {field('rate', t('finance:rules.rate'), perMinute)}
              {field('included_minutes', t('finance:rules.included_minutes'), t('finance:unit.minutes'))}
              {field('block_price', t('finance:rules.block_price'), currency)}
              {field('cap_minutes', t('finance:rules.cap_minutes'), t('finance:unit.minutes'))}
              {field('minimum', t('finance:rules.minimum'), currency)}
            </>
          )}
          {v.kind === 'flat' && field('amount', t('finance:rules.amount'), currency)}
          {v.kind === 'tow_height' && (
            <>
              {field('step_metres', t('finance:rules.step_metres'), 'm')}
              {field('step_price', t('finance:rules.step_price'), currency)}
              {field('base_amount', t('finance:rules.base_amount'), currency)}
              {field('minimum', t('finance:rules.minimum'), currency)}
            </>
          )}
          {v.kind === 'multiplier' && field('factor', t('finance:rules.factor'), '×')}
          {field('cap_day', t('finance:rules.cap_day'), currency)}
          {field('cap_year', t('finance:rules.cap_year'), currency)}
        </ColumnLayout>
        <Header variant="h3" description={t('finance:rules.conditions_hint')}>
          {t('finance:rules.conditions')}
        </Header>
        <ColumnLayout columns={3}>
          <FormField label={t('finance:rules.planes')}>
            <Multiselect
              selectedOptions={planes.items
                .filter((p) => v.plane_ids.includes(p.plane_id))
                .map((p) => ({ value: p.plane_id, label: p.reg_num }))}
              options={planes.items.map((p) => ({
                value: p.plane_id,
                label: p.reg_num,
                description: p.plane_type ?? undefined,
              }))}
              onChange={({ detail }) =>
                set(
                  'plane_ids',
                  detail.selectedOptions.map((o) => o.value ?? ''),
                )
              }
              data-testid="rule-plane_ids"
            />
          </FormField>
          <FormField
            label={t('finance:rules.plane_types')}
            description={t('finance:rules.plane_types_hint')}
            errorText={errors.errorText('conditions.plane_types')}
          >
            <Input
              value={v.plane_types}
              onChange={({ detail }) => set('plane_types', detail.value)}
              data-testid="rule-plane_types"
            />
          </FormField>
          <FormField label={t('finance:rules.categories')}>
            <Multiselect
              selectedOptions={v.categories.map((value) => ({
                value,
                label: t(`finance:category.${value}`),
              }))}
              options={AIRCRAFT_CATEGORIES.map((value) => ({ value, label: t(`finance:category.${value}`) }))}
              onChange={({ detail }) =>
                set(
                  'categories',
                  detail.selectedOptions.map((o) => o.value as AircraftCategory),
                )
              }
              data-testid="rule-categories"
            />
          </FormField>
          <FormField label={t('finance:rules.launch_methods')}>
            <Multiselect
              selectedOptions={v.launch_methods.map((value) => ({
                value,
                label: t(`finance:launch.${value}`),
              }))}
              options={TAKEOFF_TYPES.map((value) => ({ value, label: t(`finance:launch.${value}`) }))}
              onChange={({ detail }) =>
                set(
                  'launch_methods',
                  detail.selectedOptions.map((o) => o.value as TakeoffType),
                )
              }
              data-testid="rule-launch_methods"
            />
          </FormField>
          <FormField label={t('finance:field.membership_types')}>
            <Multiselect
              selectedOptions={v.membership_types.map((value) => ({
                value,
                label: t(`ledger:membership_type.${value}`),
              }))}
              options={MEMBERSHIP_TYPES.map((value) => ({
                value,
                label: t(`ledger:membership_type.${value}`),
              }))}
              onChange={({ detail }) =>
                set(
                  'membership_types',
                  detail.selectedOptions.map((o) => o.value as MembershipType),
                )
              }
              data-testid="rule-membership_types"
            />
          </FormField>
          <FormField label={t('finance:rules.flight_role')}>
            <Select
              selectedOption={{ value: v.flight_role, label: t(`finance:rules.role.${v.flight_role}`) }}
              options={(['own', 'tow'] as const).map((value) => ({
                value,
                label: t(`finance:rules.role.${value}`),
              }))}
              onChange={({ detail }) =>
                set('flight_role', detail.selectedOption.value as Values['flight_role'])
              }
              data-testid="rule-flight_role"
            />
          </FormField>
          {triSelect('training', t('finance:rules.training'))}
          {triSelect('guest', t('finance:rules.guest'))}
          <SpaceBetween direction="horizontal" size="s">
            {field('age_min', t('finance:rules.age_min'))}
            {field('age_max', t('finance:rules.age_max'))}
          </SpaceBetween>
        </ColumnLayout>
      </SpaceBetween>
    </RecordModal>
  );
}

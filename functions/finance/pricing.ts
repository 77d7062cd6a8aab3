import type { RentType } from '../../contracts/schemas/aircraft-enums.ts';
import {
  type AircraftCategory,
  type FlightRole,
  type MembershipType,
  roundingUnitOf,
  roundTo,
} from '../../contracts/schemas/finance-enums.ts';
import { TAKEOFF_TYPES, type TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import type {
  ChargeExplanation,
  ChargeLine,
  PriceRule,
  RuleConditions,
} from '../../contracts/schemas/tariffs.ts';

/**
 * The pricing engine (issue 14 §2, §3): one landed flight, its payer, the organization's price
 * fields, the aircraft's rental prices and a tariff's rules in; the charge out, every line with
 * where its price came from, its inputs and its amount — "Why 8 450 Ft?". Pure: the charge, the
 * tariff simulator and the tests all call this, and the same inputs always give the same charge.
 *
 * How a flight is priced:
 * 1. Each component — flight time, engine time, tow-plane time, launch, landing — is priced by the
 *    FIRST rule of the tariff that prices it and whose conditions hold; where no rule does, by the
 *    base prices: the aircraft's rental prices first (per its rent type), then the organization's
 *    price fields (flight_price, motor_price, towing_price, towing_price_altitude and
 *    towing_price_extra_charge, winching_price; time_limit caps a flight's charged minutes).
 * 2. Every matching surcharge is added.
 * 3. A rule's caps per day and per year (and the aircraft's daily flat rate, a per-day rent) limit
 *    its line by what the payer has been charged by it already (`usage`).
 * 4. Matching multipliers multiply the subtotal — or, without one, the organization's `multiplier`
 *    for a guest.
 * 5. The organization's min_price lifts a charged flight to the minimum.
 * 6. The total is rounded to the currency's smallest unit in use (whole forints), with a line saying so.
 *
 * A rule applies to a flight's own charge unless its conditions say `flight_role: 'tow'`: a tow
 * plane's flight towing a glider is charged only by the rules written for it (and charged to the
 * glider's payer), so an aerotow is never priced twice.
 */

export interface PricingFlight {
  flight_id: string;
  date: string;
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  kind: 'glider' | 'general';
  is_tmg: boolean;
  takeoff_type_id: number;
  flight_minutes: number;
  engine_minutes: number;
  landings: number;
  tow_altitude: number | null;
  training: boolean;
  /** `tow`: a tow plane's flight towing a glider (its cost is the glider payer's). */
  role: FlightRole;
}

export interface PricingPayer {
  user_id: string;
  /** The payer's membership type on the flight's day (spec §3 Membership), if any. */
  membership_type: MembershipType | null;
  /** Whole years on the flight's day, when the birth date is known. */
  age: number | null;
}

/** The organization's price fields (spec §3), minor units; `multiplier` a factor, `time_limit` minutes. */
export interface OrganizationPrices {
  currency_id: string;
  flight_price?: number | null;
  motor_price?: number | null;
  towing_price?: number | null;
  towing_price_altitude?: number | null;
  towing_price_extra_charge?: number | null;
  winching_price?: number | null;
  min_price?: number | null;
  multiplier?: number | null;
  time_limit?: number | null;
}

/** The aircraft's rental prices (spec §3 Plane), per its rent type; discount in percent. */
export interface AircraftPrices {
  rent_type?: RentType | null;
  rent_price_flight?: number | null;
  rent_price_motor?: number | null;
  rent_price_landing?: number | null;
  rent_price_training?: number | null;
  rent_discount?: number | null;
  rent_flat_rate?: number | null;
}

export interface PricingTariff {
  tariff_id: string;
  name: string;
  version: number;
  valid_from: string;
  rules: readonly PriceRule[];
}

/** One part of a charge counted against a cap: `rule:<id>:<day|year>` or `plane:<id>:<day>`. */
export interface CapUse {
  key: string;
  amount: number;
}

export interface PricingInput {
  flight: PricingFlight;
  payer: PricingPayer;
  organization: OrganizationPrices;
  aircraft: AircraftPrices | null;
  tariff: PricingTariff | null;
  /** What the payer has been charged against a cap key already (0 when unknown). */
  usage?: (key: string) => number;
}

export interface PricedFlight {
  lines: ChargeLine[];
  total: number;
  inputs: ChargeExplanation['inputs'];
  tariff: ChargeExplanation['tariff'];
  caps: CapUse[];
}

const WINCH: TakeoffType = 'winch';
const AEROTOW: TakeoffType = 'tow';

export const categoryOf = (flight: Pick<PricingFlight, 'kind' | 'is_tmg'>): AircraftCategory =>
  flight.is_tmg ? 'tmg' : flight.kind === 'glider' ? 'glider' : 'powered';

export const launchMethodOf = (takeoffTypeId: number): TakeoffType =>
  TAKEOFF_TYPES[Math.min(Math.max(takeoffTypeId, 1), TAKEOFF_TYPES.length) - 1]!;

/** Whole years from a birth date (yyyy-mm-dd) to a day. */
export function ageOn(birthDate: string | null | undefined, day: string): number | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}/.test(birthDate)) return null;
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5, 10) < birthDate.slice(5, 10) ? years - 1 : years;
}

/** Every stated condition must hold; the flight's role defaults to its own charge. */
export function ruleMatches(conditions: RuleConditions | undefined, input: PricingInput): boolean {
  const c = conditions ?? {};
  const { flight, payer } = input;
  if ((c.flight_role ?? 'own') !== flight.role) return false;
  if (c.plane_ids?.length && !c.plane_ids.includes(flight.plane_id)) return false;
  if (c.plane_types?.length) {
    const type = (flight.plane_type ?? '').toUpperCase();
    if (!c.plane_types.some((t) => t.toUpperCase() === type)) return false;
  }
  if (c.categories?.length && !c.categories.includes(categoryOf(flight))) return false;
  if (c.launch_methods?.length && !c.launch_methods.includes(launchMethodOf(flight.takeoff_type_id)))
    return false;
  if (
    c.membership_types?.length &&
    (!payer.membership_type || !c.membership_types.includes(payer.membership_type))
  )
    return false;
  if (typeof c.training === 'boolean' && c.training !== flight.training) return false;
  if (typeof c.guest === 'boolean' && c.guest !== (payer.membership_type === 'guest')) return false;
  if (typeof c.age_min === 'number' && (payer.age === null || payer.age < c.age_min)) return false;
  if (typeof c.age_max === 'number' && (payer.age === null || payer.age > c.age_max)) return false;
  return true;
}

const line = (
  fields: Partial<ChargeLine> & Pick<ChargeLine, 'component' | 'source' | 'unit'>,
): ChargeLine => ({
  rule_id: null,
  rule_name: null,
  price_field: null,
  quantity: 0,
  rate: 0,
  amount: 0,
  notes: [],
  ...fields,
});

const ruleLine = (rule: PriceRule, fields: Partial<ChargeLine> & Pick<ChargeLine, 'unit'>) =>
  line({ component: rule.component, source: 'rule', rule_id: rule.rule_id, rule_name: rule.name, ...fields });

/** Minutes a per-minute line counts: the flight's, the engine's, or (a tow plane's flight) its own. */
const minutesFor = (component: string, flight: PricingFlight) =>
  component === 'engine_time' ? flight.engine_minutes : flight.flight_minutes;

function perMinuteLine(rule: Extract<PriceRule, { kind: 'per_minute' }>, flight: PricingFlight): ChargeLine {
  const minutes = minutesFor(rule.component, flight);
  const notes: ChargeLine['notes'] = [];
  let counted = minutes;
  if (typeof rule.cap_minutes === 'number' && minutes > rule.cap_minutes) {
    counted = rule.cap_minutes;
    notes.push({ key: 'cap_minutes', value: rule.cap_minutes });
  }
  let amount = counted * rule.rate;
  if (typeof rule.included_minutes === 'number' && rule.included_minutes > 0) {
    const charged = Math.max(0, counted - rule.included_minutes);
    notes.push({ key: 'included_minutes', value: rule.included_minutes });
    notes.push({ key: 'block_price', value: rule.block_price ?? 0 });
    amount = (rule.block_price ?? 0) + charged * rule.rate;
  }
  if (typeof rule.minimum === 'number' && amount < rule.minimum) {
    amount = rule.minimum;
    notes.push({ key: 'minimum', value: rule.minimum });
  }
  return ruleLine(rule, { quantity: minutes, unit: 'minute', rate: rule.rate, amount, notes });
}

/** Started steps of a release height: 450 m in 100 m steps is 5. */
export const stepsOf = (metres: number, step: number) => Math.max(0, Math.ceil(metres / step));

function ruleLineOf(rule: PriceRule, input: PricingInput): ChargeLine {
  const { flight } = input;
  switch (rule.kind) {
    case 'per_minute':
      return perMinuteLine(rule, flight);
    case 'flat': {
      const quantity = rule.component === 'landing' ? flight.landings : 1;
      const unit =
        rule.component === 'landing' ? 'landing' : rule.component === 'launch' ? 'launch' : 'flight';
      return ruleLine(rule, { quantity, unit, rate: rule.amount, amount: quantity * rule.amount });
    }
    case 'tow_height': {
      const steps = stepsOf(flight.tow_altitude ?? 0, rule.step_metres);
      const notes: ChargeLine['notes'] = [];
      let amount = (rule.base_amount ?? 0) + steps * rule.step_price;
      if (typeof rule.minimum === 'number' && amount < rule.minimum) {
        amount = rule.minimum;
        notes.push({ key: 'minimum', value: rule.minimum });
      }
      return ruleLine(rule, { quantity: steps, unit: 'step', rate: rule.step_price, amount, notes });
    }
    case 'multiplier':
      return ruleLine(rule, { quantity: rule.factor, unit: 'factor', rate: rule.factor, amount: 0 });
  }
}

/** Per the aircraft's rent type: per minute, per hour, per flight, or per day (first flight of the day). */
function aircraftTimeLine(
  component: 'flight_time' | 'engine_time',
  field: 'rent_price_flight' | 'rent_price_motor' | 'rent_price_training',
  rate: number,
  minutes: number,
  rentType: RentType,
): ChargeLine {
  const base = { component, source: 'aircraft', price_field: field, rate } as const;
  switch (rentType) {
    case 'per_minute':
      return line({ ...base, quantity: minutes, unit: 'minute', amount: minutes * rate });
    case 'per_hour':
      return line({ ...base, quantity: minutes, unit: 'hour', amount: (minutes * rate) / 60 });
    case 'per_flight':
      return line({ ...base, quantity: 1, unit: 'flight', amount: rate });
    case 'per_day':
      return line({ ...base, quantity: 1, unit: 'day', amount: rate });
  }
}

/** The base price of a component (aircraft, then organization), or null when there is none. */
function baseLines(component: string, input: PricingInput): ChargeLine[] {
  const { flight, organization: org } = input;
  const aircraft = input.aircraft ?? {};
  const rentType = aircraft.rent_type ?? 'per_hour';
  const own = flight.role === 'own';
  const trainingRate = flight.training ? aircraft.rent_price_training : null;
  switch (component) {
    case 'flight_time': {
      if (!own) return [];
      if (typeof aircraft.rent_price_flight === 'number') {
        const training = typeof trainingRate === 'number';
        return [
          aircraftTimeLine(
            'flight_time',
            training ? 'rent_price_training' : 'rent_price_flight',
            training ? trainingRate! : aircraft.rent_price_flight,
            flight.flight_minutes,
            rentType,
          ),
        ];
      }
      if (categoryOf(flight) !== 'glider' || typeof org.flight_price !== 'number') return [];
      const notes: ChargeLine['notes'] = [];
      let minutes = flight.flight_minutes;
      if (typeof org.time_limit === 'number' && org.time_limit > 0 && minutes > org.time_limit) {
        minutes = org.time_limit;
        notes.push({ key: 'cap_minutes', value: org.time_limit });
      }
      return [
        line({
          component: 'flight_time',
          source: 'organization',
          price_field: 'flight_price',
          quantity: flight.flight_minutes,
          unit: 'minute',
          rate: org.flight_price,
          amount: minutes * org.flight_price,
          notes,
        }),
      ];
    }
    case 'engine_time': {
      if (!own || flight.engine_minutes <= 0) return [];
      if (typeof aircraft.rent_price_motor === 'number') {
        const training = typeof trainingRate === 'number' && typeof aircraft.rent_price_flight !== 'number';
        return [
          aircraftTimeLine(
            'engine_time',
            training ? 'rent_price_training' : 'rent_price_motor',
            training ? trainingRate! : aircraft.rent_price_motor,
            flight.engine_minutes,
            rentType,
          ),
        ];
      }
      if (categoryOf(flight) === 'glider' || typeof org.motor_price !== 'number') return [];
      return [
        line({
          component: 'engine_time',
          source: 'organization',
          price_field: 'motor_price',
          quantity: flight.engine_minutes,
          unit: 'minute',
          rate: org.motor_price,
          amount: flight.engine_minutes * org.motor_price,
        }),
      ];
    }
    case 'tow_time': {
      if (own || typeof org.towing_price !== 'number') return [];
      return [
        line({
          component: 'tow_time',
          source: 'organization',
          price_field: 'towing_price',
          quantity: flight.flight_minutes,
          unit: 'minute',
          rate: org.towing_price,
          amount: flight.flight_minutes * org.towing_price,
        }),
      ];
    }
    case 'launch': {
      if (!own) return [];
      const method = launchMethodOf(flight.takeoff_type_id);
      if (method === WINCH && typeof org.winching_price === 'number')
        return [
          line({
            component: 'launch',
            source: 'organization',
            price_field: 'winching_price',
            quantity: 1,
            unit: 'launch',
            rate: org.winching_price,
            amount: org.winching_price,
          }),
        ];
      if (method !== AEROTOW) return [];
      const lines: ChargeLine[] = [];
      if (typeof org.towing_price_altitude === 'number') {
        const steps = stepsOf(flight.tow_altitude ?? 0, 100);
        lines.push(
          line({
            component: 'launch',
            source: 'organization',
            price_field: 'towing_price_altitude',
            quantity: steps,
            unit: 'step',
            rate: org.towing_price_altitude,
            amount: steps * org.towing_price_altitude,
          }),
        );
      }
      if (typeof org.towing_price_extra_charge === 'number')
        lines.push(
          line({
            component: 'surcharge',
            source: 'organization',
            price_field: 'towing_price_extra_charge',
            quantity: 1,
            unit: 'launch',
            rate: org.towing_price_extra_charge,
            amount: org.towing_price_extra_charge,
          }),
        );
      return lines;
    }
    case 'landing': {
      if (typeof aircraft.rent_price_landing !== 'number') return [];
      return [
        line({
          component: 'landing',
          source: 'aircraft',
          price_field: 'rent_price_landing',
          quantity: flight.landings,
          unit: 'landing',
          rate: aircraft.rent_price_landing,
          amount: flight.landings * aircraft.rent_price_landing,
        }),
      ];
    }
    default:
      return [];
  }
}

const PRICED_COMPONENTS = ['flight_time', 'engine_time', 'tow_time', 'launch', 'landing'] as const;

export const capKeys = {
  ruleDay: (ruleId: string, date: string) => `rule:${ruleId}:${date}`,
  ruleYear: (ruleId: string, date: string) => `rule:${ruleId}:${date.slice(0, 4)}`,
  planeDay: (planeId: string, date: string) => `plane:${planeId}:${date}`,
};

/** Limits `amount` by what is left of `cap` at `key`, noting it; returns the amount allowed. */
function capped(
  amount: number,
  cap: number,
  key: string,
  note: ChargeLine['notes'][number]['key'],
  target: ChargeLine,
  usage: (key: string) => number,
  caps: CapUse[],
) {
  const used = usage(key) + caps.filter((c) => c.key === key).reduce((sum, c) => sum + c.amount, 0);
  const left = Math.max(0, cap - used);
  const allowed = Math.min(amount, left);
  if (allowed < amount) target.notes.push({ key: note, value: cap });
  caps.push({ key, amount: allowed });
  return allowed;
}

export function priceFlight(input: PricingInput): PricedFlight {
  const { flight, payer, organization: org, tariff } = input;
  const usage = input.usage ?? (() => 0);
  const rules = (tariff?.rules ?? []).filter(
    (rule) => rule.enabled !== false && ruleMatches(rule.conditions, input),
  );
  const caps: CapUse[] = [];
  const lines: ChargeLine[] = [];

  for (const component of PRICED_COMPONENTS) {
    const rule = rules.find((r) => r.component === component);
    if (rule) lines.push(ruleLineOf(rule, input));
    else lines.push(...baseLines(component, input));
  }
  for (const rule of rules) if (rule.component === 'surcharge') lines.push(ruleLineOf(rule, input));

  // The aircraft's own terms: its discount, a per-day rent once a day, its daily flat rate.
  const aircraft = input.aircraft ?? {};
  for (const l of lines) {
    if (l.source !== 'aircraft' || l.component === 'landing') continue;
    if (typeof aircraft.rent_discount === 'number' && aircraft.rent_discount > 0) {
      l.amount = (l.amount * (100 - aircraft.rent_discount)) / 100;
      l.notes.push({ key: 'discount_percent', value: aircraft.rent_discount });
    }
    if (l.unit === 'day')
      l.amount = capped(
        l.amount,
        l.rate,
        `${capKeys.planeDay(flight.plane_id, flight.date)}:day`,
        'flat_rate_day',
        l,
        usage,
        caps,
      );
  }
  if (typeof aircraft.rent_flat_rate === 'number') {
    const key = capKeys.planeDay(flight.plane_id, flight.date);
    for (const l of lines)
      if (l.source === 'aircraft' && l.component !== 'landing')
        l.amount = capped(l.amount, aircraft.rent_flat_rate, key, 'flat_rate_day', l, usage, caps);
  }

  // Each line in minor units, then the rules' caps per day and per year.
  for (const l of lines) {
    l.amount = Math.round(l.amount);
    const rule = l.rule_id ? rules.find((r) => r.rule_id === l.rule_id) : undefined;
    if (!rule) continue;
    if (typeof rule.cap_day === 'number')
      l.amount = capped(
        l.amount,
        rule.cap_day,
        capKeys.ruleDay(rule.rule_id, flight.date),
        'cap_day',
        l,
        usage,
        caps,
      );
    if (typeof rule.cap_year === 'number')
      l.amount = capped(
        l.amount,
        rule.cap_year,
        capKeys.ruleYear(rule.rule_id, flight.date),
        'cap_year',
        l,
        usage,
        caps,
      );
  }

  let total = lines.reduce((sum, l) => sum + l.amount, 0);
  const multipliers = rules.filter((r) => r.component === 'multiplier');
  if (multipliers.length > 0) {
    for (const rule of multipliers) {
      const m = ruleLineOf(rule, input);
      m.amount = Math.round(total * (m.rate - 1));
      total += m.amount;
      lines.push(m);
    }
  } else if (
    payer.membership_type === 'guest' &&
    typeof org.multiplier === 'number' &&
    org.multiplier !== 1
  ) {
    const amount = Math.round(total * (org.multiplier - 1));
    total += amount;
    lines.push(
      line({
        component: 'multiplier',
        source: 'organization',
        price_field: 'multiplier',
        quantity: org.multiplier,
        unit: 'factor',
        rate: org.multiplier,
        amount,
      }),
    );
  }
  if (typeof org.min_price === 'number' && total > 0 && total < org.min_price) {
    lines.push(
      line({
        component: 'minimum',
        source: 'organization',
        price_field: 'min_price',
        quantity: 1,
        unit: 'flight',
        rate: org.min_price,
        amount: org.min_price - total,
      }),
    );
    total = org.min_price;
  }
  const rounded = roundTo(total, roundingUnitOf(org.currency_id));
  if (rounded !== total) {
    lines.push(
      line({
        component: 'rounding',
        source: 'organization',
        quantity: 1,
        unit: 'flight',
        amount: rounded - total,
      }),
    );
    total = rounded;
  }

  return {
    lines: lines.filter((l) => l.amount !== 0 || l.notes.length > 0 || l.component !== 'multiplier'),
    total,
    caps: caps.filter((c) => c.amount !== 0),
    tariff: tariff
      ? {
          tariff_id: tariff.tariff_id,
          name: tariff.name,
          version: tariff.version,
          valid_from: tariff.valid_from,
        }
      : null,
    inputs: {
      date: flight.date,
      reg_num: flight.reg_num,
      plane_type: flight.plane_type,
      category: categoryOf(flight),
      launch_method: launchMethodOf(flight.takeoff_type_id),
      flight_role: flight.role,
      flight_minutes: flight.flight_minutes,
      engine_minutes: flight.engine_minutes,
      landings: flight.landings,
      tow_altitude: flight.tow_altitude,
      training: flight.training,
      membership_type: payer.membership_type,
      guest: payer.membership_type === 'guest',
      age: payer.age,
    },
  };
}

/**
 * A charge split between payers (percent shares adding up to 100): each share rounded down to the
 * currency's unit, the remainder to the first payer, so the parts always add up to the total.
 */
export function splitCharge(
  total: number,
  shares: readonly { user_id: string; percent: number }[],
  currency: string,
): { user_id: string; percent: number; amount: number }[] {
  if (shares.length === 0) return [];
  const unit = roundingUnitOf(currency);
  const parts = shares.map((s) => ({
    ...s,
    amount: Math.sign(total) * Math.floor((Math.abs(total) * s.percent) / 100 / unit) * unit,
  }));
  const rest = total - parts.reduce((sum, p) => sum + p.amount, 0);
  parts[0]!.amount += rest;
  return parts;
}

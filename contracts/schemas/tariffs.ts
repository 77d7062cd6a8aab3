import * as z from 'zod/mini';
import { MAX_MINOR } from '../money.ts';
import { entityId, isoDate, userText, version, whole } from '../validation.ts';
import {
  AIRCRAFT_CATEGORIES,
  FLIGHT_ROLES,
  MEMBERSHIP_TYPES,
  PRICE_COMPONENTS,
  TARIFF_STATUSES,
} from './finance-enums.ts';
import { TAKEOFF_TYPES } from './flight-enums.ts';

/**
 * Price rules as data (issue 14 §3): a tariff is a list of rules a treasurer edits on a screen —
 * no code per club. Each rule prices one component of a flight when its conditions hold; the
 * pricing engine (functions/finance/pricing.ts) explains every line it charges with the rule, its
 * inputs and its amount. Money in minor units of the organization's currency.
 */

const money = z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR));
const optionalMoney = z.optional(z.nullable(money));
const dayMinutes = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(24 * 60))));
const age = z.optional(z.nullable(z.number().check(whole, z.nonnegative(), z.maximum(120))));
const list = <T extends z.ZodMiniType>(item: T, max: number) =>
  z.optional(z.array(item).check(z.maxLength(max)));

/**
 * When a rule applies: every stated condition must hold (an empty rule applies to every flight).
 * Aircraft by id or type designator or kind; the launch method; the payer's membership type on the
 * flight's day, guest or not, and age band (in whole years on the flight's day); a training flight;
 * a tow plane's own flight (towing a glider) or any other.
 */
export const ruleConditions = z.strictObject({
  plane_ids: list(entityId, 50),
  plane_types: list(userText(40, { min: 1 }), 50),
  categories: list(z.enum(AIRCRAFT_CATEGORIES), AIRCRAFT_CATEGORIES.length),
  launch_methods: list(z.enum(TAKEOFF_TYPES), TAKEOFF_TYPES.length),
  membership_types: list(z.enum(MEMBERSHIP_TYPES), MEMBERSHIP_TYPES.length),
  training: z.optional(z.nullable(z.boolean())),
  guest: z.optional(z.nullable(z.boolean())),
  age_min: age,
  age_max: age,
  flight_role: z.optional(z.nullable(z.enum(FLIGHT_ROLES))),
});
export type RuleConditions = z.infer<typeof ruleConditions>;

const ruleCommon = {
  /** Unique within the tariff; explanations name it. */
  rule_id: z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]*$/)),
  name: userText(80, { min: 1 }),
  /** A rule switched off prices nothing (the organization's custom prices arrive switched off: they have no conditions). */
  enabled: z.optional(z.boolean()),
  conditions: z.optional(ruleConditions),
  /** The most this rule charges one payer in a day / a calendar year (issue 14 §3 caps). */
  cap_day: optionalMoney,
  cap_year: optionalMoney,
};

/**
 * Per minute: flight time, engine time, the tow plane's time, or a surcharge per flight minute.
 * The first `included_minutes` are covered by `block_price`; minutes past `cap_minutes` are not
 * charged (a per-flight time cap); the line is at least `minimum`.
 */
export const perMinuteRule = z.strictObject({
  ...ruleCommon,
  kind: z.literal('per_minute'),
  component: z.enum(['flight_time', 'engine_time', 'tow_time', 'surcharge']),
  rate: money,
  included_minutes: dayMinutes,
  block_price: optionalMoney,
  cap_minutes: dayMinutes,
  minimum: optionalMoney,
});

/** A flat amount: per launch (a winch launch), per landing (each touch-and-go too), or per flight. */
export const flatRule = z.strictObject({
  ...ruleCommon,
  kind: z.literal('flat'),
  component: z.enum(['launch', 'landing', 'surcharge']),
  amount: money,
});

/** An aerotow by release height: `step_price` per started `step_metres` (100 m), plus a base, at least `minimum`. */
export const towHeightRule = z.strictObject({
  ...ruleCommon,
  kind: z.literal('tow_height'),
  component: z.literal('launch'),
  step_metres: z.number().check(whole, z.minimum(10), z.maximum(1000)),
  step_price: money,
  base_amount: optionalMoney,
  minimum: optionalMoney,
});

/** Multiplies the flight's subtotal (a guest pays × 1.5). */
export const multiplierRule = z.strictObject({
  ...ruleCommon,
  kind: z.literal('multiplier'),
  component: z.literal('multiplier'),
  factor: z.number().check(z.minimum(0), z.maximum(10)),
});

export const priceRule = z.discriminatedUnion('kind', [
  perMinuteRule,
  flatRule,
  towHeightRule,
  multiplierRule,
]);
export type PriceRule = z.infer<typeof priceRule>;
export type PerMinuteRule = z.infer<typeof perMinuteRule>;

const uniqueRuleIds = z.refine<PriceRule[]>(
  (rules) => new Set(rules.map((r) => r.rule_id)).size === rules.length,
  { error: 'duplicate_value' },
);
export const priceRules = z.array(priceRule).check(z.maxLength(60), uniqueRuleIds);

/** POST /api/tariffs: a new draft, empty, a copy of another tariff, or built from the organization's prices. */
export const createTariffInput = z.strictObject({
  name: userText(80, { min: 1 }),
  copy_of: z.optional(z.nullable(entityId)),
  /** Start from the organization's price fields and custom prices (the migration of custom_prices). */
  from_organization: z.optional(z.boolean()),
});
export type CreateTariffInput = z.infer<typeof createTariffInput>;

/** PATCH /api/tariffs/{id}: a draft's name, notes and rules, on the version read. */
export const updateTariffInput = z.strictObject({
  name: userText(80, { min: 1 }),
  notes: z.optional(z.nullable(userText(1000, { multiline: true }))),
  rules: priceRules,
  version,
});
export type UpdateTariffInput = z.infer<typeof updateTariffInput>;

/** POST /api/tariffs/{id}/publish: from this day on, flights are priced with it. */
export const publishTariffInput = z.strictObject({ valid_from: isoDate, version });

/** POST /api/tariffs/{id}/simulate: re-price the flights of these days (at most a year and a day). */
export const simulateTariffInput = z.strictObject({ from: isoDate, to: isoDate });
export type SimulateTariffInput = z.infer<typeof simulateTariffInput>;

const nullableString = z.nullable(z.string());

export const tariffOutput = z.object({
  tariff_id: z.string(),
  name: z.string(),
  status: z.enum(TARIFF_STATUSES),
  valid_from: nullableString,
  published_at: nullableString,
  notes: nullableString,
  rules: z.array(priceRule),
  currency_id: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The tariff that prices today's flights. */
  in_force: z.boolean(),
  can_edit: z.boolean(),
  can_publish: z.boolean(),
  can_delete: z.boolean(),
});
export type TariffOutput = z.infer<typeof tariffOutput>;

export const tariffListOutput = z.object({
  items: z.array(z.omit(tariffOutput, { rules: true })),
  cursor: nullableString,
  can_create: z.boolean(),
});

const change = {
  flights: z.number(),
  /** What the flights are charged today (or would be under the tariff in force then). */
  current: z.number(),
  /** What the draft would charge them. */
  proposed: z.number(),
  difference: z.number(),
};

export const simulationOutput = z.object({
  from: z.string(),
  to: z.string(),
  currency_id: z.string(),
  /** Landed flights in the days, and those with a payer (the rest are not charged either way). */
  flights: z.number(),
  priced: z.number(),
  totals: z.object({ current: z.number(), proposed: z.number(), difference: z.number() }),
  by_member: z.array(z.object({ user_id: z.string(), user_name: z.string(), ...change })),
  by_category: z.array(z.object({ category: z.enum(AIRCRAFT_CATEGORIES), ...change })),
  /** The median of the members' differences. */
  median_difference: z.number(),
  /** The flights whose charge would change most, largest first. */
  largest: z.array(
    z.object({
      flight_id: z.string(),
      date: z.string(),
      reg_num: z.string(),
      user_id: z.string(),
      user_name: z.string(),
      current: z.number(),
      proposed: z.number(),
      difference: z.number(),
    }),
  ),
});
export type SimulationOutput = z.infer<typeof simulationOutput>;

// A charge's explanation (issue 14 §2: "Why 8 450 Ft?") ------------------------------------------

/** What a line is priced per. */
export const LINE_UNITS = ['minute', 'hour', 'launch', 'landing', 'step', 'flight', 'day', 'factor'] as const;
/** Where a line's price comes from: a tariff rule, the organization's price fields, the aircraft's rental prices. */
export const LINE_SOURCES = ['rule', 'organization', 'aircraft'] as const;
/** What changed a line from quantity × rate, in the order applied. */
export const LINE_NOTES = [
  'included_minutes',
  'block_price',
  'cap_minutes',
  'minimum',
  'cap_day',
  'cap_year',
  'discount_percent',
  'flat_rate_day',
] as const;

export const chargeLine = z.object({
  component: z.enum([...PRICE_COMPONENTS, 'minimum', 'rounding']),
  source: z.enum(LINE_SOURCES),
  rule_id: nullableString,
  rule_name: nullableString,
  /** The organization's or aircraft's price field (`winching_price`, `rent_price_motor`). */
  price_field: nullableString,
  quantity: z.number(),
  unit: z.enum(LINE_UNITS),
  /** Minor units per unit; for a multiplier, the factor. */
  rate: z.number(),
  amount: z.number(),
  notes: z.array(z.object({ key: z.enum(LINE_NOTES), value: z.number() })),
});
export type ChargeLine = z.infer<typeof chargeLine>;

export const chargeExplanation = z.object({
  tariff: z.nullable(
    z.object({ tariff_id: z.string(), name: z.string(), version: z.number(), valid_from: z.string() }),
  ),
  inputs: z.object({
    date: z.string(),
    reg_num: z.string(),
    plane_type: nullableString,
    category: z.enum(AIRCRAFT_CATEGORIES),
    launch_method: z.enum(TAKEOFF_TYPES),
    flight_role: z.enum(FLIGHT_ROLES),
    flight_minutes: z.number(),
    engine_minutes: z.number(),
    landings: z.number(),
    tow_altitude: z.nullable(z.number()),
    training: z.boolean(),
    membership_type: z.nullable(z.enum(MEMBERSHIP_TYPES)),
    guest: z.boolean(),
    age: z.nullable(z.number()),
  }),
  lines: z.array(chargeLine),
  total: z.number(),
  currency_id: z.string(),
  /** Who pays what part (a split: shares in percent that add up to 100). */
  shares: z.array(z.object({ user_id: z.string(), percent: z.number(), amount: z.number() })),
});
export type ChargeExplanation = z.infer<typeof chargeExplanation>;

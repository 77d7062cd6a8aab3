import type { FlightChargeOutput, FlightPayersInput } from '../../contracts/schemas/finance.ts';
import { roundingUnitOf } from '../../contracts/schemas/finance-enums.ts';
import type { ChargeExplanation } from '../../contracts/schemas/tariffs.ts';
import { allPlanePrices, type PlanePrices, planePrices } from '../aircraft/public.ts';
import { type ChargeableFlight, chargeableFlight } from '../flights/public.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import { auditRecord } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import {
  can,
  defaultFinanceDeps,
  type FinanceDeps,
  membershipOn,
  nameOf,
  organizationOf,
} from './finance-context.ts';
import type { StoredCharge, StoredTariff } from './finance-store.ts';
import { reversalOf } from './ledger-service.ts';
import type { EntryToPost, StoredEntry } from './ledger-store.ts';
import { afterPosting } from './notices.ts';
import { ageOn, type CapUse, type PricingFlight, priceFlight, splitCharge } from './pricing.ts';
import { effectiveTariff, organizationPricesOf, pricingTariffOf } from './tariff-rules.ts';

/**
 * Flight charges that follow the flight (issue 14 §2, §5). The flights domain announces
 * `flight.changed` (completed, corrected, deleted) with the flight's version; this reconciles the
 * flight's charge with the flight AS IT IS NOW: the entries that should stand (priced by
 * pricing.ts, split between the payers) against the entries that stand. What differs is taken back
 * (a reversing entry) and posted anew, in one TransactWrite with the charge's state, on its version.
 *
 * Idempotent per (flight, version): entries are keyed by flight, version and payer, and an event
 * older than the version already priced changes nothing — so duplicates and any delivery order end
 * in the state of the newest version. A deleted flight leaves only reversals.
 */

export interface ChargeDeps extends FinanceDeps {
  flight: (organizationId: string, flightId: string) => Promise<ChargeableFlight | null>;
  plane: (organizationId: string, planeId: string) => Promise<PlanePrices | null>;
}

export const defaultChargeDeps: ChargeDeps = {
  ...defaultFinanceDeps,
  flight: chargeableFlight,
  plane: planePrices,
};

/**
 * A flight charge's entry id: the flight, the version it prices, the charge's revision (a new payer
 * or a recalculation prices the same version again) and the payer.
 */
export const chargeEntryId = (flightId: string, version: number, revision: number, userId: string) =>
  `fc-${flightId}-v${version}-r${revision}-${userId}`;

interface Desired {
  state: StoredCharge['state'];
  explanation: ChargeExplanation | null;
  entries: EntryToPost[];
  caps: { user_id: string; key: string; amount: number }[];
  tariff_id?: string;
}

const emptyCharge = (organizationId: string, flightId: string): StoredCharge => ({
  organization_id: organizationId,
  flight_id: flightId,
  state: 'not_charged',
  entries: [],
  caps: [],
  payers_mode: 'default',
  payers: [],
  version: 0,
  created_at: new Date(0).toISOString(),
  updated_at: new Date(0).toISOString(),
});

const pricingFlightOf = (f: ChargeableFlight): PricingFlight => ({
  flight_id: f.flight_id,
  date: f.date,
  plane_id: f.plane_id,
  reg_num: f.reg_num,
  plane_type: f.plane_type,
  kind: f.kind,
  is_tmg: f.is_tmg,
  takeoff_type_id: f.takeoff_type_id,
  flight_minutes: f.flight_minutes,
  engine_minutes: f.engine_minutes,
  landings: f.landings,
  tow_altitude: f.tow_altitude,
  training: f.training,
  role: f.towed_flight_id ? 'tow' : 'own',
});

/** The default payer: the pilot in command (the student, on a training flight), else the instructor. */
export const defaultPayerOf = (f: Pick<ChargeableFlight, 'pic_id' | 'instructor_id'>) =>
  f.pic_id ?? f.instructor_id ?? null;

/**
 * Who pays a flight: the charge's chosen payers, else its default payer. A tow plane's flight is
 * paid by whoever pays the glider it towed.
 */
async function payersOf(
  deps: ChargeDeps,
  flight: ChargeableFlight,
  charge: StoredCharge,
  override?: Pick<StoredCharge, 'payers_mode' | 'payers'>,
): Promise<{ user_id: string; percent: number }[] | 'none'> {
  const mode = override ?? charge;
  if (mode.payers_mode === 'none') return 'none';
  if (mode.payers_mode === 'custom' && mode.payers.length > 0) return mode.payers.map((p) => ({ ...p }));
  if (flight.towed_flight_id) {
    const glider = await deps.flight(flight.organization_id, flight.towed_flight_id);
    if (glider) {
      const gliderCharge = await deps.store.charge(flight.organization_id, glider.flight_id);
      if (gliderCharge?.payers_mode === 'none') return 'none';
      if (gliderCharge?.payers_mode === 'custom' && gliderCharge.payers.length > 0)
        return gliderCharge.payers.map((p) => ({ user_id: p.user_id, percent: p.percent }));
      const payer = defaultPayerOf(glider);
      return payer ? [{ user_id: payer, percent: 100 }] : [];
    }
  }
  const payer = defaultPayerOf(flight);
  return payer ? [{ user_id: payer, percent: 100 }] : [];
}

/** Prices the flight as it is now into the entries that should stand. */
async function desiredCharge(
  deps: ChargeDeps,
  org: OrganizationFinance,
  flight: ChargeableFlight,
  charge: StoredCharge,
  options: { recalculate?: boolean; override?: Pick<StoredCharge, 'payers_mode' | 'payers'> },
): Promise<Desired> {
  const payers = await payersOf(deps, flight, charge, options.override);
  if (payers === 'none') return { state: 'no_charge', explanation: null, entries: [], caps: [] };
  const people = await deps.members(
    org.organization_id,
    payers.map((p) => p.user_id),
  );
  const known = payers.filter((p) => people.has(p.user_id));
  if (known.length === 0 || known.length !== payers.length)
    return { state: 'no_payer', explanation: null, entries: [], caps: [] };
  const primary = known[0]!;
  const [tariffs, plane, memberships] = await Promise.all([
    deps.store.tariffs(org.organization_id),
    deps.plane(org.organization_id, flight.plane_id),
    deps.store.memberMemberships(org.organization_id, primary.user_id),
  ]);
  const pinned =
    !options.recalculate && charge.tariff_id
      ? tariffs.find((t) => t.tariff_id === charge.tariff_id && t.status === 'published')
      : undefined;
  const tariff: StoredTariff | null = pinned ?? effectiveTariff(tariffs, flight.date);
  const membership = membershipOn(memberships, flight.date);
  const input = {
    flight: pricingFlightOf(flight),
    payer: {
      user_id: primary.user_id,
      membership_type: membership?.membership_type ?? null,
      age: ageOn(people.get(primary.user_id)?.birth_date, flight.date),
    },
    organization: organizationPricesOf(org),
    aircraft: plane,
    tariff: tariff ? pricingTariffOf(tariff) : null,
  };
  // Caps count what the payer was charged before, less what this flight's standing charge counted.
  const first = priceFlight(input);
  const keys = first.caps.map((c) => c.key);
  let priced = first;
  if (keys.length > 0) {
    const stored = await deps.store.caps(org.organization_id, primary.user_id, keys);
    const own = (key: string) =>
      charge.caps
        .filter((c) => c.user_id === primary.user_id && c.key === key)
        .reduce((s, c) => s + c.amount, 0);
    priced = priceFlight({ ...input, usage: (key) => (stored.get(key)?.used ?? 0) - own(key) });
  }
  const shares = splitCharge(priced.total, known, org.currency_id);
  const explanation: ChargeExplanation = {
    tariff: priced.tariff,
    inputs: priced.inputs,
    lines: priced.lines,
    total: priced.total,
    currency_id: org.currency_id,
    shares,
  };
  if (priced.total === 0)
    return { state: 'no_charge', explanation, entries: [], caps: [], tariff_id: tariff?.tariff_id };
  return {
    state: 'charged',
    explanation,
    tariff_id: tariff?.tariff_id,
    caps: priced.caps.map((c: CapUse) => ({ user_id: primary.user_id, key: c.key, amount: c.amount })),
    entries: shares
      .filter((s) => s.amount !== 0)
      .map((s) => ({
        organization_id: org.organization_id,
        user_id: s.user_id,
        entry_id: chargeEntryId(flight.flight_id, flight.version, charge.version + 1, s.user_id),
        date: flight.date,
        transaction_type: 'flight_charge' as const,
        amount: -s.amount,
        currency_id: org.currency_id,
        source: 'flight' as const,
        source_id: flight.flight_id,
        explanation,
      })),
  };
}

/** The standing charge already says what the new one would: same payers, amounts, day and explanation. */
const sameCharge = (charge: StoredCharge, desired: Desired) =>
  charge.state === desired.state &&
  JSON.stringify(charge.explanation ?? null) === JSON.stringify(desired.explanation) &&
  charge.entries.length === desired.entries.length &&
  desired.entries.every((d) =>
    charge.entries.some((s) => s.user_id === d.user_id && s.amount === d.amount && s.date === d.date),
  );

/** Cap changes by (payer, key): what the new charge counts less what the standing one counted. */
function capDeltas(before: StoredCharge['caps'], after: Desired['caps']) {
  const deltas = new Map<string, { user_id: string; key: string; amount: number }>();
  const add = (c: { user_id: string; key: string; amount: number }, sign: number) => {
    const id = `${c.user_id}|${c.key}`;
    const d = deltas.get(id) ?? { user_id: c.user_id, key: c.key, amount: 0 };
    d.amount += sign * c.amount;
    deltas.set(id, d);
  };
  for (const c of before) add(c, -1);
  for (const c of after) add(c, 1);
  return [...deltas.values()].filter((d) => d.amount !== 0);
}

export interface ReconcileOptions {
  /** The event's version: an older one than the version priced changes nothing. */
  eventVersion?: number;
  /** Price under the tariff in force now for the flight's day, not the one it was priced with. */
  recalculate?: boolean;
  /** New payers (set on the charge in the same write), on the charge's version. */
  payers?: { mode: StoredCharge['payers_mode']; payers: StoredCharge['payers']; version: number };
  actor?: Actor;
}

const MAX_ATTEMPTS = 6;

/**
 * Brings the flight's charge in line with the flight as it is now (see the module's comment).
 * Returns the charge as stored afterwards.
 */
export async function reconcileFlightCharge(
  deps: ChargeDeps,
  organizationId: string,
  flightId: string,
  options: ReconcileOptions = {},
): Promise<StoredCharge> {
  const org = await deps.organization(organizationId);
  if (!org) throw notFound();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await deps.store.charge(organizationId, flightId);
    const charge = stored ?? emptyCharge(organizationId, flightId);
    if (options.payers && options.payers.version !== charge.version) throw conflict();
    if (
      options.eventVersion !== undefined &&
      charge.priced_version !== undefined &&
      options.eventVersion <= charge.priced_version
    )
      return charge;
    const flight = await deps.flight(organizationId, flightId);
    const override = options.payers
      ? { payers_mode: options.payers.mode, payers: options.payers.payers }
      : undefined;
    const desired: Desired =
      flight?.landed === true
        ? await desiredCharge(deps, org, flight, charge, { recalculate: options.recalculate, override })
        : { state: 'not_charged', explanation: null, entries: [], caps: [] };
    const pricedVersion = flight
      ? flight.version
      : (options.eventVersion ?? (charge.priced_version ?? 0) + 1);
    const unchanged = sameCharge(charge, desired);
    const reversals: { original: StoredEntry; entry: EntryToPost }[] = [];
    if (!unchanged) {
      const originals = await deps.ledger.entries(
        organizationId,
        charge.entries.map((e) => e.entry_id),
      );
      for (const original of originals)
        if (!original.reversed_by) reversals.push({ original, entry: reversalOf(original, {}) });
    }
    const entries = unchanged ? [] : desired.entries;
    const caps = unchanged ? [] : capDeltas(charge.caps, desired.caps);
    const capItems = caps.length
      ? await Promise.all(
          caps.map(async (c) => ({
            delta: c,
            stored: (await deps.store.caps(organizationId, c.user_id, [c.key])).get(c.key) ?? null,
          })),
        )
      : [];
    const now = deps.now().toISOString();
    const next: StoredCharge = {
      ...charge,
      state: desired.state,
      priced_version: pricedVersion,
      date: flight?.date ?? charge.date,
      explanation: desired.explanation ?? undefined,
      entries: unchanged
        ? charge.entries
        : desired.entries.map((e) => ({
            entry_id: e.entry_id,
            user_id: e.user_id,
            amount: e.amount,
            date: e.date,
          })),
      caps: unchanged ? charge.caps : desired.caps,
      tariff_id: unchanged ? charge.tariff_id : desired.tariff_id,
      payers_mode: options.payers?.mode ?? charge.payers_mode,
      payers: options.payers?.payers ?? charge.payers,
      version: charge.version + 1,
      created_at: stored ? charge.created_at : now,
      updated_at: now,
    };
    if (next.tariff_id === undefined) delete next.tariff_id;
    if (next.explanation === undefined) delete next.explanation;
    if (next.date === undefined) delete next.date;
    const outcome = await deps.ledger.post({
      organization_id: organizationId,
      entries: [...reversals.map((r) => r.entry), ...entries],
      reverses: reversals.map((r) => ({ original: r.original, by: r.entry.entry_id })),
      extra: (e) => [
        stored
          ? e.flightCharge
              .put(next)
              .where(({ version }, { eq }) => eq(version, charge.version))
              .commit()
          : e.flightCharge.create(next).commit(),
        ...capItems.map(({ delta, stored: cap }) =>
          cap
            ? e.capUsage
                .put({ ...cap, used: cap.used + delta.amount, version: cap.version + 1 })
                .where(({ version }, { eq }) => eq(version, cap.version))
                .commit()
            : e.capUsage
                .create({
                  organization_id: organizationId,
                  user_id: delta.user_id,
                  key: delta.key,
                  used: delta.amount,
                  version: 1,
                })
                .commit(),
        ),
        ...(options.actor
          ? [
              ...auditRecord(options.actor, {
                action: options.payers ? 'flight_charge.payers' : 'flight_charge.recalculate',
                target_type: 'flight',
                target_id: flightId,
                details: { entries: entries.length, reversals: reversals.length },
              })(e),
            ]
          : []),
      ],
    });
    if (outcome.status === 'posted') {
      const touched = [...reversals.map((r) => r.entry.user_id), ...entries.map((e) => e.user_id)];
      if (entries.length > 0 || reversals.length > 0) await afterPosting(deps, org, touched);
      return next;
    }
    // Another delivery or a payer change came first: read again and reconcile with what it left.
    if (options.payers) throw conflict();
  }
  logger.warn('flight charge did not settle', { organizationId, flightId });
  throw conflict();
}

/** After a glider's charge changed hands, its tow plane's flight follows (the glider's payer pays the tow). */
export async function reconcileTowOf(deps: ChargeDeps, organizationId: string, flightId: string) {
  const flight = await deps.flight(organizationId, flightId);
  if (flight?.tow_flight_id) await reconcileFlightCharge(deps, organizationId, flight.tow_flight_id);
}

// The charge as the flight screens show it ---------------------------------------------------------------

async function chargeOutput(
  deps: ChargeDeps,
  actor: Actor,
  org: OrganizationFinance,
  flightId: string,
  charge: StoredCharge | null,
): Promise<FlightChargeOutput> {
  const c = charge ?? emptyCharge(org.organization_id, flightId);
  const ids = [...c.entries.map((e) => e.user_id), ...c.payers.map((p) => p.user_id)];
  const people = await deps.members(org.organization_id, ids);
  return {
    flight_id: flightId,
    state: c.state,
    priced_version: c.priced_version ?? null,
    explanation: (c.explanation as ChargeExplanation | undefined) ?? null,
    entries: c.entries.map((e) => ({
      transaction_id: e.entry_id,
      user_id: e.user_id,
      user_name: nameOf(people.get(e.user_id), actor.lang),
      amount: e.amount,
      date: e.date,
    })),
    payers_mode: c.payers_mode,
    payers: c.payers.map((p) => ({ ...p, user_name: nameOf(people.get(p.user_id), actor.lang) })),
    currency_id: org.currency_id,
    version: c.version,
    can_edit: can(actor, 'transaction-edit'),
  };
}

/**
 * GET /api/flights/{id}/charge: the charge and its explanation — for the treasurer (transaction-list),
 * the timer operators (daily-flight-edit: the sheet's cards) and the flight's own crew and payers;
 * other members do not read each other's money.
 */
export async function getFlightCharge(deps: ChargeDeps, actor: Actor, flightId: string) {
  const org = await organizationOf(deps, actor);
  const flight = await deps.flight(org.organization_id, flightId);
  const charge = await deps.store.charge(org.organization_id, flightId);
  if (!flight && !charge) throw notFound();
  const involved = new Set(
    [
      flight?.pic_id,
      flight?.sic_id,
      flight?.instructor_id,
      ...(charge?.entries.map((e) => e.user_id) ?? []),
      ...(charge?.payers.map((p) => p.user_id) ?? []),
    ].filter(Boolean),
  );
  if (!can(actor, 'transaction-list') && !can(actor, 'daily-flight-edit') && !involved.has(actor.userId))
    throw missingPermissions();
  return chargeOutput(deps, actor, org, flightId, charge);
}

/** PUT /api/flights/{id}/charge/payers: its default payer, chosen payers (a split), or nobody. */
export async function setFlightPayers(
  deps: ChargeDeps,
  actor: Actor,
  flightId: string,
  input: FlightPayersInput,
) {
  const org = await organizationOf(deps, actor);
  const flight = await deps.flight(org.organization_id, flightId);
  if (!flight) throw notFound();
  if (input.mode === 'custom') {
    const people = await deps.members(
      org.organization_id,
      input.payers.map((p) => p.user_id),
    );
    const errors = input.payers.flatMap((p, i) => (people.has(p.user_id) ? [] : [`payers.${i}.user_id`]));
    if (errors.length > 0)
      throw validationFailed(Object.fromEntries(errors.map((f) => [f, ['invalid_value']])));
  }
  const stored = await reconcileFlightCharge(deps, org.organization_id, flightId, {
    payers: { mode: input.mode, payers: input.mode === 'custom' ? input.payers : [], version: input.version },
    actor,
  });
  await reconcileTowOf(deps, org.organization_id, flightId);
  return chargeOutput(deps, actor, org, flightId, stored);
}

/** POST /api/flights/{id}/charge/recalculate: priced again under the tariff in force for its day now. */
export async function recalculateFlightCharge(
  deps: ChargeDeps,
  actor: Actor,
  flightId: string,
  version: number,
) {
  const org = await organizationOf(deps, actor);
  const current = await deps.store.charge(org.organization_id, flightId);
  if (!current && !(await deps.flight(org.organization_id, flightId))) throw notFound();
  if ((current?.version ?? 0) !== version) throw conflict();
  const stored = await reconcileFlightCharge(deps, org.organization_id, flightId, {
    recalculate: true,
    actor,
  });
  return chargeOutput(deps, actor, org, flightId, stored);
}

/** The planes of an organization by id (the simulator prices many flights with them). */
export async function planesById(organizationId: string) {
  return new Map((await allPlanePrices(organizationId)).map((p) => [p.plane_id, p]));
}

/** The smallest unit a split is made in (whole forints), for the screens' checks. */
export const splitUnitOf = roundingUnitOf;

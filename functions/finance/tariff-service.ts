import { daysBetween } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { AircraftCategory } from '../../contracts/schemas/finance-enums.ts';
import type {
  CreateTariffInput,
  PriceRule,
  SimulateTariffInput,
  SimulationOutput,
  TariffOutput,
  UpdateTariffInput,
} from '../../contracts/schemas/tariffs.ts';
import { allPlanePrices, type PlanePrices } from '../aircraft/public.ts';
import { type ChargeableFlight, landedFlightsBetween } from '../flights/public.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import { auditRecord } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { transactWrite } from '../platform/db/writes.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { defaultPayerOf } from './charge-service.ts';
import { can, type FinanceDeps, membershipOn, nameOf, organizationOf, todayOf } from './finance-context.ts';
import type { StoredCharge, StoredMembership, StoredTariff } from './finance-store.ts';
import { ageOn, categoryOf, priceFlight } from './pricing.ts';
import {
  effectiveTariff,
  organizationPricesOf,
  pricingTariffOf,
  rulesFromCustomPrices,
} from './tariff-rules.ts';

/**
 * Tariffs (issue 14 §3, §4): price rules as data. A draft is edited freely; publishing gives it the
 * day it applies from and freezes it (a price change is a copy, edited, simulated and published).
 * A flight keeps the tariff it was priced with; flights priced from the new tariff's day on — and
 * charges recalculated — take the new one. The simulator re-prices real flights under a draft and
 * posts nothing.
 */

export interface TariffDeps extends FinanceDeps {
  flightsBetween: (organizationId: string, from: string, to: string) => Promise<ChargeableFlight[]>;
  planes: (organizationId: string) => Promise<PlanePrices[]>;
}

export const tariffDeps = (deps: FinanceDeps): TariffDeps => ({
  ...deps,
  flightsBetween: landedFlightsBetween,
  planes: allPlanePrices,
});

function outputOf(
  actor: Actor,
  org: OrganizationFinance,
  t: StoredTariff,
  inForce: string | null,
): TariffOutput {
  const editor = can(actor, 'transaction-edit');
  const draft = t.status === 'draft';
  return {
    tariff_id: t.tariff_id,
    name: t.name,
    status: t.status,
    valid_from: t.valid_from ?? null,
    published_at: t.published_at ?? null,
    notes: t.notes ?? null,
    rules: (t.rules as PriceRule[]) ?? [],
    currency_id: org.currency_id,
    version: t.version,
    created_at: t.created_at,
    updated_at: t.updated_at,
    in_force: inForce === t.tariff_id,
    can_edit: editor && draft,
    can_publish: editor && draft,
    can_delete: editor && draft,
  };
}

async function tariffFor(deps: FinanceDeps, org: OrganizationFinance, tariffId: string) {
  const t = await deps.store.tariff(org.organization_id, tariffId);
  if (!t) throw notFound();
  return t;
}

export async function listTariffs(deps: FinanceDeps, actor: Actor) {
  const org = await organizationOf(deps, actor);
  const all = await deps.store.tariffs(org.organization_id);
  const inForce = effectiveTariff(all, todayOf(deps, org))?.tariff_id ?? null;
  const items = all
    .sort((a, b) => b.tariff_id.localeCompare(a.tariff_id))
    .map(({ ...t }) => {
      const { rules: _rules, ...rest } = outputOf(actor, org, t, inForce);
      return rest;
    });
  return { items, cursor: null, can_create: can(actor, 'transaction-edit') };
}

export async function getTariff(deps: FinanceDeps, actor: Actor, tariffId: string) {
  const org = await organizationOf(deps, actor);
  const all = await deps.store.tariffs(org.organization_id);
  const t = all.find((x) => x.tariff_id === tariffId);
  if (!t) throw notFound();
  return outputOf(actor, org, t, effectiveTariff(all, todayOf(deps, org))?.tariff_id ?? null);
}

async function write(
  actor: Actor,
  item: StoredTariff,
  readVersion: number,
  action: 'tariff.create' | 'tariff.update' | 'tariff.publish',
) {
  await transactWrite((e) => [
    readVersion === 0
      ? e.tariff.create(item).commit()
      : e.tariff
          .put(item)
          .where(({ version, status }, { eq }) => `${eq(version, readVersion)} AND ${eq(status, 'draft')}`)
          .commit(),
    ...auditRecord(actor, { action, target_type: 'tariff', target_id: item.tariff_id })(e),
  ]);
}

/** POST /api/tariffs: an empty draft, a copy of a tariff, or the organization's prices as a first draft. */
export async function createTariff(deps: FinanceDeps, actor: Actor, input: CreateTariffInput) {
  const org = await organizationOf(deps, actor);
  let rules: PriceRule[] = [];
  let notes: string | undefined;
  if (input.copy_of) rules = ((await tariffFor(deps, org, input.copy_of)).rules as PriceRule[]) ?? [];
  else if (input.from_organization) {
    const migrated = rulesFromCustomPrices(org);
    rules = migrated.rules;
    if (migrated.skipped.length > 0) notes = migrated.skipped.join(', ').slice(0, 1000);
  }
  const now = deps.now();
  const item: StoredTariff = {
    organization_id: org.organization_id,
    tariff_id: timeOrderedId(now.getTime()),
    name: input.name,
    status: 'draft',
    rules,
    ...(notes && { notes }),
    created_by: actor.userId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await write(actor, item, 0, 'tariff.create');
  return getTariff(deps, actor, item.tariff_id);
}

/** PATCH /api/tariffs/{id}: a draft's name, notes and rules, on its version. */
export async function updateTariff(
  deps: FinanceDeps,
  actor: Actor,
  tariffId: string,
  input: UpdateTariffInput,
) {
  const org = await organizationOf(deps, actor);
  const current = await tariffFor(deps, org, tariffId);
  if (current.status !== 'draft') throw domainError('not_editable');
  if (current.version !== input.version) throw conflict();
  const item: StoredTariff = {
    ...current,
    name: input.name,
    rules: input.rules,
    version: current.version + 1,
    updated_at: deps.now().toISOString(),
  };
  if (input.notes) item.notes = input.notes;
  else delete item.notes;
  await write(actor, item, current.version, 'tariff.update');
  return getTariff(deps, actor, tariffId);
}

/** POST /api/tariffs/{id}/publish: applies to flights priced from `valid_from` on; frozen from now. */
export async function publishTariff(
  deps: FinanceDeps,
  actor: Actor,
  tariffId: string,
  input: { valid_from: string; version: number },
) {
  const org = await organizationOf(deps, actor);
  const current = await tariffFor(deps, org, tariffId);
  if (current.status !== 'draft') throw domainError('not_editable');
  if (current.version !== input.version) throw conflict();
  const now = deps.now().toISOString();
  await write(
    actor,
    {
      ...current,
      status: 'published',
      valid_from: input.valid_from,
      published_at: now,
      version: current.version + 1,
      updated_at: now,
    },
    current.version,
    'tariff.publish',
  );
  return getTariff(deps, actor, tariffId);
}

/** DELETE /api/tariffs/{id}: a draft only (a published tariff explains charges posted with it). */
export async function deleteTariff(deps: FinanceDeps, actor: Actor, tariffId: string) {
  const org = await organizationOf(deps, actor);
  const current = await tariffFor(deps, org, tariffId);
  if (current.status !== 'draft') throw domainError('not_editable');
  await transactWrite((e) => [
    e.tariff
      .delete({ organization_id: org.organization_id, tariff_id: tariffId })
      .where(({ version, status }, { eq }) => `${eq(version, current.version)} AND ${eq(status, 'draft')}`)
      .commit(),
    ...auditRecord(actor, { action: 'tariff.delete', target_type: 'tariff', target_id: tariffId })(e),
  ]);
  return { deleted: true as const };
}

// The simulator (issue 14 §4) --------------------------------------------------------------------------

/** At most a year and a day of flights. */
const MAX_DAYS = 366;
const LARGEST = 10;

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * POST /api/tariffs/{id}/simulate: the days' landed flights priced under the tariff, against what
 * they are charged now (or, never charged, what the tariff then in force would charge), per
 * member and per category, with the median member change and the largest flight changes. Caps
 * run over the days in order, as they would have. Nothing is written.
 */
export async function simulateTariff(
  deps: TariffDeps,
  actor: Actor,
  tariffId: string,
  input: SimulateTariffInput,
): Promise<SimulationOutput> {
  const org = await organizationOf(deps, actor);
  if (input.to < input.from) throw validationFailed({ to: ['too_small'] });
  if (daysBetween(input.from, input.to) > MAX_DAYS) throw validationFailed({ to: ['too_big'] });
  const [tariffs, flights, charges, planes, memberships] = await Promise.all([
    deps.store.tariffs(org.organization_id),
    deps.flightsBetween(org.organization_id, input.from, input.to),
    deps.store.allCharges(org.organization_id),
    deps.planes(org.organization_id),
    deps.store.allMemberships(org.organization_id),
  ]);
  const draft = tariffs.find((t) => t.tariff_id === tariffId);
  if (!draft) throw notFound();
  const chargeOf = new Map<string, StoredCharge>(charges.map((c) => [c.flight_id, c]));
  const flightOf = new Map(flights.map((f) => [f.flight_id, f]));
  const planeOf = new Map(planes.map((p) => [p.plane_id, p]));
  const membershipsOf = new Map<string, StoredMembership[]>();
  for (const m of memberships) membershipsOf.set(m.user_id, [...(membershipsOf.get(m.user_id) ?? []), m]);

  const payerOf = (f: ChargeableFlight): string | null => {
    const own = chargeOf.get(f.flight_id);
    if (own?.payers_mode === 'none') return null;
    if (own?.payers_mode === 'custom') return own.payers[0]?.user_id ?? null;
    const glider = f.towed_flight_id ? flightOf.get(f.towed_flight_id) : undefined;
    if (glider) return payerOf(glider);
    return defaultPayerOf(f);
  };
  const payerIds = [...new Set(flights.map(payerOf).filter((id): id is string => id !== null))];
  const people = await deps.members(org.organization_id, payerIds);

  const usageNow = new Map<string, number>();
  const usageDraft = new Map<string, number>();
  const byMember = new Map<string, { flights: number; current: number; proposed: number }>();
  const byCategory = new Map<AircraftCategory, { flights: number; current: number; proposed: number }>();
  const changed: SimulationOutput['largest'] = [];
  let priced = 0;
  const prices = organizationPricesOf(org);

  for (const f of flights) {
    const payer = payerOf(f);
    if (!payer || !people.has(payer)) continue;
    priced += 1;
    const membership = membershipOn(membershipsOf.get(payer) ?? [], f.date);
    const base = {
      flight: {
        ...f,
        role: f.towed_flight_id ? ('tow' as const) : ('own' as const),
      },
      payer: {
        user_id: payer,
        membership_type: membership?.membership_type ?? null,
        age: ageOn(people.get(payer)?.birth_date, f.date),
      },
      organization: prices,
      aircraft: planeOf.get(f.plane_id) ?? null,
    };
    const run = (tariff: StoredTariff | null, usage: Map<string, number>) => {
      const result = priceFlight({
        ...base,
        tariff: tariff ? pricingTariffOf(tariff) : null,
        usage: (key) => usage.get(key) ?? 0,
      });
      for (const cap of result.caps) usage.set(cap.key, (usage.get(cap.key) ?? 0) + cap.amount);
      return result.total;
    };
    const standing = chargeOf.get(f.flight_id);
    const current =
      standing && standing.priced_version !== undefined
        ? -standing.entries.reduce((sum, e) => sum + e.amount, 0)
        : run(effectiveTariff(tariffs, f.date), usageNow);
    const proposed = run(draft, usageDraft);
    const member = byMember.get(payer) ?? { flights: 0, current: 0, proposed: 0 };
    member.flights += 1;
    member.current += current;
    member.proposed += proposed;
    byMember.set(payer, member);
    const category = categoryOf(f);
    const cat = byCategory.get(category) ?? { flights: 0, current: 0, proposed: 0 };
    cat.flights += 1;
    cat.current += current;
    cat.proposed += proposed;
    byCategory.set(category, cat);
    if (current !== proposed)
      changed.push({
        flight_id: f.flight_id,
        date: f.date,
        reg_num: f.reg_num,
        user_id: payer,
        user_name: nameOf(people.get(payer), actor.lang) ?? payer,
        current,
        proposed,
        difference: proposed - current,
      });
  }

  const members = [...byMember].map(([user_id, m]) => ({
    user_id,
    user_name: nameOf(people.get(user_id), actor.lang) ?? user_id,
    ...m,
    difference: m.proposed - m.current,
  }));
  const totalCurrent = members.reduce((s, m) => s + m.current, 0);
  const totalProposed = members.reduce((s, m) => s + m.proposed, 0);
  return {
    from: input.from,
    to: input.to,
    currency_id: org.currency_id,
    flights: flights.length,
    priced,
    totals: { current: totalCurrent, proposed: totalProposed, difference: totalProposed - totalCurrent },
    by_member: members.sort(
      (a, b) => Math.abs(b.difference) - Math.abs(a.difference) || a.user_name.localeCompare(b.user_name),
    ),
    by_category: [...byCategory].map(([category, c]) => ({
      category,
      ...c,
      difference: c.proposed - c.current,
    })),
    median_difference: median(members.map((m) => m.difference)),
    largest: changed.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference)).slice(0, LARGEST),
  };
}

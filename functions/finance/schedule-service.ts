import { addDays, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { ScheduleInput, ScheduleOutput, UpdateScheduleInput } from '../../contracts/schemas/finance.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import { can, type FinanceDeps, membershipOn, nameOf, organizationOf, todayOf } from './finance-context.ts';
import type { StoredMembership, StoredSchedule } from './finance-store.ts';
import { reversalOf } from './ledger-service.ts';
import type { EntryToPost, StoredEntry } from './ledger-store.ts';
import { afterPosting } from './notices.ts';
import {
  monthsPerRun,
  nextRunAfter,
  nextRunOnOrAfter,
  periodOf,
  runDateOf,
  type ScheduleTiming,
  upcomingRuns,
} from './schedule-calendar.ts';

/**
 * Scheduled (recurring) transactions (spec §3, §4 "Scheduled transactions run"; issue 14 §6). A
 * schedule charges its members — named, or every member whose membership on the run's day is of its
 * types — a fixed amount or their membership fee, monthly, quarterly or yearly. The daily job
 * (jobs.ts; croner locally, EventBridge Scheduler in the cloud) runs what is due: each member's
 * entry is keyed by (schedule, period, member), so a run done twice posts once, and a run cut short
 * is finished by the next without doubling anything.
 */

const RUNS_KEPT = 24;
/** A run that fell behind (the job did not run for a while) catches up at most this many periods at once. */
const MAX_CATCH_UP = 24;

export const scheduleEntryId = (scheduleId: string, period: string, userId: string) =>
  `sch-${scheduleId}-${period}-${userId}`;
/** A recalculated period's entry: the schedule's version makes it new. */
const recalculatedEntryId = (scheduleId: string, period: string, userId: string, version: number) =>
  `sch-${scheduleId}-${period}-${userId}-v${version}`;

type Run = { period: string; date: string; members: number; total: number; at: string };

const timingOf = (
  s: Pick<StoredSchedule, 'cadence' | 'day_of_month' | 'month' | 'start_date' | 'end_date'>,
): ScheduleTiming => ({
  cadence: s.cadence,
  day_of_month: s.day_of_month,
  month: s.month,
  start_date: s.start_date,
  end_date: s.end_date ?? null,
});

function outputOf(actor: Actor, org: OrganizationFinance, s: StoredSchedule): ScheduleOutput {
  const editor = can(actor, 'transaction-edit');
  const runs = (s.runs as Run[]) ?? [];
  return {
    schedule_id: s.schedule_id,
    name: s.name,
    transaction_type: s.transaction_type,
    amount_source: s.amount_source,
    amount: s.amount ?? null,
    user_ids: [...s.user_ids],
    membership_types: [...s.membership_types],
    cadence: s.cadence,
    day_of_month: s.day_of_month,
    month: s.month,
    start_date: s.start_date,
    end_date: s.end_date ?? null,
    comment: s.comment ?? null,
    next_run_date: s.next_run_date || null,
    last_run_period: s.last_run_period ?? null,
    last_billing_at: s.last_billing_at ?? null,
    runs,
    currency_id: org.currency_id,
    version: s.version,
    created_at: s.created_at,
    updated_at: s.updated_at,
    can_edit: editor,
    can_delete: editor && runs.length === 0,
  };
}

/**
 * Who a run charges and how much: the named members and those whose membership on the day is of
 * the schedule's types; a membership-fee schedule only where the membership asks for automatic
 * deduction and is not free of fees, at its fee for the run's months (else the organization's).
 */
export function chargesOf(
  s: Pick<StoredSchedule, 'amount_source' | 'amount' | 'user_ids' | 'membership_types' | 'cadence'>,
  org: Pick<OrganizationFinance, 'full_fee' | 'yearly_membership_fee'>,
  memberships: readonly StoredMembership[],
  members: ReadonlySet<string>,
  date: string,
): { user_id: string; amount: number }[] {
  const byUser = new Map<string, StoredMembership[]>();
  for (const m of memberships) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
  const targets = new Set(s.user_ids.filter((id) => members.has(id)));
  for (const [userId, list] of byUser) {
    const current = membershipOn(list, date);
    if (current && s.membership_types.includes(current.membership_type) && members.has(userId))
      targets.add(userId);
  }
  const charges: { user_id: string; amount: number }[] = [];
  for (const userId of [...targets].sort()) {
    const membership = membershipOn(byUser.get(userId) ?? [], date);
    let amount = 0;
    if (s.amount_source === 'fixed') amount = s.amount ?? 0;
    else {
      if (!membership || membership.membership_free || !membership.automatic_membership_fee_deduction_on)
        continue;
      amount =
        s.cadence === 'yearly'
          ? (membership.yearly_membership_fee ?? org.yearly_membership_fee ?? 0)
          : (membership.membership_fee ?? org.full_fee ?? 0) * monthsPerRun(s.cadence);
    }
    if (amount > 0) charges.push({ user_id: userId, amount });
  }
  return charges;
}

async function scheduleFor(deps: FinanceDeps, org: OrganizationFinance, id: string) {
  const s = await deps.store.schedule(org.organization_id, id);
  if (!s) throw notFound();
  return s;
}

export async function listSchedules(
  deps: FinanceDeps,
  actor: Actor,
  query: { cursor?: string; limit?: number },
) {
  const org = await organizationOf(deps, actor);
  const page = await deps.store.schedulesPage(org.organization_id, {
    cursor: query.cursor,
    limit: query.limit ?? 50,
  });
  return {
    items: page.items.map((s) => outputOf(actor, org, s)),
    cursor: page.cursor,
    can_create: can(actor, 'transaction-edit'),
  };
}

export async function getSchedule(deps: FinanceDeps, actor: Actor, id: string) {
  const org = await organizationOf(deps, actor);
  return outputOf(actor, org, await scheduleFor(deps, org, id));
}

async function checkMembers(deps: FinanceDeps, org: OrganizationFinance, userIds: readonly string[]) {
  const people = await deps.members(org.organization_id, userIds);
  const errors = userIds.flatMap((id, i) => (people.has(id) ? [] : [`user_ids.${i}`]));
  if (errors.length > 0)
    throw validationFailed(Object.fromEntries(errors.map((f) => [f, ['invalid_value']])));
}

const fieldsOf = (input: ScheduleInput) => {
  const fields: Partial<StoredSchedule> = {
    name: input.name,
    transaction_type: input.transaction_type,
    amount_source: input.amount_source,
    user_ids: [...new Set(input.user_ids)],
    membership_types: [...new Set(input.membership_types)],
    cadence: input.cadence,
    day_of_month: input.day_of_month,
    month: input.month,
    start_date: input.start_date,
  };
  if (input.amount_source === 'fixed' && input.amount) fields.amount = input.amount;
  if (input.end_date) fields.end_date = input.end_date;
  if (input.comment) fields.comment = input.comment;
  return fields;
};

async function save(
  deps: FinanceDeps,
  actor: Actor,
  item: StoredSchedule,
  readVersion: number,
  action: 'schedule.create' | 'schedule.update' | 'schedule.recalculate',
) {
  const saved = await deps.store.putSchedule(item, readVersion, {
    actor,
    record: { action, target_type: 'schedule', target_id: item.schedule_id },
  });
  if (!saved) throw conflict();
}

/** POST /api/scheduled-transactions */
export async function createSchedule(deps: FinanceDeps, actor: Actor, input: ScheduleInput) {
  const org = await organizationOf(deps, actor);
  await checkMembers(deps, org, input.user_ids);
  const now = deps.now();
  const today = todayOf(deps, org);
  const base = fieldsOf(input) as StoredSchedule;
  const item: StoredSchedule = {
    ...base,
    organization_id: org.organization_id,
    schedule_id: timeOrderedId(now.getTime()),
    next_run_date: nextRunOnOrAfter(timingOf(base), today) ?? '',
    runs: [],
    created_by: actor.userId,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await save(deps, actor, item, 0, 'schedule.create');
  return outputOf(actor, org, item);
}

/** PATCH /api/scheduled-transactions/{id}: from now on; periods already run stay (recalculate them). */
export async function updateSchedule(
  deps: FinanceDeps,
  actor: Actor,
  id: string,
  input: UpdateScheduleInput,
) {
  const org = await organizationOf(deps, actor);
  const current = await scheduleFor(deps, org, id);
  if (current.version !== input.version) throw conflict();
  await checkMembers(deps, org, input.user_ids);
  const { version: _v, ...rest } = input;
  const fields = fieldsOf(rest);
  const runs = (current.runs as Run[]) ?? [];
  const today = todayOf(deps, org);
  const lastRun = runs[0]?.date;
  const from = lastRun && addDays(lastRun, 1) > today ? addDays(lastRun, 1) : today;
  const item: StoredSchedule = {
    ...(fields as StoredSchedule),
    organization_id: current.organization_id,
    schedule_id: current.schedule_id,
    next_run_date: nextRunOnOrAfter(timingOf(fields as StoredSchedule), from) ?? '',
    runs,
    ...(current.last_run_period && { last_run_period: current.last_run_period }),
    ...(current.last_billing_at && { last_billing_at: current.last_billing_at }),
    ...(current.created_by && { created_by: current.created_by }),
    version: current.version + 1,
    created_at: current.created_at,
    updated_at: deps.now().toISOString(),
  };
  // A run already made for the period of the next run day: that period is done (recalculate it instead).
  const nextPeriod = item.next_run_date ? periodOf(item.cadence, item.next_run_date) : null;
  if (nextPeriod && runs.some((r) => r.period === nextPeriod))
    item.next_run_date = nextRunAfter(timingOf(item), item.next_run_date) ?? '';
  await save(deps, actor, item, current.version, 'schedule.update');
  return outputOf(actor, org, item);
}

/** DELETE /api/scheduled-transactions/{id}: one that never ran (after a run, give it an end date). */
export async function deleteSchedule(deps: FinanceDeps, actor: Actor, id: string) {
  const org = await organizationOf(deps, actor);
  const current = await scheduleFor(deps, org, id);
  if (((current.runs as Run[]) ?? []).length > 0) throw domainError('not_editable');
  const audit = {
    actor,
    record: { action: 'schedule.delete' as const, target_type: 'schedule', target_id: id },
  };
  if (!(await deps.store.deleteSchedule(org.organization_id, id, current.version, audit))) throw conflict();
  return { deleted: true as const };
}

/** POST /api/scheduled-transactions/preview: the next runs of the schedule as the form has it. */
export async function previewSchedule(deps: FinanceDeps, actor: Actor, input: ScheduleInput, count = 6) {
  const org = await organizationOf(deps, actor);
  const timing = timingOf(fieldsOf(input) as StoredSchedule);
  const dates = upcomingRuns(timing, todayOf(deps, org), count);
  const [memberships, memberIds] = await Promise.all([
    deps.store.allMemberships(org.organization_id),
    deps.allMemberIds(org.organization_id),
  ]);
  const members = new Set(memberIds);
  const fields = fieldsOf(input) as StoredSchedule;
  const runs = dates.map((date) => {
    const charges = chargesOf(fields, org, memberships, members, date);
    return {
      date,
      period: periodOf(input.cadence, date),
      members: charges.length,
      total: charges.reduce((s, c) => s + c.amount, 0),
    };
  });
  const next = dates[0] ? chargesOf(fields, org, memberships, members, dates[0]) : [];
  const people = await deps.members(
    org.organization_id,
    next.map((c) => c.user_id),
  );
  return {
    runs,
    members: next.map((c) => ({
      user_id: c.user_id,
      user_name: nameOf(people.get(c.user_id), actor.lang) ?? c.user_id,
      amount: c.amount,
    })),
    currency_id: org.currency_id,
  };
}

/** One run: each member's entry (once per period), then the schedule moves on to its next run day. */
async function runOnce(deps: FinanceDeps, org: OrganizationFinance, s: StoredSchedule, date: string) {
  const period = periodOf(s.cadence, date);
  const [memberships, memberIds] = await Promise.all([
    deps.store.allMemberships(org.organization_id),
    deps.allMemberIds(org.organization_id),
  ]);
  const charges = chargesOf(s, org, memberships, new Set(memberIds), date);
  const posted: string[] = [];
  for (const charge of charges) {
    const outcome = await deps.ledger.post({
      organization_id: org.organization_id,
      entries: [
        {
          organization_id: org.organization_id,
          user_id: charge.user_id,
          entry_id: scheduleEntryId(s.schedule_id, period, charge.user_id),
          date,
          transaction_type: s.transaction_type,
          amount: -charge.amount,
          currency_id: org.currency_id,
          source: 'schedule',
          source_id: s.schedule_id,
          comment: s.name,
        },
      ],
    });
    if (outcome.status === 'posted') posted.push(charge.user_id);
  }
  const now = deps.now().toISOString();
  const run: Run = {
    period,
    date,
    members: charges.length,
    total: charges.reduce((sum, c) => sum + c.amount, 0),
    at: now,
  };
  const runs = [run, ...((s.runs as Run[]) ?? []).filter((r) => r.period !== period)].slice(0, RUNS_KEPT);
  const next: StoredSchedule = {
    ...s,
    runs,
    last_run_period: period,
    last_billing_at: now,
    next_run_date: nextRunAfter(timingOf(s), date) ?? '',
    version: s.version + 1,
    updated_at: now,
  };
  const moved = await deps.store.putSchedule(next, s.version);
  if (posted.length > 0) await afterPosting(deps, org, posted);
  return moved ? next : null;
}

/**
 * The daily job: every schedule whose next run day has come in its organization's time zone runs,
 * period after period until it is up to date. Idempotent per (schedule, period): run twice, it posts once.
 */
export async function runDueSchedules(deps: FinanceDeps, at: Date) {
  // Every time zone's today is at most a day after UTC's.
  const horizon = addDays(at.toISOString().slice(0, 10), 1);
  const due = await deps.store.dueSchedules(horizon);
  let runs = 0;
  const orgs = new Map<string, OrganizationFinance | null>();
  for (const item of due) {
    let org = orgs.get(item.organization_id);
    if (org === undefined) {
      org = await deps.organization(item.organization_id);
      orgs.set(item.organization_id, org);
    }
    if (!org) continue;
    if (!org.modules.includes('financial')) continue;
    const today = todayIn(org.timezone, at);
    let current: StoredSchedule | null = item;
    for (let i = 0; i < MAX_CATCH_UP && current?.next_run_date && current.next_run_date <= today; i++) {
      try {
        current = await runOnce(deps, org, current, current.next_run_date);
        runs += 1;
      } catch (error) {
        logger.error('scheduled transaction run failed', {
          organizationId: org.organization_id,
          scheduleId: item.schedule_id,
          error: error instanceof Error ? error.name : 'error',
        });
        break;
      }
    }
  }
  return { due: due.length, runs };
}

/**
 * POST /api/scheduled-transactions/{id}/recalculate: a period already run, charged again as the
 * schedule is now. Without `apply` it only says what would change; with it, the entries that
 * differ are rolled back and posted anew — the earlier calculation is gone (spec).
 */
export async function recalculateSchedule(
  deps: FinanceDeps,
  actor: Actor,
  id: string,
  input: { period: string; apply: boolean; version: number },
) {
  const org = await organizationOf(deps, actor);
  const s = await scheduleFor(deps, org, id);
  if (s.version !== input.version) throw conflict();
  const runs = (s.runs as Run[]) ?? [];
  const run = runs.find((r) => r.period === input.period);
  const date = run?.date ?? runDateOf(timingOf(s), input.period);
  if (!run || !date) throw domainError('period_not_run');
  const [memberships, memberIds, dayEntries] = await Promise.all([
    deps.store.allMemberships(org.organization_id),
    deps.allMemberIds(org.organization_id),
    deps.ledger.allOrganizationEntries(org.organization_id, date, date),
  ]);
  const standing = new Map<string, StoredEntry[]>();
  for (const e of dayEntries)
    if (e.source === 'schedule' && e.source_id === s.schedule_id && !e.reversal_of && !e.reversed_by)
      standing.set(e.user_id, [...(standing.get(e.user_id) ?? []), e]);
  const wanted = new Map(
    chargesOf(s, org, memberships, new Set(memberIds), date).map((c) => [c.user_id, c.amount]),
  );
  const users = [...new Set([...standing.keys(), ...wanted.keys()])].sort();
  const changes = users
    .map((user_id) => {
      const posted = -(standing.get(user_id) ?? []).reduce((sum, e) => sum + e.amount, 0);
      const recalculated = wanted.get(user_id) ?? 0;
      return { user_id, posted, recalculated, difference: recalculated - posted };
    })
    .filter((c) => c.difference !== 0);
  let schedule = s;
  if (input.apply && changes.length > 0) {
    const touched: string[] = [];
    for (const change of changes) {
      const originals = standing.get(change.user_id) ?? [];
      const reversals = originals.map((original) => ({
        original,
        entry: reversalOf(original, { created_by: actor.userId }),
      }));
      const entries: EntryToPost[] = reversals.map((r) => r.entry);
      if (change.recalculated > 0)
        entries.push({
          organization_id: org.organization_id,
          user_id: change.user_id,
          entry_id: recalculatedEntryId(s.schedule_id, input.period, change.user_id, s.version),
          date,
          transaction_type: s.transaction_type,
          amount: -change.recalculated,
          currency_id: org.currency_id,
          source: 'schedule',
          source_id: s.schedule_id,
          comment: s.name,
          created_by: actor.userId,
        });
      const outcome = await deps.ledger.post({
        organization_id: org.organization_id,
        entries,
        reverses: reversals.map((r) => ({ original: r.original, by: r.entry.entry_id })),
      });
      if (outcome.status === 'refused') throw conflict();
      touched.push(change.user_id);
    }
    const now = deps.now().toISOString();
    const total = [...wanted.values()].reduce((sum, a) => sum + a, 0);
    schedule = {
      ...s,
      runs: runs.map((r) => (r.period === input.period ? { ...r, members: wanted.size, total, at: now } : r)),
      version: s.version + 1,
      updated_at: now,
    };
    await save(deps, actor, schedule, s.version, 'schedule.recalculate');
    await afterPosting(deps, org, touched);
  }
  const people = await deps.members(
    org.organization_id,
    changes.map((c) => c.user_id),
  );
  return {
    period: input.period,
    applied: input.apply && changes.length > 0,
    changes: changes.map((c) => ({
      ...c,
      user_name: nameOf(people.get(c.user_id), actor.lang) ?? c.user_id,
    })),
    total_difference: changes.reduce((sum, c) => sum + c.difference, 0),
    currency_id: org.currency_id,
    schedule: outputOf(actor, org, schedule),
  };
}

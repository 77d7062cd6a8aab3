import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { MembershipType } from '../../contracts/schemas/finance-enums.ts';
import type {
  DecideHoursInput,
  HoursEntryOutput,
  RecordHoursInput,
  SaveWorkInput,
  WorkBalanceOutput,
  WorkOutput,
  WorkSettingsInput,
} from '../../contracts/schemas/work.ts';
import {
  membershipTypesAt,
  postWorkSettlement,
  type WorkLedger,
  type WorkSettlementInput,
  workLedger,
  workSettlementsPosted,
} from '../finance/public.ts';
import { activeMembers, activeMembersPage, isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { forEachAtMost } from '../platform/concurrency.ts';
import {
  domainError,
  found,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { type HoursBalance, hoursBalance, obligationOf, settlementOf } from './work-balance.ts';
import { type StoredHours, type StoredWork, type WorkStore, workStore } from './work-store.ts';

/**
 * Work management (issue 15 §7): works, hours recorded by members and approved or rejected by the
 * work's leader or a checker, each member's yearly balance, and the year's close through the ledger.
 *
 * Who does what (spec §6):
 * - any member with work-management-list: sees the works, records their own hours, takes or gives up
 *   organizing (a professional work: with professional-leader);
 * - work-management-edit, work-editor, work-administrator (and admins): add and change works, lock
 *   them, set or unset the leader, record hours for others;
 * - the work's leader and work-management-checker: approve or reject hours (never their own, unless
 *   they are a work-administrator);
 * - work-administrator (and admins): the obligation settings and the year's close.
 */

export interface WorkDeps {
  store: WorkStore;
  now: () => Date;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  activeMemberIds: (organizationId: string) => Promise<string[]>;
  activeMembersPage: (
    organizationId: string,
    page: { cursor?: string; limit: number },
  ) => Promise<{ items: { user_id: string }[]; cursor: string | null }>;
  ledger: (organizationId: string) => Promise<WorkLedger | null>;
  membershipTypes: (
    organizationId: string,
    userIds: readonly string[],
    date: string,
  ) => Promise<Map<string, MembershipType | null>>;
  post: (input: WorkSettlementInput) => Promise<'posted' | 'already' | 'none'>;
  posted: (organizationId: string, userIds: string[]) => Promise<void>;
}

export const workDeps: WorkDeps = {
  store: workStore,
  now: () => new Date(),
  names: recordNames,
  isActiveMember,
  activeMemberIds: async (organizationId) => (await activeMembers(organizationId)).map((m) => m.user_id),
  activeMembersPage,
  ledger: workLedger,
  membershipTypes: membershipTypesAt,
  post: postWorkSettlement,
  posted: workSettlementsPosted,
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, timeZone: actor.organization.timezone };
};

const yearOf = (date: string) => Number(date.slice(0, 4));
const currentYear = (deps: WorkDeps, timeZone: string) => yearOf(todayIn(timeZone, deps.now()));

export const administers = (actor: Actor) =>
  actor.roles.has('admin') || actor.permissions.has('work-administrator');
export const editsWorks = (actor: Actor) =>
  administers(actor) || actor.permissions.has('work-management-edit') || actor.permissions.has('work-editor');
const checks = (actor: Actor) => administers(actor) || actor.permissions.has('work-management-checker');
const mayLead = (actor: Actor, work: Pick<StoredWork, 'work_category'>) =>
  work.work_category !== 'professional' || editsWorks(actor) || actor.permissions.has('professional-leader');
const leads = (actor: Actor, work: Pick<StoredWork, 'leader_id'>) => work.leader_id === actor.userId;
const decides = (actor: Actor, work: StoredWork, entry: Pick<StoredHours, 'user_id'>) =>
  (leads(actor, work) || checks(actor)) && (entry.user_id !== actor.userId || administers(actor));

async function yearClosed(deps: WorkDeps, organizationId: string, year: number) {
  return (await deps.store.yearClose(organizationId, year)) !== null;
}

/** Nothing of a closed year, and nothing on a locked work, changes. */
async function assertOpen(deps: WorkDeps, organizationId: string, work: StoredWork) {
  if (work.locked || (await yearClosed(deps, organizationId, work.year))) throw domainError('not_editable');
}

const entryOf = (
  actor: Actor,
  work: StoredWork,
  entry: StoredHours,
  names: Map<string, string>,
): HoursEntryOutput => ({
  work_id: entry.work_id,
  user_id: entry.user_id,
  name: names.get(entry.user_id) ?? '',
  hours: entry.hours,
  note: entry.note ?? null,
  status: entry.status,
  decided_by_name: entry.decided_by ? (names.get(entry.decided_by) ?? '') : null,
  decided_at: entry.decided_at ?? null,
  reason: entry.reason ?? null,
  version: entry.version,
  can_decide: !work.locked && decides(actor, work, entry),
});

const summaryOf = (work: StoredWork, names: Map<string, string>) => ({
  work_id: work.work_id,
  work_name: work.work_name,
  work_type: work.work_type,
  work_category: work.work_category,
  date: work.date,
  working_hours: work.working_hours ?? null,
  leader_id: work.leader_id ?? null,
  leader_name: work.leader_id ? (names.get(work.leader_id) ?? '') : null,
  locked: work.locked,
  version: work.version,
});

async function workOutput(
  deps: WorkDeps,
  actor: Actor,
  organizationId: string,
  workId: string,
): Promise<WorkOutput> {
  const work = found(await deps.store.work(organizationId, workId));
  const [hours, closed] = await Promise.all([
    deps.store.hoursOfWork(organizationId, workId),
    yearClosed(deps, organizationId, work.year),
  ]);
  const people = new Set<string>(hours.flatMap((h) => [h.user_id, ...(h.decided_by ? [h.decided_by] : [])]));
  if (work.leader_id) people.add(work.leader_id);
  const names = await deps.names([...people]);
  const open = !work.locked && !closed;
  const workers = hours
    .map((h) => entryOf(actor, work, h, names))
    .map((e) => ({ ...e, can_decide: open && e.can_decide }))
    .sort((a, b) => a.name.localeCompare(b.name, 'hu'));
  return {
    ...summaryOf(work, names),
    description: work.description ?? null,
    workers,
    mine: workers.find((w) => w.user_id === actor.userId) ?? null,
    year_closed: closed,
    can_edit: !closed && editsWorks(actor),
    can_lead: open && mayLead(actor, work) && (!work.leader_id || leads(actor, work)),
    can_set_leader: open && editsWorks(actor),
    can_lock: !closed && (editsWorks(actor) || leads(actor, work)),
    can_record: open,
  };
}

export async function listWorks(
  deps: WorkDeps,
  actor: Actor,
  query: { year?: number; cursor?: string; limit?: number },
) {
  const org = organizationOf(actor);
  const year = query.year ?? currentYear(deps, org.timeZone);
  const page = await deps.store.worksOfYear(org.id, year, { cursor: query.cursor, limit: query.limit ?? 50 });
  const names = await deps.names(page.items.flatMap((w) => (w.leader_id ? [w.leader_id] : [])));
  return {
    items: page.items.map((w) => summaryOf(w, names)),
    cursor: page.cursor,
    can_create: editsWorks(actor),
  };
}

export const getWork = (deps: WorkDeps, actor: Actor, workId: string) =>
  workOutput(deps, actor, organizationOf(actor).id, workId);

export async function createWork(deps: WorkDeps, actor: Actor, input: SaveWorkInput) {
  const org = organizationOf(actor);
  if (!editsWorks(actor)) throw missingPermissions();
  if (input.version !== 0) throw validationFailed({ version: ['invalid_value'] });
  const year = yearOf(input.date);
  if (await yearClosed(deps, org.id, year)) throw validationFailed({ date: ['read_only'] });
  const at = deps.now();
  const workId = timeOrderedId(at.getTime());
  await deps.store.createWork(
    actor,
    {
      organization_id: org.id,
      work_id: workId,
      year,
      date: input.date,
      work_name: input.work_name,
      work_type: input.work_type,
      work_category: input.work_category,
      working_hours: input.working_hours ?? undefined,
      description: input.description || undefined,
      locked: false,
      created_by: actor.userId,
      version: 1,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    },
    { action: 'work.create', target_type: 'work', target_id: workId },
  );
  return workOutput(deps, actor, org.id, workId);
}

export async function updateWork(deps: WorkDeps, actor: Actor, workId: string, input: SaveWorkInput) {
  const org = organizationOf(actor);
  if (!editsWorks(actor)) throw missingPermissions();
  const work = found(await deps.store.work(org.id, workId));
  if (await yearClosed(deps, org.id, work.year)) throw domainError('not_editable');
  const year = yearOf(input.date);
  // Hours count in the work's year: a work with hours keeps its year.
  if (year !== work.year && (await deps.store.hoursOfWork(org.id, workId)).length > 0)
    throw validationFailed({ date: ['read_only'] });
  await deps.store.patchWork(
    actor,
    { organization_id: org.id, work_id: workId },
    {
      set: {
        year,
        date: input.date,
        work_name: input.work_name,
        work_type: input.work_type,
        work_category: input.work_category,
        updated_at: deps.now().toISOString(),
        ...(input.working_hours !== null ? { working_hours: input.working_hours } : {}),
        ...(input.description ? { description: input.description } : {}),
      },
      remove: [
        ...(input.working_hours === null ? ['working_hours'] : []),
        ...(input.description ? [] : ['description']),
      ],
    },
    input.version,
    { action: 'work.update', target_type: 'work', target_id: workId },
  );
  return workOutput(deps, actor, org.id, workId);
}

export async function lockWork(
  deps: WorkDeps,
  actor: Actor,
  workId: string,
  input: { locked: boolean; version: number },
) {
  const org = organizationOf(actor);
  const work = found(await deps.store.work(org.id, workId));
  if (!editsWorks(actor) && !leads(actor, work)) throw missingPermissions();
  if (await yearClosed(deps, org.id, work.year)) throw domainError('not_editable');
  await deps.store.patchWork(
    actor,
    { organization_id: org.id, work_id: workId },
    { set: { locked: input.locked, updated_at: deps.now().toISOString() } },
    input.version,
    { action: input.locked ? 'work.lock' : 'work.unlock', target_type: 'work', target_id: workId },
  );
  return workOutput(deps, actor, org.id, workId);
}

/** The caller takes organizing a work without a leader, or gives up organizing one they lead. */
export async function organizeWork(
  deps: WorkDeps,
  actor: Actor,
  workId: string,
  input: { organize: boolean; version: number },
) {
  const org = organizationOf(actor);
  const work = found(await deps.store.work(org.id, workId));
  await assertOpen(deps, org.id, work);
  if (input.organize) {
    if (!mayLead(actor, work)) throw missingPermissions();
    if (work.leader_id && !leads(actor, work)) throw domainError('conflict');
  } else if (!leads(actor, work)) throw domainError('conflict');
  await deps.store.patchWork(
    actor,
    { organization_id: org.id, work_id: workId },
    input.organize
      ? { set: { leader_id: actor.userId, updated_at: deps.now().toISOString() } }
      : { set: { updated_at: deps.now().toISOString() }, remove: ['leader_id'] },
    input.version,
    { action: input.organize ? 'work.organize' : 'work.give_up', target_type: 'work', target_id: workId },
  );
  return workOutput(deps, actor, org.id, workId);
}

export async function setWorkLeader(
  deps: WorkDeps,
  actor: Actor,
  workId: string,
  input: { leader_id: string | null; version: number },
) {
  const org = organizationOf(actor);
  if (!editsWorks(actor)) throw missingPermissions();
  const work = found(await deps.store.work(org.id, workId));
  await assertOpen(deps, org.id, work);
  if (input.leader_id && !(await deps.isActiveMember(org.id, input.leader_id)))
    throw validationFailed({ leader_id: ['invalid_value'] });
  await deps.store.patchWork(
    actor,
    { organization_id: org.id, work_id: workId },
    input.leader_id
      ? { set: { leader_id: input.leader_id, updated_at: deps.now().toISOString() } }
      : { set: { updated_at: deps.now().toISOString() }, remove: ['leader_id'] },
    input.version,
    {
      action: 'work.leader',
      target_type: 'work',
      target_id: workId,
      details: input.leader_id ? { leader_id: input.leader_id } : {},
    },
  );
  return workOutput(deps, actor, org.id, workId);
}

/** Hours on a work: one's own, or (the work's leader, the editors) a worker's. Back to pending on a change. */
export async function recordHours(deps: WorkDeps, actor: Actor, workId: string, input: RecordHoursInput) {
  const org = organizationOf(actor);
  const work = found(await deps.store.work(org.id, workId));
  const userId = input.user_id ?? actor.userId;
  if (userId !== actor.userId) {
    if (!editsWorks(actor) && !leads(actor, work)) throw missingPermissions();
    if (!(await deps.isActiveMember(org.id, userId))) throw validationFailed({ user_id: ['invalid_value'] });
  }
  await assertOpen(deps, org.id, work);
  const stored = (await deps.store.hoursOfWork(org.id, workId)).find((h) => h.user_id === userId);
  if (stored?.status === 'approved') throw domainError('not_editable');
  if ((stored?.version ?? 0) !== input.version) throw domainError('conflict');
  const at = deps.now().toISOString();
  await deps.store.saveHours(
    actor,
    {
      organization_id: org.id,
      work_id: workId,
      user_id: userId,
      year: work.year,
      hours: input.hours,
      note: input.note || undefined,
      status: 'pending',
      recorded_by: actor.userId,
      version: input.version,
      created_at: stored?.created_at ?? at,
      updated_at: at,
    },
    input.version,
    {
      action: 'work_hours.record',
      target_type: 'work',
      target_id: workId,
      details: { user_id: userId, hours: input.hours },
    },
  );
  return workOutput(deps, actor, org.id, workId);
}

export async function decideHours(
  deps: WorkDeps,
  actor: Actor,
  workId: string,
  userId: string,
  input: DecideHoursInput,
) {
  const org = organizationOf(actor);
  const work = found(await deps.store.work(org.id, workId));
  const entry = found((await deps.store.hoursOfWork(org.id, workId)).find((h) => h.user_id === userId));
  if (!decides(actor, work, entry)) throw missingPermissions();
  await assertOpen(deps, org.id, work);
  await deps.store.decideHours(
    actor,
    { organization_id: org.id, work_id: workId, user_id: userId },
    {
      status: input.decision,
      decided_by: actor.userId,
      decided_at: deps.now().toISOString(),
      reason: input.reason || undefined,
    },
    input.version,
    {
      action: input.decision === 'approved' ? 'work_hours.approve' : 'work_hours.reject',
      target_type: 'work',
      target_id: workId,
      details: { user_id: userId, hours: entry.hours },
    },
  );
  return workOutput(deps, actor, org.id, workId);
}

// ---- the yearly balance ---------------------------------------------------------------------------

const DEFAULT_SETTINGS = { obligation_hours: 0, by_membership_type: {}, version: 0 };

async function settingsOf(deps: WorkDeps, organizationId: string) {
  const stored = await deps.store.settings(organizationId);
  return stored
    ? {
        obligation_hours: stored.obligation_hours,
        by_membership_type: (stored.by_membership_type ?? {}) as Partial<Record<MembershipType, number>>,
        version: stored.version,
      }
    : DEFAULT_SETTINGS;
}

const noLedger: WorkLedger = {
  currency_id: 'HUF',
  ledger: false,
  social_work_price: null,
  normal_work_price: null,
  professional_work_price: null,
};

/** What the year's members owe and did, and what the close posts for each. */
async function balancesOf(
  deps: WorkDeps,
  organizationId: string,
  year: number,
  userIds: readonly string[],
  hours: readonly StoredHours[],
) {
  const [settings, works, ledger, types, names] = await Promise.all([
    settingsOf(deps, organizationId),
    deps.store.allWorksOfYear(organizationId, year),
    deps.ledger(organizationId),
    deps.membershipTypes(organizationId, userIds, `${year}-12-31`),
    deps.names(userIds),
  ]);
  const category = new Map(works.map((w) => [w.work_id, w.work_category]));
  const prices = ledger ?? noLedger;
  return userIds.map((userId): WorkBalanceOutput & { balance: HoursBalance } => {
    const balance = hoursBalance(
      obligationOf(settings, types.get(userId) ?? null),
      hours
        .filter((h) => h.user_id === userId && category.has(h.work_id))
        .map((h) => ({ category: category.get(h.work_id)!, status: h.status, hours: h.hours })),
    );
    const settlement = settlementOf(balance, prices);
    return {
      user_id: userId,
      name: names.get(userId) ?? '',
      year,
      ...balance,
      charge: settlement.charge,
      credit: settlement.credit,
      currency_id: prices.currency_id,
      balance,
    };
  });
}

const withoutBalance = ({ balance: _b, ...rest }: WorkBalanceOutput & { balance: HoursBalance }) => rest;

export async function myWorkHours(deps: WorkDeps, actor: Actor, query: { year?: number }) {
  const org = organizationOf(actor);
  const year = query.year ?? currentYear(deps, org.timeZone);
  const [hours, works, closed] = await Promise.all([
    deps.store.hoursOfMember(org.id, actor.userId, year),
    deps.store.allWorksOfYear(org.id, year),
    yearClosed(deps, org.id, year),
  ]);
  const [balance] = await balancesOf(deps, org.id, year, [actor.userId], hours);
  const byId = new Map(works.map((w) => [w.work_id, w]));
  const names = await deps.names(hours.flatMap((h) => [h.user_id, ...(h.decided_by ? [h.decided_by] : [])]));
  return {
    balance: withoutBalance(balance!),
    entries: hours
      .filter((h) => byId.has(h.work_id))
      .map((h) => {
        const work = byId.get(h.work_id)!;
        return {
          ...entryOf(actor, work, h, names),
          can_decide: false,
          work_name: work.work_name,
          work_category: work.work_category,
          date: work.date,
        };
      })
      .sort((a, b) => b.date.localeCompare(a.date)),
    year_closed: closed,
  };
}

export async function listWorkBalances(
  deps: WorkDeps,
  actor: Actor,
  query: { year?: number; cursor?: string; limit?: number },
) {
  const org = organizationOf(actor);
  if (!checks(actor)) throw missingPermissions();
  const year = query.year ?? currentYear(deps, org.timeZone);
  const page = await deps.activeMembersPage(org.id, { cursor: query.cursor, limit: query.limit ?? 50 });
  const [hours, close] = await Promise.all([
    deps.store.hoursOfYear(org.id, year),
    deps.store.yearClose(org.id, year),
  ]);
  const balances = await balancesOf(
    deps,
    org.id,
    year,
    page.items.map((m) => m.user_id),
    hours,
  );
  return {
    items: balances.map(withoutBalance),
    cursor: page.cursor,
    year_closed: close !== null,
    closed_at: close?.closed_at ?? null,
    can_close: administers(actor) && close === null && year <= currentYear(deps, org.timeZone),
  };
}

async function settingsOutput(deps: WorkDeps, actor: Actor, organizationId: string) {
  const [settings, ledger] = await Promise.all([
    settingsOf(deps, organizationId),
    deps.ledger(organizationId),
  ]);
  const prices = ledger ?? noLedger;
  return {
    ...settings,
    social_work_price: prices.social_work_price,
    normal_work_price: prices.normal_work_price,
    professional_work_price: prices.professional_work_price,
    currency_id: prices.currency_id,
    can_edit: administers(actor),
  };
}

export const getWorkSettings = (deps: WorkDeps, actor: Actor) =>
  settingsOutput(deps, actor, organizationOf(actor).id);

export async function updateWorkSettings(deps: WorkDeps, actor: Actor, input: WorkSettingsInput) {
  const org = organizationOf(actor);
  if (!administers(actor)) throw missingPermissions();
  const stored = await deps.store.settings(org.id);
  const at = deps.now().toISOString();
  await deps.store.saveSettings(
    actor,
    {
      organization_id: org.id,
      obligation_hours: input.obligation_hours,
      by_membership_type: input.by_membership_type,
      version: input.version,
      created_at: stored?.created_at ?? at,
      updated_at: at,
    },
    input.version,
    { action: 'work_settings.update', target_type: 'work_settings', target_id: org.id },
  );
  return settingsOutput(deps, actor, org.id);
}

/**
 * The year's close (work-administrator): each active member's approved hours settled at the
 * organization's work prices and posted to the ledger through finance's public.ts, once per
 * (member, year) — the ledger creates a settlement's entries only where absent, so a second close,
 * or two at once, posts nothing more. The year is closed afterwards: its hours and works no longer
 * change. A button, not a scheduled job: the administrator closes once the year's hours are decided.
 */
/** Members' settlements posted at once by the year's close. */
const SETTLEMENTS_AT_ONCE = 8;

export async function closeWorkYear(deps: WorkDeps, actor: Actor, input: { year: number }) {
  const org = organizationOf(actor);
  if (!administers(actor)) throw missingPermissions();
  if (input.year > currentYear(deps, org.timeZone)) throw validationFailed({ year: ['invalid_value'] });
  const members = await deps.activeMemberIds(org.id);
  const hours = await deps.store.hoursOfYear(org.id, input.year);
  const balances = await balancesOf(deps, org.id, input.year, members, hours);
  const ledger = await deps.ledger(org.id);
  const posted: string[] = [];
  const charged = balances.reduce((sum, b) => sum + b.charge, 0);
  const credited = balances.reduce((sum, b) => sum + b.credit, 0);
  // Each member's settlement is their own entries (posted once however often asked): a few members
  // at a time, and only those who have something to settle.
  const settled = balances.filter((b) => b.charge !== 0 || b.credit !== 0);
  await forEachAtMost(settled, SETTLEMENTS_AT_ONCE, async (b) => {
    const outcome = await deps.post({
      organization_id: org.id,
      user_id: b.user_id,
      year: input.year,
      charge: b.charge,
      credit: b.credit,
    });
    if (outcome === 'posted') posted.push(b.user_id);
  });
  const at = deps.now().toISOString();
  await deps.store.recordYearClose(
    actor,
    {
      organization_id: org.id,
      year: input.year,
      closed_by: actor.userId,
      closed_at: at,
      members: members.length,
      charged,
      credited,
      currency_id: (ledger ?? noLedger).currency_id,
    },
    {
      action: 'work_year.close',
      target_type: 'work_year',
      target_id: String(input.year),
      details: { members: members.length, posted: posted.length },
    },
  );
  const close = await deps.store.yearClose(org.id, input.year);
  await deps.posted(org.id, posted);
  return {
    year: input.year,
    members: members.length,
    posted: posted.length,
    charged,
    credited,
    currency_id: (ledger ?? noLedger).currency_id,
    ledger: ledger?.ledger ?? false,
    closed_at: close?.closed_at ?? at,
  };
}

import { addMonths } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { addTotals, emptyTotals, sumTotals } from '../../contracts/logbook-totals.ts';
import type { FlightKind, TakeoffTypeId } from '../../contracts/schemas/flight-enums.ts';
import { takeoffTypeOf } from '../../contracts/schemas/flight-enums.ts';
import {
  type CreatePrivateEntryInput,
  type LogbookBookOutput,
  type LogbookEntryOutput,
  type LogbookQuery,
  type LogbookTotals,
  PREV_FIELDS,
  type PrevTotalsInput,
  type RecencyOutput,
  type SignEntriesInput,
  type StatisticsOutput,
  type UpdatePrivateEntryInput,
} from '../../contracts/schemas/logbook.ts';
import type { Actor } from '../platform/auth/actor.ts';
import {
  conflict,
  domainError,
  missingPermissions,
  notFound,
  validationFailed,
} from '../platform/http/errors.ts';
import { mergeStats, statOf } from './completion.ts';
import { operatingDay } from './flight-service.ts';
import { sign, verifyChain } from './logbook-signature.ts';
import {
  type ChainHead,
  type LogbookStore,
  logbookStore,
  type SignedLine,
  type StoredBook,
  type StoredEntry,
} from './logbook-store.ts';
import { type RecencyFlight, recencyOf } from './recency.ts';

/**
 * Personal logbooks (issue 5 §4): the pilot's own lines — club flights written on landing, private
 * flights they add — with the previous totals, the instructors' signatures, statistics (§5) and
 * recency (§6). Person-owned: only the pilot, or their organization's training administration for a
 * member, ever reads them.
 */

export interface LogbookDeps {
  store: LogbookStore;
  now: () => Date;
}
export const defaultLogbookDeps: LogbookDeps = { store: logbookStore, now: () => new Date() };

const timeZoneOf = (actor: Actor) => actor.organization?.timezone ?? 'Europe/Budapest';
const todayOf = (deps: LogbookDeps, actor: Actor) => operatingDay(deps.now(), timeZoneOf(actor));

function entryOutputOf(e: StoredEntry, names: Map<string, string> = new Map()): LogbookEntryOutput {
  const n = <T>(value: T | undefined) => value ?? null;
  return {
    user_id: e.user_id,
    entry_id: e.entry_id,
    kind: e.kind,
    source: e.source,
    organization_id: n(e.organization_id),
    flight_id: n(e.flight_id),
    date: e.date,
    takeoff_time: e.takeoff_time,
    landing_time: n(e.landing_time),
    takeoff_airport: n(e.takeoff_airport),
    landing_airport: n(e.landing_airport),
    plane_id: n(e.plane_id),
    reg_num: e.reg_num,
    plane_type: n(e.plane_type),
    is_tmg: e.is_tmg,
    multi_engine: e.multi_engine,
    takeoff_type_id: e.takeoff_type_id,
    role: e.role,
    pic_name: n(e.pic_name),
    instructor_id: n(e.instructor_id),
    instructor_name: e.instructor_id ? (names.get(e.instructor_id) ?? null) : null,
    flight_minutes: e.flight_minutes,
    launches: e.launches,
    landings: e.landings,
    night_minutes: e.night_minutes,
    ifr_minutes: e.ifr_minutes,
    multi_pilot_minutes: e.multi_pilot_minutes,
    sim_minutes: e.sim_minutes,
    sim_type: n(e.sim_type),
    tow_altitude: n(e.tow_altitude),
    training: e.training,
    proficiency_check: e.proficiency_check,
    remarks: n(e.remarks),
    status: e.status,
    signature: e.signature
      ? {
          signer_id: e.signature.signer_id,
          signer_name: e.signature.signer_name,
          signed_at: e.signature.signed_at,
          seq: e.signature.seq,
          hash: e.signature.hash,
        }
      : null,
    editable: e.source === 'private' && e.status !== 'signed',
    version: e.version,
  };
}

/**
 * A page of one person's lines. `organizationId`: only the lines of that organization's flights —
 * what a club reads of a member who does not share the whole logbook with it (issue 11 §1).
 */
async function page(
  deps: LogbookDeps,
  userId: string,
  kind: FlightKind,
  query: LogbookQuery,
  organizationId?: string,
) {
  const result = await deps.store.entries(userId, kind, {
    from: query.from ?? '0000',
    to: query.to ? `${query.to}T99` : '9999',
    cursor: query.cursor,
    limit: query.limit ?? 50,
    organizationId,
  });
  const names = await deps.store.names(result.items.map((e) => e.instructor_id ?? ''));
  return { items: result.items.map((e) => entryOutputOf(e, names)), cursor: result.cursor };
}

/** GET /api/logbook/{kind}: the actor's own lines, newest first. */
export const listOwnLogbook = (deps: LogbookDeps, actor: Actor, kind: FlightKind, query: LogbookQuery) =>
  page(deps, actor.userId, kind, query);

/**
 * logbook-glider/{user_id}: a member's glider logbook for the organization's training administration:
 * the lines of the organization's own flights, and the rest (other clubs' flights, private lines)
 * only where the member shares the whole logbook with it (profile/logbook-sharing).
 */
export async function listMemberLogbook(
  deps: LogbookDeps,
  actor: Actor,
  userId: string,
  query: LogbookQuery,
) {
  const member = await requireMember(deps, actor, userId);
  return page(deps, userId, 'glider', query, member.shared ? undefined : member.organizationId);
}

/**
 * An ACTIVE member of the actor's organization, or 404: an invited person who has not accepted, a
 * suspended or removed member, another club's person — their logbook is not this club's to read.
 */
async function requireMember(deps: LogbookDeps, actor: Actor, userId: string) {
  const organizationId = actor.organizationId;
  if (!organizationId) throw notFound();
  const access = await deps.store.access(organizationId, userId);
  if (!access) throw notFound();
  return { organizationId, shared: access.shared };
}

/** Whether a club that reads only its own lines of the member may see this one. */
const readableBy = (member: { organizationId: string; shared: boolean }) => (e: StoredEntry) =>
  member.shared || e.organization_id === member.organizationId;

async function ownEntry(deps: LogbookDeps, actor: Actor, kind: FlightKind, entryId: string) {
  const entry = await deps.store.entry(actor.userId, entryId);
  if (!entry || entry.kind !== kind) throw notFound();
  return entry;
}

export async function getOwnEntry(deps: LogbookDeps, actor: Actor, kind: FlightKind, entryId: string) {
  const entry = await ownEntry(deps, actor, kind, entryId);
  return entryOutputOf(entry, await deps.store.names([entry.instructor_id ?? '']));
}

const privateLine = (
  actor: Actor,
  kind: FlightKind,
  input: CreatePrivateEntryInput,
  entryId: string,
  timeZone: string,
  version: number,
): StoredEntry => {
  const minutes =
    input.flight_minutes ??
    (input.landing_time
      ? Math.max(0, Math.round((Date.parse(input.landing_time) - Date.parse(input.takeoff_time)) / 60000))
      : 0);
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
  return {
    ...fields,
    user_id: actor.userId,
    entry_id: entryId,
    kind,
    source: 'private',
    date: operatingDay(input.takeoff_time, timeZone),
    is_tmg: input.is_tmg ?? false,
    multi_engine: input.multi_engine ?? false,
    flight_minutes: minutes,
    launches: input.launches ?? 1,
    landings: input.landings ?? 1,
    night_minutes: input.night_minutes ?? 0,
    ifr_minutes: input.ifr_minutes ?? 0,
    multi_pilot_minutes: input.multi_pilot_minutes ?? 0,
    sim_minutes: input.sim_minutes ?? 0,
    training: false,
    proficiency_check: input.proficiency_check ?? false,
    status: 'final',
    signer_id: '',
    version,
  } as StoredEntry;
};

/** flight/glider-private, flight/general-private: a flight outside the club, in the pilot's own logbook. */
export async function createPrivateEntry(
  deps: LogbookDeps,
  actor: Actor,
  kind: FlightKind,
  input: CreatePrivateEntryInput,
) {
  const entry = privateLine(actor, kind, input, timeOrderedId(deps.now().getTime()), timeZoneOf(actor), 1);
  await deps.store.savePrivate(actor, null, entry, [statOf(entry, 1)], {
    action: 'logbook.create',
    target_type: 'logbook_entry',
    target_id: entry.entry_id,
    organization_id: 'personal',
  });
  return entryOutputOf(entry);
}

/** Only the pilot's own private, unsigned lines change; club lines change with their flight. */
function requireEditable(entry: StoredEntry) {
  if (entry.source !== 'private' || entry.status === 'signed') throw domainError('not_editable');
}

export async function updatePrivateEntry(
  deps: LogbookDeps,
  actor: Actor,
  kind: FlightKind,
  entryId: string,
  input: UpdatePrivateEntryInput,
) {
  const before = await ownEntry(deps, actor, kind, entryId);
  requireEditable(before);
  if (before.version !== input.version) throw conflict();
  const { version: _read, ...fields } = input;
  const after = privateLine(actor, kind, fields, entryId, timeZoneOf(actor), before.version + 1);
  await deps.store.savePrivate(actor, before, after, mergeStats([statOf(before, -1), statOf(after, 1)]), {
    action: 'logbook.update',
    target_type: 'logbook_entry',
    target_id: entryId,
    organization_id: 'personal',
  });
  return entryOutputOf(after);
}

export async function deletePrivateEntry(deps: LogbookDeps, actor: Actor, kind: FlightKind, entryId: string) {
  const before = await ownEntry(deps, actor, kind, entryId);
  requireEditable(before);
  await deps.store.savePrivate(actor, before, null, [statOf(before, -1)], {
    action: 'logbook.delete',
    target_type: 'logbook_entry',
    target_id: entryId,
    organization_id: 'personal',
  });
}

const prevOf = (book: StoredBook | null) =>
  Object.fromEntries(PREV_FIELDS.map((field) => [field, book?.[field] ?? 0]));

/** The previous totals and everything logged since: the logbook's page totals start from these. */
export async function getBook(deps: LogbookDeps, actor: Actor, kind: FlightKind): Promise<LogbookBookOutput> {
  const [book, stats] = await Promise.all([
    deps.store.book(actor.userId, kind),
    deps.store.stats(actor.userId, kind),
  ]);
  return {
    kind,
    prev: prevOf(book),
    logged: sumTotals(stats) ?? emptyTotals(),
    chain_problems: [],
    version: book?.version ?? 0,
  };
}

export async function savePrevTotals(
  deps: LogbookDeps,
  actor: Actor,
  kind: FlightKind,
  input: PrevTotalsInput,
) {
  const book = await deps.store.book(actor.userId, kind);
  if ((book?.version ?? 0) !== input.version) throw conflict();
  const { version: _read, ...prev } = input;
  const item = {
    ...(book ?? { user_id: actor.userId, kind, chain_seq: 0, chain_head: '' }),
    ...prevOf(book),
    ...Object.fromEntries(Object.entries(prev).filter(([, v]) => v !== undefined)),
    version: input.version + 1,
  } as StoredBook;
  await deps.store.saveBook(item, input.version);
  return getBook(deps, actor, kind);
}

/** The chain check of every signed line (issue 5 §4: a later change is detectable). */
export async function verifyOwnChain(deps: LogbookDeps, actor: Actor, kind: FlightKind) {
  const [book, signed] = await Promise.all([
    deps.store.book(actor.userId, kind),
    deps.store.signedEntries(actor.userId, kind),
  ]);
  const problems = verifyChain(
    signed.map((e) => ({ ...e, signature: e.signature ?? null })),
    { seq: book?.chain_seq ?? 0, hash: book?.chain_head ?? '' },
  );
  return { ...(await getBook(deps, actor, kind)), chain_problems: problems };
}

/** The signature screen: the lines waiting for the actor's signature, oldest first. */
export async function listToSign(deps: LogbookDeps, actor: Actor) {
  const entries = await deps.store.toSign(actor.userId);
  const names = await deps.store.names(entries.flatMap((e) => [e.user_id, e.instructor_id ?? '']));
  return {
    items: entries.map((e) => ({ ...entryOutputOf(e, names), pilot_name: names.get(e.user_id) ?? null })),
  };
}

/**
 * The instructor signs trainees' lines: each is locked and chained (logbook-signature.ts) on its own,
 * a pilot's lines in their logbook order, each on the signature before it; all are written together
 * or none. Every line must wait for this instructor (404 otherwise), still wait (not_editable) and be
 * at the version the instructor saw (409).
 */
async function signLines(
  deps: LogbookDeps,
  actor: Actor,
  lines: readonly { user_id: string; entry_id: string; version: number }[],
): Promise<LogbookEntryOutput[]> {
  const entries = await Promise.all(lines.map((line) => deps.store.entry(line.user_id, line.entry_id)));
  const found: StoredEntry[] = [];
  lines.forEach((line, index) => {
    const entry = entries[index];
    if (!entry || entry.signer_id !== actor.userId) throw notFound();
    if (entry.status !== 'awaiting_signature') throw domainError('not_editable');
    if (entry.version !== line.version) throw conflict();
    found.push(entry);
  });
  // One chain per pilot and kind, in the order the lines are in the logbook.
  const chains = new Map<string, StoredEntry[]>();
  for (const entry of [...found].sort(
    (a, b) => a.takeoff_time.localeCompare(b.takeoff_time) || a.entry_id.localeCompare(b.entry_id),
  )) {
    const key = `${entry.user_id}|${entry.kind}`;
    chains.set(key, [...(chains.get(key) ?? []), entry]);
  }
  const names = await deps.store.names([actor.userId]);
  const signer = { signer_id: actor.userId, signer_name: names.get(actor.userId) ?? actor.userName };
  const signedAt = deps.now().toISOString();
  const signed: SignedLine[] = [];
  const heads: ChainHead[] = [];
  for (const chain of chains.values()) {
    const first = chain[0] as StoredEntry;
    const read = await deps.store.book(first.user_id, first.kind);
    let head = { seq: read?.chain_seq ?? 0, head: read?.chain_head ?? '' };
    for (const entry of chain) {
      const signature = sign(entry, head, signer, signedAt);
      head = { seq: signature.seq, head: signature.hash };
      signed.push({
        entry,
        signature,
        audit: {
          action: 'logbook.sign',
          target_type: 'logbook_entry',
          target_id: entry.entry_id,
          // The pilot's own logbook changes: they see it in profile/actions (issue 11 §1).
          subject_user_id: entry.user_id,
          details: { pilot: entry.user_id, seq: signature.seq },
        },
      });
    }
    heads.push({ user_id: first.user_id, kind: first.kind, read, seq: head.seq, hash: head.head });
  }
  await deps.store.sign(actor, signed, heads);
  const outputs = new Map(
    signed.map(({ entry, signature }) => [
      `${entry.user_id}/${entry.entry_id}`,
      entryOutputOf({ ...entry, status: 'signed', signature, signer_id: '', version: entry.version + 1 }),
    ]),
  );
  return lines.map((line) => outputs.get(`${line.user_id}/${line.entry_id}`) as LogbookEntryOutput);
}

/** The instructor signs one trainee's line. */
export async function signEntry(
  deps: LogbookDeps,
  actor: Actor,
  userId: string,
  entryId: string,
  version: number,
) {
  const [signed] = await signLines(deps, actor, [{ user_id: userId, entry_id: entryId, version }]);
  return signed as LogbookEntryOutput;
}

/** Issue 13 §8: the pending lines the instructor selected, signed after one confirmation. */
export async function signEntries(deps: LogbookDeps, actor: Actor, input: SignEntriesInput) {
  const keys = new Set(input.lines.map((line) => `${line.user_id}/${line.entry_id}`));
  if (keys.size !== input.lines.length) throw validationFailed({ lines: ['invalid_value'] });
  return { items: await signLines(deps, actor, input.lines) };
}

/** Statistics (spec §9): the chosen year by month, every year, and the last 12 months. */
export async function statistics(
  deps: LogbookDeps,
  actor: Actor,
  kind: FlightKind,
  year: number | undefined,
): Promise<StatisticsOutput> {
  const stats = await deps.store.stats(actor.userId, kind);
  const today = todayOf(deps, actor);
  const chosen = String(year ?? Number(today.slice(0, 4)));
  const byMonth = new Map(stats.map((s) => [s.month, s]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${chosen}-${String(i + 1).padStart(2, '0')}`;
    return { month, ...addTotals(emptyTotals(), byMonth.get(month) ?? {}) };
  });
  const years = new Map<string, LogbookTotals>();
  for (const s of stats) {
    const key = s.month.slice(0, 4);
    years.set(key, addTotals(years.get(key) ?? emptyTotals(), s));
  }
  const firstMonth = addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7);
  const last12 =
    sumTotals(stats.filter((s) => s.month >= firstMonth && s.month <= today.slice(0, 7))) ?? emptyTotals();
  return {
    kind,
    months,
    years: [...years.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([y, totals]) => ({ year: y, ...totals })),
    last_12_months: last12,
  };
}

/** A logbook line as the recency rules read it (sailplane or powered: TMG counts as powered). */
const recencyFlightOf = (e: StoredEntry): RecencyFlight => ({
  id: e.entry_id,
  date: e.date,
  kind: e.kind === 'general' || e.is_tmg || e.takeoff_type_id === 6 ? 'powered' : 'glider',
  takeoff_type: takeoffTypeOf(e.takeoff_type_id as TakeoffTypeId),
  pilot_role: e.role,
  minutes: e.flight_minutes,
  launches: e.launches,
  landings: e.landings,
  with_instructor: e.role === 'dual' && Boolean(e.instructor_id),
  proficiency_check: e.proficiency_check,
});

/**
 * Recency (issue 5 §6) of one pilot: three years of both logbooks and the medical. `visible`: the
 * lines the reader may see; the rules count every line (a pilot current through flying elsewhere is
 * current), but name only visible lines among those counted.
 */
export async function recencyFor(
  deps: LogbookDeps,
  userId: string,
  today: string,
  visible: (entry: StoredEntry) => boolean = () => true,
): Promise<RecencyOutput> {
  const since = addMonths(today, -36);
  const [glider, general, records, privileges] = await Promise.all([
    deps.store.entriesSince(userId, 'glider', since),
    deps.store.entriesSince(userId, 'general', since),
    deps.store.recencyRecords(userId),
    deps.store.launchPrivileges(userId),
  ]);
  const entries = [...glider, ...general];
  const shown = new Set(entries.filter(visible).map((e) => e.entry_id));
  const rules = recencyOf(entries.map(recencyFlightOf), records, today, privileges).map((rule) => ({
    ...rule,
    counted: rule.counted.filter((id) => shown.has(id)),
  }));
  return { user_id: userId, today, rules, lapsed: rules.some((r) => r.status === 'lapsed') };
}

export const ownRecency = (deps: LogbookDeps, actor: Actor) =>
  recencyFor(deps, actor.userId, todayOf(deps, actor));

/** A member's recency, for the daily sheet's warning and the training administration. */
export async function memberRecency(deps: LogbookDeps, actor: Actor, userId: string) {
  if (!actor.permissions.has('daily-flight-edit') && !actor.permissions.has('training-administration'))
    throw missingPermissions();
  const member = await requireMember(deps, actor, userId);
  return recencyFor(deps, userId, todayOf(deps, actor), readableBy(member));
}

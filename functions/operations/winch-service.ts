import { addDays, todayIn } from '../../contracts/calendar.ts';
import type { SaveWinchLogInput, WinchDayOutput, WinchLogOutput } from '../../contracts/schemas/winch.ts';
import { flightsOfPeriod } from '../flights/public.ts';
import { holdsWinchPermit, isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { found, notFound, validationFailed } from '../platform/http/errors.ts';
import { type FuelStore, fuelStore, type StoredFuelSource } from './fuel-store.ts';
import { operatingDayCrew } from './public.ts';
import { type StoredWinchLog, type WinchStore, winchStore } from './winch-store.ts';

/**
 * Winch logs (issue 15 §4): one per winch and day — operator, trainee, launches, cable breaks, weak
 * links, engine hours. The daily sheet's winch launches (read through flights' public.ts) fill a
 * day's log until it is saved; the operator must hold a winch permit on the day, a trainee only
 * with an operator.
 */

/** A winch launch of the daily sheet, as the log counts it. */
export interface SheetLaunch {
  winch_operator_id: string | null;
  winch_trainee_id: string | null;
}

export interface WinchDeps {
  store: WinchStore;
  sources: Pick<FuelStore, 'sources' | 'source'>;
  now: () => Date;
  /** The day's launches by winch on the sheet (launched: airborne or landed). */
  sheetLaunches: (organizationId: string, date: string) => Promise<SheetLaunch[]>;
  /** The winch operators signed up for the day's operating day (confirmed; none without one). */
  dayWinchOperators: (organizationId: string, date: string) => Promise<string[]>;
  holdsWinchPermit: (organizationId: string, userId: string, date: string) => Promise<boolean>;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
}

/** Spec §3 takeoff type 3: winch. */
const WINCH_LAUNCH = 3;

export async function winchLaunchesOf(organizationId: string, date: string): Promise<SheetLaunch[]> {
  const flights = await flightsOfPeriod(organizationId, date, date);
  return flights
    .filter((f) => f.takeoff_type_id === WINCH_LAUNCH && f.status !== 'planned')
    .map((f) => ({
      winch_operator_id: f.winch_operator_id ?? null,
      winch_trainee_id: f.winch_trainee_id ?? null,
    }));
}

export const winchDeps: WinchDeps = {
  store: winchStore,
  sources: fuelStore,
  now: () => new Date(),
  sheetLaunches: winchLaunchesOf,
  dayWinchOperators: async (organizationId, date) =>
    (await operatingDayCrew(organizationId, date))?.winch_operator_ids ?? [],
  holdsWinchPermit,
  isActiveMember,
  names: recordNames,
};

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, timeZone: actor.organization.timezone };
};

const n = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

const isWinch = (s: StoredFuelSource) => s.source_type === 'vehicle' && s.vehicle_kind === 'winch';

/** The sheet's launches by operator and trainee, most launches first. */
export function launchesByOperator(launches: readonly SheetLaunch[]) {
  const groups = new Map<
    string,
    { operator_id: string | null; trainee_id: string | null; launches: number }
  >();
  for (const l of launches) {
    const key = `${l.winch_operator_id ?? ''}|${l.winch_trainee_id ?? ''}`;
    const group = groups.get(key) ?? {
      operator_id: l.winch_operator_id,
      trainee_id: l.winch_trainee_id,
      launches: 0,
    };
    group.launches += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.launches - a.launches);
}

function logOutput(
  log: Omit<StoredWinchLog, 'organization_id' | 'created_at' | 'updated_at'>,
  winchName: string,
  names: Map<string, string>,
): WinchLogOutput {
  return {
    date: log.date,
    winch_id: log.winch_id,
    winch_name: winchName,
    operator_id: n(log.operator_id),
    operator_name: log.operator_id ? (names.get(log.operator_id) ?? '') : null,
    trainee_id: n(log.trainee_id),
    trainee_name: log.trainee_id ? (names.get(log.trainee_id) ?? '') : null,
    launches: log.launches,
    cable_breaks: log.cable_breaks,
    weak_links: log.weak_links,
    engine_hours_start: n(log.engine_hours_start),
    engine_hours_end: n(log.engine_hours_end),
    note: n(log.note),
    version: log.version,
  };
}

/**
 * One day: each winch's log — saved, or filled from the sheet (a club with one winch: all the
 * day's winch launches, the operator and trainee who launched most; before any launch names an
 * operator, the one winch operator signed up for the operating day) — and the sheet's launches.
 */
export async function getWinchDay(deps: WinchDeps, actor: Actor, date: string): Promise<WinchDayOutput> {
  const org = organizationOf(actor);
  const [sources, saved, launches, signedUp] = await Promise.all([
    deps.sources.sources(org.id),
    deps.store.logsOf(org.id, date),
    deps.sheetLaunches(org.id, date),
    deps.dayWinchOperators(org.id, date),
  ]);
  const winches = sources.filter((s) => isWinch(s) && s.active);
  const groups = launchesByOperator(launches);
  const top = groups.find((g) => g.operator_id) ?? groups[0];
  // Issue 15 §6: the day's one signed-up winch operator runs the winch until a launch says otherwise.
  const dayOperator = signedUp.length === 1 ? signedUp[0] : undefined;
  const people = new Set<string>();
  if (dayOperator) people.add(dayOperator);
  for (const l of saved) for (const id of [l.operator_id, l.trainee_id]) if (id) people.add(id);
  for (const g of groups) for (const id of [g.operator_id, g.trainee_id]) if (id) people.add(id);
  const names = await deps.names([...people]);
  const sourceNames = new Map(sources.map((s) => [s.source_id, s.name]));
  const logs = saved.map((l) => logOutput(l, sourceNames.get(l.winch_id) ?? l.winch_id, names));
  for (const winch of winches) {
    if (saved.some((l) => l.winch_id === winch.source_id)) continue;
    const fill = winches.length === 1;
    logs.push(
      logOutput(
        {
          date,
          winch_id: winch.source_id,
          operator_id: fill ? (top?.operator_id ?? dayOperator) : undefined,
          trainee_id: fill && top?.operator_id ? (top.trainee_id ?? undefined) : undefined,
          launches: fill ? launches.length : 0,
          cable_breaks: 0,
          weak_links: 0,
          engine_hours_start: winch.engine_hours,
          version: 0,
        },
        winch.name,
        names,
      ),
    );
  }
  return {
    date,
    logs: logs.sort((a, b) => a.winch_name.localeCompare(b.winch_name, 'hu')),
    sheet: {
      launches: launches.length,
      operators: groups.map((g) => ({
        operator_id: g.operator_id,
        operator_name: g.operator_id ? (names.get(g.operator_id) ?? '') : null,
        trainee_id: g.trainee_id,
        trainee_name: g.trainee_id ? (names.get(g.trainee_id) ?? '') : null,
        launches: g.launches,
      })),
    },
  };
}

/** The rules of a winch log's people: a permit holder operates; a trainee only beside an operator. */
export async function winchCrewErrors(
  deps: Pick<WinchDeps, 'holdsWinchPermit' | 'isActiveMember'>,
  organizationId: string,
  date: string,
  crew: { operator_id?: string | null; trainee_id?: string | null },
) {
  const errors: Record<string, string[]> = {};
  if (crew.trainee_id && !crew.operator_id) errors.trainee_id = ['winch_trainee_needs_operator'];
  else if (crew.trainee_id && crew.trainee_id === crew.operator_id) errors.trainee_id = ['invalid_value'];
  else if (crew.trainee_id && !(await deps.isActiveMember(organizationId, crew.trainee_id)))
    errors.trainee_id = ['invalid_value'];
  if (crew.operator_id) {
    if (!(await deps.isActiveMember(organizationId, crew.operator_id)))
      errors.operator_id = ['invalid_value'];
    else if (!(await deps.holdsWinchPermit(organizationId, crew.operator_id, date)))
      errors.operator_id = ['winch_permit_missing'];
  }
  return errors;
}

export async function saveWinchLog(
  deps: WinchDeps,
  actor: Actor,
  date: string,
  winchId: string,
  input: SaveWinchLogInput,
) {
  const org = organizationOf(actor);
  const winch = await deps.sources.source(org.id, winchId);
  if (!winch || !isWinch(winch)) throw notFound();
  const stored = (await deps.store.logsOf(org.id, date)).find((l) => l.winch_id === winchId);
  const errors = await winchCrewErrors(deps, org.id, date, input);
  if (date > todayIn(org.timeZone, deps.now())) errors.date = ['invalid_value'];
  if (!stored && input.version !== 0) errors.version = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const at = deps.now().toISOString();
  const item: StoredWinchLog = {
    organization_id: org.id,
    date,
    winch_id: winchId,
    operator_id: input.operator_id ?? undefined,
    trainee_id: input.trainee_id ?? undefined,
    launches: input.launches,
    cable_breaks: input.cable_breaks,
    weak_links: input.weak_links,
    engine_hours_start: input.engine_hours_start ?? undefined,
    engine_hours_end: input.engine_hours_end ?? undefined,
    note: input.note || undefined,
    version: input.version,
    created_at: stored?.created_at ?? at,
    updated_at: at,
  };
  await deps.store.save(actor, item, stored ? input.version : 0, {
    action: 'winch_log.save',
    target_type: 'winch_log',
    target_id: `${date}#${winchId}`,
    details: { launches: input.launches, cable_breaks: input.cable_breaks, weak_links: input.weak_links },
  });
  const saved = found((await deps.store.logsOf(org.id, date)).find((l) => l.winch_id === winchId));
  const names = await deps.names(
    [saved.operator_id, saved.trainee_id].filter((v): v is string => Boolean(v)),
  );
  return logOutput(saved, winch.name, names);
}

export async function listWinchLogs(
  deps: WinchDeps,
  actor: Actor,
  query: { from?: string; to?: string; cursor?: string; limit?: number },
) {
  const org = organizationOf(actor);
  const to = query.to ?? todayIn(org.timeZone, deps.now());
  const from = query.from ?? addDays(to, -365);
  if (to < from) throw validationFailed({ to: ['invalid_value'] });
  const [page, sources] = await Promise.all([
    deps.store.logs(org.id, from, to, { cursor: query.cursor, limit: query.limit ?? 50 }),
    deps.sources.sources(org.id),
  ]);
  const people = page.items
    .flatMap((l) => [l.operator_id, l.trainee_id])
    .filter((v): v is string => Boolean(v));
  const names = await deps.names([...new Set(people)]);
  const sourceNames = new Map(sources.map((s) => [s.source_id, s.name]));
  return {
    items: page.items.map((l) => logOutput(l, sourceNames.get(l.winch_id) ?? l.winch_id, names)),
    cursor: page.cursor,
  };
}

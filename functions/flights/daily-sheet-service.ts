import type { DailySheetOutput, SaveSheetInput, SheetOutput } from '../../contracts/schemas/daily-flights.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { mayCall } from '../platform/auth/capabilities.ts';
import { sheetTopic } from '../platform/events/push.ts';
import { conflict, missingPermissions, validationFailed } from '../platform/http/errors.ts';
import type { StoredSheet } from './daily-sheet-store.ts';
import { type FlightDeps, flightOutputOf, mayOverrideBalance } from './flight-service.ts';
import { sheetProposals } from './proposal-service.ts';

/**
 * The daily flight sheet (daily-flight/{id}): the day's settings and every flight of the day.
 * A day without a saved sheet still has one — open, at the organization's base airport — so the
 * first launch of the morning needs no set-up.
 */

const organizationOf = (actor: Actor) => {
  if (!actor.organization) throw missingPermissions();
  return actor.organization;
};

const sheetOutputOf = (sheet: StoredSheet | null, date: string, baseAirport: string | null): SheetOutput => ({
  date,
  airport: sheet?.airport ?? baseAirport,
  status: sheet?.status ?? 'open',
  leader_id: sheet?.leader_id ?? null,
  timer_operator_ids: sheet?.timer_operator_ids ?? [],
  winch: sheet?.winch ?? null,
  tow_plane_ids: sheet?.tow_plane_ids ?? [],
  notes: sheet?.notes ?? null,
  version: sheet?.version ?? 0,
});

export async function getDailySheet(deps: FlightDeps, actor: Actor, date: string): Promise<DailySheetOutput> {
  const organization = organizationOf(actor);
  const [sheet, flights] = await Promise.all([
    deps.sheets.sheet(organization.organization_id, date),
    deps.store.flightsOfDay(organization.organization_id, date),
  ]);
  // The operating day's sign-ups (issue 15 §6): a sheet nobody saved yet starts from its leader and
  // timer operators; the launch panel picks its winch operator, tow pilots and instructors from them.
  const crew = await deps.operatingDayCrew(organization.organization_id, date);
  const shown = sheetOutputOf(sheet, date, organization.base_airport);
  return {
    sheet:
      crew && !sheet
        ? { ...shown, leader_id: crew.leader_id, timer_operator_ids: crew.timer_operator_ids }
        : shown,
    day_crew: {
      winch_operator_ids: crew?.winch_operator_ids ?? [],
      tow_pilot_ids: crew?.tow_pilot_ids ?? [],
      instructor_ids: crew?.instructor_ids ?? [],
    },
    flights: flights.map(flightOutputOf),
    proposals: await sheetProposals(deps, actor, date, flights),
    can_edit: mayCall('saveDailySheet', actor),
    can_override_balance: mayOverrideBalance(actor, sheet),
  };
}

export async function listDailySheets(
  deps: FlightDeps,
  actor: Actor,
  query: { cursor?: string; limit?: number },
) {
  const organization = organizationOf(actor);
  const page = await deps.sheets.sheets(organization.organization_id, {
    cursor: query.cursor,
    limit: query.limit ?? 30,
  });
  return {
    items: page.items.map((s) => sheetOutputOf(s, s.date, organization.base_airport)),
    cursor: page.cursor,
  };
}

export async function saveDailySheet(
  deps: FlightDeps,
  actor: Actor,
  date: string,
  input: SaveSheetInput,
): Promise<SheetOutput> {
  const organization = organizationOf(actor);
  const current = await deps.sheets.sheet(organization.organization_id, date);
  if ((current?.version ?? 0) !== input.version) throw conflict();
  const people = [input.leader_id, ...(input.timer_operator_ids ?? [])].filter((v): v is string =>
    Boolean(v),
  );
  const members = await deps.store.memberIds(organization.organization_id, people);
  const errors: Record<string, string[]> = {};
  if (input.leader_id && !members.has(input.leader_id)) errors.leader_id = ['invalid_value'];
  if ((input.timer_operator_ids ?? []).some((id) => !members.has(id)))
    errors.timer_operator_ids = ['invalid_value'];
  const towPlanes = await Promise.all(
    (input.tow_plane_ids ?? []).map((planeId) => deps.store.plane(organization.organization_id, planeId)),
  );
  if (towPlanes.some((plane) => plane?.plane_category !== 'plc_01')) errors.tow_plane_ids = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const now = deps.now().toISOString();
  const { version: _read, ...fields } = input;
  const item = {
    ...(current ?? {}),
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)),
    organization_id: organization.organization_id,
    date,
    status: input.status ?? current?.status ?? 'open',
    timer_operator_ids: input.timer_operator_ids ?? current?.timer_operator_ids ?? [],
    tow_plane_ids: input.tow_plane_ids ?? current?.tow_plane_ids ?? [],
    version: input.version + 1,
    created_at: current?.created_at ?? now,
    updated_at: now,
  } as StoredSheet;
  for (const [field, value] of Object.entries(fields))
    if (value === null) delete (item as Record<string, unknown>)[field];
  await deps.sheets.save(actor, item, input.version);
  const output = sheetOutputOf(item, date, organization.base_airport);
  await deps.publish(sheetTopic(organization.organization_id, date), {
    type: 'sheet.changed',
    sheet: output,
  });
  return output;
}

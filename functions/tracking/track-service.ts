import { addDays, todayIn } from '../../contracts/calendar.ts';
import type { LivePositionOutput, TrackOutput } from '../../contracts/schemas/tracking.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { decimate, groupTracks, rowOf } from './track-shape.ts';
import { type StoredLivePosition, type TrackedFlight, type TrackStore, trackStore } from './track-store.ts';

/**
 * What the maps read (issue 6 §6): the organization's aircraft heard lately, a day's tracks, and
 * the route of one flight — from the club's flight list or from a pilot's own logbook line.
 */
interface TrackDeps {
  store: TrackStore;
  now: () => Date;
}

export const defaultTrackDeps: TrackDeps = { store: trackStore, now: () => new Date() };

/**
 * Around a flight's recorded times: the timer operator taps a little after the wheels leave and
 * touch, and the take-off and landing markers belong where the ground roll is.
 */
const ROUTE_MARGIN_MS = 60_000;
/** A flight nobody landed on the sheet: its route is cut here rather than read for days. */
const MAX_ROUTE_MS = 24 * 3600_000;

const DEVICE = /^[0-9A-F]{6}$/;

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return actor.organization;
};

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

const phaseOf = (phase: string | undefined): LivePositionOutput['phase'] =>
  phase === 'ground' || phase === 'air' ? phase : null;

export const livePositionOf = (p: StoredLivePosition): LivePositionOutput => ({
  address: p.address,
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_category: p.plane_category,
  timestamp: p.timestamp,
  latitude: p.latitude,
  longitude: p.longitude,
  altitude: p.altitude,
  ground_speed: p.ground_speed,
  climb_rate: p.climb_rate,
  track: p.track,
  phase: phaseOf(p.phase),
});

/** GET /api/tracking/live: the organization's devices whose latest position has not expired. */
export async function livePositions(deps: TrackDeps, actor: Actor) {
  const organization = organizationOf(actor);
  const items = await deps.store.livePositions(organization.organization_id, seconds(deps.now()));
  return { items: items.map(livePositionOf).sort((a, b) => a.reg_num.localeCompare(b.reg_num)) };
}

/** GET /api/tracking/tracks?date=[&address=]: a day of the organization's tracks, one per device. */
export async function tracksOfDay(deps: TrackDeps, actor: Actor, query: { date: string; address?: string }) {
  const organization = organizationOf(actor);
  const address = query.address?.toUpperCase();
  if (address !== undefined && !DEVICE.test(address)) throw validationFailed({ address: ['invalid_value'] });
  const [fixes, planes] = await Promise.all([
    deps.store.fixes(organization.organization_id, query.date, {
      ...(address !== undefined && { address }),
      nowSeconds: seconds(deps.now()),
    }),
    deps.store.planesByDevice(organization.organization_id),
  ]);
  return { items: groupTracks(fixes, planes) };
}

/** The operating days (the organization's time zone) an interval touches, first to last. */
export function daysOf(timeZone: string, from: number, to: number): string[] {
  const last = todayIn(timeZone, new Date(to));
  const days: string[] = [];
  for (let day = todayIn(timeZone, new Date(from)); day <= last && days.length < 3; day = addDays(day, 1))
    days.push(day);
  return days;
}

/**
 * One flight's route: its aircraft's device between take-off and landing (a flight still in the air:
 * until now). A flight not yet launched, an aircraft without a device, or a day whose track has
 * expired give no points — the map says no track was recorded.
 */
async function routeOf(
  deps: TrackDeps,
  organizationId: string,
  timeZone: string,
  flight: TrackedFlight,
): Promise<TrackOutput> {
  const device = await deps.store.deviceOf(organizationId, flight.plane_id);
  const route: TrackOutput = {
    address: device ?? '',
    plane_id: flight.plane_id,
    reg_num: flight.reg_num,
    points: [],
  };
  if (!device || !flight.takeoff_time) return route;
  const now = deps.now();
  const takeoff = Date.parse(flight.takeoff_time);
  const landing = flight.landing_time ? Date.parse(flight.landing_time) : now.getTime();
  const from = takeoff - ROUTE_MARGIN_MS;
  const to = Math.min(landing + ROUTE_MARGIN_MS, takeoff + MAX_ROUTE_MS);
  if (!(from <= to)) return route;
  const days = daysOf(timeZone, from, to);
  const parts = await Promise.all(
    days.map((date) =>
      deps.store.fixes(organizationId, date, { address: device, from, to, nowSeconds: seconds(now) }),
    ),
  );
  route.points = decimate(parts.flat().map(rowOf));
  return route;
}

/** GET /api/flights/{id}/track: a flight of the caller's organization (as GET /api/flights/{id}). */
export async function flightTrack(deps: TrackDeps, actor: Actor, flightId: string) {
  const organization = organizationOf(actor);
  const flight = await deps.store.flight(organization.organization_id, flightId);
  if (!flight) throw notFound();
  return routeOf(deps, organization.organization_id, organization.timezone, flight);
}

/**
 * GET /api/logbook/{kind}/entries/{id}/track: the route of a line in the caller's OWN logbook. A
 * club line names its organization and flight; the pilot reads that flight's route even when
 * working in another organization now — it is their flight. A private line has no route.
 */
export async function logbookEntryTrack(deps: TrackDeps, actor: Actor, kind: string, entryId: string) {
  const entry = await deps.store.logbookEntry(actor.userId, entryId);
  if (!entry || entry.kind !== kind) throw notFound();
  const empty: TrackOutput = {
    address: '',
    plane_id: entry.plane_id ?? null,
    reg_num: entry.reg_num,
    points: [],
  };
  if (!entry.organization_id || !entry.flight_id) return empty;
  const [flight, timeZone] = await Promise.all([
    deps.store.flight(entry.organization_id, entry.flight_id),
    deps.store.timezoneOf(entry.organization_id),
  ]);
  if (!flight || !timeZone) return empty;
  return routeOf(deps, entry.organization_id, timeZone, flight);
}

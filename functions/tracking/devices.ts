import type { Airfield } from './detection.ts';
import { distance } from './detection.ts';
import type { AirportRow, DeviceAircraft, IngestStore, OrganizationBase } from './ingest-store.ts';

/**
 * What the ingest looks up for every batch, cached per container (a warm Lambda, the local
 * stack's process): which aircraft a device is (positive AND negative answers: most of the
 * network's devices are nobody's here), an organization's time zone and airfields. ~2,000 beacons
 * a second then cost a handful of Queries a minute instead of one each. Every answer is at most a
 * minute old: an aircraft given a device (or losing one), a changed base airport or time zone
 * reach the ingest within CACHE_TTL_MS; an airport added, moved or given a runway at once
 * (followAirportChanges, within a second).
 */
const CACHE_TTL_MS = 60_000;
const DEVICE_TTL_MS = CACHE_TTL_MS;
const ORGANIZATION_TTL_MS = CACHE_TTL_MS;
const AIRPORTS_TTL_MS = CACHE_TTL_MS;
/** Devices looked up at once when a batch brings many new ones (a cold container on a busy day). */
const LOOKUP_CONCURRENCY = 16;
/** Beyond this many cached devices the oldest answers are dropped first (Map keeps insertion order). */
const MAX_DEVICES = 50_000;
/** The organization's base airport and every airport this close to it are its airfields. */
const AIRFIELD_RADIUS_M = 30_000;
const DAY_MS = 24 * 3600_000;

export interface OrganizationContext {
  organization_id: string;
  timezone: string;
  airfields: Airfield[];
  /** The operating day (yyyy-mm-dd, the organization's time zone) of an instant in epoch ms. */
  dayOf(timestamp: number): string;
}

interface Cached<T> {
  value: T;
  expires: number;
}

const devices = new Map<string, Cached<DeviceAircraft[]>>();
const organizations = new Map<string, Cached<OrganizationContext | null>>();
let airports: Cached<AirportRow[]> | undefined;
let bases: Cached<OrganizationBase[]> | undefined;
/** The airports' revision the cached airports and airfields were read at. */
let airportsRevision: number | undefined;
const inflight = new Map<string, Promise<DeviceAircraft[]>>();

/** Forget every cached answer (tests change aircraft and organizations between ingests). */
export const resetDeviceCaches = () => {
  devices.clear();
  organizations.clear();
  inflight.clear();
  airports = undefined;
  bases = undefined;
  airportsRevision = undefined;
  revisionCheckedAt = Number.NEGATIVE_INFINITY;
};

/** How often the airports' revision is read: a GetItem a second, not one per batch of a busy burst. */
const REVISION_CHECK_MS = 1000;
let revisionCheckedAt = Number.NEGATIVE_INFINITY;

/**
 * At most once a second of ingest: when the airports' revision (operations, one GetItem) moved
 * since it was last read, the cached airports and every organization's airfields are read again,
 * so an airport added or changed through the airports screen is used by the detection at once
 * (within a second) rather than within the cache's minute.
 */
export async function followAirportChanges(store: IngestStore, now: number) {
  // Stand-in stores of unit tests have no revision: their airports follow the cache's minute.
  if (typeof store.airportsRevision !== 'function') return;
  if (now - revisionCheckedAt < REVISION_CHECK_MS && now >= revisionCheckedAt) return;
  revisionCheckedAt = now;
  const revision = await store.airportsRevision();
  if (airportsRevision !== undefined && revision !== airportsRevision) {
    airports = undefined;
    bases = undefined;
    organizations.clear();
  }
  airportsRevision = revision;
}

/**
 * The aircraft of every device in `addresses` (an empty list for a device nobody has), from the
 * cache or the byDevice index; lookups of one call run LOOKUP_CONCURRENCY at a time.
 */
export async function aircraftOfDevices(
  store: IngestStore,
  addresses: Iterable<string>,
  now: number,
): Promise<Map<string, DeviceAircraft[]>> {
  const result = new Map<string, DeviceAircraft[]>();
  const missing: string[] = [];
  for (const address of addresses) {
    const cached = devices.get(address);
    if (cached && cached.expires > now) result.set(address, cached.value);
    else missing.push(address);
  }
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const address = missing[next++]!;
      let lookup = inflight.get(address);
      if (!lookup) {
        lookup = store.aircraftOf(address).finally(() => inflight.delete(address));
        inflight.set(address, lookup);
      }
      const value = await lookup;
      devices.delete(address);
      devices.set(address, { value, expires: now + DEVICE_TTL_MS });
      result.set(address, value);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, missing.length) }, worker));
  if (devices.size > MAX_DEVICES) {
    for (const key of devices.keys()) {
      devices.delete(key);
      if (devices.size <= MAX_DEVICES * 0.9) break;
    }
  }
  return result;
}

/** yyyy-mm-dd formatters per time zone: Intl.DateTimeFormat is costly to build, cheap to use. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatter = (timeZone: string) => {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes yyyy-mm-dd, as contracts/calendar.ts todayIn does.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
};

/**
 * The operating day of instants in one time zone. Fixes come in runs of the same day (or two,
 * around midnight): the bounds of the last few days seen are remembered, so most calls format
 * nothing. Every time zone in use changes its date on a quarter-hour, so a day is a run of whole
 * quarter-hours, found by formatting their starts.
 */
function dayOfIn(timeZone: string) {
  const format = dayFormatter(timeZone);
  const quarter = 15 * 60_000;
  const known: { from: number; to: number; day: string }[] = [];
  return (timestamp: number) => {
    for (const range of known) if (timestamp >= range.from && timestamp < range.to) return range.day;
    const day = format.format(timestamp);
    let from = Math.floor(timestamp / quarter) * quarter;
    let to = from + quarter;
    while (to - from < DAY_MS && format.format(to) === day) to += quarter;
    while (to - from < DAY_MS && format.format(from - quarter) === day) from -= quarter;
    known.unshift({ from, to, day });
    if (known.length > 4) known.pop();
    return day;
  };
}

async function airportRows(store: IngestStore, now: number) {
  if (!airports || airports.expires <= now)
    airports = { value: await store.airports(), expires: now + AIRPORTS_TTL_MS };
  return airports.value;
}

/** The organization's time zone and airfields (its base airport and its neighbours), null if it is gone. */
export async function organizationContext(
  store: IngestStore,
  organizationId: string,
  now: number,
): Promise<OrganizationContext | null> {
  const cached = organizations.get(organizationId);
  if (cached && cached.expires > now) return cached.value;
  const settings = await store.organization(organizationId);
  let value: OrganizationContext | null = null;
  if (settings) {
    const rows = await airportRows(store, now);
    const base = settings.base_airport ? rows.find((a) => a.icao === settings.base_airport) : undefined;
    const airfields: Airfield[] = base
      ? rows
          .filter(
            (a) => distance(base.latitude, base.longitude, a.latitude, a.longitude) <= AIRFIELD_RADIUS_M,
          )
          .map((a) => ({
            icao: a.icao,
            latitude: a.latitude,
            longitude: a.longitude,
            altitude: a.altitude,
            runway_length: a.runway_length,
          }))
      : [];
    value = {
      organization_id: organizationId,
      timezone: settings.timezone,
      airfields,
      dayOf: dayOfIn(settings.timezone),
    };
  }
  organizations.set(organizationId, { value, expires: now + ORGANIZATION_TTL_MS });
  return value;
}

/**
 * The organizations whose airfields hold the airfield `icao`: those based within AIRFIELD_RADIUS_M
 * of it (a tow across clubs is looked for among them, ingest.ts). One Query of every organization's
 * base a minute per container.
 */
export async function organizationsAt(store: IngestStore, icao: string, now: number): Promise<string[]> {
  if (!bases || bases.expires <= now)
    bases = { value: await store.organizationBases(), expires: now + CACHE_TTL_MS };
  const rows = await airportRows(store, now);
  const airfield = rows.find((a) => a.icao === icao);
  if (!airfield) return [];
  return bases.value
    .filter((o) => {
      const base = o.base_airport ? rows.find((a) => a.icao === o.base_airport) : undefined;
      return (
        base !== undefined &&
        distance(base.latitude, base.longitude, airfield.latitude, airfield.longitude) <= AIRFIELD_RADIUS_M
      );
    })
    .map((o) => o.organization_id)
    .sort();
}

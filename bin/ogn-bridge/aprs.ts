/**
 * The little of APRS the bridge needs: the read-only login line, the range filter, and a cheap
 * header scan (receiver, time of day). The full parse happens once, in the tracking ingest.
 */

export interface Airfield {
  /** ICAO code or a label for a bare position; for logs only. */
  name: string;
  latitude: number;
  longitude: number;
}

interface LoginOptions {
  callsign: string;
  version: string;
  airfields: Airfield[];
  radiusKm: number;
}

/** APRS-IS callsigns: up to 9 letters and digits, an optional -SSID. */
export const CALLSIGN = /^[A-Z0-9]{3,9}(-[0-9A-Z]{1,2})?$/;

/** `r/lat/lon/km` per distinct airfield (4 decimals ≈ 10 m; duplicates would only cost the server). */
export function rangeFilter(airfields: Airfield[], radiusKm: number): string {
  const terms = airfields.map(
    (a) => `r/${round(a.latitude, 4)}/${round(a.longitude, 4)}/${round(radiusKm, 1)}`,
  );
  return [...new Set(terms)].join(' ');
}

/** Passcode -1: a receive-only login, which the OGN servers accept from anyone. */
export function loginLine(opts: LoginOptions): string {
  if (!CALLSIGN.test(opts.callsign)) throw new Error(`invalid APRS callsign: ${opts.callsign}`);
  const filter = rangeFilter(opts.airfields, opts.radiusKm);
  return `user ${opts.callsign} pass -1 vers windsock ${opts.version}${filter ? ` filter ${filter}` : ''}\r\n`;
}

export const KEEPALIVE_LINE = '#keepalive\r\n';

/** Server comments (`# aprsc …`, `# logresp …`) start with `#`; the bridge never forwards them. */
export const isServerLine = (line: string) => line.charCodeAt(0) === 35;

/** The server's name from `# logresp CALL unverified, server GLIDERN1` or `# aprsc 2.1 … GLIDERN1 ip:port`. */
export function serverNameOf(line: string): string | undefined {
  const logresp = /server\s+(\S+)/.exec(line);
  if (line.startsWith('# logresp')) return logresp?.[1];
  const aprsc = /^#\s*aprsc\s.*?\s(\S+)\s+\S+:\d+\s*$/.exec(line);
  return aprsc?.[1];
}

/**
 * The receiver of `CALL>DST,qAS,RECEIVER:…`: the last path element before the first `:` (a trailing
 * `*`, digipeated, dropped). A line with no path (`MYC78FF44>OGNMYC:>…`) reached APRS-IS from its
 * sender directly, so the sender stands in. Undefined when the line has no APRS header at all.
 */
export function receiverOf(line: string): string | undefined {
  const gt = line.indexOf('>');
  if (gt < 1) return undefined;
  const colon = line.indexOf(':', gt + 1);
  if (colon < 0) return undefined;
  const comma = line.lastIndexOf(',', colon);
  if (comma < gt) return line.slice(0, gt);
  let receiver = line.slice(comma + 1, colon);
  if (receiver.endsWith('*')) receiver = receiver.slice(0, -1);
  return receiver.length > 0 ? receiver : undefined;
}

/** The topic a bridge publishes to, one level named after it; anything a topic level cannot hold becomes `_`. */
export const topicFor = (bridge: string) => `ogn/beacons/${bridge.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

/**
 * Where the line's own time stamp sits: after `:` a position (`/`, `@`) or status (`>`) report with
 * six digits and `h` (HHMMSS, UTC). Returns the index of the first digit, or -1.
 */
function timestampIndex(line: string): number {
  const gt = line.indexOf('>');
  const colon = gt < 0 ? -1 : line.indexOf(':', gt + 1);
  if (colon < 0) return -1;
  const type = line.charCodeAt(colon + 1);
  if (type !== 47 /* / */ && type !== 64 /* @ */ && type !== 62 /* > */) return -1;
  const start = colon + 2;
  if (line.charCodeAt(start + 6) !== 104 /* h */) return -1;
  for (let i = start; i < start + 6; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return start;
}

/** Seconds since midnight UTC of the line's HHMMSSh stamp, or undefined when it has none. */
export function timeOfDayOf(line: string): number | undefined {
  const i = timestampIndex(line);
  if (i < 0) return undefined;
  const h = Number(line.slice(i, i + 2));
  const m = Number(line.slice(i + 2, i + 4));
  const s = Number(line.slice(i + 4, i + 6));
  if (h > 23 || m > 59 || s > 59) return undefined;
  return h * 3600 + m * 60 + s;
}

/**
 * The line with its HHMMSSh stamp set to `seconds` since midnight. A line without a valid stamp
 * (none, or one like `194490h` that no clock shows) is returned unchanged: a replay must not
 * mend a malformed line the ingest would have rejected.
 */
export function withTimeOfDay(line: string, seconds: number): string {
  if (timeOfDayOf(line) === undefined) return line;
  const i = timestampIndex(line);
  const s = ((Math.floor(seconds) % 86_400) + 86_400) % 86_400;
  const hhmmss = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  return line.slice(0, i) + hhmmss + line.slice(i + 6);
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

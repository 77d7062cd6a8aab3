/**
 * OGN APRS beacon parser. Field names, units and accept/reject decisions follow the reference
 * parser (python-ogn-client 1.3.3), so beacons parse the same here as in ogn-python tooling.
 * The header, the position and the aircraft comment (nearly every line) are scanned by hand, on
 * a byte copy of the line, without backtracking or substrings beyond the result's own strings;
 * the rarer comment kinds (receiver status, trackers, FANET, Naviter…) use precompiled anchored
 * regexes.
 */

export class OgnParseError extends Error {
  override name = 'OgnParseError';
}

/**
 * A rejected line is routine data (counted and sampled by the ingest), not a bug: its stack trace
 * says nothing and costs more than parsing a dozen good lines, so none is captured.
 */
const rejection = (message: string) => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new OgnParseError(message);
  Error.stackTraceLimit = limit;
  return error;
};

type OgnBeacon = Record<string, unknown>;

// The reference's rounded constants (0.5144 m/s per knot, 0.27778 m/s per km/h), kept for agreement.
const KNOTS_TO_MS = 0.5144;
const KPH_TO_MS = 0.27778;
const FEET_TO_M = 0.3048;
const FPM_TO_MS = 0.3048 / 60;
/** Turn rate arrives in half-turns per minute; ×3 gives deg/s. */
const HPM_TO_DEGS = 180 / 60;
const INCH_TO_MM = 25.4;
const DAY_MS = 86_400_000;
const HALF_DAY_MS = 43_200_000;

/** Comment parsers by destination call; any other call is parsed as 'unknown'. */
const BEACON_TYPES: Record<string, string> = {
  APRS: 'aprs',
  OGNFNT: 'fanet',
  OGFLR: 'flarm',
  OGFLR6: 'flarm',
  OGFLR7: 'flarm',
  OGNTRK: 'tracker',
  OGNSDR: 'receiver',
  OGCAPT: 'capturs',
  OGFLYM: 'flymaster',
  OGNINRE: 'inreach',
  OGLT24: 'lt24',
  OGNAVI: 'naviter',
  OGPAW: 'pilot_aware',
  OGSKYL: 'skylines',
  OGSPID: 'spider',
  OGSPOT: 'spot',
  OGNSKY: 'safesky',
  OGNMTK: 'microtrak',
};

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** "00".."59", so a timestamp is assembled without number formatting. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad2(n));

/**
 * The line being parsed, one byte per UTF-16 unit (non-ASCII as 255, which no pattern accepts),
 * then zeros, with at least PAD bytes of room, so the fixed look-aheads past the end read 0 and
 * every scanning loop stops there. Reading a typed array is about three times faster than
 * `charCodeAt` on the sliced strings a feed's `split` yields, and `encodeInto` copies an ASCII
 * line in one native pass; indices into B are indices into the line.
 */
const PAD = 64;
const encoder = new TextEncoder();
let B = new Uint8Array(1024);
/** Length of the last line loaded: B holds zeros from there on. */
let loaded = 0;

/** Byte i of the loaded line (0 past its end). */
const ch = (i: number) => B[i] as number;

const load = (line: string) => {
  const n = line.length;
  if (n + PAD > B.length) {
    B = new Uint8Array(2 * (n + PAD));
    loaded = 0;
  }
  const b = B;
  let end = loaded;
  const written = encoder.encodeInto(line, b).written;
  // Only an all-ASCII line encodes to exactly one byte per unit.
  if (written !== n) {
    if (written > end) end = written;
    for (let i = 0; i < n; i++) {
      const c = line.charCodeAt(i);
      b[i] = c < 128 ? c : 255;
    }
  }
  // Clears what a longer previous line (or a multi-byte encoding) left past the end.
  for (let i = n; i < end; i++) b[i] = 0;
  loaded = n;
};
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Value of `len` decimal digits at `i`, or -1 when one is not a digit. */
const digits = (i: number, len: number) => {
  const b = B;
  let v = 0;
  for (let k = 0; k < len; k++) {
    const c = (b[i + k] as number) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
};

/**
 * The reference instant's ISO string and the "YYYY-MM-DDT" of the days before, of and after it,
 * kept for the last reference seen: a feed parses many lines against one reference.
 */
let cachedReference = Number.NaN;
let referenceIso = '';
let referenceDayStart = 0;
const dayPrefixes = ['', '', ''];

const setReference = (reference: number) => {
  if (reference === cachedReference) return;
  cachedReference = reference;
  referenceIso = `${new Date(reference).toISOString().slice(0, 19)}+00:00`;
  referenceDayStart = reference - (((reference % DAY_MS) + DAY_MS) % DAY_MS);
  for (let d = -1; d <= 1; d++) {
    dayPrefixes[d + 1] = new Date(referenceDayStart + d * DAY_MS).toISOString().slice(0, 11);
  }
};

/**
 * The reference parser's dating, as an ISO string ('' when the time is invalid): HHMMSSh lands
 * within ±12 h of the reference; DDHHMMz within ±14 days of it (so a beacon just past midnight
 * lands on the right day).
 */
const timestamp = (i: number) => {
  const a = digits(i, 2);
  const b = digits(i + 2, 2);
  const c = digits(i + 4, 2);
  if (a < 0 || b < 0 || c < 0) return '';
  const kind = ch(i + 6);
  if (kind === 104 /* h */) {
    if (a > 23 || b > 59 || c > 59) return '';
    const t = referenceDayStart + (a * 3600 + b * 60 + c) * 1000;
    const day = t > cachedReference + HALF_DAY_MS ? 0 : t < cachedReference - HALF_DAY_MS ? 2 : 1;
    return `${dayPrefixes[day]}${TWO_DIGITS[a]}:${TWO_DIGITS[b]}:${TWO_DIGITS[c]}+00:00`;
  }
  if (kind === 122 /* z */) {
    if (a > 31 || b > 23 || c > 59) return '';
    const ref = new Date(cachedReference);
    const y = ref.getUTCFullYear();
    const m = ref.getUTCMonth();
    let t = Date.UTC(y, m, a, b, c, 0);
    if (t > cachedReference + 14 * DAY_MS) t = Date.UTC(y, m - 1, a, b, c, 0);
    else if (t < cachedReference - 14 * DAY_MS) t = Date.UTC(y, m + 1, a, b, c, 0);
    return `${new Date(t).toISOString().slice(0, 19)}+00:00`;
  }
  return '';
};

const SERVER =
  /^# aprsc (\S+) (\d+) ([A-Za-z]{3}) (\d{4}) (\d\d):(\d\d):(\d\d) GMT (\S+) (\d+\.\d+\.\d+\.\d+):(\d+)$/;
const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

const aprsError = (line: string) => rejection(`AprsParseError: This is not a valid APRS packet: ${line}`);

/** Parses one OGN APRS line; `reference` dates the beacon's time-of-day. Throws OgnParseError. */
export function parse(line: string, reference: Date): OgnBeacon {
  setReference(reference.getTime());
  load(line);
  // After load, which may have replaced a buffer too short for the line.
  const b = B;
  if (b[0] === 35 /* # */) return parseServer(line);

  // Header: CALL>DSTCALL,[RELAY*,]...,RECEIVER:<type><body>
  const gt = line.indexOf('>');
  if (gt < 1) throw aprsError(line);
  let i = gt + 1;
  while (i < line.length) {
    const c = b[i] as number;
    if ((c >= 65 && c <= 90) || isDigit(c)) i++;
    else break;
  }
  if (i === gt + 1) throw aprsError(line);
  // Nearly every line's dstcall is APRS: the constant saves a copy and compares by identity.
  const dstcall =
    i === gt + 5 && b[gt + 1] === 65 && b[gt + 2] === 80 && b[gt + 3] === 82 && b[gt + 4] === 83
      ? 'APRS'
      : line.slice(gt + 1, i);
  let receiver: string | null = null;
  let relay: string | null = null;
  let colon = i;
  if (b[i] === 44 /* , */) {
    // The reference's `,(relay*)?.*,(receiver.+?):(.)`: the greedy `.*` picks the last comma that
    // is still followed by "x:y", so a comment with commas or a glued second line resolves like it.
    const pathStart = i + 1;
    // The same comma as lastIndexOf(','), found with two forward scans (faster than one backward
    // scan over the whole comment) when no comma follows the first ':', as in nearly every line.
    const firstColon = line.indexOf(':', pathStart + 1);
    let comma: number;
    if (firstColon >= 0 && line.indexOf(',', firstColon) < 0) {
      // lastIndexOf(',', firstColon) over the few bytes of the receiver name.
      comma = firstColon - 1;
      while (comma >= 0 && b[comma] !== 44) comma--;
    } else comma = line.lastIndexOf(',');
    colon = -1;
    while (comma >= pathStart) {
      // The first ':' from comma + 2 is the path's first colon whenever that lies past it.
      const c = firstColon >= comma + 2 ? firstColon : line.indexOf(':', comma + 2);
      if (c >= 0 && c + 1 < line.length) {
        colon = c;
        break;
      }
      comma = line.lastIndexOf(',', comma - 1);
    }
    if (colon < 0) {
      // The optional path group fails; the reference then needs ':' right after the dstcall.
      colon = i;
      if (b[i] !== 58) throw aprsError(line);
    } else {
      receiver = line.slice(comma + 1, colon);
      let j = pathStart;
      while (j < comma) {
        const c = b[j] as number;
        if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c)) j++;
        else break;
      }
      if (j > pathStart && j < comma && b[j] === 42 /* * */) relay = line.slice(pathStart, j);
    }
  } else if (b[i] !== 58 /* : */ || i + 1 >= line.length) throw aprsError(line);
  const name = line.slice(0, gt);
  const type = b[colon + 1] as number;
  const body = colon + 2;

  if (type === 47 /* / */) return parsePosition(line, body, name, dstcall, relay, receiver);
  if (type === 62 /* > */) {
    const t = line.length >= body + 8 && b[body + 7] === 32 ? timestamp(body) : '';
    if (t === '' || b[body + 6] !== 104) throw rejection(`NotImplementedError: ${line}`);
    const comment = line.slice(body + 8);
    const result: OgnBeacon = {
      raw_message: line,
      reference_timestamp: referenceIso,
      aprs_type: 'status',
      name,
      dstcall,
      receiver_name: receiver,
      timestamp: t,
      comment,
    };
    return parseComment(result, line, body + 8, comment, dstcall, false);
  }
  return { raw_message: line, reference_timestamp: referenceIso, aprs_type: 'unknown' };
}

function parseServer(line: string): OgnBeacon {
  const m = SERVER.exec(line);
  if (m === null)
    return { raw_message: line, reference_timestamp: referenceIso, comment: line, aprs_type: 'comment' };
  const month = MONTHS[m[3] as string];
  if (month === undefined)
    return { raw_message: line, reference_timestamp: referenceIso, comment: line, aprs_type: 'comment' };
  return {
    raw_message: line,
    reference_timestamp: referenceIso,
    version: m[1],
    timestamp: `${m[4]}-${month}-${pad2(Number(m[2]))}T${m[5]}:${m[6]}:${m[7]}`,
    server: m[8],
    ip_address: m[9],
    port: m[10],
    aprs_type: 'server',
  };
}

/**
 * `deg` (a latitude's DD or a longitude's DDD, already read) plus the minutes "MM.mm" at i (and the
 * enhancement's third decimal), in degrees; -1 when the minutes are malformed.
 */
const angle = (deg: number, i: number, enhancement: number) => {
  const b = B;
  const m1 = (b[i] as number) - 48;
  const m2 = (b[i + 1] as number) - 48;
  const h1 = (b[i + 3] as number) - 48;
  const h2 = (b[i + 4] as number) - 48;
  // Unsigned: a byte below '0' wraps to a huge value, so one test per digit.
  if (m1 >>> 0 > 9 || m2 >>> 0 > 9 || h1 >>> 0 > 9 || h2 >>> 0 > 9 || b[i + 2] !== 46) return -1;
  const min = m1 * 10 + m2;
  const hundredths = h1 * 10 + h2;
  // (mm*1000 + hh*10 + e) / 1000 is the correctly rounded value of the decimal "mm.hhe".
  return deg + (min * 1000 + hundredths * 10 + enhancement) / 1000 / 60;
};

function parsePosition(
  line: string,
  at: number,
  name: string,
  dstcall: string,
  relay: string | null,
  receiver: string | null,
): OgnBeacon {
  const b = B;
  const t = timestamp(at);
  if (t === '' || line.length < at + 26) throw aprsError(line);
  const lat = at + 7; // DDMM.mmN
  const latSign = b[lat + 7] as number;
  const lon = lat + 9; // DDDMM.mmE
  const lonSign = b[lon + 8] as number;
  if ((latSign !== 78 && latSign !== 83) || (lonSign !== 69 && lonSign !== 87)) throw aprsError(line);
  const latDeg = digits(lat, 2);
  const lonDeg = digits(lon, 3);
  if (latDeg < 0 || lonDeg < 0) throw aprsError(line);
  // Ranges the reference accepts: 00..89 or exactly 9000.00; 000..179 or exactly 18000.00.
  if (latDeg > 90 || (latDeg === 90 && line.slice(lat + 2, lat + 7) !== '00.00')) throw aprsError(line);
  if (lonDeg > 180 || (lonDeg === 180 && line.slice(lon + 3, lon + 8) !== '00.00')) throw aprsError(line);
  const symboltable = line[lat + 8] as string;
  const symbolcode = line[lon + 9] as string;
  let i = lon + 10;

  // Weather report: _DDD/SSSgGGGtTTT...
  if (b[i + 3] === 47 && b[i + 7] === 103 /* g */) {
    return parseWeather(
      line,
      i,
      name,
      dstcall,
      relay,
      receiver,
      t,
      lat,
      lon,
      latSign,
      lonSign,
      symboltable,
      symbolcode,
    );
  }

  let track: number | null = null;
  let groundSpeed: number | null = null;
  if (b[i + 3] === 47 /* / */ && b[i] !== 47) {
    track = digits(i, 3);
    const speed = digits(i + 4, 3);
    if (track < 0 || speed < 0) throw aprsError(line);
    groundSpeed = (speed * KNOTS_TO_MS) / KPH_TO_MS;
    i += 7;
  }
  let altitude: number | null = null;
  if (b[i] === 47 && b[i + 1] === 65 && b[i + 2] === 61) {
    i += 3;
    let feet: number;
    if (b[i] === 45 /* - */) {
      feet = digits(i + 1, 5);
      if (feet < 0) throw aprsError(line);
      feet = -feet;
    } else {
      feet = digits(i, 6);
      if (feet < 0) throw aprsError(line);
    }
    altitude = feet * FEET_TO_M;
    i += 6;
  }
  let latEnh = 0;
  let lonEnh = 0;
  // Optional " !Wab!" precision enhancement: a third decimal of the minutes for lat and lon.
  if (
    b[i] === 32 &&
    b[i + 1] === 33 &&
    b[i + 2] === 87 &&
    isDigit(b[i + 3] as number) &&
    isDigit(b[i + 4] as number) &&
    b[i + 5] === 33
  ) {
    latEnh = (b[i + 3] as number) - 48;
    lonEnh = (b[i + 4] as number) - 48;
    i += 6;
  }
  let comment = '';
  const o = i + 1;
  if (i < line.length) {
    const c = b[i] as number;
    if (c !== 32 && c !== 9) throw aprsError(line);
    comment = line.slice(i + 1);
  }
  const latitude = angle(latDeg, lat + 2, latEnh);
  const longitude = angle(lonDeg, lon + 3, lonEnh);
  if (latitude < 0 || longitude < 0) throw aprsError(line);

  const signedLat = latSign === 83 ? -latitude : latitude;
  const signedLon = lonSign === 87 ? -longitude : longitude;
  // The common FLARM beacon (dstcall APRS, the usual six fields) as one literal: one shape, no growth.
  if (dstcall === 'APRS' && scanAircraft(line, o, false) === COMMON) {
    const d = hexValue(b[o + 2] as number) * 16 + hexValue(b[o + 3] as number);
    return {
      raw_message: line,
      reference_timestamp: referenceIso,
      aprs_type: 'position',
      name,
      dstcall,
      relay,
      receiver_name: receiver,
      timestamp: t,
      latitude: signedLat,
      symboltable,
      longitude: signedLon,
      symbolcode,
      track,
      ground_speed: groundSpeed,
      altitude,
      comment,
      address_type: d & 0b11,
      aircraft_type: (d & 0b00111100) >> 2,
      'no-tracking': (d & 0b01000000) !== 0,
      stealth: (d & 0b10000000) !== 0,
      address: line.slice(o + 4, o + 10),
      climb_rate: scratch.climb * FPM_TO_MS,
      turn_rate: scratch.turn * HPM_TO_DEGS,
      signal_quality: scratch.signalQuality,
      error_count: scratch.errors,
      frequency_offset: scratch.frequencyOffset,
      gps_quality: { horizontal: scratch.gpsHorizontal, vertical: scratch.gpsVertical },
      beacon_type: 'aprs_aircraft',
    };
  }
  const result: OgnBeacon = {
    raw_message: line,
    reference_timestamp: referenceIso,
    aprs_type: 'position',
    name,
    dstcall,
    relay,
    receiver_name: receiver,
    timestamp: t,
    latitude: signedLat,
    symboltable,
    longitude: signedLon,
    symbolcode,
    track,
    ground_speed: groundSpeed,
    altitude,
    comment,
  };
  return parseComment(result, line, o, comment, dstcall, true);
}

const WEATHER =
  /^(\d{3}|\.{3})\/(\d{3}|\.{3})g(\d{3}|\.{3})t(-?\d{2,3}|\.{3})(?:r(\d{3}))?(?:p(\d{3}))?(?:h(\d{2}))?(?:b(\d{5}))?(?:\s(.*))?$/;

function parseWeather(
  line: string,
  at: number,
  name: string,
  dstcall: string,
  relay: string | null,
  receiver: string | null,
  t: string,
  lat: number,
  lon: number,
  latSign: number,
  lonSign: number,
  symboltable: string,
  symbolcode: string,
): OgnBeacon {
  const m = WEATHER.exec(line.slice(at));
  const latitude = angle(digits(lat, 2), lat + 2, 0);
  const longitude = angle(digits(lon, 3), lon + 3, 0);
  if (m === null || latitude < 0 || longitude < 0) throw aprsError(line);
  const dots = (v: string | undefined) => v === undefined || v === '...';
  return {
    raw_message: line,
    reference_timestamp: referenceIso,
    aprs_type: 'position_weather',
    name,
    dstcall,
    relay,
    receiver_name: receiver,
    timestamp: t,
    latitude: latSign === 83 ? -latitude : latitude,
    symboltable,
    longitude: lonSign === 87 ? -longitude : longitude,
    symbolcode,
    wind_direction: dots(m[1]) ? null : Number(m[1]),
    wind_speed: dots(m[2]) ? null : (Number(m[2]) * KNOTS_TO_MS) / KPH_TO_MS,
    wind_speed_peak: dots(m[3]) ? null : (Number(m[3]) * KNOTS_TO_MS) / KPH_TO_MS,
    temperature: dots(m[4]) ? null : ((Number(m[4]) - 32) * 5) / 9,
    rainfall_1h: m[5] ? (Number(m[5]) / 100) * INCH_TO_MM : null,
    rainfall_24h: m[6] ? (Number(m[6]) / 100) * INCH_TO_MM : null,
    humidity: m[7] ? Number(m[7]) * 0.01 : null,
    barometric_pressure: m[8] ? Number(m[8]) : null,
    comment: m[9] ?? '',
  };
}

// Comment patterns, anchored at the comment's start like the reference's `re.match`.
const RECEIVER =
  /^(?:v(\d+\.\d+\.\d+)(?:\.(.+?))?\s)?CPU:([\d.]+)\sRAM:([\d.]+)\/([\d.]+)MB\sNTP:([\d.]+)ms\/([+-][\d.]+)ppm\s?(?:([\d.]+)V\s)?(?:([\d.]+)A\s)?(?:([+-][\d.]+)C\s*)?(?:(\d+)\/(\d+)Acfts\[1h\]\s*)?(?:RF:(?:([+-]\d+)([+-][\d.]+)ppm\/)?([+-][\d.]+)dB(?:\/([+-][\d.]+)dB@10km\[(\d+)\])?(?:\/([+-][\d.]+)dB@10km\[(\d+)\/(\d+)\])?)?/;
const TRACKER_STATUS =
  /^h(\d{2})\sv(\d{2})\s?(?:(\d+)sat\/(\d)\s?)?(?:(\d+)m\s?)?(?:([\d.]+)hPa\s?)?(?:([+-][\d.]+)degC\s?)?(?:(\d+)%\s?)?(?:([\d.]+)V\s?)?(?:(\d+)\/([+-][\d.]+)dBm\s?)?(?:(\d+)\/min)?/;
const FANET_POSITION = /^(?:id([\dA-F]{2})([\dA-F]{6})\s?)?(?:([+-]\d+)fpm)?/;
const FANET_STATUS = /^(?:Name="(.*)")?\s?(?:([\d.]+)dB\s?)?(?:([+-][\d.]+)kHz\s?)?(?:(\d+)e\s?)?/;
const LT24 = /^id(\d+)\s([+-]\d+)fpm\s(.+)/;
const SKYLINES = /^id(\d+)\s([+-]\d+)fpm/;
const SPIDER = /^id(\d+)\s([+-]\d+)dB\s([A-Z0-9]+)\s(.+)/;
const SPOT = /^id([\d-]+)\s(SPOT[A-Z\d]+)\s([A-Z]+)/;
const INREACH = /^id(\d+)\s(inReac)\s([True|False]+)\s?(.+)?/;
const NAVITER = /^id([\dA-F]{4})([\dA-F]{6})\s([+-]\d+)fpm\s([+-][\d.]+)rot/;
const SAFESKY = /^id([\dA-F]{2})([\dA-F]{6})\s?(?:([+-]\d+)fpm\s)?(?:gps(\d+)x(\d+)\s?)?/;
const MICROTRAK = /^id([\dA-F]{2})([\dA-F]{6})/;

const ognError = (r: OgnBeacon) =>
  rejection(
    `OgnParseError: This is not a valid OGN message: dstcall: ${r.dstcall}, aprs_type: ${r.aprs_type}, comment: ${r.comment}`,
  );

/** The ID field's details byte; `noTracking` parsers read bit 6 as no-tracking, the others as aircraft type. */
const details = (r: OgnBeacon, hex: string, address: string, noTracking: boolean) => {
  const d = Number.parseInt(hex, 16);
  r.address_type = d & 0b11;
  if (noTracking) {
    r.aircraft_type = (d & 0b00111100) >> 2;
    r['no-tracking'] = (d & 0b01000000) !== 0;
  } else {
    r.aircraft_type = (d & 0b01111100) >> 2;
  }
  r.stealth = (d & 0b10000000) !== 0;
  r.address = address;
};

function parseComment(
  r: OgnBeacon,
  line: string,
  o: number,
  comment: string,
  dstcall: string,
  position: boolean,
): OgnBeacon {
  const kind = BEACON_TYPES[dstcall] ?? 'unknown';
  switch (kind) {
    case 'aprs':
      return parseOgnComment(r, line, o, comment);
    case 'flarm':
    case 'tracker': {
      if (!position) {
        if (kind === 'flarm') throw ognError(r);
        const m = TRACKER_STATUS.exec(comment);
        if (m === null) r.comment = comment;
        else {
          if (m[1]) r.hardware_version = Number(m[1]);
          if (m[2]) r.software_version = Number(m[2]);
          if (m[3]) r.gps_satellites = Number(m[3]);
          if (m[4]) r.gps_quality = Number(m[4]);
          if (m[5]) r.gps_altitude = Number(m[5]);
          if (m[6]) r.pressure = Number(m[6]);
          if (m[7]) r.temperature = Number(m[7]);
          if (m[8]) r.humidity = Number(m[8]);
          if (m[9]) r.voltage = Number(m[9]);
          if (m[10]) r.transmitter_power = Number(m[10]);
          if (m[11]) r.noise_level = Number(m[11]);
          if (m[12]) r.relays = Number(m[12]);
        }
        break;
      }
      const mask = scanAircraft(line, o, kind === 'tracker');
      if (mask < 0) throw ognError(r);
      applyAircraft(r, line, o, mask, kind === 'flarm');
      break;
    }
    case 'fanet': {
      if (position) {
        const m = FANET_POSITION.exec(comment) as RegExpExecArray;
        if (m[1]) details(r, m[1], m[2] as string, false);
        if (m[3]) r.climb_rate = Number(m[3]) * FPM_TO_MS;
      } else {
        const m = FANET_STATUS.exec(comment) as RegExpExecArray;
        if (m[1]) r.fanet_name = m[1];
        if (m[2]) r.signal_quality = Number(m[2]);
        if (m[3]) r.frequency_offset = Number(m[3]);
        if (m[4]) r.error_count = Number(m[4]);
      }
      break;
    }
    case 'receiver': {
      if (position) r.user_comment = comment === '' ? null : comment;
      else if (!receiverFields(r, comment)) throw ognError(r);
      break;
    }
    case 'lt24': {
      const m = position ? LT24.exec(comment) : null;
      if (m === null) throw ognError(r);
      r.lt24_id = m[1];
      r.climb_rate = Number(m[2]) * FPM_TO_MS;
      r.source = m[3];
      break;
    }
    case 'skylines': {
      const m = position ? SKYLINES.exec(comment) : null;
      if (m === null) throw ognError(r);
      r.skylines_id = m[1];
      r.climb_rate = Number(m[2]) * FPM_TO_MS;
      break;
    }
    case 'spider': {
      const m = position ? SPIDER.exec(comment) : null;
      if (m === null) throw ognError(r);
      r.spider_id = m[1];
      r.signal_power = Number(m[2]);
      r.spider_registration = m[3];
      r.gps_quality = m[4];
      break;
    }
    case 'spot': {
      const m = position ? SPOT.exec(comment) : null;
      if (m === null) throw ognError(r);
      r.spot_id = m[1];
      r.model = m[2];
      r.status = m[3];
      break;
    }
    case 'inreach': {
      const m = position ? INREACH.exec(comment) : null;
      if (m === null) throw ognError(r);
      r.address = m[1];
      r.model = m[2];
      r.status = m[3] === 'True';
      r.pilot_name = m[4] ?? null;
      break;
    }
    case 'naviter': {
      const m = position ? NAVITER.exec(comment) : null;
      if (m === null) throw ognError(r);
      const d = Number.parseInt(m[1] as string, 16);
      r.stealth = (d & 0x8000) !== 0;
      r.do_not_track = (d & 0x4000) !== 0;
      r.aircraft_type = (d >> 10) & 0xf;
      r.address_type = (d >> 4) & 0x3f;
      r.reserved = d & 0xf;
      r.address = m[2];
      r.climb_rate = Number(m[3]) * FPM_TO_MS;
      r.turn_rate = Number(m[4]) * HPM_TO_DEGS;
      break;
    }
    case 'safesky': {
      const m = position ? SAFESKY.exec(comment) : null;
      if (m === null) throw ognError(r);
      details(r, m[1] as string, m[2] as string, true);
      r.climb_rate = m[3] ? Number(m[3]) * FPM_TO_MS : null;
      if (m[4]) r.gps_quality = { horizontal: Number(m[4]), vertical: Number(m[5]) };
      break;
    }
    case 'microtrak': {
      const m = position ? MICROTRAK.exec(comment) : null;
      if (m === null) throw ognError(r);
      details(r, m[1] as string, m[2] as string, true);
      break;
    }
    default:
      break;
  }
  r.beacon_type = kind === 'aprs' ? r.beacon_type : kind;
  return r;
}

/** Dstcall APRS carries both aircraft and receiver beacons; the comment tells which. */
function parseOgnComment(r: OgnBeacon, line: string, o: number, comment: string): OgnBeacon {
  if (comment !== '') {
    const mask = scanAircraft(line, o, false);
    if (mask >= 0) {
      applyAircraft(r, line, o, mask, true);
      r.beacon_type = 'aprs_aircraft';
      return r;
    }
    if (!receiverFields(r, comment)) r.user_comment = comment;
  }
  r.beacon_type = 'aprs_receiver';
  return r;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70);
const hexValue = (c: number) => (c <= 57 ? c - 48 : c - 55);

/** End of the run the last scanDigits / scanDecimal read. */
let scanEnd = 0;

/** Value of the run of digits from `i` (the reference's `\d+`), its end to `scanEnd`. */
const scanDigits = (i: number) => {
  const b = B;
  let v = 0;
  let j = i;
  for (;;) {
    const c = (b[j] as number) - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
    j++;
  }
  scanEnd = j;
  return v;
};

/**
 * The run of digits and dots from `from` (the reference's `[\d.]+`), read in one pass: its end
 * goes to `scanEnd`, and Python's float() of it is returned without a substring: an integer of
 * ≤ 15 digits divided by a power of ten is the correctly rounded decimal. Malformed runs ("1.2.3",
 * "."), which float() rejects, give NaN; longer ones, which it rounds differently, go the slow way.
 */
const scanDecimal = (s: string, from: number, negative: boolean) => {
  const b = B;
  let v = 0;
  let scale = 1;
  let dots = 0;
  let count = 0;
  let i = from;
  for (;;) {
    const c = b[i] as number;
    if (isDigit(c)) {
      v = v * 10 + (c - 48);
      count++;
      if (dots > 0) scale *= 10;
    } else if (c === 46) dots++;
    else break;
    i++;
  }
  scanEnd = i;
  if (count === 0 || dots > 1) return Number.NaN;
  if (count > 15) return Number(s.slice(from, i)) * (negative ? -1 : 1);
  const x = v / scale;
  return negative ? -x : x;
};

/** A "[+-]" sign at i: 1 for '+', -1 for '-', 0 for none. */
const sign = (i: number) => {
  const c = ch(i);
  return c === 43 ? 1 : c === 45 ? -1 : 0;
};

/** The three or four bytes a b c (d) at i. */
const at3 = (i: number, a: number, b: number, c: number) => ch(i) === a && ch(i + 1) === b && ch(i + 2) === c;
const at4 = (i: number, a: number, b: number, c: number, d: number) => at3(i, a, b, c) && ch(i + 3) === d;

// Fields of an aircraft comment, as bits of scanAircraft's mask.
const CLIMB = 1;
const TURN = 2;
const FLIGHT_LEVEL = 4;
const SIGNAL_QUALITY = 8;
const ERRORS = 16;
const FREQUENCY_OFFSET = 32;
const GPS = 64;
const SOFTWARE = 128;
const HARDWARE = 256;
const REAL_ADDRESS = 512;
const SIGNAL_POWER = 1024;
const PROXIMITY = 2048;
/** What nearly every FLARM beacon carries (~95 % of the corpus). */
const COMMON = CLIMB | TURN | SIGNAL_QUALITY | ERRORS | FREQUENCY_OFFSET | GPS;

/** The last scanned aircraft comment's values; reused so a scan allocates nothing. */
const scratch = {
  climb: 0,
  turn: 0,
  flightLevel: 0,
  signalQuality: 0,
  errors: 0,
  frequencyOffset: 0,
  gpsHorizontal: 0,
  gpsVertical: 0,
  softwareVersion: 0,
  hardwareVersion: 0,
  realFrom: 0,
  realTo: 0,
  signalPower: 0,
  hearFrom: 0,
  hearTo: 0,
};

/** The ID field's details byte; `noTracking` parsers read bit 6 as no-tracking, the others as aircraft type. */
const idDetails = (r: OgnBeacon, s: string, o: number, noTracking: boolean) => {
  const d = hexValue(ch(o + 2)) * 16 + hexValue(ch(o + 3));
  r.address_type = d & 0b11;
  if (noTracking) {
    r.aircraft_type = (d & 0b00111100) >> 2;
    r['no-tracking'] = (d & 0b01000000) !== 0;
  } else {
    r.aircraft_type = (d & 0b01111100) >> 2;
  }
  r.stealth = (d & 0b10000000) !== 0;
  r.address = s.slice(o + 4, o + 10);
};

/** Writes the scanned fields onto the beacon, in the reference's order. */
const applyAircraft = (r: OgnBeacon, s: string, o: number, mask: number, noTracking: boolean) => {
  idDetails(r, s, o, noTracking);
  if (mask & CLIMB) r.climb_rate = scratch.climb * FPM_TO_MS;
  if (mask & TURN) r.turn_rate = scratch.turn * HPM_TO_DEGS;
  if (mask & FLIGHT_LEVEL) r.flightlevel = scratch.flightLevel;
  if (mask & SIGNAL_QUALITY) r.signal_quality = scratch.signalQuality;
  if (mask & ERRORS) r.error_count = scratch.errors;
  if (mask & FREQUENCY_OFFSET) r.frequency_offset = scratch.frequencyOffset;
  if (mask & GPS) r.gps_quality = { horizontal: scratch.gpsHorizontal, vertical: scratch.gpsVertical };
  if (mask & SOFTWARE) r.software_version = scratch.softwareVersion;
  if (mask & HARDWARE) r.hardware_version = scratch.hardwareVersion;
  if (mask & REAL_ADDRESS) r.real_address = s.slice(scratch.realFrom, scratch.realTo);
  if (mask & SIGNAL_POWER) r.signal_power = scratch.signalPower;
  // The reference splits the hear… group on ' ' and drops each "hear".
  if (mask & PROXIMITY)
    r.proximity = s
      .slice(scratch.hearFrom, scratch.hearTo)
      .split(' ')
      .map((h) => h.slice(4));
};

/**
 * The reference's aircraft comment pattern, scanned by hand: "idXXYYYYYY" then optional fields
 * in a fixed order (climb fpm, turn rot, FL, dB, errors, kHz, gps, s, h, r, dBm, hear…). Every
 * field is optional and the pattern is not anchored at the end, so each field is taken when it
 * matches at the cursor and skipped otherwise, as the regex's greedy groups do. `tracker` omits
 * the fields tracker beacons do not carry (versions, real address, proximity). Values go to
 * `scratch` and the fields found to the returned mask (-1: not an aircraft comment), so the
 * common beacon is built as one object literal.
 */
function scanAircraft(s: string, o: number, tracker: boolean): number {
  const b = B;
  if (b[o] !== 105 || b[o + 1] !== 100) return -1;
  for (let k = o + 2; k < o + 10; k++) if (!isHex(b[k] as number)) return -1;
  let mask = 0;
  let i = isSpace(b[o + 10] as number) ? o + 11 : o + 10;
  let g: number;
  let e: number;

  // ([+-]\d+)fpm\s
  g = sign(i);
  if (g !== 0) {
    const v = scanDigits(i + 1);
    e = scanEnd;
    if (e > i + 1 && at3(e, 102, 112, 109) /* fpm */ && isSpace(b[e + 3] as number)) {
      scratch.climb = g * v;
      mask |= CLIMB;
      i = e + 4;
    }
  }
  // ([+-][\d.]+)rot\s
  g = sign(i);
  if (g !== 0) {
    const v = scanDecimal(s, i + 1, g < 0);
    e = scanEnd;
    if (e > i + 1 && at3(e, 114, 111, 116) /* rot */ && isSpace(b[e + 3] as number)) {
      scratch.turn = checked(v);
      mask |= TURN;
      i = e + 4;
    }
  }
  // FL([\d.]+)\s
  if (b[i] === 70 && b[i + 1] === 76) {
    const v = scanDecimal(s, i + 2, false);
    e = scanEnd;
    if (e > i + 2 && isSpace(b[e] as number)) {
      scratch.flightLevel = checked(v);
      mask |= FLIGHT_LEVEL;
      i = e + 1;
    }
  }
  // ([\d.]+)dB\s
  const q = scanDecimal(s, i, false);
  e = scanEnd;
  if (e > i && b[e] === 100 && b[e + 1] === 66 && isSpace(b[e + 2] as number)) {
    scratch.signalQuality = checked(q);
    mask |= SIGNAL_QUALITY;
    i = e + 3;
  }
  // (\d+)e\s
  const errors = scanDigits(i);
  e = scanEnd;
  if (e > i && b[e] === 101 && isSpace(b[e + 1] as number)) {
    scratch.errors = errors;
    mask |= ERRORS;
    i = e + 2;
  }
  // ([+-][\d.]+)kHz\s?
  g = sign(i);
  if (g !== 0) {
    const v = scanDecimal(s, i + 1, g < 0);
    e = scanEnd;
    if (e > i + 1 && at3(e, 107, 72, 122) /* kHz */) {
      scratch.frequencyOffset = checked(v);
      mask |= FREQUENCY_OFFSET;
      i = isSpace(b[e + 3] as number) ? e + 4 : e + 3;
    }
  }
  // gps(\d+)x(\d+)\s?
  if (at3(i, 103, 112, 115) /* gps */) {
    const horizontal = scanDigits(i + 3);
    const h = scanEnd;
    if (h > i + 3 && b[h] === 120) {
      const vertical = scanDigits(h + 1);
      e = scanEnd;
      if (e > h + 1) {
        scratch.gpsHorizontal = horizontal;
        scratch.gpsVertical = vertical;
        mask |= GPS;
        i = isSpace(b[e] as number) ? e + 1 : e;
      }
    }
  }
  if (!tracker) {
    // s([\d.]+)\s?
    if (b[i] === 115) {
      const v = scanDecimal(s, i + 1, false);
      e = scanEnd;
      if (e > i + 1) {
        scratch.softwareVersion = checked(v);
        mask |= SOFTWARE;
        i = isSpace(b[e] as number) ? e + 1 : e;
      }
    }
    // h([\dA-F]{2})\s?
    if (b[i] === 104 && isHex(b[i + 1] as number) && isHex(b[i + 2] as number)) {
      scratch.hardwareVersion = hexValue(b[i + 1] as number) * 16 + hexValue(b[i + 2] as number);
      mask |= HARDWARE;
      i = isSpace(b[i + 3] as number) ? i + 4 : i + 3;
    }
    // r([\dA-F]+)\s?
    if (b[i] === 114) {
      e = i + 1;
      while (isHex(b[e] as number)) e++;
      if (e > i + 1) {
        scratch.realFrom = i + 1;
        scratch.realTo = e;
        mask |= REAL_ADDRESS;
        i = isSpace(b[e] as number) ? e + 1 : e;
      }
    }
  }
  // ([+-][\d.]+)dBm\s?
  g = sign(i);
  if (g !== 0) {
    const v = scanDecimal(s, i + 1, g < 0);
    e = scanEnd;
    if (e > i + 1 && at3(e, 100, 66, 109) /* dBm */) {
      scratch.signalPower = checked(v);
      mask |= SIGNAL_POWER;
      i = isSpace(b[e + 3] as number) ? e + 4 : e + 3;
    }
  }
  // ((?:hear[\dA-F]{4}\s?)+): the reference splits the group on ' ' and drops each "hear".
  if (!tracker && at4(i, 104, 101, 97, 114) /* hear */) {
    e = i;
    while (
      at4(e, 104, 101, 97, 114) /* hear */ &&
      isHex(b[e + 4] as number) &&
      isHex(b[e + 5] as number) &&
      isHex(b[e + 6] as number) &&
      isHex(b[e + 7] as number)
    ) {
      e = isSpace(b[e + 8] as number) ? e + 9 : e + 8;
    }
    if (e > i) {
      scratch.hearFrom = i;
      scratch.hearTo = e;
      mask |= PROXIMITY;
    }
  }
  return mask;
}

/** A number field Python's float() would reject fails the whole comment, as in the reference. */
const checked = (value: number) => {
  if (Number.isNaN(value)) throw rejection('OgnParseError: malformed number in the OGN comment');
  return value;
};

/**
 * Number() of a captured `[+-]?[\d.]+`, without the runtime call Number() makes for a string that
 * is not an integer index: ≤ 15 digits and one dot are exact as integer / power of ten; anything
 * else (more digits, more dots) goes to Number() itself.
 */
const num = (t: string) => {
  const n = t.length;
  let i = 0;
  let negative = false;
  const first = n > 0 ? t.charCodeAt(0) : 0;
  if (first === 43 || first === 45) {
    negative = first === 45;
    i = 1;
  }
  let v = 0;
  let scale = 1;
  let dot = false;
  let count = 0;
  for (; i < n; i++) {
    const c = t.charCodeAt(i);
    if (isDigit(c)) {
      v = v * 10 + (c - 48);
      count++;
      if (dot) scale *= 10;
    } else if (c === 46 && !dot) dot = true;
    else return Number(t);
  }
  if (count === 0 || count > 15) return Number(t);
  const x = v / scale;
  return negative ? -x : x;
};

function receiverFields(r: OgnBeacon, comment: string): boolean {
  const m = RECEIVER.exec(comment);
  if (m === null) return false;
  r.version = m[1] ?? null;
  r.platform = m[2] ?? null;
  r.cpu_load = num(m[3] as string);
  r.free_ram = num(m[4] as string);
  r.total_ram = num(m[5] as string);
  r.ntp_error = num(m[6] as string);
  r.rt_crystal_correction = num(m[7] as string);
  if (m[8]) r.voltage = num(m[8] as string);
  if (m[9]) r.amperage = num(m[9] as string);
  if (m[10]) r.cpu_temp = num(m[10] as string);
  if (m[11]) r.senders_visible = num(m[11] as string);
  if (m[12]) r.senders_total = num(m[12] as string);
  if (m[13]) r.rec_crystal_correction = num(m[13] as string);
  if (m[14]) r.rec_crystal_correction_fine = num(m[14] as string);
  if (m[15]) r.rec_input_noise = num(m[15] as string);
  if (m[16]) r.senders_signal = num(m[16] as string);
  if (m[17]) r.senders_messages = num(m[17] as string);
  if (m[18]) r.good_senders_signal = num(m[18] as string);
  if (m[19]) r.good_senders = num(m[19] as string);
  if (m[20]) r.good_and_bad_senders = num(m[20] as string);
  return true;
}

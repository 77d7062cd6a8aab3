/**
 * OGN APRS beacon parser. Field names, units and accept/reject decisions follow the reference
 * parser (python-ogn-client 1.3.3), so beacons parse the same here as in ogn-python tooling.
 * The header, the position and the aircraft comment (nearly every line) are scanned by hand
 * without backtracking or substrings beyond the result's own strings; the rarer comment kinds
 * (receiver status, trackers, FANET, Naviter…) use precompiled anchored regexes.
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

export type OgnBeacon = Record<string, unknown>;

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

/** Char code at i, 0 past the end: reads stay small integers (an out-of-bounds NaN deoptimises). */
const code = (s: string, i: number) => (i < s.length ? s.charCodeAt(i) : 0);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Value of `len` decimal digits at `i`, or -1 when one is not a digit. */
const digits = (s: string, i: number, len: number) => {
  let v = 0;
  for (let k = 0; k < len; k++) {
    const c = code(s, i + k) - 48;
    // NaN past the end fails this test too.
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
const timestamp = (s: string, i: number) => {
  const a = digits(s, i, 2);
  const b = digits(s, i + 2, 2);
  const c = digits(s, i + 4, 2);
  if (a < 0 || b < 0 || c < 0) return '';
  const kind = code(s, i + 6);
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
  if (code(line, 0) === 35 /* # */) return parseServer(line);

  // Header: CALL>DSTCALL,[RELAY*,]...,RECEIVER:<type><body>
  const gt = line.indexOf('>');
  if (gt < 1) throw aprsError(line);
  let i = gt + 1;
  while (i < line.length) {
    const c = code(line, i);
    if ((c >= 65 && c <= 90) || isDigit(c)) i++;
    else break;
  }
  if (i === gt + 1) throw aprsError(line);
  const dstcall = line.slice(gt + 1, i);
  let receiver: string | null = null;
  let relay: string | null = null;
  let colon = i;
  if (code(line, i) === 44 /* , */) {
    // The reference's `,(relay*)?.*,(receiver.+?):(.)`: the greedy `.*` picks the last comma that
    // is still followed by "x:y", so a comment with commas or a glued second line resolves like it.
    const pathStart = i + 1;
    // The same comma as lastIndexOf(','), found with two forward scans (faster than one backward
    // scan over the whole comment) when no comma follows the first ':', as in nearly every line.
    const firstColon = line.indexOf(':', pathStart + 1);
    let comma =
      firstColon >= 0 && line.indexOf(',', firstColon) < 0
        ? line.lastIndexOf(',', firstColon)
        : line.lastIndexOf(',');
    colon = -1;
    while (comma >= pathStart) {
      const c = line.indexOf(':', comma + 2);
      if (c >= 0 && c + 1 < line.length) {
        colon = c;
        break;
      }
      comma = line.lastIndexOf(',', comma - 1);
    }
    if (colon < 0) {
      // The optional path group fails; the reference then needs ':' right after the dstcall.
      colon = i;
      if (code(line, i) !== 58) throw aprsError(line);
    } else {
      receiver = line.slice(comma + 1, colon);
      let j = pathStart;
      while (j < comma) {
        const c = code(line, j);
        if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c)) j++;
        else break;
      }
      if (j > pathStart && j < comma && code(line, j) === 42 /* * */) relay = line.slice(pathStart, j);
    }
  } else if (code(line, i) !== 58 /* : */ || i + 1 >= line.length) throw aprsError(line);
  const name = line.slice(0, gt);
  const type = code(line, colon + 1);
  const body = colon + 2;

  if (type === 47 /* / */) return parsePosition(line, body, name, dstcall, relay, receiver);
  if (type === 62 /* > */) {
    const t = line.length >= body + 8 && code(line, body + 7) === 32 ? timestamp(line, body) : '';
    if (t === '' || code(line, body + 6) !== 104) throw rejection(`NotImplementedError: ${line}`);
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
    return parseComment(result, comment, dstcall, false);
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

/** DDMM.mm (lat, 4 degree digits incl. a leading 0 → `degLen` 2) or DDDMM.mm (lon, `degLen` 3). */
const angle = (s: string, i: number, degLen: number, enhancement: number) => {
  const deg = digits(s, i, degLen);
  const min = digits(s, i + degLen, 2);
  const hundredths = digits(s, i + degLen + 3, 2);
  if (deg < 0 || min < 0 || hundredths < 0 || code(s, i + degLen + 2) !== 46) return -1;
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
  const t = timestamp(line, at);
  if (t === '' || line.length < at + 26) throw aprsError(line);
  const lat = at + 7; // DDMM.mmN
  const latSign = code(line, lat + 7);
  const lon = lat + 9; // DDDMM.mmE
  const lonSign = code(line, lon + 8);
  if ((latSign !== 78 && latSign !== 83) || (lonSign !== 69 && lonSign !== 87)) throw aprsError(line);
  const latDeg = digits(line, lat, 2);
  const lonDeg = digits(line, lon, 3);
  if (latDeg < 0 || lonDeg < 0) throw aprsError(line);
  // Ranges the reference accepts: 00..89 or exactly 9000.00; 000..179 or exactly 18000.00.
  if (latDeg > 90 || (latDeg === 90 && line.slice(lat + 2, lat + 7) !== '00.00')) throw aprsError(line);
  if (lonDeg > 180 || (lonDeg === 180 && line.slice(lon + 3, lon + 8) !== '00.00')) throw aprsError(line);
  const symboltable = line[lat + 8] as string;
  const symbolcode = line[lon + 9] as string;
  let i = lon + 10;

  // Weather report: _DDD/SSSgGGGtTTT...
  if (code(line, i + 3) === 47 && code(line, i + 7) === 103 /* g */) {
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
  if (code(line, i + 3) === 47 /* / */ && code(line, i) !== 47) {
    track = digits(line, i, 3);
    const speed = digits(line, i + 4, 3);
    if (track < 0 || speed < 0) throw aprsError(line);
    groundSpeed = (speed * KNOTS_TO_MS) / KPH_TO_MS;
    i += 7;
  }
  let altitude: number | null = null;
  if (code(line, i) === 47 && code(line, i + 1) === 65 && code(line, i + 2) === 61) {
    i += 3;
    let feet: number;
    if (code(line, i) === 45 /* - */) {
      feet = digits(line, i + 1, 5);
      if (feet < 0) throw aprsError(line);
      feet = -feet;
    } else {
      feet = digits(line, i, 6);
      if (feet < 0) throw aprsError(line);
    }
    altitude = feet * FEET_TO_M;
    i += 6;
  }
  let latEnh = 0;
  let lonEnh = 0;
  // Optional " !Wab!" precision enhancement: a third decimal of the minutes for lat and lon.
  if (
    code(line, i) === 32 &&
    code(line, i + 1) === 33 &&
    code(line, i + 2) === 87 &&
    isDigit(code(line, i + 3)) &&
    isDigit(code(line, i + 4)) &&
    code(line, i + 5) === 33
  ) {
    latEnh = code(line, i + 3) - 48;
    lonEnh = code(line, i + 4) - 48;
    i += 6;
  }
  let comment = '';
  if (i < line.length) {
    const c = code(line, i);
    if (c !== 32 && c !== 9) throw aprsError(line);
    comment = line.slice(i + 1);
  }
  const latitude = angle(line, lat, 2, latEnh);
  const longitude = angle(line, lon, 3, lonEnh);
  if (latitude < 0 || longitude < 0) throw aprsError(line);

  const signedLat = latSign === 83 ? -latitude : latitude;
  const signedLon = lonSign === 87 ? -longitude : longitude;
  // The common FLARM beacon (dstcall APRS, the usual six fields) as one literal: one shape, no growth.
  if (dstcall === 'APRS' && scanAircraft(comment, false) === COMMON) {
    const d = hexValue(code(comment, 2)) * 16 + hexValue(code(comment, 3));
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
      address: comment.slice(4, 10),
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
  return parseComment(result, comment, dstcall, true);
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
  const latitude = angle(line, lat, 2, 0);
  const longitude = angle(line, lon, 3, 0);
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

function parseComment(r: OgnBeacon, comment: string, dstcall: string, position: boolean): OgnBeacon {
  const kind = BEACON_TYPES[dstcall] ?? 'unknown';
  switch (kind) {
    case 'aprs':
      return parseOgnComment(r, comment);
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
      const mask = scanAircraft(comment, kind === 'tracker');
      if (mask < 0) throw ognError(r);
      applyAircraft(r, comment, mask, kind === 'flarm');
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
function parseOgnComment(r: OgnBeacon, comment: string): OgnBeacon {
  if (comment !== '') {
    const mask = scanAircraft(comment, false);
    if (mask >= 0) {
      applyAircraft(r, comment, mask, true);
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

/** End of the run of digits and dots from `i` (the reference's `[\d.]+`). */
const decimalEnd = (s: string, i: number) => {
  let j = i;
  const n = s.length;
  while (j < n) {
    const c = s.charCodeAt(j);
    if (isDigit(c) || c === 46) j++;
    else break;
  }
  return j;
};
const digitsEnd = (s: string, i: number) => {
  let j = i;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return j;
};

/**
 * Python's float() of s[from, to) for digits with at most one dot, without a substring: an
 * integer of ≤ 15 digits divided by a power of ten is the correctly rounded decimal. Longer or
 * malformed runs ("1.2.3", "."), which float() rejects or rounds differently, go the slow way.
 */
const decimal = (s: string, from: number, to: number, negative: boolean) => {
  let v = 0;
  let scale = 1;
  let dot = false;
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = code(s, i);
    if (c === 46) {
      if (dot) return Number.NaN;
      dot = true;
    } else {
      v = v * 10 + (c - 48);
      count++;
      if (dot) scale *= 10;
    }
  }
  if (count === 0) return Number.NaN;
  if (count > 15) return Number(s.slice(from, to)) * (negative ? -1 : 1);
  const x = v / scale;
  return negative ? -x : x;
};

/** A "[+-]" sign at i: 1 for '+', -1 for '-', 0 for none. */
const sign = (s: string, i: number) => {
  const c = code(s, i);
  return c === 43 ? 1 : c === 45 ? -1 : 0;
};

/** Literal `word` at i. */
const at = (s: string, i: number, word: string) => {
  for (let k = 0; k < word.length; k++) if (code(s, i + k) !== code(word, k)) return false;
  return true;
};

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
const idDetails = (r: OgnBeacon, s: string, noTracking: boolean) => {
  const d = hexValue(code(s, 2)) * 16 + hexValue(code(s, 3));
  r.address_type = d & 0b11;
  if (noTracking) {
    r.aircraft_type = (d & 0b00111100) >> 2;
    r['no-tracking'] = (d & 0b01000000) !== 0;
  } else {
    r.aircraft_type = (d & 0b01111100) >> 2;
  }
  r.stealth = (d & 0b10000000) !== 0;
  r.address = s.slice(4, 10);
};

/** Writes the scanned fields onto the beacon, in the reference's order. */
const applyAircraft = (r: OgnBeacon, s: string, mask: number, noTracking: boolean) => {
  idDetails(r, s, noTracking);
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
function scanAircraft(s: string, tracker: boolean): number {
  if (code(s, 0) !== 105 || code(s, 1) !== 100) return -1;
  for (let k = 2; k < 10; k++) if (!isHex(code(s, k))) return -1;
  let mask = 0;
  let i = isSpace(code(s, 10)) ? 11 : 10;
  let g: number;
  let e: number;

  // ([+-]\d+)fpm\s
  g = sign(s, i);
  if (g !== 0) {
    e = digitsEnd(s, i + 1);
    if (e > i + 1 && at(s, e, 'fpm') && isSpace(code(s, e + 3))) {
      scratch.climb = g * digits(s, i + 1, e - i - 1);
      mask |= CLIMB;
      i = e + 4;
    }
  }
  // ([+-][\d.]+)rot\s
  g = sign(s, i);
  if (g !== 0) {
    e = decimalEnd(s, i + 1);
    if (e > i + 1 && at(s, e, 'rot') && isSpace(code(s, e + 3))) {
      scratch.turn = checked(decimal(s, i + 1, e, g < 0));
      mask |= TURN;
      i = e + 4;
    }
  }
  // FL([\d.]+)\s
  if (code(s, i) === 70 && code(s, i + 1) === 76) {
    e = decimalEnd(s, i + 2);
    if (e > i + 2 && isSpace(code(s, e))) {
      scratch.flightLevel = checked(decimal(s, i + 2, e, false));
      mask |= FLIGHT_LEVEL;
      i = e + 1;
    }
  }
  // ([\d.]+)dB\s
  e = decimalEnd(s, i);
  if (e > i && code(s, e) === 100 && code(s, e + 1) === 66 && isSpace(code(s, e + 2))) {
    scratch.signalQuality = checked(decimal(s, i, e, false));
    mask |= SIGNAL_QUALITY;
    i = e + 3;
  }
  // (\d+)e\s
  e = digitsEnd(s, i);
  if (e > i && code(s, e) === 101 && isSpace(code(s, e + 1))) {
    scratch.errors = digits(s, i, e - i);
    mask |= ERRORS;
    i = e + 2;
  }
  // ([+-][\d.]+)kHz\s?
  g = sign(s, i);
  if (g !== 0) {
    e = decimalEnd(s, i + 1);
    if (e > i + 1 && at(s, e, 'kHz')) {
      scratch.frequencyOffset = checked(decimal(s, i + 1, e, g < 0));
      mask |= FREQUENCY_OFFSET;
      i = isSpace(code(s, e + 3)) ? e + 4 : e + 3;
    }
  }
  // gps(\d+)x(\d+)\s?
  if (at(s, i, 'gps')) {
    const h = digitsEnd(s, i + 3);
    if (h > i + 3 && code(s, h) === 120) {
      e = digitsEnd(s, h + 1);
      if (e > h + 1) {
        scratch.gpsHorizontal = digits(s, i + 3, h - i - 3);
        scratch.gpsVertical = digits(s, h + 1, e - h - 1);
        mask |= GPS;
        i = isSpace(code(s, e)) ? e + 1 : e;
      }
    }
  }
  if (!tracker) {
    // s([\d.]+)\s?
    if (code(s, i) === 115) {
      e = decimalEnd(s, i + 1);
      if (e > i + 1) {
        scratch.softwareVersion = checked(decimal(s, i + 1, e, false));
        mask |= SOFTWARE;
        i = isSpace(code(s, e)) ? e + 1 : e;
      }
    }
    // h([\dA-F]{2})\s?
    if (code(s, i) === 104 && isHex(code(s, i + 1)) && isHex(code(s, i + 2))) {
      scratch.hardwareVersion = hexValue(code(s, i + 1)) * 16 + hexValue(code(s, i + 2));
      mask |= HARDWARE;
      i = isSpace(code(s, i + 3)) ? i + 4 : i + 3;
    }
    // r([\dA-F]+)\s?
    if (code(s, i) === 114) {
      e = i + 1;
      while (isHex(code(s, e))) e++;
      if (e > i + 1) {
        scratch.realFrom = i + 1;
        scratch.realTo = e;
        mask |= REAL_ADDRESS;
        i = isSpace(code(s, e)) ? e + 1 : e;
      }
    }
  }
  // ([+-][\d.]+)dBm\s?
  g = sign(s, i);
  if (g !== 0) {
    e = decimalEnd(s, i + 1);
    if (e > i + 1 && at(s, e, 'dBm')) {
      scratch.signalPower = checked(decimal(s, i + 1, e, g < 0));
      mask |= SIGNAL_POWER;
      i = isSpace(code(s, e + 3)) ? e + 4 : e + 3;
    }
  }
  // ((?:hear[\dA-F]{4}\s?)+): the reference splits the group on ' ' and drops each "hear".
  if (!tracker && at(s, i, 'hear')) {
    e = i;
    while (
      at(s, e, 'hear') &&
      isHex(code(s, e + 4)) &&
      isHex(code(s, e + 5)) &&
      isHex(code(s, e + 6)) &&
      isHex(code(s, e + 7))
    ) {
      e = isSpace(code(s, e + 8)) ? e + 9 : e + 8;
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

function receiverFields(r: OgnBeacon, comment: string): boolean {
  const m = RECEIVER.exec(comment);
  if (m === null) return false;
  r.version = m[1] ?? null;
  r.platform = m[2] ?? null;
  r.cpu_load = Number(m[3]);
  r.free_ram = Number(m[4]);
  r.total_ram = Number(m[5]);
  r.ntp_error = Number(m[6]);
  r.rt_crystal_correction = Number(m[7]);
  if (m[8]) r.voltage = Number(m[8]);
  if (m[9]) r.amperage = Number(m[9]);
  if (m[10]) r.cpu_temp = Number(m[10]);
  if (m[11]) r.senders_visible = Number(m[11]);
  if (m[12]) r.senders_total = Number(m[12]);
  if (m[13]) r.rec_crystal_correction = Number(m[13]);
  if (m[14]) r.rec_crystal_correction_fine = Number(m[14]);
  if (m[15]) r.rec_input_noise = Number(m[15]);
  if (m[16]) r.senders_signal = Number(m[16]);
  if (m[17]) r.senders_messages = Number(m[17]);
  if (m[18]) r.good_senders_signal = Number(m[18]);
  if (m[19]) r.good_senders = Number(m[19]);
  if (m[20]) r.good_and_bad_senders = Number(m[20]);
  return true;
}

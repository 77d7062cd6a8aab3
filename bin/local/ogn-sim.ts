import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Synthetic OGN beacon streams (issue 6 §7, §9): aircraft flown by a small kinematic model over the
 * demo club's field and written as real OGN APRS lines (the corpus' format: FLARM and ICAO
 * addresses, !W! precision digits, fpm, rot), heard by named receivers, some twice, a few lost,
 * each line with its receive time so a replay can pace them. Deterministic for a given seed.
 *
 * Scenarios: winchLaunch, aerotow, touchAndGo, outlanding, lowCircling (the detection tests),
 * afternoon (the demo: hours of winch and aerotow launches), and a real flying day's hard cases
 * (issue 18): privateFlights (the no-tracking and stealth bits, from the start and switched on
 * mid-flight), cableBreaks (winch launches broken at 60 and 140 m), crossClubAerotow (the demo club's
 * tug towing the Alpine club's glider), landingGap (a landing inside 2 minutes of no reception) and
 * retrieveTow (a 10-minute aerotow home from Budaörs). Each returns the lines, their receive times,
 * and the truth the simulation flew (events, launches, privacy bits) for tests to compare with.
 *
 * As a command it writes a recording for the bridge's replay (`ISO<TAB>line` per line):
 *   node bin/local/ogn-sim.ts [afternoon|winchLaunch|aerotow|touchAndGo|outlanding|lowCircling|
 *     privateFlights|cableBreaks|crossClubAerotow|landingGap|retrieveTow]
 *     [--seed N] [--start 2026-06-13T12:00:00Z] [--hours 3] > afternoon.txt
 *   npm run ogn:replay -- afternoon.txt --speed 60
 */

/** Dunakeszi as seeded in seed-lookups.ts (ARP, elevation in metres; no runway length there). */
export const LHDK = { icao: 'LHDK', latitude: 47.6167, longitude: 19.1433, altitude: 126 };
/** Direction the simulated launches take off in (LHDK's grass strips run roughly NW–SE). */
const RUNWAY_HEADING = 120;

/** The demo club's trackers: the ogn_id values of the seeded fleet (seed-aircraft.ts). */
export const DEMO_DEVICES = {
  'HA-4012': 'DD4012',
  'HA-4370': 'DD4370',
  'HA-4455': 'DD4455',
  'HA-SBX': '4D2A11',
  'HA-1265': '4D1265',
} as const;
const GLIDERS = [DEMO_DEVICES['HA-4012'], DEMO_DEVICES['HA-4370'], DEMO_DEVICES['HA-4455']];
const TUG = DEMO_DEVICES['HA-SBX'];
const TMG = DEMO_DEVICES['HA-1265'];

/** Receivers around the field, named like the network's (≤ 9 characters). */
const RECEIVERS = [
  { name: 'LHDK', latitude: 47.6172, longitude: 19.1421, altitude: 131 },
  { name: 'LHDKwest', latitude: 47.6231, longitude: 19.1129, altitude: 160 },
  { name: 'Veresegyh', latitude: 47.6563, longitude: 19.2918, altitude: 185 },
  { name: 'Godollo', latitude: 47.6046, longitude: 19.3631, altitude: 240 },
];

interface SimOptions {
  seed?: number;
  /** Start of the scenario; a fixed day by default so streams are reproducible. */
  start?: Date | string;
}

interface SimEvent {
  type: 'takeoff' | 'landing';
  address: string;
  /** Epoch ms when the simulated ground speed crossed the threshold. */
  at: number;
  airfield: string | null;
}

interface SimLaunch {
  address: string;
  at: number;
  takeoff_type: 1 | 3 | 5 | 6;
  tug?: string;
  /** Height above the take-off airfield where the glider came off tow (aerotow) or the cable (winch). */
  release_height?: number;
  /** A winch launch whose cable broke low (cableBreaks). */
  short?: boolean;
  /** When the glider came off tow (aerotow), epoch ms. */
  released_at?: number;
}

/** The OGN privacy bits of the ID field's detail byte (`STttttaa`): S stealth, T no-tracking. */
type PrivacyFlag = 'no-tracking' | 'stealth';

/** A device sending `flag` in every beacon from `from` (epoch ms) on. */
interface SimPrivacy {
  address: string;
  flag: PrivacyFlag;
  from: number;
}

export interface SimStream {
  lines: string[];
  /** Receive time (epoch ms) of each line, ascending. */
  at: number[];
  truth: {
    events: SimEvent[];
    launches: SimLaunch[];
    privacy?: SimPrivacy[];
    /** Reception gaps: no receiver hears anything between the two instants (epoch ms). */
    gaps?: { from: number; to: number }[];
  };
}

const DEFAULT_START = '2026-06-13T12:00:00Z';

// ---------------------------------------------------------------------------------------------
// Randomness, geometry

/** mulberry32: small, fast, good enough for simulated jitter. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => min + Math.floor((max - min + 1) * next()),
  };
};
type Rng = ReturnType<typeof prng>;

const RAD = Math.PI / 180;
const EARTH_M = 6_371_008.8;
/** Local east/north metres around LHDK (flat earth: the simulated area is tens of km). */
const toLatLon = (x: number, y: number) => ({
  latitude: LHDK.latitude + y / EARTH_M / RAD,
  longitude: LHDK.longitude + x / (EARTH_M * Math.cos(LHDK.latitude * RAD)) / RAD,
});
const toXY = (latitude: number, longitude: number) => ({
  x: (longitude - LHDK.longitude) * RAD * EARTH_M * Math.cos(LHDK.latitude * RAD),
  y: (latitude - LHDK.latitude) * RAD * EARTH_M,
});
const along = (p: { x: number; y: number }, heading: number, metres: number) => ({
  x: p.x + metres * Math.sin(heading * RAD),
  y: p.y + metres * Math.cos(heading * RAD),
});
const norm360 = (deg: number) => ((deg % 360) + 360) % 360;
const angleDiff = (to: number, from: number) => ((to - from + 540) % 360) - 180;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

// ---------------------------------------------------------------------------------------------
// Kinematics: one sample per second

interface Sample {
  t: number;
  x: number;
  y: number;
  alt: number;
  /** Ground speed km/h, track deg (of the ground velocity), climb m/s, turn deg/s. */
  gs: number;
  track: number;
  climb: number;
  turn: number;
}

interface Control {
  /** Target airspeed km/h, reached at `accel` km/h per second. */
  speed: number;
  accel?: number;
  turn?: number;
  climb?: number;
}

interface Wind {
  /** Direction the wind blows towards, and km/h. */
  towards: number;
  speed: number;
}

class Pilot {
  samples: Sample[] = [];
  t: number;
  x: number;
  y: number;
  alt: number;
  heading: number;
  speed: number;
  ground: number;
  wind: Wind;

  constructor(start: {
    t: number;
    x: number;
    y: number;
    alt: number;
    heading: number;
    speed?: number;
    ground: number;
    wind?: Wind;
  }) {
    this.t = start.t;
    this.x = start.x;
    this.y = start.y;
    this.alt = start.alt;
    this.heading = start.heading;
    this.speed = start.speed ?? 0;
    this.ground = start.ground;
    this.wind = start.wind ?? { towards: 0, speed: 0 };
    this.record(0, 0);
  }

  get airborne() {
    return this.alt > this.ground + 0.5;
  }

  /** Ground velocity, m/s east and north: the wind drifts an aircraft only once it is off the ground. */
  private velocity() {
    const v = this.speed / 3.6;
    const wind = this.airborne ? this.wind.speed / 3.6 : 0;
    return {
      vx: v * Math.sin(this.heading * RAD) + wind * Math.sin(this.wind.towards * RAD),
      vy: v * Math.cos(this.heading * RAD) + wind * Math.cos(this.wind.towards * RAD),
    };
  }

  private record(climb: number, turn: number) {
    const { vx, vy } = this.velocity();
    const gs = Math.hypot(vx, vy) * 3.6;
    this.samples.push({
      t: this.t,
      x: this.x,
      y: this.y,
      alt: this.alt,
      gs,
      track: gs < 1 ? this.heading : norm360(Math.atan2(vx, vy) / RAD),
      climb,
      turn,
    });
  }

  /** One second under `control`. */
  step(control: Control) {
    const accel = control.accel ?? 5;
    this.speed += clamp(control.speed - this.speed, -accel, accel);
    const turn = control.turn ?? 0;
    this.heading = norm360(this.heading + turn);
    const before = this.alt;
    this.alt = Math.max(this.ground, this.alt + (control.climb ?? 0));
    const last = this.samples.at(-1)!;
    const { vx, vy } = this.velocity();
    this.x = last.x + vx;
    this.y = last.y + vy;
    this.t += 1000;
    this.record(this.alt - before, turn);
  }

  fly(seconds: number, control: Control | ((p: Pilot) => Control)) {
    for (let i = 0; i < seconds; i++) this.step(typeof control === 'function' ? control(this) : control);
  }

  /** Flies under `control` until `done` (at most `limit` seconds). */
  until(done: (p: Pilot) => boolean, control: (p: Pilot) => Control, limit = 3600) {
    for (let i = 0; i < limit && !done(this); i++) this.step(control(this));
  }

  bearingTo(p: { x: number; y: number }) {
    return norm360(Math.atan2(p.x - this.x, p.y - this.y) / RAD);
  }

  distanceTo(p: { x: number; y: number }) {
    return Math.hypot(p.x - this.x, p.y - this.y);
  }

  /** Turn rate (deg/s) that steers towards a point. */
  steer(p: { x: number; y: number }, max = 12) {
    return clamp(angleDiff(this.bearingTo(p), this.heading), -max, max);
  }

  /** When the ground speed first crossed `kmh` upwards / downwards after `from`. */
  crossed(kmh: number, upwards: boolean, from = 0) {
    for (let i = Math.max(1, from); i < this.samples.length; i++) {
      const a = this.samples[i - 1]!;
      const b = this.samples[i]!;
      if (upwards ? a.gs <= kmh && b.gs > kmh : a.gs >= kmh && b.gs < kmh) return { index: i, t: b.t };
    }
    return null;
  }
}

const runwayStart = () => along({ x: 0, y: 0 }, RUNWAY_HEADING + 180, 350);
/** Touchdown point: short of the reference point, so the roll-out ends near it. */
const touchdown = () => along({ x: 0, y: 0 }, RUNWAY_HEADING + 180, 250);

/** On the ground at the launch point with the tracker on. */
const onLaunchPoint = (t: number, ground = LHDK.altitude, offset = 0) => {
  const p = along(runwayStart(), RUNWAY_HEADING, offset);
  return new Pilot({ t, x: p.x, y: p.y, alt: ground, heading: RUNWAY_HEADING, ground });
};

/** Budaörs as seeded in seed-lookups.ts: 22 km south-west of LHDK, within the demo club's airfields. */
export const LHBS = { icao: 'LHBS', latitude: 47.4492, longitude: 18.9858, altitude: 121, heading: 120 };

/** On the ground at another airfield's launch point. */
const onLaunchPointAt = (
  field: { latitude: number; longitude: number; altitude: number; heading: number },
  t: number,
  offset = 0,
) => {
  const start = along(toXY(field.latitude, field.longitude), field.heading + 180, 350 - offset);
  return new Pilot({
    t,
    x: start.x,
    y: start.y,
    alt: field.altitude,
    heading: field.heading,
    ground: field.altitude,
  });
};

/** Winch launch from standstill; returns the release height above the field. */
function winch(p: Pilot, rng: Rng) {
  const top = LHDK.altitude + rng.between(360, 460);
  p.fly(3, { speed: 105, accel: 28 });
  // Rotation into the full climb, held until the cable angle flattens near the top.
  let climb = 2;
  p.until(
    (q) => q.alt >= top - 40,
    () => {
      climb = Math.min(climb + 3, 14);
      return { speed: 110, accel: 5, climb };
    },
  );
  p.until(
    (q) => q.alt >= top,
    () => ({ speed: 110, climb: 5 }),
  );
  const release = p.alt - LHDK.altitude;
  p.fly(5, { speed: 90, accel: 5, climb: -1 });
  return release;
}

/**
 * A winch launch whose cable breaks at `breakHeight` above the field: the glider pushes over at
 * once and either lands straight ahead on the runway left (`straightAhead`) or flies a short
 * circuit back to the touchdown point. Returns the height of the break.
 */
function winchCableBreak(p: Pilot, rng: Rng, breakHeight: number, straightAhead: boolean) {
  p.fly(3, { speed: 105, accel: 28 });
  let climb = 2;
  p.until(
    (q) => q.alt >= LHDK.altitude + breakHeight,
    () => {
      climb = Math.min(climb + 3, 14);
      return { speed: 110, accel: 5, climb };
    },
  );
  const broke = p.alt - LHDK.altitude;
  // Nose down to the approach attitude: the climb stops within two seconds.
  p.fly(2, { speed: 105, climb: 1 });
  if (straightAhead) {
    // Airbrakes out, down onto the runway left ahead, and hard on the wheel brake.
    p.until(
      (q) => !q.airborne,
      (q) => ({ speed: q.alt - LHDK.altitude > 8 ? 100 : 85, climb: q.alt - LHDK.altitude > 8 ? -4 : -2 }),
    );
    p.alt = p.ground;
    p.until(
      (q) => q.speed <= 0,
      () => ({ speed: 0, accel: 6 }),
      120,
    );
    p.fly(rng.int(30, 60), { speed: 0 });
  } else {
    // A 180° turn, downwind past the launch point, and a short final.
    p.fly(12, { speed: 95, turn: -15, climb: -1.5 });
    p.fly(20, { speed: 95, climb: -1 });
    land(p, rng, { finalLength: 500, entryHeight: 60 });
  }
  return broke;
}

/** Thermals and glides within a few km of home, for `seconds`, staying 400–1500 m above the field. */
function soar(p: Pilot, rng: Rng, seconds: number) {
  const end = p.t + seconds * 1000;
  while (p.t < end) {
    const height = p.alt - LHDK.altitude;
    if (height < 1300 && (height < 500 || rng.next() < 0.5)) {
      const turn = rng.next() < 0.5 ? -15 : 15;
      const climb = rng.between(1.2, 3);
      p.fly(rng.int(60, 240), (q) => ({ speed: 85, turn, climb: q.alt - LHDK.altitude > 1500 ? 0 : climb }));
    } else {
      const target = along({ x: 0, y: 0 }, rng.between(0, 360), rng.between(1_000, 7_000));
      p.until(
        (q) => q.distanceTo(target) < 300 || q.alt - LHDK.altitude < 450,
        (q) => ({ speed: 100, turn: q.steer(target, 8), climb: -1.1 }),
        600,
      );
    }
  }
}

/**
 * Circuit and landing at LHDK: to a point on the extended centre line, down the final to the
 * touchdown point, roll-out to `stopAt` km/h (0: a full stop, held for `standSeconds`).
 */
function land(
  p: Pilot,
  rng: Rng,
  options: {
    approach?: number;
    stopAt?: number;
    standSeconds?: number;
    /** Length of the final, metres (1,800); a short circuit flies a short one, lower. */
    finalLength?: number;
    entryHeight?: number;
  } = {},
) {
  const speed = options.approach ?? 100;
  const td = touchdown();
  const entry = along(td, RUNWAY_HEADING + 180, options.finalLength ?? 1_800);
  const entryHeight = LHDK.altitude + (options.entryHeight ?? 150);
  // Lose excess height in circles first, then fly to the final's entry on a steady glide.
  p.until(
    (q) => q.alt - entryHeight <= (q.distanceTo(entry) / (speed / 3.6)) * 3,
    () => ({ speed, turn: 15, climb: -4 }),
  );
  p.until(
    (q) => q.distanceTo(entry) < 150,
    (q) => {
      const time = q.distanceTo(entry) / (speed / 3.6);
      return { speed, turn: q.steer(entry), climb: clamp((entryHeight - q.alt) / Math.max(time, 1), -4, 0) };
    },
  );
  p.until(
    (q) => !q.airborne,
    (q) => {
      const time = q.distanceTo(td) / (q.speed / 3.6);
      return {
        speed: q.distanceTo(td) < 400 ? 80 : 95,
        turn: q.steer(td, 6),
        climb: -(q.alt - LHDK.altitude) / Math.max(time, 1),
      };
    },
  );
  p.alt = p.ground;
  const stopAt = options.stopAt ?? 0;
  p.until(
    (q) => q.speed <= stopAt,
    () => ({ speed: stopAt, accel: 4 }),
    120,
  );
  p.fly(options.standSeconds ?? rng.int(30, 60), { speed: stopAt, accel: 4 });
}

// ---------------------------------------------------------------------------------------------
// Beacons

interface Device {
  address: string;
  kind: 'glider' | 'tug' | 'tmg';
  /** The pilot's privacy bit, in every beacon from `from` on. */
  privacy?: Omit<SimPrivacy, 'address'>;
}

const device = (address: string, privacy?: Omit<SimPrivacy, 'address'>): Device => ({
  address,
  kind: address === TUG ? 'tug' : address === TMG ? 'tmg' : 'glider',
  ...(privacy && { privacy }),
});

const PRIVACY_BITS: Record<PrivacyFlag, number> = { 'no-tracking': 0b0100_0000, stealth: 0b1000_0000 };

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const hhmmss = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}`;
};

/** DDMM.mm plus the !W! digit (thousandths of a minute). */
const coordinate = (value: number, degreeDigits: number, hemispheres: string) => {
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let thousandths = Math.round((abs - degrees) * 60_000);
  if (thousandths >= 60_000) {
    degrees += 1;
    thousandths -= 60_000;
  }
  const minutes = Math.floor(thousandths / 1000);
  const hundredths = Math.floor((thousandths % 1000) / 10);
  return {
    text: `${pad(degrees, degreeDigits)}${pad(minutes, 2)}.${pad(hundredths, 2)}${value < 0 ? hemispheres[1] : hemispheres[0]}`,
    extra: thousandths % 10,
  };
};

const signed = (n: number, width: number) => `${n < 0 ? '-' : '+'}${pad(Math.abs(n), width)}`;

/** One aircraft beacon as the network relays it (see /work/shared/ogn/beacons-sample.txt). */
export function aircraftLine(
  dev: Device,
  receiver: string,
  fix: {
    t: number;
    latitude: number;
    longitude: number;
    alt: number;
    gs: number;
    track: number;
    climb: number;
    turn: number;
  },
  radio: { snr: number; errors: number; offset: number },
) {
  const flarm = dev.address.startsWith('DD');
  // Detail byte: aircraft type in bits 2–5 (1 glider, 2 tow plane), address type in bits 0–1.
  const aircraftType = dev.kind === 'tug' ? 2 : 1;
  const privacy = dev.privacy && fix.t >= dev.privacy.from ? PRIVACY_BITS[dev.privacy.flag] : 0;
  const detail = privacy | (aircraftType << 2) | (flarm ? 2 : 1);
  const lat = coordinate(fix.latitude, 2, 'NS');
  const lon = coordinate(fix.longitude, 3, 'EW');
  const [table, symbol] = dev.kind === 'tug' ? ['\\', '^'] : ['/', "'"];
  const knots = Math.round(fix.gs / 1.852);
  const course = knots === 0 ? 0 : Math.round(fix.track) || 360;
  const feet = Math.round(fix.alt / 0.3048);
  const fpm = Math.round((fix.climb / 0.3048) * 60);
  const rot = Math.round((fix.turn / 3) * 10) / 10;
  return (
    `${flarm ? 'FLR' : 'ICA'}${dev.address}>OGFLR,qAS,${receiver}:/${hhmmss(fix.t)}h` +
    `${lat.text}${table}${lon.text}${symbol}${pad(course, 3)}/${pad(knots, 3)}/A=${pad(feet, 6)}` +
    ` !W${lat.extra}${lon.extra}! id${detail.toString(16).toUpperCase().padStart(2, '0')}${dev.address} ${signed(fpm, 3)}fpm ` +
    `${rot < 0 ? '-' : '+'}${Math.abs(rot).toFixed(1)}rot ${radio.snr.toFixed(1)}dB ${radio.errors}e ` +
    `${radio.offset < 0 ? '-' : '+'}${Math.abs(radio.offset).toFixed(1)}kHz gps2x3`
  );
}

interface Received {
  at: number;
  line: string;
}

/** Fixes every 1–4 s along the samples, each heard by one receiver (sometimes two), a few lost. */
function beacons(dev: Device, samples: readonly Sample[], rng: Rng, lossRate = 0.03): Received[] {
  const out: Received[] = [];
  const offset = rng.between(-3, 3);
  for (let i = 0; i < samples.length; i += rng.int(1, 4)) {
    if (rng.next() < lossRate) continue;
    const s = samples[i]!;
    const { latitude, longitude } = toLatLon(s.x + rng.between(-2, 2), s.y + rng.between(-2, 2));
    const fix = {
      ...s,
      latitude,
      longitude,
      alt: s.alt + (s.alt > LHDK.altitude + 5 ? rng.between(-1, 1) : 0),
    };
    const heard = rng.next() < 0.15 ? 2 : 1;
    const first = rng.int(0, RECEIVERS.length - 1);
    for (let k = 0; k < heard; k++) {
      const receiver = RECEIVERS[(first + k) % RECEIVERS.length]!;
      const radio = {
        snr: rng.between(2, 30),
        errors: rng.int(0, 3),
        offset: offset + rng.between(-0.3, 0.3),
      };
      out.push({
        at: s.t + Math.round(rng.between(300, 1800)),
        line: aircraftLine(dev, receiver.name, fix, radio),
      });
    }
  }
  return out;
}

/** Each receiver's position and status every five minutes, as real stations send them. */
function receiverBeacons(from: number, to: number, rng: Rng): Received[] {
  const out: Received[] = [];
  for (const receiver of RECEIVERS) {
    for (let t = from + rng.int(0, 299) * 1000; t <= to; t += 300_000) {
      const lat = coordinate(receiver.latitude, 2, 'NS');
      const lon = coordinate(receiver.longitude, 3, 'EW');
      const head = `${receiver.name}>OGNSDR,TCPIP*,qAC,GLIDERN2:`;
      out.push({
        at: t + 500,
        line: `${head}/${hhmmss(t)}h${lat.text}I${lon.text}&/A=${pad(Math.round(receiver.altitude / 0.3048), 6)}`,
      });
      out.push({
        at: t + 600,
        line:
          `${head}>${hhmmss(t)}h v0.2.8.RPI-GPU CPU:0.${rng.int(2, 9)} RAM:512.3/968.2MB NTP:0.${rng.int(1, 9)}ms/-3.3ppm ` +
          `+${rng.int(40, 60)}.${rng.int(0, 9)}C 3/3Acfts[1h] RF:+54-1.1ppm/-0.16dB/+7.1dB@10km[19481]/+16.8dB@10km[7/13]`,
      });
    }
  }
  return out;
}

function stream(received: Received[], truth: SimStream['truth']): SimStream {
  const sorted = received.sort((a, b) => a.at - b.at);
  return {
    lines: sorted.map((r) => r.line),
    at: sorted.map((r) => r.at),
    truth: {
      events: truth.events.sort((a, b) => a.at - b.at),
      launches: truth.launches.sort((a, b) => a.at - b.at),
    },
  };
}

const startOf = (options: SimOptions) => new Date(options.start ?? DEFAULT_START).getTime();

/** A flight from LHDK's launch point to its stand after landing, with its take-off and landing. */
function flightTruth(address: string, p: Pilot, fromIndex = 0, takeoffField = LHDK.icao) {
  const up = p.crossed(55, true, fromIndex);
  const down = up ? p.crossed(40, false, up.index) : null;
  const events: SimEvent[] = [];
  if (up) events.push({ type: 'takeoff', address, at: up.t, airfield: takeoffField });
  if (down) events.push({ type: 'landing', address, at: down.t, airfield: LHDK.icao });
  return { up, down, events };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Built {
  received: Received[];
  events: SimEvent[];
  launches: SimLaunch[];
  /** When the aircraft involved are back on the ground. */
  end: number;
}

/** A privacy bit the pilot sets `afterTakeoffMs` after the take-off (0: from the start, before it). */
interface PrivacyPlan {
  flag: PrivacyFlag;
  afterTakeoffMs: number;
}

const privacyOf = (plan: PrivacyPlan | undefined, takeoffAt: number) =>
  plan && { flag: plan.flag, from: plan.afterTakeoffMs > 0 ? takeoffAt + plan.afterTakeoffMs : 0 };

function winchFlight(
  address: string,
  t: number,
  rng: Rng,
  soarSeconds: number,
  extra: { privacy?: PrivacyPlan; standSeconds?: number } = {},
): Built {
  const { privacy, standSeconds } = extra;
  const p = onLaunchPoint(t);
  p.fly(rng.int(30, 60), { speed: 0 });
  const release = winch(p, rng);
  soar(p, rng, soarSeconds);
  land(p, rng, standSeconds === undefined ? {} : { standSeconds });
  const { up, events } = flightTruth(address, p);
  return {
    received: beacons(device(address, privacyOf(privacy, up!.t)), p.samples, rng),
    events,
    launches: [{ address, at: up!.t, takeoff_type: 3, release_height: release }],
    end: p.t,
  };
}

/**
 * The glider's samples on tow: `rope` metres behind the tug along its path (on the runway behind
 * the tug's start before that), from the tug's first sample to `releasedAt`, high tow once airborne;
 * then the glider flies on by itself from where it came off.
 */
function towedGlider(tow: Pilot, rope: number, releasedAt: number, heading: number, ground: number) {
  const path: number[] = [0];
  for (let i = 1; i < tow.samples.length; i++) {
    const a = tow.samples[i - 1]!;
    const b = tow.samples[i]!;
    path.push(path[i - 1]! + Math.hypot(b.x - a.x, b.y - a.y));
  }
  const first = tow.samples[0]!;
  const samples: Sample[] = [];
  let j = 0;
  for (let i = 0; i <= releasedAt; i++) {
    const s = tow.samples[i]!;
    const target = path[i]! - rope;
    let x: number;
    let y: number;
    if (target <= 0) {
      // Still behind the tug's starting point, on the runway.
      ({ x, y } = along(first, heading, target));
    } else {
      while (path[j + 1]! < target) j++;
      const a = tow.samples[j]!;
      const b = tow.samples[j + 1]!;
      const k = (target - path[j]!) / Math.max(path[j + 1]! - path[j]!, 1e-9);
      x = a.x + (b.x - a.x) * k;
      y = a.y + (b.y - a.y) * k;
    }
    // High tow: just above the tug once airborne.
    const alt = s.alt > ground + 10 ? s.alt + 4 : s.alt;
    samples.push({ ...s, x, y, alt });
  }
  const atRelease = samples.at(-1)!;
  const g = new Pilot({
    t: atRelease.t,
    x: atRelease.x,
    y: atRelease.y,
    alt: atRelease.alt,
    heading: atRelease.track,
    speed: atRelease.gs,
    ground: LHDK.altitude,
  });
  g.samples = [...samples];
  return g;
}

/** The glider rides 50 m behind the tug along its path until the release height. */
function aerotowFlight(
  glider: string,
  tug: string,
  t: number,
  rng: Rng,
  soarSeconds: number,
  privacy?: PrivacyPlan,
): Built {
  const rope = 50;
  const releaseHeight = rng.between(500, 600);
  const tow = onLaunchPoint(t, LHDK.altitude, rope);
  tow.fly(rng.int(30, 50), { speed: 0 });
  tow.fly(16, { speed: 120, accel: 6 });
  tow.until(
    (q) => q.alt >= LHDK.altitude + releaseHeight,
    (q) => {
      const lap = Math.floor((q.t - t) / 60_000) % 2 === 0;
      return { speed: 125, climb: q.speed > 100 ? 3.8 : 0, turn: lap ? 0 : 2.5 };
    },
  );
  const releasedAt = tow.samples.length - 1;
  const g = towedGlider(tow, rope, releasedAt, RUNWAY_HEADING, LHDK.altitude);
  const gliderRelease = g.alt - LHDK.altitude;
  const released = g.t;
  // Off tow: the glider climbs away to the right, the tug dives left and goes home.
  g.fly(8, { speed: 90, turn: 12, climb: 0.5 });
  soar(g, rng, soarSeconds);
  land(g, rng);
  tow.fly(8, { speed: 150, turn: -15, climb: -5 });
  land(tow, rng, { approach: 130 });

  const gliderTruth = flightTruth(glider, g);
  const tugTruth = flightTruth(tug, tow);
  return {
    received: [
      ...beacons(device(tug), tow.samples, rng),
      ...beacons(device(glider, privacyOf(privacy, gliderTruth.up!.t)), g.samples, rng),
    ],
    events: [...gliderTruth.events, ...tugTruth.events],
    launches: [
      {
        address: glider,
        at: gliderTruth.up!.t,
        takeoff_type: 5,
        tug,
        release_height: gliderRelease,
        released_at: released,
      },
      { address: tug, at: tugTruth.up!.t, takeoff_type: 1 },
    ],
    end: Math.max(g.t, tow.t),
  };
}

const build = (built: Built, from: number, rng: Rng) =>
  stream([...built.received, ...receiverBeacons(from, built.end, rng)], {
    events: built.events,
    launches: built.launches,
  });

/** A glider on the winch, a short soaring flight, a landing back at LHDK. */
export function winchLaunch(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 1);
  const t = startOf(options);
  return build(winchFlight(GLIDERS[0]!, t, rng, 600), t, rng);
}

/** Glider and tug take off together; release at 500–600 m; the tug returns and lands first. */
export function aerotow(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 2);
  const t = startOf(options);
  return build(aerotowFlight(GLIDERS[1]!, TUG, t, rng, 900), t, rng);
}

/** The TMG on circuits: take-off, a landing slowed to a walk (30 km/h), take-off again, full stop. */
export function touchAndGo(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 3);
  const t = startOf(options);
  const p = onLaunchPoint(t);
  p.fly(40, { speed: 0 });
  const circuit = () => {
    p.fly(25, { speed: 110, accel: 4 });
    p.until(
      (q) => q.alt >= LHDK.altitude + 300,
      () => ({ speed: 120, climb: 3 }),
    );
    p.fly(60, { speed: 150, turn: 3 });
  };
  circuit();
  land(p, rng, { stopAt: 30, standSeconds: 10 });
  const again = p.samples.length;
  circuit();
  land(p, rng);
  const first = flightTruth(TMG, p);
  const second = flightTruth(TMG, p, again);
  return build(
    {
      received: beacons(device(TMG), p.samples, rng),
      events: [...first.events, ...second.events],
      launches: [
        { address: TMG, at: first.up!.t, takeoff_type: 6 },
        { address: TMG, at: second.up!.t, takeoff_type: 6 },
      ],
      end: p.t,
    },
    t,
    rng,
  );
}

/** Where the outlanding glider comes down: a field east of Gödöllő, 20+ km from any airfield. */
const OUTLANDING_FIELD = { latitude: 47.705, longitude: 19.43, altitude: 190 };

/** A glider low and far from home glides into a field: a landing with no airfield. */
export function outlanding(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 4);
  const t = startOf(options);
  const address = GLIDERS[2]!;
  const field = toXY(OUTLANDING_FIELD.latitude, OUTLANDING_FIELD.longitude);
  const start = along(field, 250, 6_000);
  const p = new Pilot({
    t,
    x: start.x,
    y: start.y,
    alt: OUTLANDING_FIELD.altitude + 700,
    heading: 70,
    speed: 95,
    ground: OUTLANDING_FIELD.altitude,
  });
  // Searching for lift on the way, then a circuit over the chosen field and straight in.
  p.until(
    (q) => q.distanceTo(field) < 800,
    (q) => ({ speed: 95, turn: q.steer(field, 8), climb: -1.3 }),
  );
  p.until(
    (q) => q.alt - OUTLANDING_FIELD.altitude < 120,
    () => ({ speed: 90, turn: 10, climb: -2 }),
  );
  const stopPoint = along(field, 40, 300);
  p.until(
    (q) => !q.airborne,
    (q) => ({ speed: 85, turn: q.steer(stopPoint, 8), climb: -2.5 }),
  );
  p.fly(30, { speed: 0, accel: 3 });
  p.fly(60, { speed: 0 });
  const down = p.crossed(40, false);
  return build(
    {
      received: beacons(device(address), p.samples, rng),
      events: [{ type: 'landing', address, at: down!.t, airfield: null }],
      launches: [],
      end: p.t,
    },
    t,
    rng,
  );
}

/**
 * A glider back low near the field circles at 75 km/h, 100–150 m above it, in a 10 km/h wind
 * (ground speed 65–85), finds a thermal and climbs away: no landing may be detected.
 */
export function lowCircling(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 5);
  const t = startOf(options);
  const address = GLIDERS[1]!;
  const start = along({ x: 0, y: 0 }, 30, 4_000);
  const p = new Pilot({
    t,
    x: start.x,
    y: start.y,
    alt: LHDK.altitude + 300,
    heading: 210,
    speed: 95,
    ground: LHDK.altitude,
    wind: { towards: 90, speed: 10 },
  });
  const spot = along({ x: 0, y: 0 }, 300, 600);
  p.until(
    (q) => q.distanceTo(spot) < 150,
    (q) => ({
      speed: 95,
      turn: q.steer(spot),
      climb: clamp((LHDK.altitude + 120 - q.alt) / 20, -2.5, 0),
    }),
  );
  // Scratching: up and down between 100 and 150 m for four minutes.
  p.fly(240, (q) => ({
    speed: 75,
    turn: 15,
    climb: q.alt - LHDK.altitude > 145 ? -0.8 : q.alt - LHDK.altitude < 105 ? 0.8 : rng.between(-0.6, 0.7),
  }));
  p.until(
    (q) => q.alt - LHDK.altitude > 800,
    () => ({ speed: 80, turn: 15, climb: 2 }),
  );
  p.fly(120, { speed: 100, climb: -0.8 });
  return build(
    { received: beacons(device(address), p.samples, rng), events: [], launches: [], end: p.t },
    t,
    rng,
  );
}

// ---------------------------------------------------------------------------------------------
// A real flying day's hard cases (issue 18)

/** The Alpine club's glider OE-5678 (seed-aircraft.ts): towed by the demo club's tug in crossClubAerotow. */
export const ALPINE_GLIDER = '440678';
/** When HA-4012 switches its no-tracking bit on in privateFlights: this long after its take-off. */
const PRIVACY_SWITCHED_AFTER_MS = 5 * 60_000;

/**
 * The pilots' privacy bits: HA-4370 flies a winch launch with no-tracking set, HA-4455 is towed by
 * the tug with stealth set, and HA-4012 switches no-tracking on five minutes into its soaring flight.
 * None of them may leave a trace; the tug's own flight is tracked as always.
 */
export function privateFlights(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 21);
  const t = startOf(options);
  const noTracking = winchFlight(GLIDERS[1]!, t, rng, 600, {
    privacy: { flag: 'no-tracking', afterTakeoffMs: 0 },
  });
  const stealth = aerotowFlight(GLIDERS[2]!, TUG, t + 3 * 60_000, rng, 600, {
    flag: 'stealth',
    afterTakeoffMs: 0,
  });
  const switched = winchFlight(GLIDERS[0]!, t + 6 * 60_000, rng, 900, {
    privacy: { flag: 'no-tracking', afterTakeoffMs: PRIVACY_SWITCHED_AFTER_MS },
  });
  const takeoffOf = (built: Built, address: string) => built.launches.find((l) => l.address === address)!.at;
  const flown = build(
    {
      received: [...noTracking.received, ...stealth.received, ...switched.received],
      events: [...noTracking.events, ...stealth.events, ...switched.events],
      launches: [...noTracking.launches, ...stealth.launches, ...switched.launches],
      end: Math.max(noTracking.end, stealth.end, switched.end),
    },
    t,
    rng,
  );
  flown.truth.privacy = [
    { address: GLIDERS[1]!, flag: 'no-tracking', from: 0 },
    { address: GLIDERS[2]!, flag: 'stealth', from: 0 },
    {
      address: GLIDERS[0]!,
      flag: 'no-tracking',
      from: takeoffOf(switched, GLIDERS[0]!) + PRIVACY_SWITCHED_AFTER_MS,
    },
  ];
  return flown;
}

function cableBreakFlight(address: string, t: number, rng: Rng, breakHeight: number, straightAhead: boolean) {
  const p = onLaunchPoint(t);
  p.fly(rng.int(30, 60), { speed: 0 });
  const broke = winchCableBreak(p, rng, breakHeight, straightAhead);
  const { up, events } = flightTruth(address, p);
  return {
    received: beacons(device(address), p.samples, rng),
    events,
    launches: [{ address, at: up!.t, takeoff_type: 3 as const, release_height: broke, short: true }],
    end: p.t,
  };
}

/**
 * Two winch launches whose cable breaks: HA-4012's at 60 m, landing straight ahead on the runway
 * left; HA-4370's at 140 m, flying a short circuit back. Both are winch launches (3), and short.
 */
export function cableBreaks(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 22);
  const t = startOf(options);
  const low = cableBreakFlight(GLIDERS[0]!, t, rng, 60, true);
  const high = cableBreakFlight(GLIDERS[1]!, t + 6 * 60_000, rng, 140, false);
  return build(
    {
      received: [...low.received, ...high.received],
      events: [...low.events, ...high.events],
      launches: [...low.launches, ...high.launches],
      end: Math.max(low.end, high.end),
    },
    t,
    rng,
  );
}

/** The demo club's tug (HA-SBX) tows the Alpine club's glider (OE-5678) from LHDK: two clubs, one field. */
export function crossClubAerotow(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 23);
  const t = startOf(options);
  return build(aerotowFlight(ALPINE_GLIDER, TUG, t, rng, 900), t, rng);
}

/**
 * A winch flight whose landing falls into two minutes without reception (the receivers around the
 * field rebooting): the last fix before the gap is on the final, 40 s before the wheels slow to
 * 40 km/h, the first after it shows the glider standing.
 */
export function landingGap(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 24);
  const t = startOf(options);
  // The glider stands on the field for 3 minutes after its landing: heard again once the gap ends.
  const flight = winchFlight(GLIDERS[0]!, t, rng, 600, { standSeconds: 180 });
  const landing = flight.events.find((e) => e.type === 'landing')!.at;
  const gap = { from: landing - 40_000, to: landing + 80_000 };
  const heard = (r: Received) => r.at < gap.from || r.at > gap.to;
  const gapped = stream([...flight.received, ...receiverBeacons(t, flight.end, rng)].filter(heard), {
    events: flight.events,
    launches: flight.launches,
  });
  gapped.truth.gaps = [gap];
  return gapped;
}

/**
 * A retrieve tow: HA-4455 landed out at Budaörs (LHBS, 22 km away); the tug tows it home, climbing
 * to 600 m on the way and releasing it over LHDK some 10 minutes after the take-off; both land at LHDK.
 */
export function retrieveTow(options: SimOptions = {}): SimStream {
  const rng = prng(options.seed ?? 25);
  const t = startOf(options);
  const rope = 50;
  const glider = GLIDERS[2]!;
  const tow = onLaunchPointAt(LHBS, t, rope);
  tow.fly(rng.int(30, 50), { speed: 0 });
  tow.fly(16, { speed: 120, accel: 6 });
  const home = along({ x: 0, y: 0 }, RUNWAY_HEADING + 180, 600);
  tow.until(
    (q) => q.distanceTo(home) < 800,
    (q) => ({
      speed: 125,
      climb: q.speed > 100 && q.alt < LHBS.altitude + 600 ? 3 : 0,
      turn: q.alt > LHBS.altitude + 80 ? q.steer(home, 3) : 0,
    }),
  );
  const g = towedGlider(tow, rope, tow.samples.length - 1, LHBS.heading, LHBS.altitude);
  const releasedAt = g.t;
  const releaseHeight = g.alt - LHBS.altitude;
  g.fly(8, { speed: 90, turn: 12, climb: 0.5 });
  land(g, rng);
  // Home is LHDK now; the tug's circuit is slower than after a local tow, so its turns reach the
  // final's entry.
  tow.ground = LHDK.altitude;
  tow.fly(8, { speed: 150, turn: -15, climb: -5 });
  land(tow, rng, { approach: 110 });
  const gliderTruth = flightTruth(glider, g, 0, LHBS.icao);
  const tugTruth = flightTruth(TUG, tow, 0, LHBS.icao);
  return build(
    {
      received: [...beacons(device(TUG), tow.samples, rng), ...beacons(device(glider), g.samples, rng)],
      events: [...gliderTruth.events, ...tugTruth.events],
      launches: [
        {
          address: glider,
          at: gliderTruth.up!.t,
          takeoff_type: 5,
          tug: TUG,
          release_height: releaseHeight,
          released_at: releasedAt,
        },
        { address: TUG, at: tugTruth.up!.t, takeoff_type: 1 },
      ],
      end: Math.max(g.t, tow.t),
    },
    t,
    rng,
  );
}

interface AfternoonOptions extends SimOptions {
  /** Length of the flying, hours (launches stop 45 minutes before the end). */
  hours?: number;
}

/**
 * The demo club's afternoon at LHDK: the three gliders launched in turn by winch or behind the
 * tug, soaring 15–45 minutes, landing and launching again; the TMG flies one circuit.
 */
export function afternoon(options: AfternoonOptions = {}): SimStream {
  const rng = prng(options.seed ?? 6);
  const start = startOf(options);
  const end = start + (options.hours ?? 3) * 3_600_000;
  const gliderFree = new Map(GLIDERS.map((g, i) => [g, start + i * 4 * 60_000]));
  let tugFree = start;
  const parts: Built[] = [];
  let t = start + 3 * 60_000;
  while (t < end - 45 * 60_000) {
    const [glider, free] = [...gliderFree].sort((a, b) => a[1] - b[1])[0]!;
    const launchAt = Math.max(t, free);
    const byTug = rng.next() < 0.45 && tugFree <= launchAt;
    const soarSeconds = rng.int(15, 45) * 60;
    const part = byTug
      ? aerotowFlight(glider, TUG, launchAt, rng, soarSeconds)
      : winchFlight(glider, launchAt, rng, soarSeconds);
    parts.push(part);
    gliderFree.set(glider, part.end + rng.int(5, 15) * 60_000);
    if (byTug) tugFree = part.launches.find((l) => l.address === TUG)!.at + 10 * 60_000;
    t = launchAt + rng.int(6, 14) * 60_000;
  }
  // One TMG circuit in the middle of the afternoon.
  const tmg = onLaunchPoint(start + Math.round((end - start) / 2), LHDK.altitude, -80);
  tmg.fly(40, { speed: 0 });
  tmg.fly(25, { speed: 110, accel: 4 });
  tmg.until(
    (q) => q.alt >= LHDK.altitude + 500,
    () => ({ speed: 120, climb: 3 }),
  );
  soar(tmg, rng, 15 * 60);
  land(tmg, rng);
  const tmgTruth = flightTruth(TMG, tmg);
  parts.push({
    received: beacons(device(TMG), tmg.samples, rng),
    events: tmgTruth.events,
    launches: [{ address: TMG, at: tmgTruth.up!.t, takeoff_type: 6 }],
    end: tmg.t,
  });
  const last = Math.max(...parts.map((p) => p.end));
  return stream([...parts.flatMap((p) => p.received), ...receiverBeacons(start, last, rng)], {
    events: parts.flatMap((p) => p.events),
    launches: parts.flatMap((p) => p.launches),
  });
}

/** The bridge's recording format (bin/ogn-bridge/replay.ts): receive instant, a tab, the line. */
export const toRecording = (stream: Pick<SimStream, 'lines' | 'at'>) =>
  stream.lines.map((line, i) => `${new Date(stream.at[i]!).toISOString()}\t${line}\n`).join('');

const SCENARIOS = {
  afternoon,
  winchLaunch,
  aerotow,
  touchAndGo,
  outlanding,
  lowCircling,
  privateFlights,
  cableBreaks,
  crossClubAerotow,
  landingGap,
  retrieveTow,
} as const;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seed: { type: 'string' }, start: { type: 'string' }, hours: { type: 'string' } },
  });
  const name = (positionals[0] ?? 'afternoon') as keyof typeof SCENARIOS;
  const scenario = SCENARIOS[name];
  if (!scenario) {
    process.stderr.write(`unknown scenario ${name}: ${Object.keys(SCENARIOS).join(', ')}\n`);
    process.exit(2);
  }
  const stream = scenario({
    seed: values.seed === undefined ? undefined : Number(values.seed),
    start: values.start,
    hours: values.hours === undefined ? undefined : Number(values.hours),
  });
  process.stdout.write(toRecording(stream));
}

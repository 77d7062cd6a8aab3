import { describe, expect, it } from 'vitest';
import {
  ALPINE_GLIDER,
  aerotow,
  afternoon,
  cableBreaks,
  crossClubAerotow,
  DEMO_DEVICES,
  landingGap,
  lowCircling,
  outlanding,
  privateFlights,
  retrieveTow,
  type SimStream,
  toRecording,
  touchAndGo,
  winchLaunch,
} from '../../bin/local/ogn-sim.ts';
import { readRecording } from '../../bin/ogn-bridge/replay.ts';
import { parse } from '../../functions/tracking/ogn-parser.ts';
import { isPrivateBeacon } from '../../functions/tracking/privacy.ts';

const SCENARIOS = {
  winchLaunch,
  aerotow,
  touchAndGo,
  outlanding,
  lowCircling,
  afternoon,
  privateFlights,
  cableBreaks,
  crossClubAerotow,
  landingGap,
  retrieveTow,
} as const;

const parsedAll = (stream: SimStream) => stream.lines.map((line, i) => parse(line, new Date(stream.at[i]!)));

describe('simulated beacon streams', () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`${name}: the real parser accepts every line, with receive times in order`, () => {
      // Act
      const stream = scenario();
      const beacons = parsedAll(stream);

      // Assess
      expect(stream.lines.length).toBe(stream.at.length);
      expect(stream.lines.length).toBeGreaterThan(100);
      expect(stream.at.every((t, i) => i === 0 || t >= stream.at[i - 1]!)).toBe(true);
      const aircraft = beacons.filter((b) => typeof b.address === 'string');
      expect(aircraft.length).toBeGreaterThan(stream.lines.length / 2);
      // Received after they were sent, by less than two seconds.
      for (const [i, beacon] of beacons.entries()) {
        const lag = stream.at[i]! - Date.parse(beacon.timestamp as string);
        expect(lag).toBeGreaterThan(0);
        expect(lag).toBeLessThan(2_000);
      }
    });
  }

  it('writes the corpus format: FLARM and ICAO devices, !W! digits, fpm and rot, receiver stations', () => {
    // Act
    const stream = aerotow();
    const beacons = parsedAll(stream);

    // Assess
    const glider = beacons.find((b) => b.address === DEMO_DEVICES['HA-4370'])!;
    expect(glider).toMatchObject({ dstcall: 'OGFLR', address_type: 2, aircraft_type: 1, symbolcode: "'" });
    expect(glider.name).toBe('FLRDD4370');
    const tug = beacons.find((b) => b.address === DEMO_DEVICES['HA-SBX'])!;
    expect(tug).toMatchObject({ name: 'ICA4D2A11', address_type: 1, aircraft_type: 2, symbolcode: '^' });
    expect(stream.lines[0]).toMatch(/^\S+>OG\w+,/);
    expect(stream.lines.some((l) => / !W\d\d! id\w{8} [+-]\d{3,}fpm [+-]\d+\.\drot /.test(l))).toBe(true);
    const receivers = new Set(beacons.map((b) => b.receiver_name));
    expect([...receivers].every((r) => typeof r === 'string' && r.length <= 9)).toBe(true);
    expect(receivers.size).toBeGreaterThan(1);
    expect(beacons.some((b) => b.aprs_type === 'status' && b.name === 'LHDK')).toBe(true);
  });

  it('sends a fix every 1–4 s per aircraft, some heard twice', () => {
    // Act
    const beacons = parsedAll(winchLaunch()).filter((b) => b.address === DEMO_DEVICES['HA-4012']);

    // Assess
    const times = [...new Set(beacons.map((b) => Date.parse(b.timestamp as string)))].sort((a, b) => a - b);
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(1.5);
    expect(mean).toBeLessThan(3.5);
    // A lost beacon now and then leaves a longer gap, never a long silence.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(12);
    expect(beacons.length).toBeGreaterThan(times.length);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(winchLaunch({ seed: 7 }).lines).toEqual(winchLaunch({ seed: 7 }).lines);
    expect(winchLaunch({ seed: 7 }).lines).not.toEqual(winchLaunch({ seed: 8 }).lines);
  });

  it('dates the stream from the start it is given', () => {
    // Act
    const stream = touchAndGo({ start: '2026-11-22T10:00:00Z' });

    // Assess
    expect(stream.at[0]).toBeGreaterThanOrEqual(Date.parse('2026-11-22T10:00:00Z'));
    expect(parse(stream.lines[0]!, new Date(stream.at[0]!)).timestamp).toMatch(/^2026-11-22T10:/);
  });

  it('afternoon: the demo fleet launched by winch and aerotow over LHDK for hours', () => {
    // Act
    const stream = afternoon();

    // Assess
    const { launches, events } = stream.truth;
    const gliders = [DEMO_DEVICES['HA-4012'], DEMO_DEVICES['HA-4370'], DEMO_DEVICES['HA-4455']];
    expect(launches.filter((l) => l.takeoff_type === 3).length).toBeGreaterThanOrEqual(2);
    expect(launches.filter((l) => l.takeoff_type === 5).length).toBeGreaterThanOrEqual(2);
    expect(launches.filter((l) => l.takeoff_type === 5).every((l) => l.tug === DEMO_DEVICES['HA-SBX'])).toBe(
      true,
    );
    expect(new Set(launches.map((l) => l.address))).toEqual(new Set([...gliders, '4D2A11', '4D1265']));
    expect(events.every((e) => e.airfield === 'LHDK')).toBe(true);
    expect(events.filter((e) => e.type === 'takeoff').length).toBe(
      events.filter((e) => e.type === 'landing').length,
    );
    expect(stream.at.at(-1)! - stream.at[0]!).toBeGreaterThan(2.5 * 3_600_000);
  });

  it('privateFlights: the no-tracking and stealth bits as FLARM sends them, one switched on mid-flight', () => {
    // Act
    const stream = privateFlights();
    const beacons = parsedAll(stream).filter((b) => typeof b.address === 'string');

    // Assess
    const of = (address: string) => beacons.filter((b) => b.address === address);
    const [noTracking, stealth, switched] = stream.truth.privacy!;
    expect(of(noTracking!.address).every((b) => b['no-tracking'] === true && b.stealth === false)).toBe(true);
    expect(of(stealth!.address).every((b) => b.stealth === true && b['no-tracking'] === false)).toBe(true);
    const flagged = of(switched!.address).map((b) => ({
      at: Date.parse(b.timestamp as string),
      bit: isPrivateBeacon(b),
    }));
    expect(flagged.every(({ at, bit }) => bit === at >= switched!.from)).toBe(true);
    expect(flagged.some(({ bit }) => bit)).toBe(true);
    expect(flagged.some(({ bit }) => !bit)).toBe(true);
    expect(of(DEMO_DEVICES['HA-SBX']).some(isPrivateBeacon)).toBe(false);
    expect(of(DEMO_DEVICES['HA-SBX'])[0]).toMatchObject({
      aircraft_type: 2,
      'no-tracking': false,
      stealth: false,
    });
  });

  it('crossClubAerotow: the Alpine club’s glider behind the demo club’s tug', () => {
    const { truth } = crossClubAerotow();
    expect(truth.launches.find((l) => l.takeoff_type === 5)).toMatchObject({
      address: ALPINE_GLIDER,
      tug: DEMO_DEVICES['HA-SBX'],
    });
  });

  it('writes a recording the bridge replays with the same lines and receive times', () => {
    // Prepare
    const stream = touchAndGo();

    // Act
    const recording = readRecording(toRecording(stream));

    // Assess
    expect(recording.map((r) => r.line)).toEqual(stream.lines);
    expect(recording.map((r) => r.atMs)).toEqual(stream.at);
  });
});

import { describe, expect, it } from 'vitest';
import type { LivePositionOutput, TrackOutput } from '../../contracts/schemas/tracking.ts';
import {
  ageOf,
  clockTimeOf,
  coloursOf,
  escapeHtml,
  graticuleLines,
  graticuleStep,
  heardRows,
  mergePositions,
  shownPhase,
  withLiveTail,
} from '../../frontend/src/features/tracking/map-model.ts';

const position = (address: string, timestamp: number, extra: Partial<LivePositionOutput> = {}) =>
  ({
    address,
    plane_id: `plane-${address}`,
    reg_num: `HA-${address}`,
    plane_category: 'plc_02',
    timestamp,
    latitude: 47.6,
    longitude: 19.1,
    altitude: 500,
    ground_speed: 90,
    climb_rate: 1,
    track: 120,
    phase: 'air',
    ...extra,
  }) satisfies LivePositionOutput;

const track = (address: string, times: number[]): TrackOutput => ({
  address,
  plane_id: null,
  reg_num: null,
  points: times.map((t) => [t, 47.5, 19, 300, 80]),
});

describe('mergePositions: beacons at least once, not always in order', () => {
  it('takes a newer fix and ignores an older or repeated one', () => {
    // Arrange
    const current = new Map([['DD4012', position('DD4012', 2000)]]);

    // Act
    const older = mergePositions(current, [position('DD4012', 1000, { altitude: 1 })]);
    const same = mergePositions(current, [position('DD4012', 2000, { altitude: 2 })]);
    const newer = mergePositions(current, [position('DD4012', 3000), position('DD4370', 3000)]);

    // Assess
    expect(older).toBe(current);
    expect(same).toBe(current);
    expect([...newer.keys()].sort()).toEqual(['DD4012', 'DD4370']);
    expect(newer.get('DD4012')?.timestamp).toBe(3000);
  });
});

describe('withLiveTail', () => {
  it('extends a track by a newer live position and starts one for an aircraft without a track', () => {
    const tracks = [track('DD4012', [1000, 2000]), track('DD4370', [1000, 5000])];
    const positions = new Map([
      ['DD4012', position('DD4012', 3000)],
      ['DD4370', position('DD4370', 4000)],
      ['4D2A11', position('4D2A11', 3000)],
    ]);

    const extended = withLiveTail(tracks, positions);

    expect(extended.map((t) => [t.address, t.points.map((p) => p[0])])).toEqual([
      ['DD4012', [1000, 2000, 3000]],
      ['DD4370', [1000, 5000]],
      ['4D2A11', [3000]],
    ]);
    // Unchanged tracks stay the same object: the map redraws only what changed.
    expect(extended[1]).toBe(tracks[1]);
  });
});

describe('heardRows', () => {
  it('lists every device once, the live fix over the track’s end, newest first', () => {
    const rows = heardRows(
      [track('DD4012', [1000, 2000]), track('DD4370', [1000, 9000])],
      new Map([['DD4012', position('DD4012', 5000)]]),
    );

    expect(rows.map((r) => [r.address, r.timestamp, r.live])).toEqual([
      ['DD4370', 9000, false],
      ['DD4012', 5000, true],
    ]);
  });
});

describe('shownPhase', () => {
  it('keeps the detector’s phase, but shows an aircraft at flying speed in the air', () => {
    expect(shownPhase({ phase: 'ground', ground_speed: 12 })).toBe('ground');
    expect(shownPhase({ phase: 'ground', ground_speed: 95 })).toBe('air');
    expect(shownPhase({ phase: null, ground_speed: 95 })).toBe('air');
    expect(shownPhase({ phase: null, ground_speed: 0 })).toBeNull();
    expect(shownPhase({ phase: 'air', ground_speed: 0 })).toBe('air');
  });
});

describe('formats', () => {
  it('says how long ago in seconds, minutes or hours', () => {
    expect(ageOf(10_000, 52_000)).toEqual({ unit: 'seconds', n: 42 });
    expect(ageOf(0, 5 * 60_000 + 59_000)).toEqual({ unit: 'minutes', n: 5 });
    expect(ageOf(0, 2 * 3_600_000 + 1)).toEqual({ unit: 'hours', n: 2 });
    expect(ageOf(5000, 1000)).toEqual({ unit: 'seconds', n: 0 });
  });

  it('shows the airfield’s clock time', () => {
    expect(clockTimeOf(Date.parse('2026-08-22T09:05:07Z'), 'Europe/Budapest')).toBe('11:05:07');
  });

  it('escapes registrations put into a marker’s HTML', () => {
    expect(escapeHtml('<b>HA-"1"&\'</b>')).toBe('&#60;b&#62;HA-&#34;1&#34;&#38;&#39;&#60;/b&#62;');
  });

  it('gives each device of a map its own colour, the same for the same set of devices', () => {
    const colours = coloursOf(['DD4370', 'DD4012', '4D2A11', 'DD4012']);

    expect(colours.size).toBe(3);
    expect(new Set(colours.values()).size).toBe(3);
    expect(coloursOf(['DD4012', 'DD4370', '4D2A11'])).toEqual(colours);
  });
});

describe('the plain background’s graticule', () => {
  it('picks round steps giving a handful of lines across the view', () => {
    expect(graticuleStep(60)).toBe(10);
    expect(graticuleStep(0.3)).toBe(0.05);
    expect(graticuleStep(0.0001)).toBe(0.005);
  });

  it('places lines on multiples of the step inside the view', () => {
    expect(graticuleLines(47.43, 47.81, 0.1)).toEqual([47.5, 47.6, 47.7, 47.8]);
  });
});

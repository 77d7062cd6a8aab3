import { describe, expect, it } from 'vitest';
import { daysOf } from '../../functions/tracking/track-service.ts';
import {
  decimate,
  groupTracks,
  MAX_TRACK_POINTS,
  type StoredFix,
} from '../../functions/tracking/track-shape.ts';

const fixOf = (address: string, timestamp: number): StoredFix => ({
  address,
  timestamp,
  latitude: 47.6,
  longitude: 19.1,
  altitude: 300,
  ground_speed: 90,
});

describe('decimate', () => {
  it('keeps a short track as it is', () => {
    const rows = [1, 2, 3];

    expect(decimate(rows, 5)).toEqual([1, 2, 3]);
  });

  it('thins a long track to the budget, evenly, keeping the first and the last', () => {
    // Arrange
    const rows = Array.from({ length: 10_001 }, (_, i) => i);

    // Act
    const kept = decimate(rows, 101);

    // Assess
    expect(kept).toHaveLength(101);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(10_000);
    expect(new Set(kept.slice(1).map((value, i) => value - kept[i]!))).toEqual(new Set([100]));
  });

  it('keeps the order and never repeats a row when the track is barely over the budget', () => {
    const rows = Array.from({ length: 2001 }, (_, i) => i);

    const kept = decimate(rows);

    expect(kept).toHaveLength(MAX_TRACK_POINTS);
    expect(new Set(kept).size).toBe(MAX_TRACK_POINTS);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept.at(-1)).toBe(2000);
  });
});

describe('groupTracks', () => {
  it('makes one time-ordered track per device, named by the aircraft that carries it', () => {
    // Arrange
    const fixes = [fixOf('DD4012', 30), fixOf('4D2A11', 5), fixOf('DD4012', 10), fixOf('DD4012', 20)];
    const planes = new Map([['DD4012', { plane_id: 'plane-ha-4012', reg_num: 'HA-4012' }]]);

    // Act
    const tracks = groupTracks(fixes, planes);

    // Assess
    expect(tracks).toEqual([
      {
        address: 'DD4012',
        plane_id: 'plane-ha-4012',
        reg_num: 'HA-4012',
        points: [
          [10, 47.6, 19.1, 300, 90],
          [20, 47.6, 19.1, 300, 90],
          [30, 47.6, 19.1, 300, 90],
        ],
      },
      { address: '4D2A11', plane_id: null, reg_num: null, points: [[5, 47.6, 19.1, 300, 90]] },
    ]);
  });

  it('thins every track to its own budget', () => {
    const fixes = [
      ...Array.from({ length: 50 }, (_, i) => fixOf('DD4012', i)),
      ...Array.from({ length: 3 }, (_, i) => fixOf('DD4370', i)),
    ];

    const tracks = groupTracks(fixes, new Map(), 10);

    expect(tracks.map((t) => t.points.length)).toEqual([10, 3]);
  });
});

describe('daysOf: the day partitions a flight touches', () => {
  it('is one day for a flight within the day', () => {
    expect(
      daysOf('Europe/Budapest', Date.parse('2026-08-22T09:00:00Z'), Date.parse('2026-08-22T10:00:00Z')),
    ).toEqual(['2026-08-22']);
  });

  it('is two days for a flight over local midnight, though the UTC date does not change', () => {
    expect(
      daysOf('Europe/Budapest', Date.parse('2026-08-22T21:50:00Z'), Date.parse('2026-08-22T22:20:00Z')),
    ).toEqual(['2026-08-22', '2026-08-23']);
  });
});

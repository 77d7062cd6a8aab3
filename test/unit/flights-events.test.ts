import { describe, expect, it } from 'vitest';
import { type CompletionFlight, flightChangeOf } from '../../functions/flights/completion.ts';

/** What a flight's change announces (`flight.changed`, issue 14 §5): completion.ts `flightChangeOf`. */
const landed = {
  flight_id: 'f-1',
  organization_id: 'org-demo',
  date: '2026-08-22',
  kind: 'glider',
  status: 'landed',
  plane_id: 'plane-ha-4370',
  reg_num: 'HA-4370',
  is_tmg: false,
  takeoff_type_id: 3,
  takeoff_time: '2026-08-22T10:00:00.000Z',
  landing_time: '2026-08-22T10:12:00.000Z',
  flight_time: 12,
  pic_id: 'user-pilot',
  training: false,
  proficiency_check: false,
  version: 3,
} as CompletionFlight & { version: number };
const airborne = { ...landed, status: 'airborne', landing_time: undefined, flight_time: undefined } as const;
const planned = { ...airborne, status: 'planned', takeoff_time: undefined } as const;

describe('flightChangeOf', () => {
  it.each([
    ['recorded landed', null, landed, 'completed'],
    ['landed on the sheet', airborne, landed, 'completed'],
    [
      'a landed flight’s time corrected',
      landed,
      { ...landed, landing_time: '2026-08-22T10:20:00.000Z' },
      'corrected',
    ],
    [
      'a landed flight moved to another aircraft',
      landed,
      { ...landed, plane_id: 'plane-ha-4012' },
      'corrected',
    ],
    ['a landed flight back in the air', landed, airborne, 'corrected'],
    ['a landed flight deleted', landed, null, 'deleted'],
  ] as const)('%s: %s', (_, before, after, change) => {
    expect(flightChangeOf(before, after)).toBe(change);
  });

  it.each([
    ['put on the sheet', null, planned],
    ['taken off', planned, airborne],
    ['a flight in the air corrected', airborne, { ...airborne, pic_id: 'user-student' }],
    ['a planned flight deleted', planned, null],
    [
      'a landed flight accepted by its instructor',
      landed,
      { ...landed, instructor_accepted: true, accepted_by: 'u', version: 4 },
    ],
    ['a landed flight locked by a signature', landed, { ...landed, locked: true, version: 4 }],
    ['a landed flight written again unchanged', landed, { ...landed, version: 4, updated_at: 'later' }],
  ] as const)('%s: announces nothing', (_, before, after) => {
    expect(flightChangeOf(before as CompletionFlight | null, after as CompletionFlight | null)).toBeNull();
  });
});

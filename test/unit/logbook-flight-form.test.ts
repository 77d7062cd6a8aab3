import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { FlightOutput } from '../../contracts/schemas/flights.ts';
import { createFlightInput, updateFlightInput } from '../../contracts/schemas/flights.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import {
  bodyOf,
  emptyValues,
  valuesOf,
  withoutHiddenLaunchFields,
} from '../../frontend/src/features/flights/flight-form.ts';
import { dayOffset, instantOf, wallClockOf } from '../../frontend/src/lib/zoned-time.ts';

/**
 * The flight form's way from what a person types at the airfield (a day, HH:mm on the local clock)
 * to what the API keeps (UTC instants), and back; the flights that end in the logbook start here.
 */
const BUDAPEST = 'Europe/Budapest';

describe('times on the airfield clock', () => {
  it('turn into UTC instants in summer and in winter time', () => {
    expect(instantOf('2026-08-15', '10:30', BUDAPEST)).toBe('2026-08-15T08:30:00.000Z');
    expect(instantOf('2026-01-15', '10:30', BUDAPEST)).toBe('2026-01-15T09:30:00.000Z');
    expect(instantOf('2026-03-29', '03:30', BUDAPEST)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('come back as the same day and time', () => {
    expect(wallClockOf('2026-08-15T08:30:00.000Z', BUDAPEST)).toEqual({ date: '2026-08-15', time: '10:30' });
    expect(wallClockOf('2026-08-15T22:30:00.000Z', BUDAPEST)).toEqual({ date: '2026-08-16', time: '00:30' });
    expect(wallClockOf(null, BUDAPEST)).toEqual({ date: '', time: '' });
  });

  it('refuse what is not HH:mm', () => {
    for (const time of ['', '7', '24:00', '10:60', 'ab:cd'])
      expect(instantOf('2026-08-15', time, BUDAPEST)).toBeNull();
  });

  it('count days on the airfield calendar', () => {
    const lateEvening = Date.parse('2026-08-15T22:30:00Z');
    expect(dayOffset(BUDAPEST, 0, lateEvening)).toBe('2026-08-16');
    expect(dayOffset(BUDAPEST, -30, lateEvening)).toBe('2026-07-17');
  });
});

describe('the flight form body', () => {
  it('sends a winch launch with its crew and clears the aerotow fields', () => {
    const values = {
      ...emptyValues('glider', '2026-08-15', 'plane-ha-4012'),
      takeoff_type_id: 3,
      takeoff_time: '10:30',
      landing_time: '10:41',
      pic_id: 'user-student',
      instructor_id: 'user-instructor',
      winch_operator_id: 'user-pilot',
      tow_pilot_id: 'user-admin',
      tow_altitude: '600',
      training: true,
    };
    const body = bodyOf(withoutHiddenLaunchFields(values), BUDAPEST);
    const parsed = z.safeParse(createFlightInput, body);
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({
      date: '2026-08-15',
      takeoff_time: '2026-08-15T08:30:00.000Z',
      landing_time: '2026-08-15T08:41:00.000Z',
      winch_operator_id: 'user-pilot',
      tow_pilot_id: null,
      tow_altitude: null,
      training: true,
    });
  });

  it('puts a landing after midnight on the next day', () => {
    const body = bodyOf(
      { ...emptyValues('general', '2026-08-15'), takeoff_time: '23:40', landing_time: '00:20' },
      'UTC',
    );
    expect(body.landing_time).toBe('2026-08-16T00:20:00.000Z');
  });

  it('lets the schema name the field of a time typed wrong', () => {
    const body = bodyOf({ ...emptyValues('glider', '2026-08-15', 'p'), takeoff_time: '25:10' }, BUDAPEST);
    const parsed = z.safeParse(createFlightInput, body);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error.issues).takeoff_time).toEqual(['datetime_format']);
  });

  it('reads a stored flight back and sends an update the API takes, without the day', () => {
    const stored = {
      flight_id: 'f1',
      kind: 'glider',
      date: '2026-08-15',
      plane_id: 'plane-ha-4012',
      takeoff_type_id: 5,
      takeoff_time: '2026-08-15T08:30:00.000Z',
      landing_time: '2026-08-15T09:45:00.000Z',
      flight_time: 75,
      tow_plane_id: 'plane-ha-sbx',
      tow_pilot_id: 'user-pilot',
      tow_altitude: 600,
      training: false,
      proficiency_check: false,
      traffic_pattern: false,
      version: 3,
    } as unknown as FlightOutput;
    const filled = Object.fromEntries(
      Object.entries(stored).map(([k, v]) => [k, v]),
    ) as unknown as FlightOutput;
    for (const key of [
      'pic_id',
      'sic_id',
      'instructor_id',
      'rope_puller_id',
      'winch_operator_id',
      'winch_trainee_id',
      'timer_operator_id',
      'takeoff_airport',
      'landing_airport',
      'route',
      'other_person',
      'pic_name',
      'sic_name',
      'sim_type',
      'remarks',
      'takeoff_counter',
      'landing_counter',
      'ifr_time',
      'night_time',
      'sim_time',
      'touch_and_go',
      'takeoff_blocktime',
      'landing_blocktime',
      'takeoff_day_night',
      'landing_day_night',
      'sim_date',
    ])
      (filled as unknown as Record<string, unknown>)[key] ??= null;
    const values = valuesOf(filled, BUDAPEST);
    expect(values).toMatchObject({ takeoff_time: '10:30', landing_time: '11:45', tow_altitude: '600' });
    // The stored time came from the times: it follows them, it is not an override.
    expect(values.flight_time).toBeNull();
    const { date: _day, ...body } = bodyOf({ ...values, landing_time: '12:00' }, BUDAPEST);
    const parsed = z.safeParse(updateFlightInput, { ...body, version: 3 });
    expect(parsed.success).toBe(true);
    expect(body).toMatchObject({
      landing_time: '2026-08-15T10:00:00.000Z',
      flight_time: null,
      tow_plane_id: 'plane-ha-sbx',
    });
  });
});

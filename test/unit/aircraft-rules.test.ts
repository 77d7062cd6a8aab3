import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { todayIn } from '../../contracts/calendar.ts';
import { createPlaneInput, updatePlaneInput } from '../../contracts/schemas/aircraft.ts';
import { limitBucketOf } from '../../contracts/schemas/aircraft-enums.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import {
  limitReached,
  newPlaneItem,
  planeIdFor,
  planeOutputOf,
  planePatch,
} from '../../functions/aircraft/plane-service.ts';
import type { StoredPlane } from '../../functions/aircraft/plane-store.ts';

/** The rules of spec §3 Plane and §9 package limits, without I/O. */
const errorsOf = (input: unknown) => {
  const result = z.safeParse(createPlaneInput, input);
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('the plane form’s rules', () => {
  it('upper-cases the registration and the OGN id', () => {
    const parsed = createPlaneInput.parse({
      reg_num: ' ha-4012 ',
      plane_category: 'plc_02',
      ogn_id: 'dd4a1f',
    });

    expect(parsed.reg_num).toBe('HA-4012');
    expect(parsed.ogn_id).toBe('DD4A1F');
  });

  it('needs a registration and a category; an OGN id is six hex digits', () => {
    expect(errorsOf({ ogn_id: 'DD4A1' })).toEqual({
      reg_num: ['field_required'],
      plane_category: ['field_required'],
      ogn_id: ['invalid_value'],
    });
    expect(errorsOf({ reg_num: 'HA 40/12', plane_category: 'plc_01', ogn_id: 'GG0000' })).toEqual({
      reg_num: ['invalid_value'],
      ogn_id: ['invalid_value'],
    });
  });

  it('refuses a share that ends before it starts, on the end date, even while other fields are wrong', () => {
    expect(
      errorsOf({
        reg_num: '',
        plane_category: 'plc_02',
        share_start_date: '2027-05-01',
        share_end_date: '2027-04-30',
      }),
    ).toEqual({ reg_num: ['field_required'], share_end_date: ['too_small'] });
    expect(
      errorsOf({
        reg_num: 'HA-1',
        plane_category: 'plc_02',
        share_start_date: '2027-05-01',
        share_end_date: '2027-05-01',
      }),
    ).toEqual({});
  });

  it('takes counters as whole minutes and counts, prices as whole minor units, a discount of 0–100 %', () => {
    expect(
      errorsOf({
        reg_num: 'HA-1',
        plane_category: 'plc_02',
        start_counter_flight: 12.5,
        start_counter_takeoff: -1,
        rent_price_flight: 100.5,
        rent_price_motor: -100,
        rent_discount: 100.5,
        year_of_manufacture: 1850,
        seats: 0,
      }),
    ).toEqual({
      start_counter_flight: ['invalid_value'],
      start_counter_takeoff: ['too_small'],
      rent_price_flight: ['invalid_value'],
      rent_price_motor: ['too_small'],
      rent_discount: ['too_big'],
      year_of_manufacture: ['too_small'],
      seats: ['too_small'],
    });
  });

  it('does not take counter_ or current_ readings from a form, nor unknown fields', () => {
    const result = z.safeParse(updatePlaneInput, {
      reg_num: 'HA-1',
      plane_category: 'plc_02',
      counter_flight: 10,
      current_counter_flight: 10,
      version: 1,
    });

    expect(result.success).toBe(false);
    expect(result.success ? {} : fieldErrors(result.error.issues)).toEqual({
      counter_flight: ['unknown_field'],
      current_counter_flight: ['unknown_field'],
    });
  });
});

describe('the package limit buckets', () => {
  const count = { total: 5, general: 2, glider: 3 };

  it('puts gliders in the glider bucket and general aircraft and every TMG in the general one', () => {
    expect(limitBucketOf({ plane_category: 'plc_02', is_tmg: false })).toBe('glider');
    expect(limitBucketOf({ plane_category: 'plc_01', is_tmg: false })).toBe('general');
    expect(limitBucketOf({ plane_category: 'plc_01', is_tmg: true })).toBe('general');
    expect(limitBucketOf({ plane_category: 'plc_02', is_tmg: true })).toBe('general');
  });

  it('refuses at the total, at the bucket, and not below them', () => {
    expect(limitReached(count, { plane_limit: 5, general_limit: 4, glider_limit: 8 }, 'glider')).toBe(true);
    expect(limitReached(count, { plane_limit: 12, general_limit: 2, glider_limit: 8 }, 'general')).toBe(true);
    expect(limitReached(count, { plane_limit: 12, general_limit: 2, glider_limit: 8 }, 'glider')).toBe(false);
    expect(limitReached(count, { plane_limit: 6, general_limit: 3, glider_limit: 4 }, 'glider')).toBe(false);
  });

  it('has no limit where the organization has none', () => {
    expect(limitReached({ total: 500, general: 250, glider: 250 }, {}, 'general')).toBe(false);
    expect(limitReached(count, { glider_limit: 3 }, 'general')).toBe(false);
  });

  it('ignores the total for a move between buckets (the total does not change)', () => {
    expect(limitReached(count, { plane_limit: 5, glider_limit: 8 }, 'glider', { total: false })).toBe(false);
    expect(limitReached(count, { plane_limit: 5, glider_limit: 3 }, 'glider', { total: false })).toBe(true);
  });
});

describe('records', () => {
  const stored = {
    ...newPlaneItem('org-demo', 'plane-ha-1', {
      reg_num: 'HA-1',
      plane_category: 'plc_02',
      start_counter_flight: 600,
      tail_number: 'X1',
    }),
    counter_flight: 120,
    current_counter_flight: 720,
    is_tmg: false,
    private_plane: false,
    status: 'functional',
    can_be_shared: false,
    rentable: false,
    rent_req_instructor: false,
    rent_multiple_days_allowed: false,
    night_reservation_on: false,
    version: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  } as unknown as StoredPlane;

  it('starts current_ at the start_ readings and counter_ at zero', () => {
    const item = newPlaneItem('org-demo', 'plane-x', {
      reg_num: 'HA-2',
      plane_category: 'plc_01',
      start_counter_engine: 90,
    });

    expect(item).toMatchObject({
      start_counter_engine: 90,
      current_counter_engine: 90,
      start_counter_flight: 0,
    });
    expect(item).not.toHaveProperty('counter_engine');
  });

  it('moves current_ by the change of start_ as an ADD, clears nulls, leaves absent fields', () => {
    const patch = planePatch(stored, {
      start_counter_flight: 660,
      tail_number: null,
      model: 'LS 8',
      seats: undefined,
    });

    expect(patch.set).toEqual({ start_counter_flight: 660, model: 'LS 8' });
    expect(patch.add).toEqual({ current_counter_flight: 60 });
    expect(patch.remove).toEqual(['tail_number']);
  });

  it('derives the spec’s functional and inoperable flags from the status', () => {
    const grounded = planeOutputOf({ ...stored, status: 'awaiting_repair' });
    const inactive = planeOutputOf({ ...stored, status: 'inactive' });

    expect([grounded.functional, grounded.inoperable]).toEqual([false, true]);
    expect([inactive.functional, inactive.inoperable]).toEqual([false, false]);
    expect(planeOutputOf(stored).functional).toBe(true);
  });

  it('gives ids that sort by registration', () => {
    expect(planeIdFor('HA-4012', 'abc123')).toBe('plane-ha-4012-abc123');
  });

  it('closes a share on the organization’s day, not UTC’s', () => {
    const lateEvening = new Date('2026-11-21T23:30:00Z');

    expect(todayIn('Europe/Budapest', lateEvening)).toBe('2026-11-22');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-21');
  });
});

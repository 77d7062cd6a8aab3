import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createPlaneInput, type PlaneOutput } from '../../contracts/schemas/aircraft.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import { decimalHoursText, minutesFromHoursText } from '../../frontend/src/components/decimal-hours.ts';
import {
  bodyOf,
  EMPTY,
  firstTabWithError,
  valuesOf,
} from '../../frontend/src/features/aircraft/plane-form.ts';

/** Spec §5 decimal-hours field and the plane form's way to the API, without a browser. */
describe('the decimal-hours field', () => {
  it('reads h:mm to the minute and decimal hours to the nearest minute', () => {
    expect(minutesFromHoursText('4300:17')).toBe(258_017);
    expect(minutesFromHoursText('1:35')).toBe(95);
    expect(minutesFromHoursText('12.5')).toBe(750);
    expect(minutesFromHoursText(' 12,25 ')).toBe(735);
    expect(minutesFromHoursText('7')).toBe(420);
  });

  it('gives 0 for an invalid input and never goes below 0', () => {
    for (const text of ['', 'abc', '-3', '1:75', '1:2:3', '12.5.1'])
      expect(minutesFromHoursText(text)).toBe(0);
    expect(decimalHoursText(-30)).toBe('0.00');
  });

  it('shows decimal hours with 2 decimals', () => {
    expect(decimalHoursText(95)).toBe('1.58');
    expect(decimalHoursText(258_017)).toBe('4300.28');
    expect(decimalHoursText(null)).toBe('0.00');
  });
});

describe('the plane form', () => {
  it('sends what the API accepts: nulls for empty fields, minor units for money', () => {
    const body = bodyOf({
      ...EMPTY,
      reg_num: 'HA-4370',
      rent_price_flight: '6 500,50',
      rent_discount: '12,5',
      seats: '1',
      start_counter_flight: 145_800,
    });

    expect(body).toMatchObject({
      reg_num: 'HA-4370',
      tail_number: null,
      rent_price_flight: 650_050,
      rent_discount: 12.5,
      seats: 1,
      start_counter_flight: 145_800,
      limit_counter_flight: null,
      rent_type: null,
    });
    expect(z.safeParse(createPlaneInput, body).success).toBe(true);
  });

  it('turns a typo into a field error on the right tab, not a silent 0', () => {
    const result = z.safeParse(
      createPlaneInput,
      bodyOf({ ...EMPTY, reg_num: 'HA-1', seats: 'two', rent_price_motor: 'x' }),
    );
    const errors = result.success ? {} : fieldErrors(result.error.issues);

    expect(errors).toEqual({ seats: ['invalid_value'], rent_price_motor: ['invalid_value'] });
    expect(firstTabWithError(errors)).toBe('identity');
    expect(firstTabWithError({ share_end_date: ['too_small'] })).toBe('sharing');
  });

  it('shows a saved aircraft as it was saved', () => {
    const body = bodyOf({ ...EMPTY, reg_num: 'HA-1', rent_price_landing: '1500', lifetime_flight: 720_000 });
    const saved = {
      ...body,
      plane_id: 'p',
      functional: true,
      inoperable: false,
      counter_flight: 0,
      counter_engine: 0,
      counter_takeoff: 0,
      counter_landing: 0,
      current_counter_flight: 0,
      current_counter_engine: 0,
      current_counter_takeoff: 0,
      current_counter_landing: 0,
      start_counter_takeoff: 0,
      start_counter_landing: 0,
      version: 1,
      created_at: '',
      updated_at: '',
    } as unknown as PlaneOutput;

    expect(valuesOf(saved)).toMatchObject({
      rent_price_landing: '1500',
      lifetime_flight: 720_000,
      seats: '',
    });
  });
});

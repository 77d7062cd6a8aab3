import { describe, expect, it } from 'vitest';
import { inTimeBand, landingFee, rowsInForce } from '../../contracts/landing-fees.ts';
import { type LandingFeeRow, landingFeeRow } from '../../contracts/schemas/airports.ts';
import { fieldErrors } from '../../contracts/validation.ts';

const row = (r: Partial<LandingFeeRow>): LandingFeeRow => ({
  valid_from: '2026-01-01',
  mtow_min: 0,
  mtow_max: null,
  purpose: 'any',
  time_from: null,
  time_to: null,
  amount: 0,
  ...r,
});

/** Dunakeszi's table: gliders and light aircraft, training cheaper, a night surcharge; a new price list in July. */
const TABLE: LandingFeeRow[] = [
  row({ mtow_max: 750, purpose: 'training', amount: 150000 }),
  row({ mtow_max: 750, time_from: '20:00', time_to: '06:00', amount: 500000 }),
  row({ mtow_max: 750, amount: 250000 }),
  row({ mtow_min: 750, mtow_max: 2000, amount: 400000 }),
  row({ valid_from: '2026-07-01', mtow_max: 750, amount: 300000 }),
  row({ valid_from: '2026-07-01', mtow_min: 750, amount: 600000 }),
];

describe('the landing fee', () => {
  it('prices by MTOW band, purpose and time of day, the first matching row deciding', () => {
    const at = { date: '2026-05-10', time: '10:30' };
    expect(landingFee(TABLE, { ...at, mtow: 525, purpose: 'training' })).toBe(150000);
    expect(landingFee(TABLE, { ...at, mtow: 525, purpose: 'private' })).toBe(250000);
    expect(landingFee(TABLE, { ...at, time: '21:15', mtow: 525, purpose: 'private' })).toBe(500000);
    expect(landingFee(TABLE, { ...at, time: '05:59', mtow: 525, purpose: 'private' })).toBe(500000);
    expect(landingFee(TABLE, { ...at, time: '06:00', mtow: 525, purpose: 'private' })).toBe(250000);
    // The band's upper bound belongs to the next band.
    expect(landingFee(TABLE, { ...at, mtow: 750, purpose: 'private' })).toBe(400000);
    // No row for the heavy aircraft before July.
    expect(landingFee(TABLE, { ...at, mtow: 5700, purpose: 'private' })).toBeNull();
  });

  it('takes the table in force on the day: the latest valid_from on or before it', () => {
    expect(
      landingFee(TABLE, { date: '2026-06-30', time: '12:00', mtow: 5700, purpose: 'private' }),
    ).toBeNull();
    expect(landingFee(TABLE, { date: '2026-07-01', time: '12:00', mtow: 5700, purpose: 'private' })).toBe(
      600000,
    );
    expect(landingFee(TABLE, { date: '2026-07-01', time: '12:00', mtow: 525, purpose: 'training' })).toBe(
      300000,
    );
    expect(rowsInForce(TABLE, '2025-12-31')).toEqual([]);
    expect(
      landingFee(TABLE, { date: '2025-12-31', time: '12:00', mtow: 525, purpose: 'training' }),
    ).toBeNull();
  });

  it('reads time bands across midnight and whole-day rows', () => {
    expect(inTimeBand('23:00', '22:00', '06:00')).toBe(true);
    expect(inTimeBand('12:00', '22:00', '06:00')).toBe(false);
    expect(inTimeBand('12:00', '08:00', '18:00')).toBe(true);
    expect(inTimeBand('18:00', '08:00', '18:00')).toBe(false);
    expect(inTimeBand('03:00', null, null)).toBe(true);
  });

  it('refuses a row whose band is upside down or whose time band is half given', () => {
    const bad = landingFeeRow.safeParse(row({ mtow_min: 1000, mtow_max: 500, time_from: '08:00' }));
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!.issues)).toEqual({
      mtow_max: ['invalid_value'],
      time_to: ['field_required'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { fuelPrice, meterQuantity, stockAfter, stockDelta } from '../../contracts/fuel-stock.ts';
import { towRecency } from '../../contracts/tow-recency.ts';
import { launchesByOperator, winchCrewErrors } from '../../functions/operations/winch-service.ts';

describe('a tank’s stock (issue 15 §3)', () => {
  const tank = { stock: 100, capacity: 500 };

  it('goes down with a dispense, up with a refill, and by the signed correction with an adjustment', () => {
    expect(stockAfter(tank, 'dispense', 30.5)).toEqual({ stock: 69.5 });
    expect(stockAfter(tank, 'refill', 250)).toEqual({ stock: 350 });
    expect(stockAfter(tank, 'adjustment', -2.25)).toEqual({ stock: 97.75 });
    expect(stockAfter(tank, 'adjustment', 1.1)).toEqual({ stock: 101.1 });
  });

  it('adds decimals exactly (0.1 + 0.2 litres is 0.3)', () => {
    const once = stockAfter({ stock: 0.1, capacity: 10 }, 'refill', 0.2);
    expect(once).toEqual({ stock: 0.3 });
    expect(stockDelta('dispense', 0.3)).toBe(-0.3);
  });

  it('refuses to empty a tank below zero or to overfill it', () => {
    expect(stockAfter(tank, 'dispense', 100.01)).toEqual({ problem: 'fuel_stock_insufficient' });
    expect(stockAfter(tank, 'dispense', 100)).toEqual({ stock: 0 });
    expect(stockAfter(tank, 'refill', 400.01)).toEqual({ problem: 'fuel_capacity_exceeded' });
    expect(stockAfter(tank, 'adjustment', -101)).toEqual({ problem: 'fuel_stock_insufficient' });
  });

  it('reads the quantity from the meter and prices a dispense per litre to the minor unit', () => {
    expect(meterQuantity(1200.4, 1235.6)).toBe(35.2);
    expect(meterQuantity(null, 10)).toBeNull();
    // 35.2 l at 812.50 Ft/l (81250 minor units per litre) is 28 600.00 Ft.
    expect(fuelPrice(35.2, 81_250)).toBe(2_860_000);
    expect(fuelPrice(0.33, 101)).toBe(33);
  });
});

describe('the winch log’s crew (issue 15 §4)', () => {
  const deps = (permits: string[]) => ({
    isActiveMember: async () => true,
    holdsWinchPermit: async (_org: string, userId: string) => permits.includes(userId),
  });

  it('needs a winch permit for the operator', async () => {
    expect(await winchCrewErrors(deps([]), 'org', '2026-06-01', { operator_id: 'u1' })).toEqual({
      operator_id: ['winch_permit_missing'],
    });
    expect(await winchCrewErrors(deps(['u1']), 'org', '2026-06-01', { operator_id: 'u1' })).toEqual({});
  });

  it('takes a trainee only with an operator, and not the operator twice', async () => {
    expect(await winchCrewErrors(deps(['u1']), 'org', '2026-06-01', { trainee_id: 't1' })).toEqual({
      trainee_id: ['winch_trainee_needs_operator'],
    });
    expect(
      await winchCrewErrors(deps(['u1']), 'org', '2026-06-01', { operator_id: 'u1', trainee_id: 'u1' }),
    ).toEqual({ trainee_id: ['invalid_value'] });
    expect(
      await winchCrewErrors(deps(['u1']), 'org', '2026-06-01', { operator_id: 'u1', trainee_id: 't1' }),
    ).toEqual({});
  });

  it('counts the sheet’s winch launches by operator and trainee, most first', () => {
    const launches = [
      { winch_operator_id: 'a', winch_trainee_id: null },
      { winch_operator_id: 'b', winch_trainee_id: 't' },
      { winch_operator_id: 'b', winch_trainee_id: 't' },
      { winch_operator_id: null, winch_trainee_id: null },
    ];
    expect(launchesByOperator(launches)).toEqual([
      { operator_id: 'b', trainee_id: 't', launches: 2 },
      { operator_id: 'a', trainee_id: null, launches: 1 },
      { operator_id: null, trainee_id: null, launches: 1 },
    ]);
  });
});

describe('tow recency: five tows in 24 months (issue 15 §4)', () => {
  const today = '2026-06-15';

  it('is lapsed with fewer than five tows in the window, saying how many are missing', () => {
    expect(towRecency([], today)).toEqual({ status: 'lapsed', tows: 0, needed: 5, until: null });
    const old = ['2024-06-14', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'];
    // The first is one day outside the 24 months.
    expect(towRecency(old, today)).toMatchObject({ status: 'lapsed', tows: 4, needed: 1 });
  });

  it('holds until the fifth newest tow leaves the window, and warns in its last 30 days', () => {
    const tows = ['2024-07-01', '2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01'];
    expect(towRecency(tows, today)).toEqual({ status: 'current', tows: 6, needed: 0, until: '2027-05-01' });
    expect(towRecency(tows, '2027-04-10')).toMatchObject({ status: 'lapsing', until: '2027-05-01' });
    expect(towRecency(tows, '2027-05-02')).toMatchObject({ status: 'lapsed', tows: 4 });
  });

  it('does not count tows after the day asked about', () => {
    expect(towRecency(['2026-06-16', '2026-06-17'], today)).toMatchObject({ tows: 0 });
  });
});

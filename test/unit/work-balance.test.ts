import { describe, expect, it } from 'vitest';
import { hoursBalance, obligationOf, settlementOf } from '../../functions/operations/work-balance.ts';

/** A member's yearly balance of work hours and what the year's close posts for it (issue 15 §7). */
const prices = { social_work_price: 150_000, normal_work_price: 250_000, professional_work_price: 500_000 };

describe('the yearly balance of work hours', () => {
  it('fills the obligation with approved social hours only, and charges the missing ones at the social price', () => {
    const balance = hoursBalance(20, [
      { category: 'social', status: 'approved', hours: 6.5 },
      { category: 'social', status: 'approved', hours: 3.25 },
      { category: 'social', status: 'pending', hours: 4 },
      { category: 'social', status: 'rejected', hours: 8 },
    ]);
    expect(balance).toMatchObject({ social_hours: 9.75, pending_hours: 4, missing_hours: 10.25 });
    expect(settlementOf(balance, prices)).toEqual({ charge: -1_537_500, credit: 0 });
  });

  it('credits approved normal and professional work at their prices, apart from the obligation', () => {
    const balance = hoursBalance(10, [
      { category: 'social', status: 'approved', hours: 12 },
      { category: 'normal', status: 'approved', hours: 2 },
      { category: 'professional', status: 'approved', hours: 1.5 },
      { category: 'professional', status: 'pending', hours: 3 },
    ]);
    expect(balance).toMatchObject({ missing_hours: 0, normal_hours: 2, professional_hours: 1.5 });
    expect(settlementOf(balance, prices)).toEqual({ charge: 0, credit: 500_000 + 750_000 });
  });

  it('charges nothing where the club set no price, and owes what the membership type says', () => {
    const balance = hoursBalance(8, []);
    expect(settlementOf(balance, { ...prices, social_work_price: null })).toEqual({ charge: 0, credit: 0 });
    const settings = { obligation_hours: 20, by_membership_type: { honorary: 0, probationary: 30 } };
    expect(obligationOf(settings, 'honorary')).toBe(0);
    expect(obligationOf(settings, 'probationary')).toBe(30);
    expect(obligationOf(settings, 'regular')).toBe(20);
    expect(obligationOf(settings, null)).toBe(20);
  });
});

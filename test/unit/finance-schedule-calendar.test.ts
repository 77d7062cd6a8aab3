import { describe, expect, it } from 'vitest';
import {
  nextRunAfter,
  nextRunOnOrAfter,
  periodOf,
  runDateOf,
  type ScheduleTiming,
  upcomingRuns,
} from '../../functions/finance/schedule-calendar.ts';
import { chargesOf } from '../../functions/finance/schedule-service.ts';

/** When scheduled (recurring) transactions run (issue 14 §6): clamped days, periods, the next runs. */
const monthly = (day_of_month: number, start_date = '2026-01-01'): ScheduleTiming => ({
  cadence: 'monthly',
  day_of_month,
  month: 1,
  start_date,
});

describe('the run calendar', () => {
  it('clamps the day of month to the month end: the 31st runs on 28 February, 29 in a leap year, 30 April', () => {
    expect(upcomingRuns(monthly(31), '2026-01-01', 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(upcomingRuns(monthly(31), '2028-02-01', 1)).toEqual(['2028-02-29']);
  });

  it('runs quarterly from its first month and yearly in its month, each run in its own period', () => {
    const quarterly: ScheduleTiming = {
      cadence: 'quarterly',
      day_of_month: 15,
      month: 2,
      start_date: '2026-01-01',
    };
    const yearly: ScheduleTiming = { cadence: 'yearly', day_of_month: 1, month: 3, start_date: '2026-01-01' };

    expect(upcomingRuns(quarterly, '2026-01-01', 4)).toEqual([
      '2026-02-15',
      '2026-05-15',
      '2026-08-15',
      '2026-11-15',
    ]);
    expect(upcomingRuns(quarterly, '2026-01-01', 4).map((d) => periodOf('quarterly', d))).toEqual([
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
    ]);
    expect(upcomingRuns(yearly, '2026-03-02', 2)).toEqual(['2027-03-01', '2028-03-01']);
    expect(periodOf('yearly', '2027-03-01')).toBe('2027');
    expect(periodOf('monthly', '2026-02-28')).toBe('2026-02');
  });

  it('does not run before its start or after its end', () => {
    const ending: ScheduleTiming = { ...monthly(10, '2026-03-11'), end_date: '2026-05-09' };

    expect(nextRunOnOrAfter(ending, '2026-01-01')).toBe('2026-04-10');
    expect(nextRunAfter(ending, '2026-04-10')).toBeNull();
    expect(runDateOf(ending, '2026-03')).toBeNull();
    expect(runDateOf(ending, '2026-04')).toBe('2026-04-10');
  });
});

describe('who a run charges', () => {
  const membership = (user_id: string, over: Record<string, unknown> = {}) =>
    ({
      organization_id: 'org',
      membership_id: `m-${user_id}`,
      user_id,
      membership_type: 'regular',
      start_date: '2026-01-01',
      membership_fee: 500000,
      yearly_membership_fee: 6000000,
      membership_free: false,
      automatic_membership_fee_deduction_on: true,
      balance_notification_on: true,
      balance_summary_notification_on: false,
      vote: true,
      version: 1,
      created_at: '',
      updated_at: '',
      ...over,
    }) as never;

  it("charges each member's membership fee for the run's months, and skips the free and the opted out", () => {
    const memberships = [
      membership('a'),
      membership('b', { membership_free: true }),
      membership('c', { automatic_membership_fee_deduction_on: false }),
      membership('d', { membership_type: 'guest' }),
    ];
    const members = new Set(['a', 'b', 'c', 'd']);
    const fees = (cadence: 'monthly' | 'quarterly' | 'yearly') =>
      chargesOf(
        {
          amount_source: 'membership_fee',
          amount: undefined,
          user_ids: [],
          membership_types: ['regular'],
          cadence,
        },
        { full_fee: null, yearly_membership_fee: null },
        memberships,
        members,
        '2026-03-01',
      );

    expect(fees('monthly')).toEqual([{ user_id: 'a', amount: 500000 }]);
    expect(fees('quarterly')).toEqual([{ user_id: 'a', amount: 1500000 }]);
    expect(fees('yearly')).toEqual([{ user_id: 'a', amount: 6000000 }]);
  });

  it('charges a fixed amount to named members and to a membership type, once each, members only', () => {
    const charges = chargesOf(
      {
        amount_source: 'fixed',
        amount: 300000,
        user_ids: ['x', 'a', 'gone'],
        membership_types: ['guest'],
        cadence: 'monthly',
      },
      { full_fee: null, yearly_membership_fee: null },
      [
        membership('a', { membership_type: 'guest' }),
        membership('x', { membership_type: 'guest', end_date: '2026-02-01' }),
      ],
      new Set(['a', 'x']),
      '2026-03-01',
    );

    expect(charges).toEqual([
      { user_id: 'a', amount: 300000 },
      { user_id: 'x', amount: 300000 },
    ]);
  });
});

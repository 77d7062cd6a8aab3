import type { MembershipType } from '../../contracts/schemas/finance-enums.ts';
import type { HoursStatus, WorkCategory } from '../../contracts/schemas/work.ts';

/**
 * A member's yearly balance of work hours (issue 15 §7), the one place its arithmetic lives:
 * - social work fills the yearly obligation; the hours still missing at the close are charged at
 *   the organization's social_work_price;
 * - normal and professional work is work the club pays for: its approved hours are credited at the
 *   normal_work_price / professional_work_price and do not count towards the obligation;
 * - only approved hours count; pending ones are shown, rejected ones ignored.
 * Amounts are minor units (contracts/money.ts), rounded to whole units per line.
 */

export interface BalanceHours {
  category: WorkCategory;
  status: HoursStatus;
  hours: number;
}

export interface WorkPrices {
  social_work_price: number | null;
  normal_work_price: number | null;
  professional_work_price: number | null;
}

export interface HoursBalance {
  obligation_hours: number;
  social_hours: number;
  normal_hours: number;
  professional_hours: number;
  pending_hours: number;
  missing_hours: number;
}

export interface Settlement {
  /** Negative or 0: the missing hours at the social work price. */
  charge: number;
  /** Positive or 0: paid work at its price. */
  credit: number;
}

/** Hours in quarters: sums of quarters stay exact. */
const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 4) / 4;

export function hoursBalance(obligationHours: number, entries: readonly BalanceHours[]): HoursBalance {
  const approved = (category: WorkCategory) =>
    sum(entries.filter((e) => e.status === 'approved' && e.category === category).map((e) => e.hours));
  const social = approved('social');
  return {
    obligation_hours: obligationHours,
    social_hours: social,
    normal_hours: approved('normal'),
    professional_hours: approved('professional'),
    pending_hours: sum(entries.filter((e) => e.status === 'pending').map((e) => e.hours)),
    missing_hours: Math.max(0, sum([obligationHours, -social])),
  };
}

export function settlementOf(balance: HoursBalance, prices: WorkPrices): Settlement {
  const charge = -Math.round(balance.missing_hours * (prices.social_work_price ?? 0));
  const credit =
    Math.round(balance.normal_hours * (prices.normal_work_price ?? 0)) +
    Math.round(balance.professional_hours * (prices.professional_work_price ?? 0));
  return { charge: charge === 0 ? 0 : charge, credit };
}

/** The hours a member owes: their membership type's, else the club's. */
export const obligationOf = (
  settings: { obligation_hours: number; by_membership_type: Partial<Record<MembershipType, number>> },
  membershipType: MembershipType | null,
) => (membershipType ? settings.by_membership_type[membershipType] : undefined) ?? settings.obligation_hours;

import type { BalancePolicy } from '../../contracts/schemas/finance-enums.ts';
import { organizationFinance } from '../organizations/public.ts';
import { defaultFinanceDeps, standingOf } from './finance-context.ts';

/**
 * What other domains may ask the finance domain (domain ownership: they never touch its entities).
 * The flights domain asks it before a flight is put on the daily sheet (issue 14 §9); finance never
 * waits on flights in turn — charges follow the `flight.changed` event.
 */

export interface PayerStanding {
  /** The organization's policy for payers below the minimum: off, warn, block. */
  policy: BalancePolicy;
  /** Who would pay the flight by default: the pilot in command (the student), else the instructor. */
  payer_id: string | null;
  /** The payer's balance is below their minimum (the membership's, else the organization's). */
  below_minimum: boolean;
}

/** The default payer of a flight with this crew and whether they are below their minimum balance. */
export async function payerStanding(
  organizationId: string,
  crew: { pic_id?: string | null; instructor_id?: string | null },
  date: string,
): Promise<PayerStanding> {
  const payer = crew.pic_id ?? crew.instructor_id ?? null;
  const org = await organizationFinance(organizationId);
  if (!org) return { policy: 'off', payer_id: payer, below_minimum: false };
  if (!org.modules.includes('financial') || org.balance_policy === 'off' || !payer)
    return { policy: org.balance_policy, payer_id: payer, below_minimum: false };
  const standing = await standingOf(defaultFinanceDeps, org, payer, date);
  return { policy: org.balance_policy, payer_id: payer, below_minimum: standing.below };
}

import type { EventDetail } from '../../contracts/events.ts';
import { logger } from '../platform/log/logger.ts';
import type { FinanceDeps } from './finance-context.ts';
import type { EntryToPost } from './ledger-store.ts';
import { afterPosting } from './notices.ts';

/**
 * Fuel charges (issue 15 §3): the operations domain announces `fuel.dispensed` with the price of a
 * dispense at the club's fuel price. The pilot's ledger gets ONE charge per operation (entry
 * `fu-<operation>`, created only where absent), however often the event arrives. Another currency
 * than the organization's, or an organization without the financial module, posts nothing.
 */

type FuelDetail = EventDetail<'fuel.dispensed'>;

/** The charge's entry id: one per fuel operation. */
export const fuelChargeEntryId = (operationId: string) => `fu-${operationId}`;

export async function postFuelCharge(deps: FinanceDeps, detail: FuelDetail) {
  const org = await deps.organization(detail.organization_id);
  if (!org?.modules.includes('financial')) return;
  if (org.currency_id !== detail.currency_id) {
    logger.warn('fuel charge in another currency', {
      organizationId: detail.organization_id,
      operationId: detail.operation_id,
    });
    return;
  }
  const entry: EntryToPost = {
    organization_id: detail.organization_id,
    user_id: detail.user_id,
    entry_id: fuelChargeEntryId(detail.operation_id),
    date: detail.date,
    transaction_type: 'fuel_charge',
    amount: -detail.amount,
    currency_id: detail.currency_id,
    source: 'fuel',
    source_id: detail.operation_id,
  };
  if (await deps.ledger.entry(org.organization_id, entry.entry_id)) return;
  const outcome = await deps.ledger.post({ organization_id: org.organization_id, entries: [entry] });
  // Refused: the entry stands already (another delivery of the same event posted it first).
  if (outcome.status === 'posted') await afterPosting(deps, org, [entry.user_id]);
}

import type { EventDetail } from '../../contracts/events.ts';
import { logger } from '../platform/log/logger.ts';
import type { FinanceDeps } from './finance-context.ts';
import { reversalOf } from './ledger-service.ts';
import type { EntryToPost } from './ledger-store.ts';
import { afterPosting } from './notices.ts';

/**
 * Training fees (issue 16 §2): the training domain announces `training.enrolled` with the fee its
 * programme asked, and `training.unenrolled` when the enrolment is deleted. The student's ledger
 * gets ONE charge per enrolment (entry `tf-<enrolment>`, created only where absent) and, after a
 * deletion, ONE reversal of it — whatever the order and however often the events arrive: a
 * deletion met before its enrolment posts the charge and its reversal together, after which the
 * enrolment's own event finds its entry and posts nothing. A fee of 0, another currency than the
 * organization's, or an organization without the financial module posts nothing.
 */

type FeeDetail = EventDetail<'training.enrolled'>;

/** The charge's entry id: one per enrolment. */
export const trainingFeeEntryId = (enrolmentId: string) => `tf-${enrolmentId}`;

const MAX_ATTEMPTS = 6;

const chargeOf = (detail: FeeDetail): EntryToPost => ({
  organization_id: detail.organization_id,
  user_id: detail.user_id,
  entry_id: trainingFeeEntryId(detail.enrolment_id),
  date: detail.date,
  transaction_type: 'training_fee',
  amount: -detail.training_fee,
  currency_id: detail.currency_id,
  source: 'training',
  source_id: detail.enrolment_id,
});

/** The organization when its ledger takes this fee; null (logged) when nothing is to be posted. */
async function ledgerFor(deps: FinanceDeps, detail: FeeDetail) {
  if (detail.training_fee <= 0) return null;
  const org = await deps.organization(detail.organization_id);
  if (!org?.modules.includes('financial')) return null;
  if (org.currency_id !== detail.currency_id) {
    // A balance is one currency: a fee in another is left to the treasurer (logged, not posted).
    logger.warn('training fee in another currency', {
      organizationId: detail.organization_id,
      enrolmentId: detail.enrolment_id,
    });
    return null;
  }
  return org;
}

/** `training.enrolled`: the fee charged to the student once. */
export async function postTrainingFee(deps: FinanceDeps, detail: FeeDetail) {
  const org = await ledgerFor(deps, detail);
  if (!org) return;
  const entry = chargeOf(detail);
  // Posted before (a duplicate), or created already taken back by a deletion met first.
  if (await deps.ledger.entry(org.organization_id, entry.entry_id)) return;
  const outcome = await deps.ledger.post({ organization_id: org.organization_id, entries: [entry] });
  // Refused: the entry stands already (a duplicate, or the deletion came first and took it back).
  if (outcome.status === 'posted') await afterPosting(deps, org, [entry.user_id]);
}

/** `training.unenrolled`: the fee's charge taken back once (posted with it when it was not there yet). */
export async function reverseTrainingFee(deps: FinanceDeps, detail: FeeDetail) {
  const org = await ledgerFor(deps, detail);
  if (!org) return;
  const id = trainingFeeEntryId(detail.enrolment_id);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const original = await deps.ledger.entry(org.organization_id, id);
    if (original?.reversed_by) return;
    let outcome: Awaited<ReturnType<FinanceDeps['ledger']['post']>>;
    if (original) {
      const reversal = reversalOf(original, {});
      outcome = await deps.ledger.post({
        organization_id: org.organization_id,
        entries: [reversal],
        reverses: [{ original, by: reversal.entry_id }],
      });
    } else {
      // Met before the enrolment's event: the charge, already taken back, and its reversal together.
      const charge = chargeOf(detail);
      const reversal = reversalOf({ ...charge, created_at: deps.now().toISOString() }, {});
      outcome = await deps.ledger.post({
        organization_id: org.organization_id,
        // Created already taken back: the enrolment's own event then finds it and posts nothing.
        entries: [{ ...charge, reversed_by: reversal.entry_id } as EntryToPost, reversal],
      });
    }
    if (outcome.status === 'posted') return;
    // Another delivery posted first: read again.
  }
  logger.warn('training fee reversal did not settle', {
    organizationId: detail.organization_id,
    enrolmentId: detail.enrolment_id,
  });
  throw new Error('training fee reversal did not settle');
}

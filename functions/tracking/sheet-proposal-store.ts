import type { ActionKey } from '../../contracts/actions.ts';
import { type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import type { StoredProposal } from './proposals.ts';

/**
 * The detector's flight proposals as the daily sheet (flights) reads and settles them (issue 6 §5).
 * The ingest creates and extends them; the sheet confirms or dismisses them, each change at the
 * version it was read with, together with its activity-log record.
 */
export const sheetProposalStore = {
  /** Every proposal of one day (`<date>#…` in the organization's proposals partition), all pages. */
  async proposalsOfDay(organizationId: string, date: string) {
    const { data } = await db()
      .entities.flightProposal.query.byDay({ organization_id: organizationId, date })
      .go({ pages: 'all' });
    // The key prefix is the date and `#`; a longer "date" (a made-up path) must not widen it.
    return data.filter((p) => p.date === date);
  },

  async proposal(organizationId: string, date: string, proposalId: string) {
    const { data } = await db()
      .entities.flightProposal.get({ organization_id: organizationId, date, proposal_id: proposalId })
      .go();
    return data;
  },

  /** The proposal as it will be, if it is still at `readVersion` (else 409), with its audit record. */
  async settle(actor: Auditor, item: StoredProposal, readVersion: number, action: ActionKey) {
    await auditedWrite(
      actor,
      {
        action,
        target_type: 'flight_proposal',
        target_id: item.proposal_id,
        details: { date: item.date, ...(item.flight_id && { flight_id: item.flight_id }) },
      },
      ({ flightProposal }) => [
        flightProposal
          .put(item)
          .where(({ version }, { eq }) => eq(version, readVersion))
          .commit(),
      ],
    );
  },
};

export type SheetProposalStore = typeof sheetProposalStore;

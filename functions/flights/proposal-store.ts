import type { ActionKey } from '../../contracts/actions.ts';
import { actionItem } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { committed } from '../platform/db/writes.ts';
import type { StoredProposal } from '../tracking/proposals.ts';

/**
 * The detector's flight proposals as the daily sheet reads and settles them (issue 6 §5). The
 * tracking ingest creates and extends them; the sheet confirms or dismisses them, each change at
 * the version it was read with, together with its activity-log entry.
 */
export const proposalStore = {
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

  /** The proposal as it will be, if it is still at `readVersion` (else 409), with its audit entry. */
  async save(
    actor: Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>,
    item: StoredProposal,
    readVersion: number,
    action: ActionKey,
  ) {
    const result = await db()
      .transaction.write(({ flightProposal: proposal, action: log }) => [
        proposal
          .put(item)
          .where(({ version }, { eq }) => eq(version, readVersion))
          .commit(),
        log
          .put(
            actionItem(actor, {
              action,
              target_type: 'flight_proposal',
              target_id: item.proposal_id,
              details: { date: item.date, ...(item.flight_id && { flight_id: item.flight_id }) },
            }),
          )
          .commit(),
      ])
      .go();
    committed(result);
  },
};

export type ProposalStore = typeof proposalStore;

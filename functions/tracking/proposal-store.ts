import type { ActionKey } from '../../contracts/actions.ts';
import { type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import type { StoredProposal } from './proposals.ts';

/** A proposal's key. */
interface ProposalKey {
  organization_id: string;
  date: string;
  proposal_id: string;
}

/**
 * The detector's flight proposals (issue 6 §5), under `org#<id>#proposals` by day: the ingest
 * creates and extends them (every write on the version read, so a retry changes nothing), the
 * daily sheet (flights, through public.ts) reads a day's and confirms or dismisses them with an
 * activity-log record.
 */
export const proposalStore = {
  /** Every proposal of one day of the organization. */
  async dayProposals(organizationId: string, date: string): Promise<StoredProposal[]> {
    const { data } = await db()
      .entities.flightProposal.query.byDay({ organization_id: organizationId, date })
      .go({ pages: 'all' });
    // The key prefix is the date and `#`; a longer "date" (a made-up path) must not widen it.
    return data.filter((p) => p.date === date);
  },

  /** The proposals of one device on one day (their ids begin with the address). */
  async deviceProposals(organizationId: string, date: string, address: string): Promise<StoredProposal[]> {
    const { data } = await db()
      .entities.flightProposal.query.byDay({ organization_id: organizationId, date })
      .begins({ proposal_id: `${address}-` })
      .go({ pages: 'all' });
    return data.filter((p) => p.date === date && p.address === address);
  },

  async proposal(key: ProposalKey): Promise<StoredProposal | null> {
    const { data } = await db().entities.flightProposal.get(key).go({ consistent: true });
    return data;
  },

  /** Creates the proposal unless one with its id exists; false when it did. */
  createProposal(item: StoredProposal): Promise<boolean> {
    return writtenIf(() => db().entities.flightProposal.create(item).go({ response: 'none' }));
  },

  /**
   * Replaces the proposal with `item` (version moved on by the caller) if it is still at
   * `readVersion`; false when someone changed it meanwhile (the sheet confirmed it, another batch).
   */
  replaceProposal(item: StoredProposal, readVersion: number): Promise<boolean> {
    return writtenIf(() =>
      db()
        .entities.flightProposal.put(item)
        .where((attr, op) => op.eq(attr.version, readVersion))
        .go({ response: 'none' }),
    );
  },

  /** Deletes a proposal whatever its state (a private flight's, privacy.ts). */
  async deleteProposal(key: ProposalKey): Promise<void> {
    await db().entities.flightProposal.delete(key).go({ response: 'none' });
  },

  /**
   * The sheet's answer to a proposal (confirmed, dismissed): the proposal as it will be, if it is
   * still at `readVersion` (else 409), with its activity-log record.
   */
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

/** What the daily sheet reads and settles (tracking/public.ts). */
export const sheetProposalStore = {
  proposalsOfDay: proposalStore.dayProposals,
  proposal: (organizationId: string, date: string, proposalId: string) =>
    proposalStore.proposal({ organization_id: organizationId, date, proposal_id: proposalId }),
  settle: proposalStore.settle,
};

export type SheetProposalStore = typeof sheetProposalStore;

/**
 * What other domains may ask of the tracking domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/tracking/ another domain imports. The daily sheet (flights) reads the
 * day's proposals and settles them here.
 */

export { type SheetProposalStore, sheetProposalStore } from './proposal-store.ts';
export { proposalOutputOf, type StoredProposal } from './proposals.ts';

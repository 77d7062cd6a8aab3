import { conflict, HttpError } from '../http/errors.ts';
import { db } from './service.ts';

/**
 * The write helpers every store uses (docs/ARCHITECTURE.md "Data"): one TransactWrite whose lost race
 * is a 409, the versioned patch an editor's save is, and a single conditional write that answers
 * whether its condition held.
 */

type TransactionWriter = Parameters<ReturnType<typeof db>['transaction']['write']>[0];
/** The entities a TransactWrite's builder receives (`(e) => [e.flight.put(…).commit(), …]`). */
export type TransactionEntities = Parameters<TransactionWriter>[0];
/** One write inside a TransactWrite: what `….commit()` returns. */
type TransactionItem = ReturnType<TransactionWriter>[number];
/** Builds the writes of one TransactWrite. */
export type TransactionBuilder = (entities: TransactionEntities) => TransactionItem[];

/**
 * Runs the writes as ONE TransactWrite: all or nothing. A cancelled transaction is a lost race (a
 * version, existence or status condition no longer held): a 409 `conflict` — or what `canceled`
 * makes of it (a delete of something already gone: 404).
 */
export async function transactWrite(
  build: TransactionBuilder,
  canceled: () => HttpError = conflict,
): Promise<void> {
  const result = await db().transaction.write(build).go();
  if (result.canceled) throw canceled();
}

/**
 * Runs the writes as ONE TransactWrite and says why DynamoDB cancelled it: `null` when written, else
 * each write's cancellation code (`ConditionalCheckFailed`, `TransactionConflict`, `None`). For a
 * caller that must tell a refused condition (posted before) from a concurrent writer (try again):
 * the finance ledger.
 */
export async function transactWriteCodes(build: TransactionBuilder): Promise<string[] | null> {
  const result = await db().transaction.write(build).go();
  if (!result.canceled) return null;
  return (result.data as unknown as { code: string }[]).map((d) => d.code);
}

/** Whether an error is the 409 of a lost race (a caller that re-reads and tries once more). */
export const lostRace = (error: unknown) => error instanceof HttpError && error.code === 'conflict';

/**
 * A single write refused by its condition (the item exists already, the version moved on). ElectroDB
 * wraps DynamoDB's ConditionalCheckFailedException; the embedded one only says it in the message.
 */
const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.cause instanceof Error && error.cause.name === 'ConditionalCheckFailedException') ||
    /conditional request failed/i.test(error.message));

/**
 * A single conditional write (`…go()`): true when it was written, false when its condition refused
 * it — an at-least-once retry meeting its own earlier write, a newer item already stored.
 */
export async function writtenIf(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** What an editor's save changes: attributes set, removed (a cleared field) and added to (counters). */
export interface Change {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  add?: Record<string, number>;
}

/** The part of ElectroDB's patch chain a versioned patch uses (`e.plane.patch(key)`). */
interface PatchChain {
  set(values: never): PatchChain;
  remove(attributes: never): PatchChain;
  add(values: never): PatchChain;
  where(condition: never): PatchChain;
  commit(): TransactionItem;
}

type VersionCondition = (
  attributes: { version: unknown },
  operations: { eq: (attribute: unknown, value: number) => string },
) => string;

/**
 * The UpdateItem of an editor's save (docs/ARCHITECTURE.md "Data"): the
 * change, `version` + 1, and only if the item is still at the `version` the editor read — a lost
 * race cancels the TransactWrite (409), never a silent overwrite. `patch` is `e.<entity>.patch(key)`.
 */
export function patchAtVersion(
  patch: Pick<PatchChain, 'set'>,
  change: Change,
  version: number,
): TransactionItem {
  let chain = patch.set({ ...change.set, version: version + 1 } as never);
  if (change.remove && change.remove.length > 0) chain = chain.remove([...change.remove] as never);
  if (change.add && Object.keys(change.add).length > 0) chain = chain.add(change.add as never);
  const atVersion: VersionCondition = ({ version: stored }, { eq }) => eq(stored, version);
  return chain.where(atVersion as never).commit();
}

/** The part of ElectroDB's entity a whole-item save uses. */
interface SaveTarget {
  create(item: never): { commit(): TransactionItem };
  put(item: never): { where(condition: never): { commit(): TransactionItem } };
}

/**
 * A whole item saved on the version the editor read: version 0 means there is none yet, so it is
 * created (and a concurrent first save loses); any other version replaces it only while still stored.
 */
export function saveAtVersion(entity: SaveTarget, item: object, readVersion: number): TransactionItem {
  if (readVersion === 0) return entity.create(item as never).commit();
  const atVersion: VersionCondition = ({ version }, { eq }) => eq(version, readVersion);
  return entity
    .put(item as never)
    .where(atVersion as never)
    .commit();
}

/** Keys whose value is null or '' are removed, the rest set (PATCH semantics: absent keys stay). */
export function splitCleared(fields: object): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    if (value === null || value === '') remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

/**
 * Items by their primary keys in BatchGetItem requests: ElectroDB splits the keys into requests of
 * 100, and what DynamoDB leaves unprocessed (throttling, the 16 MB answer limit) is asked for again.
 * Keys that have no item are simply absent from the answer. After a few rounds with keys still
 * unprocessed it throws rather than answer as if those items did not exist.
 */
const BATCH_ATTEMPTS = 4;

interface BatchGettable<K, T> {
  get(keys: K[]): { go(): Promise<{ data: T[]; unprocessed: K[] }> };
}

export async function batchGet<K, T>(entity: BatchGettable<K, T>, keys: readonly K[]): Promise<T[]> {
  const found: T[] = [];
  let pending = [...keys];
  for (let attempt = 0; pending.length > 0 && attempt < BATCH_ATTEMPTS; attempt++) {
    const { data, unprocessed } = await entity.get(pending).go();
    found.push(...data);
    pending = unprocessed;
  }
  if (pending.length > 0) throw new Error(`batchGet: ${pending.length} keys left unprocessed`);
  return found;
}

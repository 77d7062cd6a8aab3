/**
 * Lists page with DynamoDB's LastEvaluatedKey (ElectroDB's cursor); the router seals the cursor to
 * its caller and query before it leaves (functions/platform/http/cursor.ts), so a store never sees
 * a foreign one.
 */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** A filtered page may come back short with more to read: at most this many reads per request. */
const MAX_ROUNDS = 20;

/**
 * Fills a page of `limit` items when a filter drops some. DynamoDB counts `Limit` before its
 * FilterExpression (and a `read` may drop items itself), so one Query can return too few items, or
 * none, and a cursor. Keep reading from the cursor, each round asking only for what is still
 * missing, until the page is full or the keys run out: the cursor returned is the last key read, so
 * the next page resumes exactly there and never skips an item. After MAX_ROUNDS the page is handed
 * back short, with its cursor (a filter that matches little in a long partition).
 */
export async function fillPage<T>(
  read: (cursor: string | undefined, limit: number) => Promise<{ data: T[]; cursor: string | null }>,
  options: { cursor?: string | null; limit: number },
): Promise<Page<T>> {
  const items: T[] = [];
  let cursor: string | null = options.cursor ?? null;
  let rounds = 0;
  do {
    const result = await read(cursor ?? undefined, options.limit - items.length);
    items.push(...result.data);
    cursor = result.cursor ?? null;
    rounds += 1;
  } while (items.length < options.limit && cursor && rounds < MAX_ROUNDS);
  return { items, cursor };
}

/**
 * `work` for every item, at most `limit` at a time (independent reads or writes: one member's
 * posting, one e-mail's lookup). Resolves when all are done; the first failure rejects, and the
 * workers stop taking new items.
 */
export async function forEachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

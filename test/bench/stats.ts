/** Percentile of a sample (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Run `task` `total` times with `concurrency` workers; returns each call's latency in ms. */
export async function load(total: number, concurrency: number, task: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const start = performance.now();
      await task();
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from '../../functions/tracking/ogn-parser.ts';
import { percentile } from './stats.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The shared corpus lives beside the repository, not in it; a user's clone has none. */
const CORPUS = resolve(ROOT, '../shared/ogn/beacons-sample.txt');
const LINES = 200_000;
const RUNS = 5;
/** python-ogn-client 1.3.3 on one core of this kind of machine (shared/ogn/README.md). */
const REFERENCE_LINES_PER_S = 61_000;
const REFERENCE = new Date('2025-01-15T12:00:00Z');

/** A forced GC between runs, so heap figures compare like with like; `--expose-gc` if given, else enabled here. */
const collect = (): (() => void) => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Parses every line; rejected lines count too (the ingest pays for them as well). */
const parseAll = (lines: string[]) => {
  let kept = 0;
  for (const line of lines) {
    try {
      if (parse(line, REFERENCE)) kept++;
    } catch {
      // The corpus holds the reference's rejected lines on purpose.
    }
  }
  return kept;
};

/**
 * Baseline: a loop that only reads every character once, the floor of any scanning parser on this
 * machine at this moment (a shared 2-core box runs several times slower under load).
 */
const readAll = (lines: string[]) => {
  let sum = 0;
  for (const line of lines) for (let i = 0; i < line.length; i++) sum += line.charCodeAt(i);
  return sum;
};

const linesPerSecond = (lines: string[], pass: (lines: string[]) => unknown) => {
  const rates: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    pass(lines);
    rates.push(lines.length / ((performance.now() - start) / 1000));
  }
  return percentile(rates, 50);
};

/** Issue 6 §2: lines/s over the shared corpus repeated to 200,000 lines, against the reference parser. */
export async function run() {
  if (!existsSync(CORPUS)) {
    console.log(`skipped: ${CORPUS} is absent (the shared OGN corpus is not part of the repository)`);
    return;
  }
  const corpus = readFileSync(CORPUS, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const lines = Array.from({ length: LINES }, (_, i) => corpus[i % corpus.length] as string);
  const gc = collect();

  parseAll(lines); // warm-up: lets the JIT optimise the parser before timing
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const rates: number[] = [];
  const heaps: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    parseAll(lines);
    rates.push(LINES / ((performance.now() - start) / 1000));
    gc();
    heaps.push(process.memoryUsage().heapUsed);
  }
  const rssAfter = process.memoryUsage().rss;
  const median = percentile(rates, 50);
  readAll(lines);
  const floor = linesPerSecond(lines, readAll);
  console.log(
    `ogn parser           ${Math.round(median).toLocaleString('en').padStart(10)} lines/s (median of ${RUNS} × ${LINES.toLocaleString('en')} lines)`,
  );
  console.log(
    `vs reference         ${(median / REFERENCE_LINES_PER_S).toFixed(1).padStart(10)} ×  (python-ogn-client ${REFERENCE_LINES_PER_S.toLocaleString('en')} lines/s; goal ≥ 10×, aim 20×)`,
  );
  console.log(
    `read-only baseline   ${Math.round(floor).toLocaleString('en').padStart(10)} lines/s (each character read once; the parser runs at ${((100 * median) / floor).toFixed(0)} % of it)`,
  );
  // Flat means the heap after each run's GC stays where it started: nothing retained per line.
  console.log(
    `heap used            ${mb(heapBefore)} before, after each run ${heaps.map(mb).join(', ')}; RSS delta ${mb(rssAfter - rssBefore)}`,
  );
}

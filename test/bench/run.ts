import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every benchmark in test/bench/*.bench.ts, one after another in this process,
 * each printing its figures against a baseline measured in the same run.
 */
const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  console.log(`\n== ${file.replace('.bench.ts', '')}`);
  const module = (await import(join(here, file))) as { run: () => Promise<void> };
  await module.run();
}

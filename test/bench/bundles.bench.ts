import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DOMAINS } from '../../contracts/domains.ts';
import { operationsOf } from '../../contracts/routes.ts';
import { BUNDLE_ALIASES } from '../../lib/bundle-aliases.ts';
import { webBundles } from '../helpers/web-bundles.ts';
import { ms, percentile } from './stats.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const RUNS = 7;

/** The same esbuild settings the CDK DomainFunction uses (minified ESM, node22, SDK v3 and @smithy external, the aliases). */
const bundle = async (entry: string, outfile: string) => {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['@aws-sdk/*', '@smithy/*'],
    alias: BUNDLE_ALIASES,
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return (await stat(outfile)).size;
};

/** Median time for a fresh Node process to import the bundle (what a Lambda cold start adds). */
const coldInit = (file: string) => {
  const script = `const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t));`;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'eu-central-1' },
    });
    samples.push(Number(out.toString()));
  }
  return percentile(samples, 50);
};

/** (b) Each domain bundle's size and its cold init time in a fresh Node process, against an empty handler. */
export async function run() {
  await lambdaBundles();
  webBundles();
}

async function lambdaBundles() {
  // Inside the repo, so the external SDK v3 resolves from node_modules as the Lambda runtime provides it.
  const cache = join(ROOT, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'windsock-bundles-'));
  try {
    const emptyEntry = join(dir, 'empty.ts');
    await writeFile(emptyEntry, 'export const handler = async () => ({ statusCode: 200 });\n');
    const emptySize = await bundle(emptyEntry, join(dir, 'empty.mjs'));
    const emptyInit = coldInit(join(dir, 'empty.mjs'));
    console.log(
      `empty handler        ${(emptySize / 1024).toFixed(1).padStart(7)} kB   cold init ${ms(emptyInit)}`,
    );
    // The floor every DynamoDB-backed Lambda pays: loading the runtime's SDK v3 client.
    const sdkEntry = join(dir, 'sdk.ts');
    await writeFile(
      sdkEntry,
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\nexport const handler = async () => [DynamoDBClient, DynamoDBDocumentClient].length;\n",
    );
    const sdkSize = await bundle(sdkEntry, join(dir, 'sdk.mjs'));
    const sdkInit = coldInit(join(dir, 'sdk.mjs'));
    console.log(
      `empty + DynamoDB SDK ${(sdkSize / 1024).toFixed(1).padStart(7)} kB   cold init ${ms(sdkInit)}`,
    );
    // Every domain's API Lambda, and the events relay (lib/events-stack.ts) that every event passes through.
    const entries: [string, string][] = [
      ...DOMAINS.filter((domain) => operationsOf(domain).length > 0).map((domain): [string, string] => [
        domain,
        `functions/${domain}/handler.ts`,
      ]),
      ['events relay', 'functions/platform/events/relay.ts'],
    ];
    for (const [name, entry] of entries) {
      const out = join(dir, `${name.replace(/\W+/g, '-')}.mjs`);
      const size = await bundle(join(ROOT, entry), out);
      const init = coldInit(out);
      console.log(
        `${name.padEnd(20)} ${(size / 1024).toFixed(1).padStart(7)} kB   cold init ${ms(init)}  (${(init / emptyInit).toFixed(1)}× empty; ${(init / sdkInit).toFixed(2)}× empty+SDK, +${ms(init - sdkInit)})`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

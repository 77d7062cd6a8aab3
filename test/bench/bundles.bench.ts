import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DOMAINS } from '../../contracts/domains.ts';
import { operationsOf } from '../../contracts/routes.ts';
import { BUNDLE_ALIASES } from '../../lib/bundle-aliases.ts';
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

/** A chunk of Vite's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What a step loads, beyond the static imports the manifest lists: the namespaces i18next fetches
 * for it (each in Hungarian, the default, and English, the fallback; lib/i18n.ts) and the dynamic
 * imports that run as soon as it shows. Keys are the manifest's (source paths under frontend/, or the
 * end of a package path); a key the build no longer has fails the bench instead of shrinking a figure.
 */
interface Step {
  modules: string[];
  namespaces: string[];
}

const LANGS_LOADED = ['hu', 'en'];

/** Every screen: the entry (with the public layout), the startup strings, Cloudscape's Hungarian strings. */
const START: Step = {
  modules: ['index.html', 'src/locales/cloudscape/hu.json'],
  namespaces: ['common', 'messages'],
};
const SIGN_IN_SCREEN: Step = { modules: ['src/features/auth/login-page.tsx'], namespaces: ['auth'] };
/** Pressing "Sign in": Amplify (lib/auth.ts loads it) and the route table of the first API call (lib/api-client.ts). */
const SIGNING_IN: Step = { modules: ['src/lib/cognito.ts', '../contracts/routes.ts'], namespaces: [] };
/**
 * The dashboard's first screen: the page table (app/pages.ts, loaded by the router for the first
 * signed-in address), the signed-in layouts (AppLayout, the menu and page titles, the help panel) and the notifications bell's live connection (every signed-in page). The top bar's
 * search box loads when someone clicks into it (features/search/global-search.tsx): below,
 * separately. The statistics chart is lazy too, but shares its chunk with the reports screens now.
 */
const DASHBOARD: Step = {
  modules: [
    'src/app/pages.ts',
    'src/app/layouts.tsx',
    'src/features/notifications/live-push.ts',
    'src/features/dashboard/dashboard-page.tsx',
  ],
  namespaces: [
    'nav',
    'help',
    'search',
    'notifications',
    'dashboard',
    'roles',
    'modules',
    'recency',
    'statistics',
  ],
};
const LATER: Record<string, Step> = {
  'the search box (clicked into)': { modules: ['src/features/search/global-search-box.tsx'], namespaces: [] },
};

/** Issue 12 §9: the frame every screen inherits. */
const LIMITS = { signIn: 300 * 1024, dashboardAddition: 150 * 1024 };

const keyOf = (manifest: Manifest, module: string) => {
  if (manifest[module]) return module;
  const found = Object.keys(manifest).find((key) => key.endsWith(`node_modules/${module}`));
  if (!found)
    throw new Error(`${module} is not in the build's manifest: update the steps in bundles.bench.ts`);
  return found;
};

/** The files a browser fetches for some steps: each module with its static imports and their styles, and the strings. */
const filesOf = (manifest: Manifest, ...steps: Step[]) => {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const step of steps) {
    for (const module of step.modules) visit(keyOf(manifest, module));
    for (const lang of LANGS_LOADED)
      for (const namespace of step.namespaces)
        visit(keyOf(manifest, `src/locales/${lang}/${namespace}.json`));
  }
  return files;
};

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;

/**
 * (c) The web app as a browser fetches it, from `npm run build`'s output: gzip bytes of what opening
 * the sign-in route loads (JS, CSS and the strings), what signing in and then the dashboard add, and
 * the entry's CSS, against the limits of issue 12 §9. Built into a temporary folder, so frontend/dist
 * stays as it was.
 */
export function webBundles() {
  const out = join(ROOT, 'node_modules/.cache', `windsock-web-${process.pid}`);
  try {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    execFileSync(
      process.execPath,
      [
        vite,
        'build',
        '--config',
        'frontend/vite.config.ts',
        '--outDir',
        out,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
    const sizes = new Map<string, number>();
    const gzipOf = (file: string) => {
      let size = sizes.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(out, file))).length;
        sizes.set(file, size);
      }
      return size;
    };
    const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipOf(file), 0);

    const signInScreen = filesOf(manifest, START, SIGN_IN_SCREEN);
    const signedIn = filesOf(manifest, START, SIGN_IN_SCREEN, SIGNING_IN);
    const signingIn = [...signedIn].filter((file) => !signInScreen.has(file));
    const dashboard = filesOf(manifest, START, SIGNING_IN, DASHBOARD);
    const added = [...dashboard].filter((file) => !signedIn.has(file));
    const entryCss = manifest['index.html']?.css ?? [];
    // The font files the page asks for at once (fonts-as-files.ts); the other weights load only where used.
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const fonts = [...html.matchAll(/rel="preload" href="\/([^"]+\.woff2)"/g)].map((match) => match[1] ?? '');
    const fontFiles = new Set(
      Object.values(manifest)
        .flatMap((chunk) => chunk.assets ?? [])
        .filter((file) => file.endsWith('.woff2')),
    );

    const line = (label: string, bytes: number, limit?: number) =>
      console.log(
        `${label.padEnd(44)} ${kB(bytes)} gzip${limit === undefined ? '' : `   limit ${kB(limit).trim()} ${bytes <= limit ? 'ok' : 'OVER'}`}`,
      );
    line('web: entry CSS', total(entryCss));
    line('web: sign-in route (JS, CSS, strings)', total(signInScreen), LIMITS.signIn);
    line('web: pressing "Sign in" adds', total(signingIn));
    line('web: then the dashboard adds', total(added), LIMITS.dashboardAddition);
    for (const [what, step] of Object.entries(LATER)) {
      const files = [...filesOf(manifest, START, SIGNING_IN, DASHBOARD, step)].filter(
        (file) => !dashboard.has(file),
      );
      line(`web:   then ${what}`, total(files));
    }
    line('web: dashboard, signed in from the start', total(dashboard));
    line(`web: fonts preloaded (${fonts.length} of ${fontFiles.size} woff2)`, total(fonts));
    const largest = added.sort((a, b) => gzipOf(b) - gzipOf(a)).slice(0, 4);
    console.log(
      `     largest of the dashboard's addition: ${largest.map((file) => `${file} ${kB(gzipOf(file)).trim()}`).join(', ')}`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

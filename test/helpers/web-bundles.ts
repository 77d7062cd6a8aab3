import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

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
 * end of a package path); a key the build no longer has fails the measure instead of shrinking a figure.
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
export const LIMITS = { signIn: 300 * 1024, dashboardAddition: 150 * 1024 };

const keyOf = (manifest: Manifest, module: string) => {
  if (manifest[module]) return module;
  const found = Object.keys(manifest).find((key) => key.endsWith(`node_modules/${module}`));
  if (!found)
    throw new Error(
      `${module} is not in the build's manifest: update the steps in test/helpers/web-bundles.ts`,
    );
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

/** What a browser fetches at each step of the built app, in gzip bytes. */
export interface WebFigures {
  entryCss: number;
  signIn: number;
  signingIn: number;
  dashboardAddition: number;
  later: Record<string, number>;
  dashboard: number;
  fonts: { bytes: number; preloaded: number; files: number };
  /** The dashboard addition's four largest files with their gzip bytes. */
  largestAdded: [string, number][];
}

/**
 * The web app as a browser fetches it, from `vite build`'s output (the config `npm run build` uses):
 * gzip bytes of what opening the sign-in route loads (JS, CSS and the strings), what signing in and
 * then the dashboard add, and the entry's CSS. Built into a temporary folder, so frontend/dist stays
 * as it was. `npm run bench -- bundles` prints the figures; test/infra/web-build.test.ts holds them
 * to LIMITS.
 */
export function measureWebBundles(): WebFigures {
  const out = join(ROOT, 'node_modules/.cache', `windsock-web-${process.pid}-${Date.now()}`);
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
      // As `npm run build` runs it: a test runner's NODE_ENV=test would ship React's development build.
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
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
    const later = Object.fromEntries(
      Object.entries(LATER).map(([what, step]) => [
        what,
        total(
          [...filesOf(manifest, START, SIGNING_IN, DASHBOARD, step)].filter((file) => !dashboard.has(file)),
        ),
      ]),
    );
    return {
      entryCss: total(entryCss),
      signIn: total(signInScreen),
      signingIn: total(signingIn),
      dashboardAddition: total(added),
      later,
      dashboard: total(dashboard),
      fonts: { bytes: total(fonts), preloaded: fonts.length, files: fontFiles.size },
      largestAdded: added
        .sort((a, b) => gzipOf(b) - gzipOf(a))
        .slice(0, 4)
        .map((file): [string, number] => [file, gzipOf(file)]),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** (c) The web figures against the limits of issue 12 §9, printed. */
export function webBundles() {
  const figures = measureWebBundles();
  const line = (label: string, bytes: number, limit?: number) =>
    console.log(
      `${label.padEnd(44)} ${kB(bytes)} gzip${limit === undefined ? '' : `   limit ${kB(limit).trim()} ${bytes <= limit ? 'ok' : 'OVER'}`}`,
    );
  line('web: entry CSS', figures.entryCss);
  line('web: sign-in route (JS, CSS, strings)', figures.signIn, LIMITS.signIn);
  line('web: pressing "Sign in" adds', figures.signingIn);
  line('web: then the dashboard adds', figures.dashboardAddition, LIMITS.dashboardAddition);
  for (const [what, bytes] of Object.entries(figures.later)) line(`web:   then ${what}`, bytes);
  line('web: dashboard, signed in from the start', figures.dashboard);
  line(
    `web: fonts preloaded (${figures.fonts.preloaded} of ${figures.fonts.files} woff2)`,
    figures.fonts.bytes,
  );
  console.log(
    `     largest of the dashboard's addition: ${figures.largestAdded.map(([file, bytes]) => `${file} ${kB(bytes).trim()}`).join(', ')}`,
  );
}

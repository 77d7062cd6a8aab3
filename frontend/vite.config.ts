import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appLayoutRefreshOnly } from './build/app-layout-refresh-only.ts';
import { fontsAsFiles } from './build/fonts-as-files.ts';
import { precompiledMessages } from './build/precompiled-messages.ts';
import { unusedThemeRules } from './build/unused-theme-rules.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The web app. `vite build` writes frontend/dist for the web bucket; the local stack (bin/local.ts)
 * runs this same config in middleware mode on the origin that also serves `/api`, `/config.json`,
 * `/cognito` and `/mqtt`, so the app only ever calls relative URLs.
 */
export default defineConfig({
  root,
  plugins: [react(), fontsAsFiles(), unusedThemeRules(), precompiledMessages(), appLayoutRefreshOnly()],
  // The project's own cache (a worktree sharing node_modules must not share pre-bundled deps).
  cacheDir: fileURLToPath(new URL('../.vite', import.meta.url)),
  optimizeDeps: {
    // Crawl every screen at start: a dependency first met in a lazy screen would otherwise be
    // pre-bundled on the fly, and that screen would load a second copy of React until a reload.
    entries: ['index.html', 'src/**/*.tsx'],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and styles each screen loads (test/bench/bundles.bench.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries the first screen needs anyway, in chunks of their own: they change far less often
        // than the app, so a deploy does not make returning users download them again. Cloudscape is
        // left to the automatic split, so a screen's components stay in that screen's chunk. A group
        // takes only its own packages: with their dependencies (tslib) it would be pulled into
        // every chunk that shares one of them, so Amplify loaded with Cloudscape on every screen.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ].map((group) => ({ ...group, includeDependenciesRecursively: false })),
        },
      },
    },
  },
});

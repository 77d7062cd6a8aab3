import type { Plugin } from 'vite';

const GLOBAL_STYLES = /@cloudscape-design[\\/]global-styles[\\/]index\.css$/;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
const DATA_URL = /url\((['"]?)data:font\/woff2;base64,([A-Za-z0-9+/=]+)\1\)/;
const INLINED_FONT = /data:font\/woff2|__VITE_ASSET__/;
/** The weights most text uses (body 400, headings and buttons 700): fetched with the entry, not after the first paint. */
const PRELOADED = ['open-sans-400-normal', 'open-sans-700-normal'];

/**
 * Cloudscape's global styles (@cloudscape-design/global-styles/index.css) carry Open Sans as eight
 * base64 woff2 fonts: ~130 kB gzip of the entry CSS, which every screen waits for before it paints,
 * and downloaded again after every deploy. In the build each becomes a font file of its own
 * (`assets/open-sans-<weight>-<style>-<hash>.woff2`): the browser fetches only the weights a page
 * uses, keeps them across deploys, and shows text in the fallback font meanwhile (`swap`). The dev
 * server keeps the package's CSS as it is.
 */
export function fontsAsFiles(): Plugin {
  return {
    name: 'windsock:fonts-as-files',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!GLOBAL_STYLES.test(id)) return;
      const css = code.replace(FONT_FACE, (face) => {
        const data = DATA_URL.exec(face);
        if (!data?.[2]) return face;
        const weight = /font-weight:\s*(\d+)/.exec(face)?.[1] ?? '400';
        const style = /font-style:\s*(\w+)/.exec(face)?.[1] ?? 'normal';
        const referenceId = this.emitFile({
          type: 'asset',
          name: `open-sans-${weight}-${style}.woff2`,
          source: Buffer.from(data[2], 'base64'),
        });
        // Vite's CSS pipeline turns its asset placeholder into the emitted file's URL.
        return face
          .replace(DATA_URL, `url(__VITE_ASSET__${referenceId}__)`)
          .replace(/\}$/, '  font-display: swap;\n}');
      });
      return { code: css, map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        return PRELOADED.map((name) => {
          const file = files.find((f) => f.startsWith(`assets/${name}-`) && f.endsWith('.woff2'));
          if (!file) throw new Error(`fonts-as-files: no ${name}.woff2 in the build`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
    generateBundle(_options, bundle) {
      // A Vite upgrade that stops resolving the placeholder must fail the build, not ship broken fonts.
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'asset' && file.endsWith('.css') && INLINED_FONT.test(String(output.source)))
          this.error(`fonts-as-files: ${file} still inlines a font or holds an unresolved asset placeholder`);
      }
    },
  };
}

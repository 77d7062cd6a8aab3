import type { Plugin } from 'vite';

const BASE_THEME = /@cloudscape-design[\\/]components[\\/]internal[\\/]base-theme[\\/]styles\.scoped\.css$/;

/**
 * The theme's contexts this app never enters: the dark mode and the compact mode (`awsui-dark-mode`,
 * `awsui-compact-mode`, set only by Cloudscape's `applyMode` and `applyDensity`; a table's
 * `contentDensity` uses `awsui-context-compact-table`, kept) and the high-contrast content header (`awsui-context-content-header`,
 * set only on an AppLayout or ContentLayout with `headerVariant="high-contrast"`).
 */
const UNUSED_CONTEXTS = ['awsui-dark-mode', 'awsui-compact-mode', 'awsui-context-content-header'];
/** What in the app's own code would enter one of them: the build stops instead of styling it wrong. */
const ENTERS_UNUSED = /\bapply(Mode|Density)\b|['"]high-contrast['"]/;

/** A CSS text without the rules whose selector names one of `contexts`, at any @media/@layer depth. */
export const withoutContexts = (css: string, contexts: readonly string[]): string => {
  let out = '';
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open < 0) return out + css.slice(index);
    let depth = 1;
    let close = open + 1;
    for (; close < css.length && depth > 0; close++) {
      if (css[close] === '{') depth++;
      else if (css[close] === '}') depth--;
    }
    const prelude = css.slice(index, open);
    const body = css.slice(open + 1, close - 1);
    if (prelude.trim().startsWith('@')) {
      const inner = body.includes('{') ? withoutContexts(body, contexts) : body;
      if (inner.trim() !== '') out += `${prelude}{${inner}}`;
    } else if (!contexts.some((context) => prelude.includes(context))) {
      out += `${prelude}{${body}}`;
    }
    index = close;
  }
  return out;
};

/**
 * Cloudscape's theme (internal/base-theme/styles.scoped.css, in every screen's CSS) carries the
 * tokens of contexts Windsock never uses (UNUSED_CONTEXTS): ~7 kB gzip of the sign-in route. The
 * build leaves those rules out; the dev server keeps the package's CSS as it is.
 */
export function unusedThemeRules(): Plugin {
  return {
    name: 'windsock:unused-theme-rules',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (BASE_THEME.test(id)) {
        return { code: withoutContexts(code.replace(/\/\*[\s\S]*?\*\//g, ''), UNUSED_CONTEXTS), map: null };
      }
      if (!id.includes('node_modules') && /\.tsx?$/.test(id) && ENTERS_UNUSED.test(code)) {
        this.error(
          `unused-theme-rules: ${id} enters a theme context the build leaves out (${UNUSED_CONTEXTS})`,
        );
      }
    },
  };
}

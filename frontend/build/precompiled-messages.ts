import { createRequire } from 'node:module';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Our Cloudscape strings for the languages Cloudscape does not ship (locales/cloudscape/hu.json, …). */
const OUR_CLOUDSCAPE_MESSAGES = /[\\/]src[\\/]locales[\\/]cloudscape[\\/](\w+)\.json$/;

/**
 * Cloudscape components this app does not use (with `tutorial-panel`, `annotation-context` and
 * `copy-to-clipboard`, whose strings Cloudscape no longer reads): their strings are left out of
 * our language files' build, three quarters of each file. A built module that asks for one of
 * them (`useInternalI18n('wizard')`) stops the build, so a new component cannot lose its strings.
 */
const UNUSED_GROUPS = new Set([
  'annotation-context',
  'code-editor',
  'copy-to-clipboard',
  'date-range-picker',
  'dialog',
  'drawer',
  'features-notification-drawer',
  'file-token-group',
  'file-upload',
  'pie-chart',
  'prompt-input',
  'property-filter',
  's3-resource-selector',
  'slider',
  'tag-editor',
  'tree-view',
  'tutorial-panel',
  'wizard',
]);

const ASKS_FOR_GROUP = /useInternalI18n\(['"]([^'"]+)['"]\)/g;

type Tree = { [key: string]: Tree | string | MessageFormatElement[] };
type Files = Record<string, Record<string, Record<string, Record<string, string>>>>;

const compile = (tree: Tree, locale: Intl.Locale): Tree =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? parse(value, { locale })
        : Array.isArray(value)
          ? value
          : compile(value, locale),
    ]),
  );

/** `{ "cloudscape-design-components": { hu: { table: {…}, wizard: {…} } } }` without the unused groups. */
const usedGroups = (file: Files): Files =>
  Object.fromEntries(
    Object.entries(file).map(([pkg, langs]) => [
      pkg,
      Object.fromEntries(
        Object.entries(langs).map(([lang, groups]) => [
          lang,
          Object.fromEntries(Object.entries(groups).filter(([group]) => !UNUSED_GROUPS.has(group))),
        ]),
      ),
    ]),
  );

/**
 * Cloudscape formats its strings with intl-messageformat, which carries an ICU parser (~9 kB gzip)
 * for messages given as text. Cloudscape's own message files are parsed already (syntax trees); ours
 * are written as ICU text, so the build parses them the same way and the browser gets the formatter
 * without the parser (formatjs's `no-parser` entry); it also leaves out the strings of components
 * the app does not use (UNUSED_GROUPS). The dev server keeps the text and the parser.
 */
export function precompiledMessages(): Plugin {
  const noParser = createRequire(import.meta.url).resolve(
    '@formatjs/icu-messageformat-parser/lib/no-parser.js',
  );
  return {
    name: 'windsock:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParser }] },
    }),
    transform(code, id) {
      const lang = OUR_CLOUDSCAPE_MESSAGES.exec(id)?.[1];
      if (!lang) return;
      const file = usedGroups(JSON.parse(code) as Files) as unknown as Tree;
      return { code: JSON.stringify(compile(file, new Intl.Locale(lang))), map: null };
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          for (const [, group] of (module.code ?? '').matchAll(ASKS_FOR_GROUP)) {
            if (group && UNUSED_GROUPS.has(group))
              this.error(
                `precompiled-messages: ${id} uses Cloudscape's '${group}' strings; take '${group}' out of UNUSED_GROUPS`,
              );
          }
        }
      }
    },
  };
}

import { createRequire } from 'node:module';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Our Cloudscape strings for the languages Cloudscape does not ship (locales/cloudscape/hu.json, …). */
const OUR_CLOUDSCAPE_MESSAGES = /[\\/]src[\\/]locales[\\/]cloudscape[\\/](\w+)\.json$/;

type Tree = { [key: string]: Tree | string | MessageFormatElement[] };

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

/**
 * Cloudscape formats its strings with intl-messageformat, which carries an ICU parser (~9 kB gzip)
 * for messages given as text. Cloudscape's own message files are parsed already (syntax trees); ours
 * are written as ICU text, so the build parses them the same way and the browser gets the formatter
 * without the parser (formatjs's `no-parser` entry). The dev server keeps the text and the parser.
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
      return { code: JSON.stringify(compile(JSON.parse(code) as Tree, new Intl.Locale(lang))), map: null };
    },
  };
}

import enMessages from '@cloudscape-design/components/i18n/messages/all.en.json' with { type: 'json' };
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGS as PRODUCT_LANGS } from '../../contracts/langs.ts';
import cs from '../../frontend/src/locales/cloudscape/cs.json' with { type: 'json' };
import hu from '../../frontend/src/locales/cloudscape/hu.json' with { type: 'json' };
import { loadCloudscapeMessages } from '../../frontend/src/locales/cloudscape/index.ts';
import pl from '../../frontend/src/locales/cloudscape/pl.json' with { type: 'json' };
import sk from '../../frontend/src/locales/cloudscape/sk.json' with { type: 'json' };

/**
 * Cloudscape ships its built-in strings for en/de/fr/it only; hu/sk/cs/pl are ours. Each of our files
 * must carry every English key as an ICU string that Cloudscape's own parser and formatter accept, with
 * the English argument names and select keys, and the plural categories of its language.
 */
type Catalogue = Record<string, Record<string, string>>;
type Ast = MessageFormatElement[];
type Values = Record<string, string | number | ((chunks: unknown[]) => string)>;

const NAMESPACE = 'cloudscape-design-components';
const EN = enMessages[NAMESPACE].en as unknown as Record<string, Record<string, Ast>>;
const OURS: Record<'hu' | 'sk' | 'cs' | 'pl', Catalogue> = {
  hu: hu[NAMESPACE].hu,
  sk: sk[NAMESPACE].sk,
  cs: cs[NAMESPACE].cs,
  pl: pl[NAMESPACE].pl,
};
const LANGS = Object.keys(OURS) as (keyof typeof OURS)[];

/** Values that are rightly the same as English: bare arguments, format tokens, and words spelt alike. */
const SAME_AS_ENGLISH = new Set([
  's3-resource-selector/i18nStrings.labelsBucketsSelection.itemSelectionLabel',
  's3-resource-selector/i18nStrings.labelsObjectsSelection.itemSelectionLabel',
  's3-resource-selector/i18nStrings.labelsVersionsSelection.itemSelectionLabel',
]);
const SAME_AS_ENGLISH_IN: Record<keyof typeof OURS, Set<string>> = {
  hu: new Set(),
  sk: new Set(['date-range-picker/i18nStrings.timePlaceholder']),
  cs: new Set(['date-range-picker/i18nStrings.timePlaceholder']),
  pl: new Set([
    'property-filter/i18nStrings.operatorText',
    's3-resource-selector/i18nStrings.columnBucketRegion',
  ]),
};

const keysOf = (catalogue: Record<string, Record<string, unknown>>) =>
  Object.entries(catalogue)
    .flatMap(([component, keys]) => Object.keys(keys).map((key) => `${component}/${key}`))
    .sort();

const englishEntries = Object.entries(EN).flatMap(([component, keys]) =>
  Object.entries(keys).map(([key, ast]) => ({ id: `${component}/${key}`, component, key, ast })),
);

/** Visits every node, descending into select/plural options and tag children. */
function walk(nodes: Ast, visit: (node: MessageFormatElement) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.type === TYPE.select || node.type === TYPE.plural) {
      for (const option of Object.values(node.options)) walk(option.value, visit);
    }
    if (node.type === TYPE.tag) walk(node.children, visit);
  }
}

interface Shape {
  args: string[];
  tags: string[];
  selects: Record<string, string[]>;
  plurals: { name: string; keys: string[] }[];
}

function shapeOf(ast: Ast): Shape {
  const args = new Set<string>();
  const tags = new Set<string>();
  const selects: Record<string, Set<string>> = {};
  const plurals: Shape['plurals'] = [];
  walk(ast, (node) => {
    if (node.type === TYPE.tag) tags.add(node.value);
    else if (node.type !== TYPE.literal && node.type !== TYPE.pound) args.add(node.value);
    if (node.type === TYPE.select) {
      selects[node.value] ??= new Set();
      for (const key of Object.keys(node.options)) selects[node.value]!.add(key);
    }
    if (node.type === TYPE.plural) plurals.push({ name: node.value, keys: Object.keys(node.options) });
  });
  return {
    args: [...args].sort(),
    tags: [...tags].sort(),
    selects: Object.fromEntries(Object.entries(selects).map(([name, keys]) => [name, [...keys].sort()])),
    plurals,
  };
}

const withoutLocations = (ast: Ast) =>
  JSON.stringify(ast, (key, value) => (key === 'location' ? undefined : value));

/** Argument values covering every select key and the plural forms 0, 1, 2, 5, 22 and 1.5. */
function sampleValues(shape: Shape): Values[] {
  const pluralArgs = new Set(shape.plurals.map((plural) => plural.name));
  const base: Values = {};
  for (const name of shape.args) base[name] = pluralArgs.has(name) ? 0 : `‹${name}›`;
  for (const tag of shape.tags) base[tag] = (chunks) => chunks.join('');
  let combos: Values[] = [base];
  for (const [name, keys] of Object.entries(shape.selects)) {
    combos = combos.flatMap((values) => keys.map((key) => ({ ...values, [name]: key })));
  }
  return combos.flatMap((values) =>
    pluralArgs.size === 0
      ? [values]
      : [0, 1, 2, 5, 22, 1.5].map((n) => ({
          ...values,
          ...Object.fromEntries(
            [...pluralArgs].filter((name) => !(name in shape.selects)).map((name) => [name, n]),
          ),
        })),
  );
}

/** Our value for each English key that is present and parses; the first two checks report the rest. */
function parsedEntries(ours: Catalogue) {
  return englishEntries.flatMap((entry) => {
    const value = ours[entry.component]?.[entry.key];
    if (typeof value !== 'string') return [];
    try {
      return [{ ...entry, value, parsed: parse(value) }];
    } catch {
      return [];
    }
  });
}

describe.each(LANGS)('Cloudscape strings in %s', (lang) => {
  const ours = OURS[lang];
  const categories = new Set<string>(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);

  it('has exactly the English components and keys', () => {
    const mine = keysOf(ours);
    const theirs = keysOf(EN);
    const missing = theirs.filter((id) => !mine.includes(id));
    const extra = mine.filter((id) => !theirs.includes(id));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('parses every value as ICU with the English arguments, tags and select keys', () => {
    const problems: string[] = [];
    for (const { id, component, key, ast } of englishEntries) {
      const value = ours[component]?.[key];
      if (typeof value !== 'string') {
        problems.push(`${id}: not a string`);
        continue;
      }
      let parsed: Ast;
      try {
        parsed = parse(value, { requiresOtherClause: true });
      } catch (error) {
        problems.push(`${id}: invalid ICU (${(error as Error).message})`);
        continue;
      }
      const theirs = shapeOf(ast);
      const mine = shapeOf(parsed);
      if (mine.args.join() !== theirs.args.join())
        problems.push(`${id}: arguments ${mine.args} ≠ ${theirs.args}`);
      if (mine.tags.join() !== theirs.tags.join()) problems.push(`${id}: tags ${mine.tags} ≠ ${theirs.tags}`);
      if (JSON.stringify(mine.selects) !== JSON.stringify(theirs.selects)) {
        problems.push(
          `${id}: select keys ${JSON.stringify(mine.selects)} ≠ ${JSON.stringify(theirs.selects)}`,
        );
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it(`uses the plural categories of ${lang}, each plural complete or "other" alone`, () => {
    const problems: string[] = [];
    for (const { id, parsed } of parsedEntries(ours)) {
      for (const plural of shapeOf(parsed).plurals) {
        const named = plural.keys.filter((k) => !/^=\d+$/.test(k));
        const foreign = named.filter((k) => !categories.has(k));
        if (foreign.length > 0) {
          problems.push(`${id}: {${plural.name}} has ${foreign} (not a ${lang} category)`);
        }
        if (!named.includes('other')) problems.push(`${id}: {${plural.name}} lacks "other"`);
        if (named.length > 1 && named.length !== categories.size) {
          problems.push(`${id}: {${plural.name}} has ${named}, expected all of ${[...categories]}`);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('formats with the runtime Cloudscape uses, empty exactly where English is', () => {
    const problems: string[] = [];
    for (const { id, ast, value } of parsedEntries(ours)) {
      const mine = new IntlMessageFormat(value, lang);
      const theirs = new IntlMessageFormat(ast, 'en');
      for (const values of sampleValues(shapeOf(ast))) {
        try {
          const text = mine.format(values);
          if (typeof text !== 'string' || /[{}]/.test(text)) {
            problems.push(`${id}: formatted to ${String(text)}`);
          } else if ((text === '') !== (theirs.format(values) === '')) {
            problems.push(`${id}: emptiness differs`);
          }
        } catch (error) {
          problems.push(`${id}: ${(error as Error).message} with ${JSON.stringify(values)}`);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('leaves no value in English beyond the listed arguments, format tokens and cognates', () => {
    const allowed = new Set([...SAME_AS_ENGLISH, ...SAME_AS_ENGLISH_IN[lang]]);
    const same = parsedEntries(ours)
      .filter(({ parsed, ast }) => withoutLocations(parsed) === withoutLocations(ast))
      .map(({ id }) => id);
    expect(same.filter((id) => !allowed.has(id))).toEqual([]);
    expect(same.length).toBeLessThanOrEqual(allowed.size);
  });
});

describe('loadCloudscapeMessages', () => {
  it.each(PRODUCT_LANGS)('loads the %s strings, and only those', async (lang) => {
    // Act
    const messages = await loadCloudscapeMessages(lang);

    // Assess
    expect(Object.keys(messages)).toEqual([NAMESPACE]);
    expect(Object.keys(messages[NAMESPACE]!)).toEqual([lang]);
    expect(messages[NAMESPACE]![lang]!.pagination).toBeDefined();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../contracts/langs.ts';
import type { HelpFile } from '../../contracts/schemas/lookups.ts';
import { pages } from '../../frontend/src/app/pages.ts';
import { helpText } from '../../functions/identity/help-service.ts';

/**
 * The help texts (`functions/identity/help/<lang>.json`): every page of the page table has one in
 * every language, each a translation of the English one (same shape, not copied), plain text only.
 */
const DIR = join(import.meta.dirname, '../../functions/identity/help');
const files = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(readFileSync(join(DIR, `${lang}.json`), 'utf8')) as HelpFile]),
) as Record<Lang, HelpFile>;
const en = files.en;
const others = LANGS.filter((lang) => lang !== 'en');
const helpPages = [...new Set(pages.map((page) => page.helpPage))].sort();

/** Titles a language rightly spells as English does. */
const SAME_TITLE_AS_ENGLISH: Record<string, readonly Lang[]> = {
  notifications: ['fr'],
  documents: ['fr'],
  messages: ['fr'],
  message: ['fr'],
  debug: ['it'],
};

const texts = (file: HelpFile, page: string) => {
  const source = file[page];
  return source ? source.body.flatMap((block) => (typeof block === 'string' ? [block] : block)) : [];
};

describe('help texts', () => {
  it.each(LANGS)('%s has a text for every page of the page table', (lang) => {
    const missing = helpPages.filter((page) => !Object.hasOwn(files[lang], page));

    expect(missing).toEqual([]);
  });

  it('has no text for a page that is not in the page table', () => {
    const stale = Object.keys(en).filter((page) => !helpPages.includes(page));

    expect(stale).toEqual([]);
  });

  it.each(others)('%s has the pages of English, each with the same paragraphs and lists', (lang) => {
    expect(Object.keys(files[lang]).sort()).toEqual(Object.keys(en).sort());
    for (const [page, source] of Object.entries(en)) {
      const shape = (file: HelpFile) =>
        file[page]?.body.map((block) => (typeof block === 'string' ? 'p' : `ul${block.length}`));
      expect(shape(files[lang]), `${lang} ${page}`).toEqual(shape(en));
      expect(source.body.length, page).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(others)('%s is translated, not copied from English', (lang) => {
    for (const page of Object.keys(en)) {
      const title = files[lang][page]?.title;
      if (!SAME_TITLE_AS_ENGLISH[page]?.includes(lang))
        expect(title, `${lang} ${page}`).not.toBe(en[page]?.title);
      const english = new Set(texts(en, page));
      for (const text of texts(files[lang], page))
        expect(english.has(text), `${lang} ${page}: ${text}`).toBe(false);
    }
  });

  it.each(LANGS)('%s is plain, non-empty text without markup', (lang) => {
    for (const [page, source] of Object.entries(files[lang])) {
      expect(source.title.trim(), `${lang} ${page}`).not.toBe('');
      for (const text of texts(files[lang], page)) {
        expect(text.trim(), `${lang} ${page}`).not.toBe('');
        expect(text, `${lang} ${page}`).not.toMatch(/<[a-z/]|&[a-z]+;/i);
      }
    }
  });

  it('keeps each language small enough to ship inside the identity Lambda', () => {
    // One language is loaded per request (help-files.ts imports each on first use). Every
    // domain's pages add their help here, so the bound is per language at ten domains' worth.
    for (const lang of LANGS)
      expect(Buffer.byteLength(JSON.stringify(files[lang])), lang).toBeLessThan(96 * 1024);
  });
});

describe('helpText', () => {
  const fake: Record<Lang, HelpFile> = Object.fromEntries(LANGS.map((lang) => [lang, {}])) as never;
  fake.en = { users: { title: 'Users', body: ['The members.', ['Filter.', 'Open.']] } };
  fake.hu = { users: { title: 'Felhasználók', body: ['A tagok.'] } };
  const load = async (lang: Lang) => fake[lang];

  it('answers the requested language as paragraphs and lists', async () => {
    expect(await helpText(load, 'users', 'hu')).toEqual({
      page: 'users',
      lang: 'hu',
      title: 'Felhasználók',
      body: [{ type: 'paragraph', text: 'A tagok.' }],
    });
  });

  it('falls back to English, saying so, where the language has no text', async () => {
    expect(await helpText(load, 'users', 'sk')).toEqual({
      page: 'users',
      lang: 'en',
      title: 'Users',
      body: [
        { type: 'paragraph', text: 'The members.' },
        { type: 'list', items: ['Filter.', 'Open.'] },
      ],
    });
  });

  it.each(['nope', 'constructor', '__proto__', '../en', 'Users', ''])('answers 404 for %j', async (page) => {
    await expect(helpText(load, page, 'hu')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

import { FALLBACK_LANG, type Lang } from '../../contracts/langs.ts';
import type { HelpBlock, HelpFile, HelpOutput, HelpSource } from '../../contracts/schemas/lookups.ts';
import { notFound } from '../platform/http/errors.ts';

/**
 * Help texts per page (spec §2 "A help dialog that loads help text per page", §7 `GET /api/help/{page}`),
 * written in `help/<lang>.json`. A page without a text in the requested language falls back to
 * English (spec §1); a page with no text at all is 404.
 */
type HelpFiles = (lang: Lang) => Promise<HelpFile>;

/** A string is a paragraph, an array of strings a bullet list: plain text, never HTML. */
const blocksOf = (source: HelpSource): HelpBlock[] =>
  source.body.map((block) =>
    typeof block === 'string' ? { type: 'paragraph', text: block } : { type: 'list', items: [...block] },
  );

/** Page names are the page table's `helpPage` values: kebab-case words. */
const PAGE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function helpText(files: HelpFiles, page: string, lang: Lang): Promise<HelpOutput> {
  if (!PAGE_NAME.test(page)) throw notFound();
  const texts = await files(lang);
  const own = Object.hasOwn(texts, page) ? texts[page] : undefined;
  if (own) return { page, lang, title: own.title, body: blocksOf(own) };
  const fallback = await files(FALLBACK_LANG);
  const english = Object.hasOwn(fallback, page) ? fallback[page] : undefined;
  if (!english) throw notFound();
  return { page, lang: FALLBACK_LANG, title: english.title, body: blocksOf(english) };
}

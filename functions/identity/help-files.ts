import type { Lang } from '../../contracts/langs.ts';
import type { HelpFile } from '../../contracts/schemas/lookups.ts';

/**
 * The help texts ship inside the identity Lambda, one JSON file per language. Each is a dynamic
 * import, so a warm container evaluates only the languages it has been asked for.
 */
const files: Record<Lang, () => Promise<{ default: HelpFile }>> = {
  hu: () => import('./help/hu.json', { with: { type: 'json' } }),
  en: () => import('./help/en.json', { with: { type: 'json' } }),
  de: () => import('./help/de.json', { with: { type: 'json' } }),
  sk: () => import('./help/sk.json', { with: { type: 'json' } }),
  cs: () => import('./help/cs.json', { with: { type: 'json' } }),
  pl: () => import('./help/pl.json', { with: { type: 'json' } }),
  fr: () => import('./help/fr.json', { with: { type: 'json' } }),
  it: () => import('./help/it.json', { with: { type: 'json' } }),
};

const loaded = new Map<Lang, Promise<HelpFile>>();

export const helpFile = (lang: Lang): Promise<HelpFile> => {
  let file = loaded.get(lang);
  if (!file) {
    file = files[lang]().then((module) => module.default);
    loaded.set(lang, file);
  }
  return file;
};

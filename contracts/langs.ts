/** Languages of the product (spec §1): Hungarian is the default, English the fallback. */
export const LANGS = ['hu', 'en', 'de', 'sk', 'cs', 'pl', 'fr', 'it'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'hu';
export const FALLBACK_LANG: Lang = 'en';
export const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);
/** Spec §9: the week starts on Monday for hu and on Sunday for the other languages. */
export const weekStartsOn = (lang: Lang): 0 | 1 => (lang === 'hu' ? 1 : 0);

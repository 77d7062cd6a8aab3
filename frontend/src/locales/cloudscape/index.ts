import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import type { Lang } from '../../../../contracts/langs.ts';

type Messages = I18nProviderProps.Messages;

/**
 * Cloudscape's built-in strings (pagination, "Loading", table selection, date picker, ...). Cloudscape
 * ships en/de/fr/it; hu/sk/cs/pl are ours, in the same shape with ICU message strings. Each loader is
 * a separate dynamic import, so a language's strings are a chunk of their own, fetched only when
 * that language is chosen. Cloudscape's files come through its package `exports` (`./i18n/messages/*`).
 */
const loaders: Record<Lang, () => Promise<{ default: Messages }>> = {
  hu: () => import('./hu.json'),
  sk: () => import('./sk.json'),
  cs: () => import('./cs.json'),
  pl: () => import('./pl.json'),
  en: () => import('@cloudscape-design/components/i18n/messages/all.en.json'),
  de: () => import('@cloudscape-design/components/i18n/messages/all.de.json'),
  fr: () => import('@cloudscape-design/components/i18n/messages/all.fr.json'),
  it: () => import('@cloudscape-design/components/i18n/messages/all.it.json'),
};

export const loadCloudscapeMessages = async (lang: Lang): Promise<Messages> =>
  (await loaders[lang]()).default;

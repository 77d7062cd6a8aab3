import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, FALLBACK_LANG, isLang, LANGS, type Lang } from '../../../contracts/langs.ts';

/**
 * Strings live in `locales/<lang>/<namespace>.json`. Each file is a JSON file of its own in the
 * build, fetched the first time a screen asks for its namespace, so a screen loads only its own
 * strings (plus English, the fallback). Cloudscape's own strings are a separate concern
 * (`locales/cloudscape`).
 */
const files = import.meta.glob<string>(['../locales/*/*.json', '!../locales/cloudscape/**'], {
  query: '?no-inline&url',
  import: 'default',
  eager: true,
});

/** The UI language chosen on this device; kept across logout (it is a preference, not session data). */
export const LANG_KEY = 'windsock.lang';

/**
 * Loaded at start: the shell (common) and the message catalogue the API client flashes (messages).
 * The menu labels and page titles of the signed-in screens (nav: `nav:menu.users`,
 * `nav:title.users`) come with the signed-in layouts (app/layouts.tsx).
 */
const STARTUP_NAMESPACES = ['common', 'messages'] as const;

/** The languages in their own names: the same in every UI language, so a lost user finds theirs. */
export const LANG_NAMES: Record<Lang, string> = {
  hu: 'Magyar',
  en: 'English',
  de: 'Deutsch',
  sk: 'Slovenčina',
  cs: 'Čeština',
  pl: 'Polski',
  fr: 'Français',
  it: 'Italiano',
};

const jsonFilesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const url = files[`../locales/${language}/${namespace}.json`];
    if (!url) {
      callback(new Error(`no strings for ${language}/${namespace}`), false);
      return;
    }
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(
        (resources) => callback(null, resources),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

/** Before login: the stored choice, else Hungarian (spec §1). After login the profile decides. */
export const initialLang = (profileLang?: string | null): Lang => {
  if (profileLang && isLang(profileLang)) return profileLang;
  const stored = localStorage.getItem(LANG_KEY);
  return stored && isLang(stored) ? stored : DEFAULT_LANG;
};

export const currentLang = (): Lang => {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return lang && isLang(lang) ? lang : DEFAULT_LANG;
};

export const initI18n = async (lang: Lang) => {
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  await i18next
    .use(jsonFilesBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: FALLBACK_LANG,
      supportedLngs: [...LANGS],
      load: 'currentOnly',
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
};

/** Switches the UI language and remembers it on this device. Saving to the server is the caller's part. */
export const applyLanguage = async (lang: Lang) => {
  localStorage.setItem(LANG_KEY, lang);
  if (currentLang() !== lang) await i18next.changeLanguage(lang);
};

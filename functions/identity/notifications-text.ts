import type { Lang } from '../../contracts/langs.ts';
import type { NotificationParams } from '../../contracts/schemas/notifications.ts';
import cs from '../../frontend/src/locales/cs/notifications.json' with { type: 'json' };
import de from '../../frontend/src/locales/de/notifications.json' with { type: 'json' };
import en from '../../frontend/src/locales/en/notifications.json' with { type: 'json' };
import fr from '../../frontend/src/locales/fr/notifications.json' with { type: 'json' };
import hu from '../../frontend/src/locales/hu/notifications.json' with { type: 'json' };
import it from '../../frontend/src/locales/it/notifications.json' with { type: 'json' };
import pl from '../../frontend/src/locales/pl/notifications.json' with { type: 'json' };
import sk from '../../frontend/src/locales/sk/notifications.json' with { type: 'json' };

/**
 * Notifications are stored as a message key and its values; the text search of
 * profile/notifications matches what the person actually reads, so the server renders the message
 * in the person's language from the same strings the browser shows (a few kB per language).
 */
const MESSAGES: Record<Lang, Record<string, string>> = {
  hu: hu.message,
  en: en.message,
  de: de.message,
  sk: sk.message,
  cs: cs.message,
  pl: pl.message,
  fr: fr.message,
  it: it.message,
};

/** The message as i18next would render it (`{{name}}` placeholders); English when the language lacks it. */
export function renderMessage(lang: Lang, key: string, params: NotificationParams): string {
  const template = MESSAGES[lang][key] ?? MESSAGES.en[key] ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Case- and accent-insensitive: "orvosi" finds "Orvosi", "medical" finds "Médical". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether the rendered message or one of its values contains `text`. */
export function messageMatches(
  lang: Lang,
  notification: { message: string; params: NotificationParams },
  text: string,
): boolean {
  const needle = foldText(text.trim());
  if (!needle) return true;
  const haystacks = [
    renderMessage(lang, notification.message, notification.params),
    ...Object.values(notification.params).map(String),
  ];
  return haystacks.some((value) => foldText(value).includes(needle));
}

import type { Lang } from '../../../contracts/langs.ts';
import cs from '../../../frontend/src/locales/cs/mail.json' with { type: 'json' };
import de from '../../../frontend/src/locales/de/mail.json' with { type: 'json' };
import en from '../../../frontend/src/locales/en/mail.json' with { type: 'json' };
import fr from '../../../frontend/src/locales/fr/mail.json' with { type: 'json' };
import hu from '../../../frontend/src/locales/hu/mail.json' with { type: 'json' };
import it from '../../../frontend/src/locales/it/mail.json' with { type: 'json' };
import pl from '../../../frontend/src/locales/pl/mail.json' with { type: 'json' };
import sk from '../../../frontend/src/locales/sk/mail.json' with { type: 'json' };

/**
 * A mail in its recipient's language (person.lang), as notifications are (identity's
 * notifications-text.ts): the texts live in the `mail` namespace of the eight locale files, where
 * the locale test holds every language to the English keys and placeholders. A domain adds its
 * mail as `<key>.subject` and `<key>.body` (paragraphs separated by a blank line, `{{name}}`
 * placeholders) and composes it here; a person's own words (a message's subject and body) come
 * in as they are. Either way the mail gets the greeting, the signature and the footer in the
 * recipient's language, as plain text and as HTML with every value escaped.
 */
type Texts = Record<string, unknown>;
export type MailCatalogue = Record<Lang, Texts>;

const MAIL_TEXTS: MailCatalogue = { hu, en, de, sk, cs, pl, fr, it };

type MailParams = Record<string, string | number>;

export interface MailContentInput {
  /** Subject and body from the `mail` namespace (`<key>.subject`, `<key>.body`) with `params`. */
  key?: string;
  params?: MailParams;
  /** Or a person's own subject and body, used as written (a message to members). */
  subject?: string;
  body?: string;
  /** The recipient's name for the greeting; without it a greeting to anyone. */
  name?: string;
  /** Who the mail is from, for the signature and the footer: the organization's name. */
  sender: string;
  /** An absolute link into the app, shown as "Open in Windsock: …". */
  link?: string;
}

interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const lookup = (texts: Texts, path: string): string | undefined => {
  let value: unknown = texts;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' ? value : undefined;
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fill = (template: string, params: MailParams, encode: (value: string) => string) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => encode(String(params[name] ?? '')));

/** Builds the composer over a catalogue (the locale files; tests may hand their own). */
export function createMailComposer(catalogue: MailCatalogue) {
  const template = (lang: Lang, path: string) => {
    const found = lookup(catalogue[lang], path) ?? lookup(catalogue.en, path);
    if (found === undefined) throw new Error(`mail text missing: mail:${path}`);
    return found;
  };

  /** A text from the catalogue, filled: plain, and as HTML with the values escaped. */
  const filled = (template: string, params: MailParams) => ({
    text: fill(template, params, String),
    html: fill(escapeHtml(template), params, escapeHtml),
  });
  /** The "open in Windsock" line: the link is a link in the HTML. */
  const linked = (template: string, link: string) => ({
    text: fill(template, { link }, String),
    html: fill(
      escapeHtml(template),
      { link },
      (value) => `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`,
    ),
  });
  /** A person's own words: used as written, never read as a template. */
  const literal = (value: string) => ({ text: value, html: escapeHtml(value) });

  return (lang: Lang, input: MailContentInput): MailContent => {
    const params = { ...input.params, sender: input.sender };
    const subject = input.key
      ? filled(template(lang, `${input.key}.subject`), params).text
      : (input.subject ?? '');
    const body = input.key
      ? template(lang, `${input.key}.body`)
          .split(/\n\s*\n/)
          .map((paragraph) => filled(paragraph.trim(), params))
      : (input.body ?? '').split(/\n\s*\n/).map((paragraph) => literal(paragraph.trim()));
    if (!subject.trim() || body.every((paragraph) => !paragraph.text))
      throw new Error('mail needs a subject and a body');

    const parts = [
      input.name
        ? filled(template(lang, 'layout.greeting'), { name: input.name })
        : filled(template(lang, 'layout.greeting_anonymous'), {}),
      ...body.filter((paragraph) => paragraph.text),
      ...(input.link ? [linked(template(lang, 'layout.open'), input.link)] : []),
      filled(template(lang, 'layout.signature'), params),
    ];
    const footer = filled(template(lang, 'layout.footer'), params);

    const text = [...parts.map((part) => part.text), '--', footer.text].join('\n\n');
    const html = [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>`,
      '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#16191f">',
      ...parts.map((part) => `<p>${part.html.replace(/\n/g, '<br>')}</p>`),
      `<hr><p style="font-size:12px;color:#5f6b7a">${footer.html}</p>`,
      '</body></html>',
    ].join('');
    // A subject is one line: a line break in it would start a new mail header.
    return { subject: subject.replace(/[\r\n]+/g, ' ').trim(), text, html };
  };
}

/** The mail in the recipient's language from the locale files (English where a text is missing). */
export const composeMail = createMailComposer(MAIL_TEXTS);

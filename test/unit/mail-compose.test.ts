import { describe, expect, it } from 'vitest';
import { LANGS } from '../../contracts/langs.ts';
import {
  composeMail,
  createMailComposer,
  type MailCatalogue,
} from '../../functions/platform/mail/compose.ts';

/**
 * Mails in the recipient's language (functions/platform/mail/compose.ts): a domain's own texts by
 * key, or a person's own words, between the greeting, signature and footer of that language.
 */
const sender = 'Dunakeszi Sportrepülő Egyesület';

describe('composeMail', () => {
  it.each(LANGS)('%s: greets by name, signs and explains in the language itself', (lang) => {
    // Act
    const mail = composeMail(lang, { subject: 'S', body: 'B', name: 'Kovács Péter', sender });
    const english = composeMail('en', { subject: 'S', body: 'B', name: 'Kovács Péter', sender });

    // Assess
    const [greeting, body, signature, separator, footer] = mail.text.split('\n\n');
    expect(greeting).toContain('Kovács Péter');
    expect(body).toBe('B');
    expect(signature).toContain(sender);
    expect(separator).toBe('--');
    expect(footer).toContain(sender);
    if (lang !== 'en') expect(mail.text).not.toBe(english.text);
  });

  it('renders a domain’s mail from its keys with the values, escaped in the HTML only', () => {
    // Prepare: a catalogue as a domain extends the locale files (`<key>.subject`, `<key>.body`).
    const layout = {
      greeting: 'Kedves {{name}}!',
      greeting_anonymous: 'Üdvözöljük!',
      signature: 'Üdvözlettel:\n{{sender}}',
      open: 'Megnyitás: {{link}}',
      footer: 'Windsock, {{sender}} nevében.',
    };
    const catalogue = Object.fromEntries(
      LANGS.map((lang) => [
        lang,
        {
          layout,
          balance_low: {
            subject: 'Egyenleg: {{amount}}',
            body: 'Egyenlege {{amount}}.\n\nKérjük, töltse fel.',
          },
        },
      ]),
    ) as unknown as MailCatalogue;
    const compose = createMailComposer(catalogue);

    // Act
    const mail = compose('hu', {
      key: 'balance_low',
      params: { amount: '-3 500 Ft <b>' },
      name: 'Kovács Péter',
      sender,
      link: 'https://app.example.org/profile/transactions/',
    });

    // Assess
    expect(mail.subject).toBe('Egyenleg: -3 500 Ft <b>');
    expect(mail.text).toBe(
      [
        'Kedves Kovács Péter!',
        'Egyenlege -3 500 Ft <b>.',
        'Kérjük, töltse fel.',
        'Megnyitás: https://app.example.org/profile/transactions/',
        `Üdvözlettel:\n${sender}`,
        '--',
        `Windsock, ${sender} nevében.`,
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<p>Egyenlege -3 500 Ft &lt;b&gt;.</p>');
    expect(mail.html).toContain(`<p>Üdvözlettel:<br>${sender}</p>`);
    expect(mail.html).toContain('<html lang="hu">');
    expect(mail.html).toContain(
      '<p>Megnyitás: <a href="https://app.example.org/profile/transactions/">https://app.example.org/profile/transactions/</a></p>',
    );
  });

  it('takes a person’s own words as written: no placeholders read, no header in the subject', () => {
    // Act
    const mail = composeMail('en', {
      subject: 'Saturday\r\nBcc: x@example.org',
      body: 'Bring {{papers}} & <logs>',
      sender,
    });

    // Assess
    expect(mail.subject).toBe('Saturday Bcc: x@example.org');
    expect(mail.text).toContain('Bring {{papers}} & <logs>');
    expect(mail.html).toContain('Bring {{papers}} &amp; &lt;logs&gt;');
    expect(mail.text.split('\n\n')[0]).toBe('Hello,');
  });

  it('refuses a mail without subject or body, and a key nobody wrote', () => {
    expect(() => composeMail('hu', { subject: ' ', body: 'B', sender })).toThrow(
      'mail needs a subject and a body',
    );
    expect(() => composeMail('hu', { key: 'no_such_mail', sender })).toThrow(
      'mail text missing: mail:no_such_mail.subject',
    );
  });
});

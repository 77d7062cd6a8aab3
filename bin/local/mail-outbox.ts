import { readFileSync } from 'node:fs';
import type { OutboxMail } from '../../functions/platform/mail/send.ts';
import type { OutboxMessage } from './cognito.ts';

/**
 * The local mail outbox (docs/ARCHITECTURE.md "Mail"): what the product would have mailed — the handlers'
 * sendMail() lines in `<data>/mail-outbox.jsonl` and cognito-local's codes — readable at
 * /_local/outbox. A developer tool of `npm start`, never deployed, so its few words are English.
 */

/** Every mail kept in the outbox file, oldest first (none when there is no file yet). */
export function readMailOutbox(file: string): OutboxMail[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OutboxMail);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Entry =
  | { at: string; kind: 'mail'; mail: OutboxMail }
  | { at: string; kind: 'cognito'; message: OutboxMessage; link: string | null };

/** The outbox as a page: mails and Cognito codes together, newest first. */
export function outboxPage(mails: OutboxMail[], codes: { message: OutboxMessage; link: string | null }[]) {
  const entries: Entry[] = [
    ...mails.map((mail) => ({ at: mail.at, kind: 'mail' as const, mail })),
    ...codes.map(({ message, link }) => ({ at: message.at, kind: 'cognito' as const, message, link })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const cards = entries.map((entry) => {
    if (entry.kind === 'cognito') {
      const { message, link } = entry;
      return `<article><header><time>${escapeHtml(message.at)}</time> <b>${escapeHtml(message.to)}</b> <span class="tag">cognito ${escapeHtml(message.kind)}</span></header>
<p>code <code>${escapeHtml(message.code)}</code>${link ? ` · <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : ''}</p></article>`;
    }
    const { mail } = entry;
    const html = mail.html
      ? `<details><summary>HTML</summary><iframe sandbox="" srcdoc="${escapeHtml(mail.html)}"></iframe></details>`
      : '';
    return `<article><header><time>${escapeHtml(mail.at)}</time> <b>${escapeHtml(mail.to)}</b> <span class="tag">${escapeHtml(mail.tag)}</span></header>
<h2>${escapeHtml(mail.subject)}</h2><pre>${escapeHtml(mail.text)}</pre>${html}</article>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Windsock local outbox</title><style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#16191f}
article{border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:12px 0;overflow-wrap:anywhere}
header{color:#5f6b7a;font-size:14px}h2{font-size:17px;margin:8px 0}
pre{white-space:pre-wrap;font-family:inherit;margin:0}.tag{background:#eef;border-radius:4px;padding:1px 6px}
iframe{width:100%;height:360px;border:1px solid #d1d5db}</style></head>
<body><h1>Local outbox</h1><p>What Windsock would have mailed (newest first). Data: <code>mail-outbox.jsonl</code> and Cognito's <code>outbox.jsonl</code>; JSON with <code>Accept: application/json</code>.</p>
${cards.join('\n') || '<p>Nothing sent yet.</p>'}</body></html>`;
}

import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../config/env.ts';
import { logger } from '../log/logger.ts';
import { isPlainAddress } from './address.ts';

/**
 * Mail (docs/ARCHITECTURE.md "Mail"): SES v2 `SendEmail` in the cloud, from MAIL_FROM, for the domains given the
 * grant (lib/mail.ts: `ses:SendEmail` on the configured identity only). Locally and in tests every
 * mail is appended to the outbox file (MAIL_OUTBOX_FILE, JSON lines) instead, which the local
 * stack shows at /_local/outbox next to the Cognito codes. The SES client is imported on the first
 * mail, so bundles that never send stay as they are.
 *
 * A failed send throws: the caller (a job, an event consumer) is retried and keys the mail on a
 * natural id of its own, so a retry does not mail twice.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is (`balance_low`, `message`): an SES message tag, and the outbox's. */
  tag: string;
}

/** A mail as the local outbox keeps it. */
export interface OutboxMail extends Mail {
  id: string;
  at: string;
  from: string;
}

// SES message tag values: letters, digits, underscore, dash.
const TAG = /^[A-Za-z0-9_-]{1,64}$/;

function checked(mail: Mail): Mail {
  const problems = [
    !isPlainAddress(mail.to) && 'to',
    (!mail.subject.trim() || /[\r\n]/.test(mail.subject)) && 'subject',
    !mail.text.trim() && 'text',
    !TAG.test(mail.tag) && 'tag',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`mail refused: ${problems.join(', ')}`);
  return mail;
}

let client: SESv2Client | undefined;

async function sendWithSes(mail: Mail, from: string): Promise<string> {
  const { SESv2Client: Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const { AWS_REGION, SES_ENDPOINT } = env();
  client ??= new Client({ region: AWS_REGION, ...(SES_ENDPOINT && { endpoint: SES_ENDPOINT }) });
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  const { MessageId } = await client.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: utf8(mail.subject),
          Body: { Text: utf8(mail.text), ...(mail.html && { Html: utf8(mail.html) }) },
        },
      },
      EmailTags: [{ Name: 'tag', Value: mail.tag }],
    }),
  );
  return MessageId ?? '';
}

/** Sends one mail to one recipient; answers its message id. Logs the id and the tag, never the address. */
export async function sendMail(mail: Mail): Promise<{ messageId: string }> {
  checked(mail);
  const { MAIL_FROM, MAIL_OUTBOX_FILE } = env();
  const from = MAIL_FROM || 'Windsock <noreply@windsock.local>';
  if (MAIL_OUTBOX_FILE) {
    const kept: OutboxMail = { id: randomUUID(), at: new Date().toISOString(), from, ...mail };
    await appendFile(MAIL_OUTBOX_FILE, `${JSON.stringify(kept)}\n`);
    logger.debug('mail kept in the local outbox', { messageId: kept.id, tag: mail.tag });
    return { messageId: kept.id };
  }
  // Without a sender the function was not given mail (lib/mail.ts): a deployment mistake, not a user's.
  if (!MAIL_FROM) throw new Error('mail is not configured for this function (MAIL_FROM)');
  const messageId = await sendWithSes(mail, MAIL_FROM);
  logger.info('mail sent', { messageId, tag: mail.tag });
  return { messageId };
}

/** Tests point the cloud path at a stand-in SES; this forgets the client. */
export const resetMailForTests = () => {
  client = undefined;
};

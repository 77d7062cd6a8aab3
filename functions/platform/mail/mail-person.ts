import { DEFAULT_LANG, isLang } from '../../../contracts/langs.ts';
import { displayName } from '../auth/actor.ts';
import { composeMail, type MailContentInput } from './compose.ts';
import { sendMail } from './send.ts';

/** What a mail needs of its recipient (a person record has these fields). */
interface MailRecipient {
  email: string;
  first_name: string;
  last_name: string;
  lang?: string | null;
  /** The person's own choice (profile/edit): false means no mail unless it must be sent. */
  email_notification_on?: boolean;
}

/**
 * Mails one person in their own language (person.lang; Hungarian when unset), greeted by name
 * (family name first in Hungarian). A person who turned e-mail notifications off gets none, unless
 * the mail must reach them anyway (`required`: a statement the club owes them by law).
 */
export async function mailPerson(
  person: MailRecipient,
  input: Omit<MailContentInput, 'name'> & { tag: string; required?: boolean },
): Promise<{ messageId: string } | { skipped: 'email_notification_off' }> {
  if (person.email_notification_on === false && !input.required) return { skipped: 'email_notification_off' };
  const lang = person.lang && isLang(person.lang) ? person.lang : DEFAULT_LANG;
  const { tag, required: _required, ...content } = input;
  const mail = composeMail(lang, {
    ...content,
    name: displayName(person.first_name, person.last_name, lang),
  });
  return sendMail({ to: person.email, tag, ...mail });
}

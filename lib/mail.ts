import type { Domain } from '../contracts/domains.ts';
import type { MailGrant } from './constructs/domain-function.ts';

/**
 * Domains that send mail (docs/ARCHITECTURE.md "Mail"): their API Lambda, jobs and event consumers get
 * `ses:SendEmail` on the configured identity (DomainFunction `mail`). Finance (statements, balance
 * warnings) and messages (send_mail) add themselves here when they mail; nobody else gets SES.
 * Flights mails instructors whose trainees' lines wait for their signature (jobs.ts).
 */
export const MAIL_DOMAINS: readonly Domain[] = ['flights', 'finance', 'documents', 'messages'];

/** The mail grant for a domain's function: the app's mail settings when the domain mails, else none. */
export const mailFor = (
  domain: Domain,
  mail: MailGrant | undefined,
  domains: readonly Domain[] = MAIL_DOMAINS,
): MailGrant | undefined => (mail && domains.includes(domain) ? mail : undefined);

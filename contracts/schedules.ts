import type { Domain } from './domains.ts';

/**
 * Scheduled jobs, defined once (docs/ARCHITECTURE.md "Scheduled jobs"): EventBridge Scheduler in the cloud, croner locally.
 * `handler` names the export of `functions/<domain>/jobs.ts`. Every job is idempotent per period.
 */
export interface ScheduleDef {
  id: string;
  /** Cron with minutes, hours, day of month, month, day of week (croner syntax). */
  cron: string;
  timezone: string;
  domain: Domain;
  handler: string;
  description: string;
}

export const schedules: readonly ScheduleDef[] = [
  {
    id: 'maintenance-due-daily',
    cron: '0 6 * * *',
    timezone: 'Europe/Budapest',
    domain: 'aircraft',
    handler: 'notifyDueMaintenance',
    description: 'Tells the technical operators of maintenance due soon, overdue and aircraft limits reached',
  },
  {
    id: 'logbook-signature-reminder',
    cron: '0 8 * * *',
    timezone: 'Europe/Budapest',
    domain: 'flights',
    handler: 'remindPendingSignatures',
    description:
      'Tells each instructor, once a week, of training lines waiting more than a week for their signature',
  },
  {
    id: 'tracking-sweep',
    cron: '* * * * *',
    timezone: 'Europe/Budapest',
    domain: 'tracking',
    handler: 'sweepQuietDevices',
    description:
      'Settles the last fixes of OGN devices gone quiet, so a landing right before switch-off is proposed',
  },
  {
    id: 'finance-scheduled-transactions',
    cron: '0 5 * * *',
    timezone: 'Europe/Budapest',
    domain: 'finance',
    handler: 'runScheduledTransactions',
    description:
      'Posts the scheduled (recurring) transactions that are due, once per schedule, period and member',
  },
  {
    id: 'finance-monthly-statements',
    cron: '0 7 1 * *',
    timezone: 'Europe/Budapest',
    domain: 'finance',
    handler: 'sendStatements',
    description:
      "Mails and notifies last month's statement to members whose membership asks for it, once a month",
  },
  {
    id: 'document-expiry-daily',
    cron: '30 6 * * *',
    timezone: 'Europe/Budapest',
    domain: 'documents',
    handler: 'notifyDocumentExpiry',
    description:
      'Tells holders and the responsible role of documents expiring, expired and long expired (once per stage); aircraft certificates feed the fleet overview and the grounding policy',
  },
  {
    id: 'messages-scheduled',
    cron: '*/5 * * * *',
    timezone: 'Europe/Budapest',
    domain: 'messages',
    handler: 'sendScheduledMessages',
    description:
      'Sends the messages whose sending_at has come, and finishes any sending that was interrupted',
  },
];

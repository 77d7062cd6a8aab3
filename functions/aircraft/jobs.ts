import { todayIn } from '../../contracts/calendar.ts';
import { notify } from '../identity/public.ts';
import { activeHoldersOf, organizationsWithModule } from '../organizations/public.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import { type FleetEntry, fleetDues } from './maintenance-due.ts';
import { maintenanceStore } from './maintenance-store.ts';
import type { DueDimension } from './next-due.ts';

/**
 * Scheduled entries of the aircraft domain (contracts/schedules.ts). Each is idempotent per period
 * (docs/ARCHITECTURE.md "Scheduled jobs"): a retried or doubled run changes nothing more.
 */

/** A notice is kept a little longer than the day it answers for, then DynamoDB's TTL removes it. */
const NOTICE_TTL_DAYS = 8;

type ScheduledEvent = { scheduleId: string; scheduledTime: string };

/** "Told them today": false when an earlier run already did (the not-exists condition failed). */
const claimNotice = (organizationId: string, date: string, subject: string, ttl: number) =>
  writtenIf(() =>
    db()
      .entities.dueNotice.create({ organization_id: organizationId, date, subject, ttl })
      .go({ response: 'none' }),
  );

const hhmm = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/** The limit a plane reached, as language-neutral text: a reading (h:mm h, takeoffs) or a date. */
const limitText = (d: DueDimension | null) => {
  if (!d) return '';
  if (d.unit === 'days') return d.due_date ?? '';
  if (d.unit === 'minutes') return `${hhmm(d.due_value ?? 0)} h`;
  return `${d.due_value ?? 0} T/O`;
};

/** What to tell about one due entry; null when it is fine. */
function messageOf(
  regNum: string,
  entry: FleetEntry,
  today: string,
): { message_key: string; params: Record<string, string> } | null {
  const { due } = entry;
  if (due.state === 'ok') return null;
  if (entry.source === 'plane') {
    const item = limitText(due.first);
    return due.state === 'overdue'
      ? { message_key: 'plane_limit_reached', params: { reg_num: regNum, item } }
      : { message_key: 'maintenance_due', params: { reg_num: regNum, item, date: due.due_date ?? item } };
  }
  if (due.state === 'overdue')
    return { message_key: 'maintenance_overdue', params: { reg_num: regNum, item: entry.name } };
  // Due by counters without a forecast: say how much is left instead of a date.
  const left =
    due.remaining_minutes !== null
      ? `${hhmm(due.remaining_minutes)} h`
      : due.remaining_takeoffs !== null
        ? `${due.remaining_takeoffs} T/O`
        : today;
  return {
    message_key: 'maintenance_due',
    params: { reg_num: regNum, item: entry.name, date: due.due_date ?? left },
  };
}

const linkOf = (entry: FleetEntry) =>
  entry.source === 'component'
    ? `/component/${entry.id}`
    : entry.source === 'maintenance'
      ? '/maintenance/operations'
      : '/maintenance/plane-list';

/**
 * Daily (maintenance-due-daily): for every organization with the maintenance module, every active
 * maintenance item, component cycle or life limit and aircraft limit that is due soon, overdue or
 * reached is told to each technical operator once per (aircraft, item, day); the components'
 * cached due state is refreshed on the way.
 */
export async function notifyDueMaintenance(event: ScheduledEvent) {
  const at = new Date(event.scheduledTime);
  const ttl = Math.floor(at.getTime() / 1000) + NOTICE_TTL_DAYS * 24 * 3600;
  const totals = { organizations: 0, notices: 0, notifications: 0 };
  for (const organization of await organizationsWithModule('maintenance')) {
    const organizationId = organization.organization_id;
    const today = todayIn(organization.timezone, at);
    const [fleet, operators] = await Promise.all([
      fleetDues(maintenanceStore, organizationId, today),
      activeHoldersOf(organizationId, 'technical_operator'),
    ]);
    totals.organizations += 1;
    for (const { plane, entries } of fleet) {
      for (const entry of entries) {
        if (entry.source === 'component' && entry.cached_state !== entry.due.state)
          await maintenanceStore.setComponentStatus(organizationId, entry.id, entry.due.state);
        const message = messageOf(plane.reg_num, entry, today);
        if (!message) continue;
        const subject = `${plane.plane_id}#${entry.source === 'plane' ? 'limits' : entry.id}`;
        if (!(await claimNotice(organizationId, today, subject, ttl))) continue;
        totals.notices += 1;
        for (const userId of operators) {
          await notify(userId, {
            kind: 'maintenance',
            ...message,
            link: linkOf(entry),
            key: `${event.scheduleId}#${organizationId}#${subject}#${today}`,
          });
          totals.notifications += 1;
        }
      }
    }
  }
  return totals;
}

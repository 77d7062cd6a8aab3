import { addDays, daysBetween, instantIn, localDateTimeIn, todayIn } from '../../contracts/calendar.ts';
import {
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarItem,
  type CalendarOutput,
  type CalendarQuery,
} from '../../contracts/schemas/calendar.ts';
import { fleet } from '../aircraft/public.ts';
import { expiringDocuments } from '../documents/public.ts';
import { ownPilotInfo, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';
import { trainingDates } from '../training/public.ts';
import { type CalendarStore, calendarStore } from './calendar-store.ts';

/**
 * The calendar screen (issue 17 §6): one read that combines the club's operating days, its
 * bookings, training dates and expiries for a range of days, each kind only where the caller may
 * see it — the operating days and bookings as their own screens' guards allow, training dates of
 * the training module (every open training for training administration), documents' expiries (the
 * club's for those who keep its documents, else the member's own) and the member's own licence,
 * medical and rating validity. Other domains are asked through their public.ts.
 */

export interface CalendarDeps {
  store: CalendarStore;
  now: () => Date;
  regNums: (organizationId: string) => Promise<Map<string, string>>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  trainingDates: typeof trainingDates;
  expiringDocuments: typeof expiringDocuments;
  pilotInfo: (actor: Actor) => ReturnType<typeof ownPilotInfo>;
}

export const calendarDeps: CalendarDeps = {
  store: calendarStore,
  now: () => new Date(),
  regNums: async (organizationId) =>
    new Map((await fleet(organizationId)).map((p) => [p.plane_id, p.reg_num])),
  names: recordNames,
  trainingDates,
  expiringDocuments,
  pilotInfo: (actor) => ownPilotInfo(actor),
};

/** Who keeps the club's documents (the documents overview's roles). */
const keepsDocuments = (actor: Actor) =>
  actor.roles.has('admin') ||
  actor.roles.has('organization_operator') ||
  actor.roles.has('technical_operator');

const may = (actor: Actor, permission: Parameters<Actor['permissions']['has']>[0], module: string) =>
  actor.permissions.has(permission) && actor.modules.has(module as never);

export async function getCalendar(
  deps: CalendarDeps,
  actor: Actor,
  query: CalendarQuery,
): Promise<CalendarOutput> {
  if (!actor.organizationId || !actor.organization) throw notFound();
  const organizationId = actor.organizationId;
  const timeZone = actor.organization.timezone;
  const now = deps.now();
  const from = query.from ?? todayIn(timeZone, now);
  const to = query.to ?? addDays(from, 6);
  if (daysBetween(from, to) > CALENDAR_RANGE_MAX_DAYS) throw validationFailed({ to: ['too_big'] });
  const inRange = (date: string | null | undefined): date is string =>
    Boolean(date) && (date as string) >= from && (date as string) <= to;
  const whole = (date: string) => ({ date, end_date: date, local_start: null, local_end: null });

  const [days, reservations, training, documents, pilot] = await Promise.all([
    may(actor, 'operating-day-list', 'operating-day')
      ? Promise.all([deps.store.days(organizationId, from, to), deps.store.signups(organizationId, from, to)])
      : null,
    may(actor, 'reservation-list', 'reservation')
      ? Promise.all([
          deps.store.reservationsBetween(
            organizationId,
            // Bookings last at most 14 days: one that started before the range may still run into it.
            instantIn(addDays(from, -15), '00:00', timeZone),
            instantIn(addDays(to, 1), '00:00', timeZone),
          ),
          deps.regNums(organizationId),
        ])
      : null,
    actor.modules.has('training')
      ? deps.trainingDates(
          organizationId,
          actor.userId,
          { from, to },
          actor.permissions.has('training-administration'),
        )
      : [],
    deps.expiringDocuments(organizationId, { from, to }, now),
    deps.pilotInfo(actor).catch(() => null),
  ]);

  const items: CalendarItem[] = [];
  if (days) {
    const [list, signups] = days;
    const leaders = await deps.names(list.flatMap((d) => (d.leader_id ? [d.leader_id] : [])));
    for (const day of list) {
      const mine = signups.find((s) => s.date === day.date && s.user_id === actor.userId);
      items.push({
        key: `operating_day:${day.date}`,
        kind: 'operating_day',
        ...whole(day.date),
        label: day.leader_id ? (leaders.get(day.leader_id) ?? '') : '',
        detail: mine?.role ?? null,
        status: mine?.status ?? null,
        mine: Boolean(mine) || day.leader_id === actor.userId || day.operating_day_editor_id === actor.userId,
        href: '/operating-days',
      });
    }
  }
  if (reservations) {
    const [list, regNums] = reservations;
    const rangeStart = instantIn(from, '00:00', timeZone);
    for (const r of list.filter((r) => r.status === 'active' && r.reservation_end > rangeStart)) {
      const localStart = localDateTimeIn(timeZone, r.reservation_start);
      const localEnd = localDateTimeIn(timeZone, r.reservation_end);
      items.push({
        key: `reservation:${r.reservation_id}`,
        kind: 'reservation',
        date: localStart.slice(0, 10),
        // A booking ending at midnight does not cover the next day.
        end_date: localEnd.slice(11) === '00:00' ? addDays(localEnd.slice(0, 10), -1) : localEnd.slice(0, 10),
        local_start: localStart,
        local_end: localEnd,
        label: regNums.get(r.plane_id) ?? '',
        detail: null,
        status: null,
        mine: r.user_id === actor.userId || r.instructor_id === actor.userId,
        href: '/reservations',
      });
    }
  }
  for (const t of training) {
    items.push({
      key: `${t.kind}:${t.id}`,
      kind: t.kind,
      ...whole(t.date),
      label: t.name,
      detail: null,
      status: null,
      mine: t.user_id === actor.userId,
      href:
        t.kind === 'quiz_due'
          ? '/profile/user-quizzes'
          : t.user_id === actor.userId
            ? '/profile/training'
            : '/training/planning',
    });
  }
  const allDocuments = keepsDocuments(actor);
  for (const d of documents) {
    const own = d.source_type === 'person' && d.holder_id === actor.userId;
    if (!own && !allDocuments) continue;
    items.push({
      key: `document_expiry:${d.document_id}`,
      kind: 'document_expiry',
      ...whole(d.expiration_date),
      label: d.holder_name,
      detail: d.document_type_id,
      status: d.state,
      mine: own,
      href: own ? '/profile/documents' : `/documents/${d.source_type}/${d.holder_id}`,
    });
  }
  if (pilot) {
    const validity = (key: string, detail: string, label: string, date: string | null) => {
      if (!inRange(date)) return;
      items.push({
        key: `validity:${key}`,
        kind: 'validity',
        ...whole(date),
        label,
        detail,
        status: date < todayIn(timeZone, now) ? 'expired' : 'expiring',
        mine: true,
        href: '/profile/pilot-info-edit',
      });
    };
    validity('medical', 'medical', '', pilot.medical_valid_until);
    for (const licence of pilot.licences)
      validity(`licence:${licence.type}`, 'licence', licence.type, licence.valid_until);
    for (const [rating, entry] of Object.entries(pilot.ratings))
      validity(`rating:${rating}`, 'rating', rating, entry?.valid_until ?? null);
  }
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.local_start ?? '').localeCompare(b.local_start ?? '') ||
      a.key.localeCompare(b.key),
  );
  return { time_zone: timeZone, from, to, items };
}

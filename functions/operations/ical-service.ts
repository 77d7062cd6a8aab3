import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '../../contracts/calendar.ts';
import { DEFAULT_LANG, type Lang } from '../../contracts/langs.ts';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../contracts/schemas/calendar.ts';
import type { SignupRole } from '../../contracts/schemas/operating-days.ts';
import cs from '../../frontend/src/locales/cs/calendar.json' with { type: 'json' };
import de from '../../frontend/src/locales/de/calendar.json' with { type: 'json' };
import en from '../../frontend/src/locales/en/calendar.json' with { type: 'json' };
import fr from '../../frontend/src/locales/fr/calendar.json' with { type: 'json' };
import hu from '../../frontend/src/locales/hu/calendar.json' with { type: 'json' };
import it from '../../frontend/src/locales/it/calendar.json' with { type: 'json' };
import pl from '../../frontend/src/locales/pl/calendar.json' with { type: 'json' };
import sk from '../../frontend/src/locales/sk/calendar.json' with { type: 'json' };
import { fleet } from '../aircraft/public.ts';
import {
  activeMembershipsOf,
  organizationSettings,
  personCards,
  recordNames,
} from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { missingPermissions, notFound } from '../platform/http/errors.ts';
import { type CalendarStore, calendarStore } from './calendar-store.ts';
import { type IcalEvent, icalCalendar, reconcile } from './ical-format.ts';
import type { StoredReservation } from './reservation-store.ts';

/**
 * iCalendar feeds (issue 15 §9): a member's private feed (their bookings, the bookings they
 * instruct, their operating-day sign-ups and duties as the day's leader or editor, in every club
 * they are an active member of) and a club's feed of operating days. Each feed remembers what it
 * published (icalEntry): a change raises the event's SEQUENCE, an event that left the feed stays
 * as STATUS:CANCELLED, so subscribed phones update or remove it.
 */

export interface IcalDeps {
  store: CalendarStore;
  now: () => Date;
  memberships: (userId: string) => Promise<{ organization_id: string }[]>;
  organization: (organizationId: string) => Promise<{ organization_name: string; short_name: string } | null>;
  langOf: (userId: string) => Promise<Lang>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  regNums: (organizationId: string) => Promise<Map<string, string>>;
  /** A new secret token (32 random bytes, base64url). */
  token: () => string;
}

export const icalDeps: IcalDeps = {
  store: calendarStore,
  now: () => new Date(),
  memberships: activeMembershipsOf,
  organization: organizationSettings,
  langOf: async (userId) => (await personCards([userId])).get(userId)?.lang ?? DEFAULT_LANG,
  names: recordNames,
  regNums: async (organizationId) =>
    new Map((await fleet(organizationId)).map((p) => [p.plane_id, p.reg_num])),
  token: () => randomBytes(32).toString('base64url'),
};

/** The feed covers two months back (recent changes still reach phones) and a year ahead. */
const DAYS_BACK = 60;
const DAYS_AHEAD = 366;
/** A published event is remembered until 90 days after it ends. */
const KEEP_SECONDS = 90 * 24 * 3600;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Texts = Record<string, unknown>;
const TEXTS: Record<Lang, Texts> = { hu, en, de, sk, cs, pl, fr, it };

/** A `calendar` namespace text in a language, `{{name}}` placeholders filled (English where missing). */
export function feedText(lang: Lang, key: string, params: Record<string, string> = {}): string {
  const lookup = (texts: Texts) =>
    key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  const found = lookup(TEXTS[lang]) ?? lookup(TEXTS.en);
  const text = typeof found === 'string' ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

const memberKey = (userId: string) => `person#${userId}`;
const clubKey = (organizationId: string) => `org#${organizationId}`;
const uidOf = (...parts: string[]) => `${parts.join('-')}@windsock`;

const organizes = (actor: Actor) => actor.roles.has('admin') || actor.roles.has('organization_operator');

const statusOf = (feed: { created_at: string } | null): CalendarFeedStatus => ({
  active: feed !== null,
  created_at: feed?.created_at ?? null,
});

async function createFeed(
  deps: IcalDeps,
  actor: Actor,
  owner: { key: string; kind: 'member' | 'club'; user_id?: string; organization_id?: string },
): Promise<CalendarFeedCreated> {
  const token = deps.token();
  const created_at = deps.now().toISOString();
  await deps.store.putFeed(
    actor,
    {
      owner_key: owner.key,
      kind: owner.kind,
      user_id: owner.user_id,
      organization_id: owner.organization_id,
      token_hash: hashOf(token),
      created_by: actor.userId,
      created_at,
    },
    {
      action: 'calendar_feed.create',
      target_type: owner.kind === 'member' ? 'person' : 'organization',
      target_id: owner.user_id ?? owner.organization_id ?? '',
      ...(owner.kind === 'member' ? { organization_id: actor.organizationId ?? 'personal' } : {}),
      details: { kind: owner.kind },
    },
  );
  return { active: true, created_at, token, path: `/api/ical/${token}` };
}

async function revokeFeed(
  deps: IcalDeps,
  actor: Actor,
  key: string,
  kind: 'member' | 'club',
  target: string,
) {
  await deps.store.deleteFeed(actor, key, {
    action: 'calendar_feed.revoke',
    target_type: kind === 'member' ? 'person' : 'organization',
    target_id: target,
    details: { kind },
  });
  return statusOf(null);
}

export const ownFeed = async (deps: IcalDeps, actor: Actor) =>
  statusOf(await deps.store.feed(memberKey(actor.userId)));

export const createOwnFeed = (deps: IcalDeps, actor: Actor) =>
  createFeed(deps, actor, { key: memberKey(actor.userId), kind: 'member', user_id: actor.userId });

export const revokeOwnFeed = (deps: IcalDeps, actor: Actor) =>
  revokeFeed(deps, actor, memberKey(actor.userId), 'member', actor.userId);

const clubOf = (actor: Actor) => {
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

export const clubFeed = async (deps: IcalDeps, actor: Actor) =>
  statusOf(await deps.store.feed(clubKey(clubOf(actor))));

export function createClubFeed(deps: IcalDeps, actor: Actor) {
  const organizationId = clubOf(actor);
  if (!organizes(actor)) throw missingPermissions();
  return createFeed(deps, actor, {
    key: clubKey(organizationId),
    kind: 'club',
    organization_id: organizationId,
  });
}

export function revokeClubFeed(deps: IcalDeps, actor: Actor) {
  const organizationId = clubOf(actor);
  if (!organizes(actor)) throw missingPermissions();
  return revokeFeed(deps, actor, clubKey(organizationId), 'club', organizationId);
}

/** The text/calendar a token opens; 404 for an unknown or revoked token. */
export async function calendarFeed(deps: IcalDeps, token: string): Promise<string> {
  const feed = await deps.store.feedByHash(hashOf(token));
  if (!feed) throw notFound();
  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  const window = { from: addDays(today, -DAYS_BACK), to: addDays(today, DAYS_AHEAD) };
  let name: string;
  let events: IcalEvent[];
  if (feed.kind === 'member' && feed.user_id) {
    const lang = await deps.langOf(feed.user_id);
    name = feedText(lang, 'feed.member_name');
    events = await memberEvents(deps, feed.user_id, lang, window);
  } else if (feed.kind === 'club' && feed.organization_id) {
    const org = await deps.organization(feed.organization_id);
    if (!org) throw notFound();
    const lang = DEFAULT_LANG;
    name = feedText(lang, 'feed.club_name', { club: org.organization_name });
    events = await clubEvents(
      deps,
      feed.organization_id,
      org.short_name || org.organization_name,
      lang,
      window,
    );
  } else throw notFound();
  return publish(deps, feed.owner_key, name, events, window.from, now);
}

/** Publishes the events with their SEQUENCE; what left the feed stays as CANCELLED. */
async function publish(
  deps: IcalDeps,
  ownerKey: string,
  name: string,
  events: IcalEvent[],
  from: string,
  now: Date,
): Promise<string> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const startDay = (e: IcalEvent) => ('date' in e.start ? e.start.date : e.start.instant.slice(0, 10));
  // Events older than the window are not "gone": they are simply no longer published.
  const tracked = (await deps.store.tracked(ownerKey, nowSeconds)).filter((t) => startDay(t.event) >= from);
  const { publish: published, writes } = reconcile(events, tracked, now.toISOString());
  const endSeconds = (e: IcalEvent) =>
    Math.floor(Date.parse('date' in e.end ? `${e.end.date}T00:00:00Z` : e.end.instant) / 1000);
  await Promise.all(
    writes.map(({ next, previous }) =>
      deps.store.track(ownerKey, next, previous, endSeconds(next.event) + KEEP_SECONDS),
    ),
  );
  published.sort((a, b) => a.uid.localeCompare(b.uid));
  return icalCalendar({ name, stamp: now, events: published });
}

const wholeDay = (date: string) => ({ start: { date }, end: { date: addDays(date, 1) } });

async function memberEvents(
  deps: IcalDeps,
  userId: string,
  lang: Lang,
  window: { from: string; to: string },
): Promise<IcalEvent[]> {
  const fromInstant = `${addDays(window.from, -1)}T00:00:00.000Z`;
  const toInstant = `${addDays(window.to, 1)}T00:00:00.000Z`;
  const memberships = await deps.memberships(userId);
  const perClub = await Promise.all(
    memberships.map(async ({ organization_id }) => {
      const [org, own, instructing, days, signups, regNums] = await Promise.all([
        deps.organization(organization_id),
        deps.store.memberReservations(organization_id, userId, fromInstant, toInstant),
        deps.store.instructorReservations(organization_id, userId, fromInstant, toInstant),
        deps.store.days(organization_id, window.from, window.to),
        deps.store.signups(organization_id, window.from, window.to),
        deps.regNums(organization_id),
      ]);
      const club = org ? org.short_name || org.organization_name : '';
      const names = await deps.names([
        ...new Set([...own, ...instructing].flatMap((r) => [r.user_id, r.instructor_id ?? ''])),
      ]);
      const reservationEvent = (r: StoredReservation, asInstructor: boolean): IcalEvent => {
        const reg = regNums.get(r.plane_id) ?? '';
        const notes = [
          !asInstructor && r.instructor_id
            ? feedText(lang, 'feed.with_instructor', { name: names.get(r.instructor_id) ?? '' })
            : '',
          r.comment ?? '',
          r.status === 'cancelled' ? feedText(lang, 'feed.cancelled', { reason: r.cancel_reason ?? '' }) : '',
        ].filter(Boolean);
        return {
          uid: uidOf('reservation', r.reservation_id, ...(asInstructor ? ['instructor'] : [])),
          summary: asInstructor
            ? feedText(lang, 'feed.instruction', { reg, pilot: names.get(r.user_id) ?? '' })
            : feedText(lang, 'feed.reservation', { reg }),
          ...(notes.length > 0 ? { description: notes.join('\n') } : {}),
          ...(club ? { location: club } : {}),
          start: { instant: r.reservation_start },
          end: { instant: r.reservation_end },
          status: r.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        };
      };
      const events: IcalEvent[] = [
        ...own.map((r) => reservationEvent(r, false)),
        ...instructing.filter((r) => r.user_id !== userId).map((r) => reservationEvent(r, true)),
      ];
      for (const s of signups.filter((s) => s.user_id === userId)) {
        const role = feedText(lang, `feed.role.${s.role satisfies SignupRole}`);
        events.push({
          uid: uidOf('signup', organization_id, s.date),
          summary: feedText(lang, 'feed.signup', { club, role }),
          ...(s.status === 'waitlisted' ? { description: feedText(lang, 'feed.waitlisted') } : {}),
          ...wholeDay(s.date),
          status: s.status === 'waitlisted' ? 'TENTATIVE' : 'CONFIRMED',
        });
      }
      for (const day of days) {
        if (day.leader_id === userId)
          events.push({
            uid: uidOf('leader', organization_id, day.date),
            summary: feedText(lang, 'feed.leader', { club }),
            ...wholeDay(day.date),
            status: 'CONFIRMED',
          });
        if (day.operating_day_editor_id === userId)
          events.push({
            uid: uidOf('editor', organization_id, day.date),
            summary: feedText(lang, 'feed.editor', { club }),
            ...wholeDay(day.date),
            status: 'CONFIRMED',
          });
      }
      return events;
    }),
  );
  return perClub.flat();
}

async function clubEvents(
  deps: IcalDeps,
  organizationId: string,
  club: string,
  lang: Lang,
  window: { from: string; to: string },
): Promise<IcalEvent[]> {
  const days = await deps.store.days(organizationId, window.from, window.to);
  const names = await deps.names(days.flatMap((d) => (d.leader_id ? [d.leader_id] : [])));
  return days.map((day) => ({
    uid: uidOf('operating-day', organizationId, day.date),
    summary: feedText(lang, 'feed.operating_day', { club }),
    ...(day.leader_id
      ? { description: feedText(lang, 'feed.day_leader', { name: names.get(day.leader_id) ?? '' }) }
      : {}),
    ...wholeDay(day.date),
    status: 'CONFIRMED' as const,
  }));
}

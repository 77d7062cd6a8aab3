import type { EntityItem } from 'electrodb';
import { timeOrderedId } from '../../contracts/ids.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import type { icalFeed } from './entities.ts';
import type { TrackedEvent } from './ical-format.ts';
import type { StoredOperatingDay, StoredSignup } from './operating-day-store.ts';
import type { StoredReservation } from './reservation-store.ts';

export type StoredIcalFeed = EntityItem<typeof icalFeed>;

const startKey = (instant: string) => timeOrderedId(Date.parse(instant), '');

/**
 * The operations domain's calendar reads and the iCalendar feeds' writes (issues 15 §9, 17 §6);
 * ical-service.ts and calendar-service.ts hold the rules.
 */
export const calendarStore = {
  async feed(ownerKey: string): Promise<StoredIcalFeed | null> {
    const { data } = await db().entities.icalFeed.get({ owner_key: ownerKey }).go();
    return data;
  },

  /** The feed a token's hash opens (gsi1), or null: unknown or revoked. */
  async feedByHash(tokenHash: string): Promise<StoredIcalFeed | null> {
    const { data } = await db().entities.icalFeed.query.byToken({ token_hash: tokenHash }).go({ limit: 1 });
    return data[0] ?? null;
  },

  /** A new token for the feed (the old one stops working at once), with its activity-log record. */
  async putFeed(actor: Auditor, item: StoredIcalFeed, audit: ActionRecord) {
    await auditedWrite(actor, audit, ({ icalFeed }) => [icalFeed.put(item).commit()]);
  },

  /** Revokes the feed; false when there was none. */
  async deleteFeed(actor: Auditor, ownerKey: string, audit: ActionRecord): Promise<boolean> {
    if (!(await calendarStore.feed(ownerKey))) return false;
    await auditedWrite(actor, audit, ({ icalFeed }) => [icalFeed.delete({ owner_key: ownerKey }).commit()]);
    return true;
  },

  /** What the feed published before (every event it still tracks). */
  async tracked(ownerKey: string, nowSeconds: number): Promise<TrackedEvent[]> {
    const { data } = await db()
      .entities.icalEntry.query.byOwner({ owner_key: ownerKey })
      .go({ pages: 'all' });
    return data
      .filter((e) => e.ttl > nowSeconds)
      .map((e) => ({
        uid: e.uid,
        sequence: e.sequence,
        fingerprint: e.fingerprint,
        event: JSON.parse(e.event),
        cancelled: e.cancelled,
        updated_at: e.updated_at,
      }));
  },

  /**
   * Records an event's new SEQUENCE, only over the version read (two readers of the feed at once:
   * one writes, the other's write is refused and changes nothing — both publish the same number).
   */
  track(ownerKey: string, next: TrackedEvent, previous: TrackedEvent | null, ttl: number) {
    const item = {
      owner_key: ownerKey,
      uid: next.uid,
      sequence: next.sequence,
      fingerprint: next.fingerprint,
      event: JSON.stringify(next.event),
      cancelled: next.cancelled,
      updated_at: next.updated_at,
      ttl,
    };
    const { icalEntry } = db().entities;
    return writtenIf(() =>
      previous
        ? icalEntry
            .put(item)
            .where(({ sequence }, { eq }) => eq(sequence, previous.sequence))
            .go()
        : icalEntry.create(item).go(),
    );
  },

  /** A member's bookings (as the pilot) starting in [from, to), cancelled ones too. */
  async memberReservations(
    organizationId: string,
    userId: string,
    from: string,
    to: string,
  ): Promise<StoredReservation[]> {
    const { data } = await db()
      .entities.reservation.query.byOrganization({ organization_id: organizationId })
      .between({ reservation_id: startKey(from) }, { reservation_id: startKey(to) })
      .where(({ user_id }, { eq }) => eq(user_id, userId))
      .go({ pages: 'all' });
    return data;
  },

  /** Bookings with this instructor starting in [from, to), cancelled ones too. */
  async instructorReservations(
    organizationId: string,
    userId: string,
    from: string,
    to: string,
  ): Promise<StoredReservation[]> {
    const { data } = await db()
      .entities.reservation.query.byInstructor({ organization_id: organizationId, instructor_key: userId })
      .between({ reservation_id: startKey(from) }, { reservation_id: startKey(to) })
      .go({ pages: 'all' });
    return data;
  },

  /** The club's bookings starting in [from, to), cancelled ones too (the calendar filters). */
  async reservationsBetween(organizationId: string, from: string, to: string): Promise<StoredReservation[]> {
    const { data } = await db()
      .entities.reservation.query.byOrganization({ organization_id: organizationId })
      .between({ reservation_id: startKey(from) }, { reservation_id: startKey(to) })
      .where(({ status }, { eq }) => eq(status, 'active'))
      .go({ pages: 'all' });
    return data;
  },

  /** The club's operating days from..to (yyyy-mm-dd). */
  async days(organizationId: string, from: string, to: string): Promise<StoredOperatingDay[]> {
    const { data } = await db()
      .entities.operatingDay.query.byOrganization({ organization_id: organizationId })
      .between({ date: from }, { date: to })
      .go({ pages: 'all' });
    return data;
  },

  /** The sign-ups of the days from..to (one Query of the same partition's `signup#` range). */
  async signups(organizationId: string, from: string, to: string): Promise<StoredSignup[]> {
    const { data } = await db()
      .entities.operatingDaySignup.query.byOrganization({ organization_id: organizationId })
      .between({ date: from }, { date: `${to}~` })
      .go({ pages: 'all' });
    return data.filter((s) => s.date >= from && s.date <= to);
  },
};

export type CalendarStore = typeof calendarStore;

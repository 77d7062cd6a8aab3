import type { EntityItem } from 'electrodb';
import { timeOrderedId } from '../../contracts/ids.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion } from '../platform/db/writes.ts';
import type { reservation as reservationEntity, reservationSettings } from './entities.ts';

export type StoredReservation = EntityItem<typeof reservationEntity>;
export type StoredReservationSettings = EntityItem<typeof reservationSettings>;

/** A book (an aircraft's or an instructor's) at the version read before the overlap check; 0: none yet. */
export interface BookAt {
  subject: string;
  version: number;
}

/** The id prefix of bookings starting at an instant: ids are timeOrderedId(start). */
const startKey = (instant: string) => timeOrderedId(Date.parse(instant), '');

/** Active bookings whose start lies in [from, to) — an overlap read widens `from` by the longest booking. */
async function startingBetween(
  query: ReturnType<ReturnType<typeof db>['entities']['reservation']['query']['byPlane']>,
  from: string,
  to: string,
) {
  const { data } = await query
    .between({ reservation_id: startKey(from) }, { reservation_id: startKey(to) })
    .where(({ status }, { eq }) => eq(status, 'active'))
    .go({ pages: 'all' });
  return data;
}

/** The operations domain's reservation reads and writes; reservation-service.ts holds the rules. */
export const reservationStore = {
  async reservation(organizationId: string, reservationId: string): Promise<StoredReservation | null> {
    const { data } = await db()
      .entities.reservation.get({ organization_id: organizationId, reservation_id: reservationId })
      .go();
    return data;
  },

  /** Active bookings of one aircraft starting in [from, to). */
  planeBookings: (organizationId: string, planeId: string, from: string, to: string) =>
    startingBetween(
      db().entities.reservation.query.byPlane({ organization_id: organizationId, plane_id: planeId }),
      from,
      to,
    ),

  /** Active bookings with this instructor starting in [from, to). */
  instructorBookings: (organizationId: string, instructorId: string, from: string, to: string) =>
    startingBetween(
      db().entities.reservation.query.byInstructor({
        organization_id: organizationId,
        instructor_key: instructorId,
      }) as never,
      from,
      to,
    ),

  /** The version of each book now (0 when it has no item yet). */
  async bookVersions(organizationId: string, subjects: readonly string[]): Promise<BookAt[]> {
    if (subjects.length === 0) return [];
    const { data } = await db()
      .entities.reservationBook.get(subjects.map((subject) => ({ organization_id: organizationId, subject })))
      .go();
    const found = new Map(data.map((b) => [b.subject, b.version]));
    return subjects.map((subject) => ({ subject, version: found.get(subject) ?? 0 }));
  },

  /** One calendar page: bookings starting in [from, to), by start; cancelled ones only when asked. */
  page(
    organizationId: string,
    range: { from: string; to: string; endsAfter: string; planeId?: string; includeCancelled: boolean },
    page: { cursor?: string; limit: number },
  ) {
    const { reservation } = db().entities;
    const base = range.planeId
      ? reservation.query.byPlane({ organization_id: organizationId, plane_id: range.planeId })
      : reservation.query.byOrganization({ organization_id: organizationId });
    const ranged = base
      .between({ reservation_id: startKey(range.from) }, { reservation_id: startKey(range.to) })
      .where(({ reservation_end, status }, { gt, eq }) =>
        range.includeCancelled
          ? gt(reservation_end, range.endsAfter)
          : `${gt(reservation_end, range.endsAfter)} AND ${eq(status, 'active')}`,
      );
    return fillPage((cursor, limit) => ranged.go({ cursor, limit }), page);
  },

  /**
   * A new booking, its books moved on (each only at the version read: a booking made meanwhile on
   * the same aircraft or instructor cancels this one, 409) and its activity-log record, at once.
   */
  async create(actor: Auditor, item: StoredReservation, books: readonly BookAt[], audit: ActionRecord) {
    const organization_id = item.organization_id;
    await auditedWrite(actor, audit, ({ reservation, reservationBook }) => [
      reservation.create(item).commit(),
      ...books.map(({ subject, version }) =>
        version === 0
          ? reservationBook.create({ organization_id, subject, version: 1 }).commit()
          : patchAtVersion(reservationBook.patch({ organization_id, subject }), {}, version),
      ),
    ]);
  },

  async cancel(
    actor: Auditor,
    item: StoredReservation,
    change: { cancel_reason: string; cancelled_by: string; cancelled_at: string },
    version: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ reservation }) => [
      patchAtVersion(
        reservation.patch({
          organization_id: item.organization_id,
          reservation_id: item.reservation_id,
        }),
        { set: { ...change, status: 'cancelled' } },
        version,
      ),
    ]);
  },

  async settings(organizationId: string): Promise<StoredReservationSettings | null> {
    const { data } = await db().entities.reservationSettings.get({ organization_id: organizationId }).go();
    return data;
  },

  async saveSettings(
    actor: Auditor,
    organizationId: string,
    levels: Omit<StoredReservationSettings, 'organization_id' | 'version' | 'created_at' | 'updated_at'>,
    readVersion: number,
    audit: ActionRecord,
  ) {
    await auditedWrite(actor, audit, ({ reservationSettings }) => [
      readVersion === 0
        ? reservationSettings.create({ organization_id: organizationId, ...levels, version: 1 }).commit()
        : patchAtVersion(
            reservationSettings.patch({ organization_id: organizationId }),
            { set: levels },
            readVersion,
          ),
    ]);
  },
};

export type ReservationStore = typeof reservationStore;

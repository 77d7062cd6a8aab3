import type { EntityItem } from 'electrodb';
import { STAT_FIELDS } from '../../contracts/logbook-totals.ts';
import { plane, prepareCounterAdvance } from '../aircraft/public.ts';
import { activeMembersAmong } from '../organizations/public.ts';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { batchGet } from '../platform/db/batch.ts';
import { db } from '../platform/db/service.ts';
import { writtenIf } from '../platform/db/writes.ts';
import type { OutboxItem } from '../platform/events/outbox.ts';
import { type CompletionPlan, mergeStats } from './completion.ts';
import type { flight as flightEntity } from './entities.ts';

export type StoredFlight = EntityItem<typeof flightEntity>;
export type { StoredPlane } from '../aircraft/public.ts';

/**
 * One flight's write: the flight as it was (null: new) and as it will be (null: deleted), its plan,
 * and the event it announces (`flight.changed`), if any.
 */
export interface FlightWrite {
  before: StoredFlight | null;
  after: StoredFlight | null;
  plan: CompletionPlan;
  event?: OutboxItem;
}

/** A TransactWrite holds at most 100 items; a flight with its tow and their lines stays far below. */
const MAX_TRANSACTION_ITEMS = 100;

/** The flights domain's reads and writes; flight-service.ts holds the rules. */
export const flightStore = {
  /** An aircraft of the organization (aircraft). */
  plane,

  async flight(organizationId: string, flightId: string) {
    const { data } = await db()
      .entities.flight.query.byId({ organization_id: organizationId, flight_id: flightId })
      .go({ limit: 1 });
    return data[0] ?? null;
  },

  /** Flights by their full keys (day, id) in BatchGetItem requests: an import's re-check. */
  async flightsByKey(keys: readonly { organization_id: string; date: string; flight_id: string }[]) {
    return batchGet(db().entities.flight, keys);
  },

  /** Every flight of one day (a daily sheet holds a few hundred at most). */
  async flightsOfDay(organizationId: string, date: string) {
    const { data } = await db()
      .entities.flight.query.byDate({ organization_id: organizationId, date })
      .go({ pages: 'all' });
    return data;
  },

  /** A page of flights between two days, newest first. */
  async flightsBetween(
    organizationId: string,
    options: { from: string; to: string; cursor?: string; limit: number; planeId?: string },
  ) {
    const range = { organization_id: organizationId };
    const query = options.planeId
      ? db()
          .entities.flight.query.byPlane({ ...range, plane_id: options.planeId })
          .between({ date: options.from }, { date: `${options.to}\uffff` })
      : db()
          .entities.flight.query.byDate(range)
          .between({ date: options.from }, { date: `${options.to}\uffff` });
    const { data, cursor } = await query.go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /**
   * The day's sheet exists once a flight is put on it, so the day is listed on daily-flight even if
   * nobody saved its settings. Created only when absent (a lost race or a second flight: nothing).
   */
  async ensureSheet(organizationId: string, date: string) {
    await writtenIf(() => db().entities.dailySheet.create({ organization_id: organizationId, date }).go());
  },

  /** The active members among these user ids (crew must belong to the organization; organizations). */
  memberIds: (organizationId: string, userIds: string[]) => activeMembersAmong(organizationId, userIds),

  /**
   * Flights with everything they mean, in ONE TransactWrite (issue 5 §3): each flight's item
   * (conditioned on the version it was read at), the aircraft counters and components, the usage
   * day, the logbook lines of the club pilots on board, their statistics, the `flight.changed`
   * events and the audit entry. A lost race on any of them cancels all: 409, nothing half-written.
   */
  async write(actor: Auditor, writes: FlightWrite[], audit: ActionRecord) {
    const organizationId = actor.organizationId ?? '';
    const prepared = await Promise.all(
      writes.flatMap((w) =>
        w.plan.counters.map((c) => prepareCounterAdvance(organizationId, c.plane_id, c.delta, c.date)),
      ),
    );
    await auditedWrite(actor, audit, (e) => {
      const items = [];
      for (const { before, after } of writes) {
        const sameKey = before && after && before.date === after.date;
        if (before && !sameKey)
          items.push(
            e.flight
              .delete({ organization_id: organizationId, date: before.date, flight_id: before.flight_id })
              .where(({ version }, { eq }) => eq(version, before.version))
              .commit(),
          );
        if (after && sameKey)
          items.push(
            e.flight
              .put(after)
              .where(({ version }, { eq }) => eq(version, before.version))
              .commit(),
          );
        else if (after) items.push(e.flight.create(after).commit());
      }
      for (const p of prepared) items.push(...p.commits(e));
      for (const { plan } of writes) {
        for (const entry of plan.removedEntries) items.push(e.logbookEntry.delete(entry).commit());
        for (const entry of plan.entries) items.push(e.logbookEntry.put(entry).commit());
      }
      for (const s of mergeStats(writes.flatMap((w) => w.plan.stats)))
        items.push(
          e.flightStat
            .update({ user_id: s.user_id, kind: s.kind, month: s.month })
            .add(Object.fromEntries(STAT_FIELDS.map((field) => [field, s[field]])))
            .commit(),
        );
      // The announcement: created only where absent, so the same change cannot be announced twice.
      for (const { event } of writes) if (event) items.push(e.domainEvent.create(event).commit());
      // With the activity-log record, one more.
      if (items.length + 1 > MAX_TRANSACTION_ITEMS) throw new Error('flight transaction too large');
      return items;
    });
  },
};

export type FlightStore = typeof flightStore;

import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditRecord } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import { transactWriteCodes, writtenIf } from '../platform/db/writes.ts';
import type { capUsage, financeMembership, flightCharge, payment, schedule, tariff } from './entities.ts';

export type StoredCharge = EntityItem<typeof flightCharge>;
export type StoredCap = EntityItem<typeof capUsage>;
export type StoredTariff = EntityItem<typeof tariff>;
export type StoredMembership = EntityItem<typeof financeMembership>;
export type StoredSchedule = EntityItem<typeof schedule>;
export type StoredPayment = EntityItem<typeof payment>;
/** Who changed a record and the activity-log record of it. */
type Audit = { actor: Auditor; record: ActionRecord };

/**
 * The finance domain's records besides the ledger (ledger-store.ts): flight charges and caps,
 * tariffs, memberships, scheduled transactions, payments, notices.
 */
export const financeStore = {
  // Flight charges ----------------------------------------------------------------------------------
  async charge(organizationId: string, flightId: string) {
    const { data } = await db()
      .entities.flightCharge.get({ organization_id: organizationId, flight_id: flightId })
      .go();
    return data;
  },

  async allCharges(organizationId: string) {
    const { data } = await db()
      .entities.flightCharge.query.byFlight({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async caps(organizationId: string, userId: string, keys: string[]) {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return new Map<string, StoredCap>();
    const { data } = await db()
      .entities.capUsage.get(unique.map((key) => ({ organization_id: organizationId, user_id: userId, key })))
      .go();
    return new Map(data.map((c) => [c.key, c]));
  },

  // Tariffs --------------------------------------------------------------------------------------------
  async tariffs(organizationId: string) {
    const { data } = await db()
      .entities.tariff.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async tariff(organizationId: string, tariffId: string) {
    const { data } = await db()
      .entities.tariff.get({ organization_id: organizationId, tariff_id: tariffId })
      .go();
    return data;
  },

  // Memberships ------------------------------------------------------------------------------------
  async membership(organizationId: string, membershipId: string) {
    const { data } = await db()
      .entities.financeMembership.get({ organization_id: organizationId, membership_id: membershipId })
      .go();
    return data;
  },

  async membershipsPage(organizationId: string, options: { type?: string; cursor?: string; limit: number }) {
    const query = db().entities.financeMembership.query.byOrganization({ organization_id: organizationId });
    const { data, cursor } = options.type
      ? await query
          .where(({ membership_type }, { eq }) =>
            eq(membership_type, options.type as StoredMembership['membership_type']),
          )
          .go({ cursor: options.cursor, count: options.limit, order: 'desc' })
      : await query.go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  async memberMemberships(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.financeMembership.query.byMember({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  async allMemberships(organizationId: string) {
    const { data } = await db()
      .entities.financeMembership.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  // Scheduled transactions -------------------------------------------------------------------------
  async schedule(organizationId: string, scheduleId: string) {
    const { data } = await db()
      .entities.schedule.get({ organization_id: organizationId, schedule_id: scheduleId })
      .go();
    return data;
  },

  async schedulesPage(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.schedule.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },

  /** Schedules of every organization due on or before a day (the daily job). */
  async dueSchedules(upTo: string) {
    const { data } = await db()
      .entities.schedule.query.due({})
      .lte({ next_run_date: `${upTo}\uffff` })
      .go({ pages: 'all' });
    return data;
  },

  /**
   * A schedule written on the version read (0: a new one), with its activity-log entry when a
   * person changed it, in one transaction: false when another write came first.
   */
  async putSchedule(item: StoredSchedule, readVersion: number, audit?: Audit) {
    const codes = await transactWriteCodes((e) => [
      readVersion === 0
        ? e.schedule.create(item).commit()
        : e.schedule
            .put(item)
            .where(({ version }, { eq }) => eq(version, readVersion))
            .commit(),
      ...(audit ? auditRecord(audit.actor, audit.record)(e) : []),
    ]);
    return codes === null;
  },

  async deleteSchedule(organizationId: string, scheduleId: string, readVersion: number, audit: Audit) {
    const codes = await transactWriteCodes((e) => [
      e.schedule
        .delete({ organization_id: organizationId, schedule_id: scheduleId })
        .where(({ version }, { eq }) => eq(version, readVersion))
        .commit(),
      ...auditRecord(audit.actor, audit.record)(e),
    ]);
    return codes === null;
  },

  // Payments -------------------------------------------------------------------------------------------
  async payment(organizationId: string, paymentId: string) {
    const { data } = await db()
      .entities.payment.get({ organization_id: organizationId, payment_id: paymentId })
      .go();
    return data;
  },

  async createPayment(item: StoredPayment) {
    await db().entities.payment.create(item).go();
  },

  async attachSession(organizationId: string, paymentId: string, sessionId: string, url: string) {
    await db()
      .entities.payment.patch({ organization_id: organizationId, payment_id: paymentId })
      .set({ session_id: sessionId, checkout_url: url })
      .go();
  },

  /** A pending payment marked failed; false when it is no longer pending (paid meanwhile). */
  async failPayment(organizationId: string, paymentId: string, eventId: string | null, at: string) {
    return writtenIf(() =>
      db()
        .entities.payment.patch({ organization_id: organizationId, payment_id: paymentId })
        .set({ status: 'failed', completed_at: at, ...(eventId && { event_id: eventId }) })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .go(),
    );
  },

  // Notices ----------------------------------------------------------------------------------------------
  /** Claims a notice (created where absent): true for the first caller only. */
  async claimNotice(organizationId: string, noticeId: string, now: Date) {
    return writtenIf(() =>
      db()
        .entities.financeNotice.create({
          organization_id: organizationId,
          notice_id: noticeId,
          sent_at: now.toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + 400 * 24 * 3600,
        })
        .go(),
    );
  },
};

export type FinanceStore = typeof financeStore;

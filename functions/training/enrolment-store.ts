import type { EntityItem } from 'electrodb';
import type { TrainingStatus } from '../../contracts/schemas/training-enums.ts';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import type { TransactionBuilder, TransactionEntities } from '../platform/db/writes.ts';
import type { OutboxItem } from '../platform/events/outbox.ts';
import type { AuditActor } from './common.ts';
import type { enrolment, taskCheck, taskRecord, trainingFlight } from './entities.ts';

export type StoredEnrolment = EntityItem<typeof enrolment>;
export type StoredRecord = EntityItem<typeof taskRecord>;
export type StoredLink = EntityItem<typeof trainingFlight>;
export type StoredCheck = EntityItem<typeof taskCheck>;

/** A filtered Query page may come back short with more to read: read on, but not without end. */
const MAX_ROUNDS = 20;

/**
 * Everything one change of a student's training writes, in ONE TransactWrite: the enrolment at the
 * version it was read (its summary and chain head move with every change), the task records and
 * linked flights it touches (each at its own version, or created), a signed check (created, never
 * replaced), the programme's enrolment count, writes of other domains' public modules (a launch
 * privilege), the `training.enrolled` event and the activity log entry.
 */
export interface EnrolmentWrite {
  enrolment: { item: StoredEnrolment; readVersion: number | null };
  records?: { item: StoredRecord; readVersion: number }[];
  links?: { item: StoredLink; readVersion: number | null }[];
  removeLinks?: StoredLink[];
  check?: StoredCheck;
  /** +1 when a student is enrolled, -1 when an untouched enrolment is deleted. */
  programmeEnrolments?: { programme_id: string; add: number };
  others?: ((e: TransactionEntities) => ReturnType<TransactionBuilder>[number])[];
  event?: OutboxItem;
  audit: ActionRecord;
}

export const enrolmentStore = {
  async enrolment(organizationId: string, enrolmentId: string) {
    const { data } = await db()
      .entities.trainingEnrolment.get({ organization_id: organizationId, enrolment_id: enrolmentId })
      .go();
    return data;
  },

  /** A page of the organization's enrolments (newest first), by status and programme. */
  async enrolments(
    organizationId: string,
    options: { cursor?: string; limit: number; status?: TrainingStatus; programmeId?: string },
  ) {
    const base = options.programmeId
      ? db().entities.trainingEnrolment.query.byProgramme({
          organization_id: organizationId,
          programme_id: options.programmeId,
        })
      : db().entities.trainingEnrolment.query.byOrganization({ organization_id: organizationId });
    const { status } = options;
    const query = status ? base.where(({ status: s }, { eq }) => eq(s, status)) : base;
    const items: StoredEnrolment[] = [];
    let cursor: string | null = options.cursor ?? null;
    let rounds = 0;
    do {
      const page = await query.go({
        cursor: cursor ?? undefined,
        count: options.limit - items.length,
        order: 'desc',
      });
      items.push(...page.data);
      cursor = page.cursor ?? null;
      rounds += 1;
    } while (items.length < options.limit && cursor && rounds < MAX_ROUNDS);
    return { items, cursor };
  },

  /** The open trainings (the task check's day; an organization has a few dozen at most). */
  async openEnrolments(organizationId: string) {
    const { data } = await db()
      .entities.trainingEnrolment.query.byOrganization({ organization_id: organizationId })
      .where(({ status }, { eq }) => eq(status, 'open'))
      .go({ pages: 'all' });
    return data;
  },

  async ofStudent(organizationId: string, userId: string) {
    const { data } = await db()
      .entities.trainingEnrolment.query.byStudent({ organization_id: organizationId, user_id: userId })
      .go({ pages: 'all' });
    return data;
  },

  async ofProgramme(organizationId: string, programmeId: string) {
    const { data } = await db()
      .entities.trainingEnrolment.query.byProgramme({
        organization_id: organizationId,
        programme_id: programmeId,
      })
      .go({ pages: 'all' });
    return data;
  },

  async records(organizationId: string, enrolmentId: string) {
    const { data } = await db()
      .entities.trainingTaskRecord.query.byEnrolment({
        organization_id: organizationId,
        enrolment_id: enrolmentId,
      })
      .go({ pages: 'all' });
    return data;
  },

  async links(organizationId: string, enrolmentId: string) {
    const { data } = await db()
      .entities.trainingFlight.query.byEnrolment({
        organization_id: organizationId,
        enrolment_id: enrolmentId,
      })
      .go({ pages: 'all' });
    return data;
  },

  async checks(organizationId: string, enrolmentId: string) {
    const { data } = await db()
      .entities.trainingCheck.query.byEnrolment({
        organization_id: organizationId,
        enrolment_id: enrolmentId,
      })
      .go({ pages: 'all' });
    return data;
  },

  async write(actor: AuditActor, plan: EnrolmentWrite) {
    await auditedWrite(actor, plan.audit, (e) => {
      const items: ReturnType<TransactionBuilder> = [];
      const { item, readVersion } = plan.enrolment;
      items.push(
        readVersion === null
          ? e.trainingEnrolment.create(item).commit()
          : e.trainingEnrolment
              .put(item)
              .where(({ version }, { eq }) => eq(version, readVersion))
              .commit(),
      );
      for (const record of plan.records ?? [])
        items.push(
          record.readVersion === 0
            ? e.trainingTaskRecord.create(record.item).commit()
            : e.trainingTaskRecord
                .put(record.item)
                .where(({ version }, { eq }) => eq(version, record.readVersion))
                .commit(),
        );
      for (const link of plan.links ?? [])
        items.push(
          link.readVersion === null
            ? e.trainingFlight.create(link.item).commit()
            : e.trainingFlight
                .put(link.item)
                .where(({ version }, { eq }) => eq(version, link.readVersion as number))
                .commit(),
        );
      for (const link of plan.removeLinks ?? [])
        items.push(
          e.trainingFlight
            .delete(link)
            .where(({ version }, { eq }) => eq(version, link.version))
            .commit(),
        );
      if (plan.check) items.push(e.trainingCheck.create(plan.check).commit());
      const counter = plan.programmeEnrolments;
      if (counter)
        items.push(
          e.trainingProgramme
            .patch({ organization_id: item.organization_id, programme_id: counter.programme_id })
            .add({ enrolments: counter.add })
            .commit(),
        );
      for (const other of plan.others ?? []) items.push(other(e));
      const { event } = plan;
      if (event) items.push(e.domainEvent.create(event).commit());
      return items;
    });
  },

  /**
   * An enrolment nothing was recorded for, with its records (notes only): gone, the count back, and
   * its fee's withdrawal announced (`training.unenrolled`) in the same write.
   */
  async remove(
    actor: AuditActor,
    item: StoredEnrolment,
    records: StoredRecord[],
    audit: ActionRecord,
    event?: OutboxItem,
  ) {
    await auditedWrite(actor, audit, (e) => [
      ...(event ? [e.domainEvent.create(event).commit()] : []),
      e.trainingEnrolment
        .delete(item)
        .where(({ version }, { eq }) => eq(version, item.version))
        .commit(),
      ...records.map((r) => e.trainingTaskRecord.delete(r).commit()),
      e.trainingProgramme
        .patch({ organization_id: item.organization_id, programme_id: item.programme_id })
        .add({ enrolments: -1 })
        .commit(),
    ]);
  },
};

export type EnrolmentStore = typeof enrolmentStore;

import type { EntityItem } from 'electrodb';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import { db } from '../platform/db/service.ts';
import type { TransactionBuilder } from '../platform/db/writes.ts';
import type { AuditActor } from './common.ts';
import type { dtoDeclaration, programme, task } from './entities.ts';

export type StoredProgramme = EntityItem<typeof programme>;
export type StoredTask = EntityItem<typeof task>;
export type StoredDeclaration = EntityItem<typeof dtoDeclaration>;

/** Programmes and their tasks (settings/trainings…); programme-service.ts holds the rules. */
export const programmeStore = {
  async programme(organizationId: string, programmeId: string) {
    const { data } = await db()
      .entities.trainingProgramme.get({ organization_id: organizationId, programme_id: programmeId })
      .go();
    return data;
  },

  async programmes(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.trainingProgramme.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit });
    return { items: data, cursor: cursor ?? null };
  },

  /** Every programme (the DTO's and IPP's pickers; an organization has a handful). */
  async allProgrammes(organizationId: string) {
    const { data } = await db()
      .entities.trainingProgramme.query.byOrganization({ organization_id: organizationId })
      .go({ pages: 'all' });
    return data;
  },

  async tasks(organizationId: string, programmeId: string) {
    const { data } = await db()
      .entities.trainingTask.query.byProgramme({ organization_id: organizationId, programme_id: programmeId })
      .go({ pages: 'all' });
    return data;
  },

  async declaration(organizationId: string) {
    const { data } = await db().entities.dtoDeclaration.get({ organization_id: organizationId }).go();
    return data;
  },

  /** A new programme with its tasks and the log entry, in one TransactWrite. */
  async create(actor: AuditActor, item: StoredProgramme, tasks: StoredTask[], audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.trainingProgramme.create(item).commit(),
      ...tasks.map((t) => e.trainingTask.create(t).commit()),
    ]);
  },

  /** The programme as it will be, at the version it was read; with a task written or removed alongside. */
  async save(
    actor: AuditActor,
    item: StoredProgramme,
    readVersion: number,
    audit: ActionRecord,
    change: { put?: { task: StoredTask; readVersion: number | null }; remove?: StoredTask } = {},
  ) {
    await auditedWrite(actor, audit, (e) => {
      const items: ReturnType<TransactionBuilder> = [];
      items.push(
        e.trainingProgramme
          .put(item)
          .where(({ version }, { eq }) => eq(version, readVersion))
          .commit(),
      );
      const put = change.put;
      if (put && put.readVersion === null) items.push(e.trainingTask.create(put.task).commit());
      else if (put)
        items.push(
          e.trainingTask
            .put(put.task)
            .where(({ version }, { eq }) => eq(version, put.readVersion as number))
            .commit(),
        );
      const removed = change.remove;
      if (removed)
        items.push(
          e.trainingTask
            .delete(removed)
            .where(({ version }, { eq }) => eq(version, removed.version))
            .commit(),
        );
      return items;
    });
  },

  /** A task's own fields (its programme unchanged), at the version read. */
  async saveTask(actor: AuditActor, item: StoredTask, readVersion: number, audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.trainingTask
        .put(item)
        .where(({ version }, { eq }) => eq(version, readVersion))
        .commit(),
    ]);
  },

  /** A programme nobody was enrolled in, with its tasks: refused if an enrolment came in meanwhile. */
  async remove(actor: AuditActor, item: StoredProgramme, tasks: StoredTask[], audit: ActionRecord) {
    await auditedWrite(actor, audit, (e) => [
      e.trainingProgramme
        .delete(item)
        .where(({ version, enrolments }, { eq }) => `${eq(version, item.version)} AND ${eq(enrolments, 0)}`)
        .commit(),
      ...tasks.map((t) => e.trainingTask.delete(t).commit()),
    ]);
  },
};

export type ProgrammeStore = typeof programmeStore;

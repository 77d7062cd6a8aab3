import { randomUUID } from 'node:crypto';
import type { ActionKey } from '../../../contracts/actions.ts';
import type { Actor } from '../auth/actor.ts';
import { fillPage, type Page } from '../db/pages.ts';
import { db } from '../db/service.ts';
import { type TransactionBuilder, transactWrite } from '../db/writes.ts';
import type { HttpError } from '../http/errors.ts';

/**
 * The activity log, owned by the platform (functions/platform/audit/entities.ts `action`): every
 * domain records its changes here, inside the change's own TransactWrite, and reads it back only
 * through the functions below (organization/actions, profile/actions).
 */

const TWO_YEARS_S = 2 * 366 * 24 * 3600;

/** Who a record names as having acted. */
export type Auditor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

export interface ActionRecord {
  /** i18n key of the verb: `role.create`, `user.update`, `act_as.start`, … */
  action: ActionKey;
  target_type: string;
  target_id: string;
  /** Ids and codes only — never personal data (docs/ARCHITECTURE.md "Logs and audit"). */
  details?: Record<string, string | number | boolean | string[]>;
  /** Defaults to the actor's current organization. */
  organization_id?: string;
  /**
   * The person whose own data this changes, when it is not the actor (an organization editing a
   * member's person record, pilot data, permits or membership): they see it in profile/actions.
   */
  subject_user_id?: string;
}

/** The activity-log item for an action, to put inside the same TransactWrite as the change. */
function actionItem(actor: Auditor, record: ActionRecord, at = new Date().toISOString()) {
  return {
    action_id: randomUUID(),
    organization_id: record.organization_id ?? actor.organizationId ?? 'personal',
    user_id: actor.userId,
    acting_supervisor_id: actor.actingSupervisorId ?? undefined,
    subject_user_id:
      record.subject_user_id && record.subject_user_id !== actor.userId ? record.subject_user_id : undefined,
    action: record.action,
    target_type: record.target_type,
    target_id: record.target_id,
    details: record.details,
    at,
    ttl: Math.floor(Date.parse(at) / 1000) + TWO_YEARS_S,
  };
}

/**
 * The activity-log record as writes of a TransactWrite the caller runs itself (the finance ledger's
 * postings, which tell a refused condition from a lost race: writes.ts transactWriteCodes).
 */
export const auditRecord =
  (actor: Auditor, record: ActionRecord): TransactionBuilder =>
  (e) => [e.action.put(actionItem(actor, record)).commit()];

/**
 * A change and its activity-log record in ONE TransactWrite: never a change without its record or
 * the other way round. A cancelled transaction (a condition lost its race) is a 409, or what
 * `canceled` makes of it. Several records: one change of several things (a bulk signature), each
 * recorded on its own.
 */
export function auditedWrite(
  actor: Auditor,
  record: ActionRecord | readonly ActionRecord[],
  build: TransactionBuilder,
  canceled?: () => HttpError,
): Promise<void> {
  const records = Array.isArray(record) ? record : [record as ActionRecord];
  return transactWrite(
    (e) => [...build(e), ...records.map((r) => e.action.put(actionItem(actor, r)).commit())],
    canceled,
  );
}

type StoredAction = ReturnType<typeof actionItem> & { subject_user_id?: string };

/** One page of an organization's log, newest first, between two instants, of one action kind, actor or target type. */
export function organizationActions(
  organizationId: string,
  options: {
    cursor?: string;
    limit: number;
    action?: string;
    /** The log viewer's filters: who acted, and what kind of thing it was done to. */
    userId?: string;
    targetType?: string;
    from?: string;
    to?: string;
  },
): Promise<Page<StoredAction>> {
  const key = db().entities.action.query.byOrganization({ organization_id: organizationId });
  const ranged =
    options.from && options.to
      ? key.between({ at: options.from }, { at: options.to })
      : options.from
        ? key.gte({ at: options.from })
        : options.to
          ? key.lt({ at: options.to })
          : key;
  const { action: kind, userId, targetType } = options;
  const filtered =
    kind || userId || targetType
      ? ranged.where((a, { eq }) =>
          [
            ...(kind ? [eq(a.action, kind)] : []),
            ...(userId ? [eq(a.user_id, userId)] : []),
            ...(targetType ? [eq(a.target_type, targetType)] : []),
          ].join(' AND '),
        )
      : ranged;
  return fillPage((cursor, limit) => filtered.go({ cursor, limit, order: 'desc' }), options) as Promise<
    Page<StoredAction>
  >;
}

/**
 * A page of a person's activity, newest first: what they did (`by_me`, action.byActor), or what
 * organizations did to their own data (`about_me`, action.bySubject; issue 11 §1).
 */
export async function personActions(
  userId: string,
  whose: 'by_me' | 'about_me',
  page: { cursor?: string; limit: number },
): Promise<Page<StoredAction>> {
  const { action } = db().entities;
  const query =
    whose === 'by_me'
      ? action.query.byActor({ user_id: userId })
      : action.query.bySubject({ subject_user_id: userId });
  const { data, cursor } = await query.go({ cursor: page.cursor ?? null, limit: page.limit, order: 'desc' });
  return { items: data as StoredAction[], cursor: cursor ?? null };
}

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
  /** Further people the change concerns (profile/actions): each gets a copy of the record as its subject. */
  also_subject_user_ids?: readonly string[];
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
 * The items of one record: the record itself, and a copy for each further person it concerns (other
 * than the actor and the first subject), so each reads it in profile/actions.
 */
function actionItems(actor: Auditor, record: ActionRecord) {
  const item = actionItem(actor, record);
  const seen = new Set([actor.userId, item.subject_user_id]);
  const copies: (typeof item & { subject_copy: true })[] = [];
  for (const userId of record.also_subject_user_ids ?? []) {
    if (seen.has(userId)) continue;
    seen.add(userId);
    copies.push({ ...item, action_id: randomUUID(), subject_user_id: userId, subject_copy: true });
  }
  return [item, ...copies];
}

/**
 * The activity-log record as writes of a TransactWrite the caller runs itself (the finance ledger's
 * postings, which tell a refused condition from a lost race: writes.ts transactWriteCodes).
 */
export const auditRecord =
  (actor: Auditor, record: ActionRecord): TransactionBuilder =>
  (e) =>
    actionItems(actor, record).map((item) => e.action.put(item).commit());

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
    (e) => [
      ...build(e),
      ...records.flatMap((r) => actionItems(actor, r)).map((item) => e.action.put(item).commit()),
    ],
    canceled,
  );
}

type StoredAction = ReturnType<typeof actionItem> & { subject_user_id?: string; subject_copy?: boolean };

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
  // A subject's copy of a record (actionItems) is not a second action of the organization.
  const filtered = ranged.where((a, { eq, notExists }) =>
    [
      notExists(a.subject_copy),
      ...(kind ? [eq(a.action, kind)] : []),
      ...(userId ? [eq(a.user_id, userId)] : []),
      ...(targetType ? [eq(a.target_type, targetType)] : []),
    ].join(' AND '),
  );
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
  if (whose === 'about_me') {
    const { data, cursor } = await action.query
      .bySubject({ subject_user_id: userId })
      .go({ cursor: page.cursor ?? null, limit: page.limit, order: 'desc' });
    return { items: data as StoredAction[], cursor: cursor ?? null };
  }
  // The actor's own list shows one line per action, not the copies made for the people it concerned.
  const own = action.query
    .byActor({ user_id: userId })
    .where((a, { notExists }) => notExists(a.subject_copy));
  return fillPage((cursor, limit) => own.go({ cursor, limit, order: 'desc' }), page) as Promise<
    Page<StoredAction>
  >;
}

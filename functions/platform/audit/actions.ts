import { randomUUID } from 'node:crypto';
import type { ActionKey } from '../../../contracts/actions.ts';
import type { Actor } from '../auth/actor.ts';

const TWO_YEARS_S = 2 * 366 * 24 * 3600;

export interface ActionRecord {
  /** i18n key of the verb: `role.create`, `user.update`, `act_as.start`, … */
  action: ActionKey;
  target_type: string;
  target_id: string;
  /** Ids and codes only — never personal data (STYLE §11). */
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
export function actionItem(
  actor: Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>,
  record: ActionRecord,
) {
  const at = new Date().toISOString();
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

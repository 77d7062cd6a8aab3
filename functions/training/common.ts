import { todayIn } from '../../contracts/calendar.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { missingPermissions } from '../platform/http/errors.ts';

/** What every service of the training domain is given (STYLE §2: no clock, no I/O of its own). */
export interface Clock {
  now: () => Date;
}

export type AuditActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

/** The actor's current organization; every training record is one organization's. */
export function organizationOf(actor: Actor): { organizationId: string; timezone: string; currency: string } {
  if (!actor.organizationId || !actor.organization) throw missingPermissions();
  return {
    organizationId: actor.organizationId,
    timezone: actor.organization.timezone,
    currency: actor.organization.currency_id,
  };
}

/** The organization's calendar day now (yyyy-mm-dd). */
export const todayOf = (actor: Actor, clock: Clock) =>
  todayIn(actor.organization?.timezone ?? 'UTC', clock.now());

/** `null` and absent fields are dropped before a put (ElectroDB stores no nulls for optional attributes). */
export const defined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };

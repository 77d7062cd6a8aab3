import { createHash } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import type { RfidOutput } from '../../contracts/schemas/work.ts';
import { isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import { notFound, validationFailed } from '../platform/http/errors.ts';
import { type OperatingDayDeps, operatingDayDeps, signInHolder } from './operating-day-service.ts';
import { type WorkStore, workStore } from './work-store.ts';

/**
 * RFID badges (spec §2 rfid/{token}, issue 15 §8): the clubhouse tablet opens rfid/<token> when a
 * badge is tapped. A badge known to the club signs its holder in for today's operating day (as a
 * pilot, unless they signed up already); an unknown one can be linked to the signed-in member. The
 * token is never stored: only its SHA-256 together with the organization's id, so a badge is the
 * club's and a leaked table names no badge.
 */

export interface RfidDeps {
  store: WorkStore;
  days: OperatingDayDeps;
  now: () => Date;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
}

export const rfidDeps: RfidDeps = {
  store: workStore,
  days: operatingDayDeps,
  now: () => new Date(),
  isActiveMember,
  names: recordNames,
};

export const badgeHash = (organizationId: string, token: string) =>
  createHash('sha256').update(`${organizationId}\n${token}`).digest('hex');

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, timeZone: actor.organization.timezone };
};

export async function tapBadge(deps: RfidDeps, actor: Actor, token: string): Promise<RfidOutput> {
  const org = organizationOf(actor);
  const date = todayIn(org.timeZone, deps.now());
  const badge = await deps.store.badge(org.id, badgeHash(org.id, token));
  const day = await deps.days.store.day(org.id, date);
  if (!badge || !(await deps.isActiveMember(org.id, badge.user_id)))
    return { outcome: 'unknown_badge', date, name: null, role: null, operating_day: day !== null };
  const name = (await deps.names([badge.user_id])).get(badge.user_id) ?? '';
  if (!day) return { outcome: 'signed_in', date, name, role: null, operating_day: false };
  const signed = await signInHolder(deps.days, actor, date, badge.user_id, 'pilot');
  if (!signed) return { outcome: 'signed_in', date, name, role: null, operating_day: false };
  return {
    outcome: signed.already ? 'already_signed_in' : 'signed_in',
    date,
    name,
    role: signed.role,
    operating_day: true,
  };
}

/** Links an unknown badge to the signed-in member; a badge someone else holds is refused (422). */
export async function linkBadge(deps: RfidDeps, actor: Actor, token: string): Promise<RfidOutput> {
  const org = organizationOf(actor);
  const date = todayIn(org.timeZone, deps.now());
  const hash = badgeHash(org.id, token);
  const held = await deps.store.badge(org.id, hash);
  if (held && held.user_id !== actor.userId) throw validationFailed({ token: ['duplicate_value'] });
  if (!held) {
    try {
      await deps.store.linkBadge(
        actor,
        {
          organization_id: org.id,
          token_hash: hash,
          user_id: actor.userId,
          linked_at: deps.now().toISOString(),
        },
        { action: 'rfid_badge.link', target_type: 'rfid_badge', target_id: actor.userId },
      );
    } catch (error) {
      // Someone linked it meanwhile.
      if (lostRace(error)) throw validationFailed({ token: ['duplicate_value'] });
      throw error;
    }
  }
  const name = (await deps.names([actor.userId])).get(actor.userId) ?? '';
  const day = await deps.days.store.day(org.id, date);
  return { outcome: 'linked', date, name, role: null, operating_day: day !== null };
}

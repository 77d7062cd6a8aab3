import { operatingDayStore } from './operating-day-store.ts';

/**
 * What other domains may ask of the operations domain (docs/ARCHITECTURE.md "Domains own their
 * data"): the only file of functions/operations/ another domain imports. The daily sheet (flights)
 * reads the day's crew from the operating day's leader and sign-ups.
 */

export interface OperatingDayCrew {
  leader_id: string | null;
  timer_operator_ids: string[];
  winch_operator_ids: string[];
  tow_pilot_ids: string[];
  instructor_ids: string[];
}

/** The crew an operating day brings (its leader, the confirmed sign-ups by role), or null without a day. */
export async function operatingDayCrew(
  organizationId: string,
  date: string,
): Promise<OperatingDayCrew | null> {
  const [day, signups] = await Promise.all([
    operatingDayStore.day(organizationId, date),
    operatingDayStore.signups(organizationId, date),
  ]);
  if (!day) return null;
  const confirmed = (role: string) =>
    signups.filter((s) => s.role === role && s.status === 'confirmed').map((s) => s.user_id);
  return {
    leader_id: day.leader_id ?? null,
    timer_operator_ids: confirmed('timer_operator'),
    winch_operator_ids: confirmed('winch_operator'),
    tow_pilot_ids: confirmed('tow_pilot'),
    instructor_ids: confirmed('instructor'),
  };
}

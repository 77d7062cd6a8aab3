import type { SignupRole, SignupStatus } from '../../contracts/schemas/operating-days.ts';

/**
 * The operating day's student places (issue 15 §6), as pure rules: each instructor signed up takes
 * `perInstructor` students; a student beyond that waits. When places open, the waiting student who
 * flew least recently goes first (never flown before: first of all), then who signed up first. A
 * confirmed student keeps the place even if an instructor leaves: nobody is taken off a day.
 */
export interface Signup {
  user_id: string;
  role: SignupRole;
  status: SignupStatus;
  signed_at: string;
}

export const capacityOf = (signups: readonly Signup[], perInstructor: number) =>
  signups.filter((s) => s.role === 'instructor').length * perInstructor;

const confirmedStudents = (signups: readonly Signup[]) =>
  signups.filter((s) => s.role === 'student' && s.status === 'confirmed').length;

/** The waiting students in the order they move up. `lastFlown`: yyyy-mm-dd, or null for never. */
export function waitlistOrder(signups: readonly Signup[], lastFlown: ReadonlyMap<string, string | null>) {
  return signups
    .filter((s) => s.role === 'student' && s.status === 'waitlisted')
    .sort((a, b) => {
      const fa = lastFlown.get(a.user_id) ?? '';
      const fb = lastFlown.get(b.user_id) ?? '';
      return fa === fb ? a.signed_at.localeCompare(b.signed_at) : fa.localeCompare(fb);
    });
}

/** A new sign-up's status: a student takes a free place or waits; everyone else is confirmed. */
export function statusOnSignup(
  signups: readonly Signup[],
  role: SignupRole,
  perInstructor: number,
): SignupStatus {
  if (role !== 'student') return 'confirmed';
  return confirmedStudents(signups) < capacityOf(signups, perInstructor) ? 'confirmed' : 'waitlisted';
}

/** The waiting students who take the places open after a change (in promotion order). */
export function promotions(
  signups: readonly Signup[],
  perInstructor: number,
  lastFlown: ReadonlyMap<string, string | null>,
): string[] {
  const free = capacityOf(signups, perInstructor) - confirmedStudents(signups);
  if (free <= 0) return [];
  return waitlistOrder(signups, lastFlown)
    .slice(0, free)
    .map((s) => s.user_id);
}

import { todayIn } from '../../contracts/calendar.ts';
import {
  OPERATING_DAY_RANGE_MAX_DAYS,
  type OperatingDayOutput,
  type SaveOperatingDayInput,
  SIGNUP_ROLES,
  type SignUpInput,
  type SignupRole,
} from '../../contracts/schemas/operating-days.ts';
import { lastFlownOn } from '../flights/public.ts';
import { type NotifyInput, notify } from '../identity/public.ts';
import { isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import { found, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  type OperatingDayStore,
  operatingDayStore,
  type StoredOperatingDay,
  type StoredSignup,
} from './operating-day-store.ts';
import { rangeOf } from './reservation-service.ts';
import { promotions, statusOnSignup, waitlistOrder } from './waitlist.ts';

/** Operating days (issue 15 §6): the club's flying days, sign-ups, the students' waitlist. */

export interface OperatingDayDeps {
  store: OperatingDayStore;
  now: () => Date;
  lastFlown: (userId: string) => Promise<string | null>;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
}

export const operatingDayDeps: OperatingDayDeps = {
  store: operatingDayStore,
  now: () => new Date(),
  lastFlown: lastFlownOn,
  isActiveMember,
  names: recordNames,
  notify,
};

const ATTEMPTS = 3;

const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, timeZone: actor.organization.timezone };
};

/** Who adds days and sets leaders: the club's admins and secretaries. */
const organizes = (actor: Actor) => actor.roles.has('admin') || actor.roles.has('organization_operator');
/** Who changes a day: the organizers, and the day's leader and operating_day_editor. */
const edits = (actor: Actor, day: Pick<StoredOperatingDay, 'leader_id' | 'operating_day_editor_id'>) =>
  organizes(actor) || day.leader_id === actor.userId || day.operating_day_editor_id === actor.userId;

async function lastFlownOf(deps: OperatingDayDeps, signups: readonly StoredSignup[]) {
  const waiting = signups.filter((s) => s.role === 'student' && s.status === 'waitlisted');
  const dates = await Promise.all(waiting.map((s) => deps.lastFlown(s.user_id)));
  return new Map(waiting.map((s, i) => [s.user_id, dates[i] ?? null]));
}

async function outputsOf(
  deps: OperatingDayDeps,
  actor: Actor,
  days: readonly StoredOperatingDay[],
  signups: readonly StoredSignup[],
): Promise<OperatingDayOutput[]> {
  const people = new Set<string>();
  for (const d of days) for (const id of [d.leader_id, d.operating_day_editor_id]) if (id) people.add(id);
  for (const s of signups) people.add(s.user_id);
  const names = await deps.names([...people]);
  return Promise.all(
    days.map(async (day) => {
      const mine = signups.filter((s) => s.date === day.date);
      const order = waitlistOrder(mine, await lastFlownOf(deps, mine)).map((s) => s.user_id);
      const counts = Object.fromEntries(SIGNUP_ROLES.map((r) => [r, 0])) as Record<SignupRole, number>;
      for (const s of mine) if (s.status === 'confirmed') counts[s.role] += 1;
      const signupOut = (s: StoredSignup) => ({
        user_id: s.user_id,
        name: names.get(s.user_id) ?? '',
        role: s.role,
        status: s.status,
        position: s.status === 'waitlisted' ? order.indexOf(s.user_id) + 1 : null,
        signed_at: s.signed_at,
      });
      const own = mine.find((s) => s.user_id === actor.userId);
      return {
        date: day.date,
        leader_id: day.leader_id ?? null,
        leader_name: day.leader_id ? (names.get(day.leader_id) ?? '') : null,
        operating_day_editor_id: day.operating_day_editor_id ?? null,
        operating_day_editor_name: day.operating_day_editor_id
          ? (names.get(day.operating_day_editor_id) ?? '')
          : null,
        students_per_instructor: day.students_per_instructor,
        note: day.note ?? null,
        version: day.version,
        capacity: mine.filter((s) => s.role === 'instructor').length * day.students_per_instructor,
        counts,
        waitlisted: order.length,
        signups: mine
          .map(signupOut)
          .sort(
            (a, b) =>
              a.role.localeCompare(b.role) ||
              (a.position ?? 0) - (b.position ?? 0) ||
              a.name.localeCompare(b.name, 'hu'),
          ),
        mine: own ? signupOut(own) : null,
        can_edit: edits(actor, day),
      };
    }),
  );
}

export async function listOperatingDays(
  deps: OperatingDayDeps,
  actor: Actor,
  query: { from?: string; to?: string; cursor?: string; limit?: number },
) {
  const org = organizationOf(actor);
  const { from, to } = rangeOf(query, todayIn(org.timeZone, deps.now()), 27, OPERATING_DAY_RANGE_MAX_DAYS);
  const page = await deps.store.days(org.id, from, to, { cursor: query.cursor, limit: query.limit ?? 50 });
  const signups = page.items.length > 0 ? await deps.store.signupsBetween(org.id, from, to) : [];
  return {
    items: await outputsOf(deps, actor, page.items, signups),
    cursor: page.cursor,
    can_create: organizes(actor),
  };
}

async function dayOutput(deps: OperatingDayDeps, actor: Actor, organizationId: string, date: string) {
  const day = found(await deps.store.day(organizationId, date));
  const signups = await deps.store.signups(organizationId, date);
  return (await outputsOf(deps, actor, [day], signups))[0]!;
}

export const getOperatingDay = (deps: OperatingDayDeps, actor: Actor, date: string) =>
  dayOutput(deps, actor, organizationOf(actor).id, date);

/** Adds a day (organizers) or changes it (also its leader and editor); leader and editor are active members. */
export async function saveOperatingDay(
  deps: OperatingDayDeps,
  actor: Actor,
  date: string,
  input: SaveOperatingDayInput,
) {
  const org = organizationOf(actor);
  const stored = await deps.store.day(org.id, date);
  if (stored ? !edits(actor, stored) : !organizes(actor)) throw missingPermissions();
  const errors: Record<string, string[]> = {};
  for (const field of ['leader_id', 'operating_day_editor_id'] as const) {
    const id = input[field];
    if (id && !(await deps.isActiveMember(org.id, id))) errors[field] = ['invalid_value'];
  }
  if (!stored && input.version !== 0) errors.version = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const at = deps.now().toISOString();
  await deps.store.saveDay(
    actor,
    {
      organization_id: org.id,
      date,
      leader_id: input.leader_id ?? undefined,
      operating_day_editor_id: input.operating_day_editor_id ?? undefined,
      students_per_instructor: input.students_per_instructor,
      note: input.note || undefined,
      version: input.version,
      created_at: stored?.created_at ?? at,
      updated_at: at,
    },
    input.version,
    { action: 'operating_day.save', target_type: 'operating_day', target_id: date },
  );
  return dayOutput(deps, actor, org.id, date);
}

/**
 * One sign-up change, on the day's version read (two members at once: one retries on a fresh read):
 * the caller's sign-up in or out, and the waiting students who take the places it opens, who are told.
 */
async function changeSignup(
  deps: OperatingDayDeps,
  actor: Actor,
  date: string,
  change: { role: SignupRole } | { leave: true },
  who: string = actor.userId,
) {
  const org = organizationOf(actor);
  if (date < todayIn(org.timeZone, deps.now())) throw validationFailed({ date: ['read_only'] });
  let promoted: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const day = found(await deps.store.day(org.id, date));
    const signups = await deps.store.signups(org.id, date);
    const others = signups.filter((s) => s.user_id !== who);
    const own = signups.find((s) => s.user_id === who);
    let put: StoredSignup | undefined;
    if ('role' in change) {
      // Changing one's role keeps the place only if the new role has one; a student re-queues.
      put = {
        organization_id: org.id,
        date,
        user_id: who,
        role: change.role,
        status:
          own?.role === change.role
            ? own.status
            : statusOnSignup(others, change.role, day.students_per_instructor),
        signed_at: own?.role === change.role ? own.signed_at : deps.now().toISOString(),
      };
    } else if (!own) throw notFound();
    const after = put ? [...others, put] : others;
    promoted = promotions(after, day.students_per_instructor, await lastFlownOf(deps, after));
    try {
      await deps.store.changeSignups(actor, {
        organizationId: org.id,
        date,
        dayVersion: day.version,
        put,
        remove: put ? undefined : who,
        promote: promoted,
        audit: {
          action: put ? 'operating_day.signup' : 'operating_day.unsubscribe',
          target_type: 'operating_day',
          target_id: date,
          details: {
            ...(put ? { role: put.role, status: put.status } : {}),
            ...(promoted.length ? { promoted } : {}),
            // Signed in by someone else (a badge at the clubhouse tablet): whom.
            ...(who !== actor.userId ? { user_id: who } : {}),
          },
        },
      });
      break;
    } catch (error) {
      if (!lostRace(error) || attempt >= ATTEMPTS) throw error;
    }
  }
  for (const userId of promoted)
    await deps.notify(userId, {
      kind: 'operating_day',
      message_key: 'operating_day_promoted',
      params: { date },
      link: '/operating-days',
      key: `operating-day-promoted:${org.id}:${date}:${userId}`,
    });
  return dayOutput(deps, actor, org.id, date);
}

export const signUp = (deps: OperatingDayDeps, actor: Actor, date: string, input: SignUpInput) =>
  changeSignup(deps, actor, date, { role: input.role });

export const unsubscribe = (deps: OperatingDayDeps, actor: Actor, date: string) =>
  changeSignup(deps, actor, date, { leave: true });

/**
 * A badge holder signed in at the clubhouse tablet (rfid/{token}, issue 15 §8): signed up for the day
 * like themselves, by whoever runs the tablet. `already`: they were signed up before.
 */
export async function signInHolder(
  deps: OperatingDayDeps,
  actor: Actor,
  date: string,
  userId: string,
  role: SignupRole,
): Promise<{ already: boolean; role: SignupRole } | null> {
  const org = organizationOf(actor);
  if (!(await deps.store.day(org.id, date))) return null;
  const own = (await deps.store.signups(org.id, date)).find((s) => s.user_id === userId);
  if (own) return { already: true, role: own.role };
  await changeSignup(deps, actor, date, { role }, userId);
  return { already: false, role };
}

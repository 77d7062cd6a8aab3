import { addDays, daysBetween, instantIn, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { maintenanceDueOf } from '../../functions/aircraft/public.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's operations (issue 15 §10): bookings of its two rentable aircraft (HA-4370, an LS4;
 * HA-1265, a G109 motor glider) over the next two weeks, relative to today in Budapest, one of them
 * with an instructor and one cancelled with its reason, so the reservations calendar is full on first
 * sign-in; the tow plane HA-SBX is bookable but its inspections fall due within two weeks
 * (towPlaneBooking); operating days on the coming two weekends, the first with sign-ups and a
 * student waiting for a place.
 */
const TZ = 'Europe/Budapest';

interface BookingSeed {
  plane: 'plane-ha-4370' | 'plane-ha-1265' | 'plane-ha-sbx';
  user: string;
  day: number;
  from: string;
  to: string;
  endDay?: number;
  instructor?: string;
  comment?: string;
  cancelled?: string;
}

const BOOKINGS: BookingSeed[] = [
  {
    plane: 'plane-ha-4370',
    user: 'pilot',
    day: 1,
    from: '10:00',
    to: '14:00',
    comment: 'Távrepülés Esztergom felé',
  },
  { plane: 'plane-ha-4370', user: 'admin', day: 2, from: '09:00', to: '12:00' },
  { plane: 'plane-ha-4370', user: 'operator', day: 2, from: '13:00', to: '17:00' },
  { plane: 'plane-ha-1265', user: 'instructor', day: 1, from: '08:00', to: '10:00' },
  {
    plane: 'plane-ha-1265',
    user: 'student',
    instructor: 'instructor',
    day: 3,
    from: '09:30',
    to: '11:30',
    comment: 'Motoros vitorlázó átképzés, 3. óra',
  },
  {
    plane: 'plane-ha-1265',
    user: 'technical',
    day: 5,
    from: '10:00',
    to: '18:00',
    endDay: 6,
    comment: 'Kétnapos túra Szegedre',
  },
  { plane: 'plane-ha-4370', user: 'pilot', day: 8, from: '11:00', to: '16:00' },
  {
    plane: 'plane-ha-4370',
    user: 'technical',
    day: 4,
    from: '10:00',
    to: '13:00',
    cancelled: 'Rossz időjárás-előrejelzés',
  },
  { plane: 'plane-ha-1265', user: 'admin', day: 10, from: '14:00', to: '17:00' },
];

/** The coming two weekends' flying days; who signs up for the first (a student waits for a place). */
const SIGNUPS: {
  user: string;
  role: 'student' | 'pilot' | 'instructor' | 'tow_pilot' | 'winch_operator' | 'timer_operator';
  status: 'confirmed' | 'waitlisted';
}[] = [
  { user: 'instructor', role: 'instructor', status: 'confirmed' },
  { user: 'student', role: 'student', status: 'confirmed' },
  { user: 'operator', role: 'student', status: 'waitlisted' },
  { user: 'pilot', role: 'pilot', status: 'confirmed' },
  { user: 'technical', role: 'tow_pilot', status: 'confirmed' },
  { user: 'admin', role: 'winch_operator', status: 'confirmed' },
];

async function seedOperatingDays(now: Date) {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const today = todayIn(TZ, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(today, (6 - weekday + 7) % 7 || 7);
  const dates = [saturday, addDays(saturday, 1), addDays(saturday, 7), addDays(saturday, 8)];
  const at = now.toISOString();
  for (const [index, date] of dates.entries()) {
    await entities.operatingDay
      .put({
        organization_id,
        date,
        leader_id: userIdOf(index % 2 === 0 ? 'instructor' : 'admin'),
        operating_day_editor_id: userIdOf('operator'),
        students_per_instructor: 1,
        note: index === 0 ? 'Csörlés a 31-es pályáról, gyülekező 9:00-kor a hangárnál.' : undefined,
        version: index === 0 ? SIGNUPS.length + 1 : 1,
        created_at: at,
        updated_at: at,
      })
      .go();
  }
  for (const [index, signup] of SIGNUPS.entries())
    await entities.operatingDaySignup
      .put({
        organization_id,
        date: saturday,
        user_id: userIdOf(signup.user),
        role: signup.role,
        status: signup.status,
        signed_at: new Date(now.getTime() - (SIGNUPS.length - index) * 3_600_000).toISOString(),
      })
      .go();
}

/**
 * The tow plane's booking that its due check refuses (issue 15 §10): HA-SBX is bookable, and its
 * maintenance falls due on the first day the maintenance forecast says — the annual inspection in
 * ten days (bin/local/seed-maintenance.ts), the 100-hour one earlier when the summer's flying uses
 * its last six engine hours sooner. A booking on that day was cancelled by the technical
 * operator with the reason in plain words, and a new booking from that day on is refused by the
 * maintenance check (level block): the reservations calendar shows the cancelled booking and why.
 */
async function towPlaneBooking(today: string): Promise<BookingSeed | null> {
  const due = await maintenanceDueOf(orgIdOf('demo'), 'plane-ha-sbx', today);
  if (!due?.due_date) return null;
  const day = Math.max(1, daysBetween(today, due.due_date));
  return {
    plane: 'plane-ha-sbx',
    user: 'technical',
    day,
    from: '09:00',
    to: '12:00',
    comment: 'Vontatópilóta-képzés, 2. óra',
    cancelled:
      'Esedékes az éves és a 100 órás időszakos ellenőrzés; a foglalási ellenőrzés letiltja a gépet.',
  };
}

export async function seedOperations(now = new Date()): Promise<void> {
  await seedOperatingDays(now);
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const today = todayIn(TZ, now);
  const towPlane = await towPlaneBooking(today);
  for (const [index, b] of [...BOOKINGS, ...(towPlane ? [towPlane] : [])].entries()) {
    const start = instantIn(addDays(today, b.day), b.from, TZ);
    const end = instantIn(addDays(today, b.endDay ?? b.day), b.to, TZ);
    const at = now.toISOString();
    await entities.reservation
      .put({
        organization_id,
        reservation_id: timeOrderedId(Date.parse(start), `demo${String(index).padStart(6, '0')}`),
        plane_id: b.plane,
        user_id: userIdOf(b.user),
        instructor_id: b.instructor ? userIdOf(b.instructor) : undefined,
        instructor_key: b.instructor ? userIdOf(b.instructor) : '-',
        reservation_start: start,
        reservation_end: end,
        comment: b.comment,
        status: b.cancelled ? 'cancelled' : 'active',
        cancel_reason: b.cancelled,
        cancelled_by: b.cancelled ? userIdOf(b.user) : undefined,
        cancelled_at: b.cancelled ? at : undefined,
        warnings: [],
        overridden: [],
        created_by: userIdOf(b.user),
        version: b.cancelled ? 2 : 1,
        created_at: at,
        updated_at: at,
      })
      .go();
  }
}

import { addDays, instantIn, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's operations (issue 15 §10): bookings of its two rentable aircraft (HA-4370, an LS4;
 * HA-1265, a G109 motor glider) over the next two weeks, relative to today in Budapest, one of them
 * with an instructor and one cancelled with its reason, so the reservations calendar is full on first
 * sign-in.
 */
const TZ = 'Europe/Budapest';

interface BookingSeed {
  plane: 'plane-ha-4370' | 'plane-ha-1265';
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

export async function seedOperations(now = new Date()): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const today = todayIn(TZ, now);
  for (const [index, b] of BOOKINGS.entries()) {
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

import { addDays, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { WorkCategory, WorkType } from '../../contracts/schemas/work.ts';
import { badgeHash } from '../../functions/operations/rfid-service.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's work season (issue 15 §10): this year's works relative to today in Budapest —
 * spring airfield and hangar jobs done and approved, a professional job on the winch, an upcoming
 * work without a leader to take — with approved, pending and one rejected entry; the yearly
 * obligation (12 hours, none for honorary members); and one RFID badge for the demo pilot (token
 * `demo-badge-pilot`, so rfid/demo-badge-pilot/ signs them in on an operating day).
 */
const TZ = 'Europe/Budapest';
export const DEMO_BADGE_TOKEN = 'demo-badge-pilot';

interface WorkSeed {
  key: string;
  name: string;
  type: WorkType;
  category: WorkCategory;
  /** Days from today (negative: past). */
  day: number;
  hours: number;
  leader?: string;
  locked?: boolean;
  entries: { user: string; hours: number; status: 'pending' | 'approved' | 'rejected'; note?: string }[];
}

const WORKS: WorkSeed[] = [
  {
    key: 'spring-cleaning',
    name: 'Tavaszi hangártakarítás',
    type: 'hangar',
    category: 'social',
    day: -40,
    hours: 6,
    leader: 'admin',
    locked: true,
    entries: [
      { user: 'pilot', hours: 5, status: 'approved' },
      { user: 'student', hours: 6, status: 'approved' },
      { user: 'instructor', hours: 4, status: 'approved' },
      { user: 'operator', hours: 2, status: 'rejected', note: 'Csak délután' },
    ],
  },
  {
    key: 'runway-marking',
    name: 'Pályajelölés és fűnyírás',
    type: 'airfield',
    category: 'social',
    day: -12,
    hours: 5,
    leader: 'instructor',
    entries: [
      { user: 'pilot', hours: 3.5, status: 'pending', note: 'Kúpok kihelyezése' },
      { user: 'student', hours: 4, status: 'approved' },
      { user: 'technical', hours: 5, status: 'pending' },
    ],
  },
  {
    key: 'winch-service',
    name: 'Csörlő kötélcsere',
    type: 'vehicles',
    category: 'professional',
    day: -5,
    hours: 4,
    leader: 'technical',
    entries: [{ user: 'technical', hours: 4, status: 'pending' }],
  },
  {
    key: 'clubhouse-paint',
    name: 'Klubház festése',
    type: 'clubhouse',
    category: 'social',
    day: 9,
    hours: 8,
    entries: [],
  },
];

export async function seedWork(now = new Date()): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const today = todayIn(TZ, now);
  const at = now.toISOString();
  await entities.workSettings
    .put({
      organization_id,
      obligation_hours: 12,
      by_membership_type: { honorary: 0, guest: 0 },
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .go();
  for (const [index, w] of WORKS.entries()) {
    let date = addDays(today, w.day);
    // A season's works stay in this year (early January: the first days of it).
    if (date.slice(0, 4) !== today.slice(0, 4)) date = `${today.slice(0, 4)}-01-0${(index % 9) + 1}`;
    const year = Number(date.slice(0, 4));
    const work_id = timeOrderedId(
      Date.parse(`${date}T08:00:00Z`),
      `demowork${String(index).padStart(2, '0')}`,
    );
    await entities.work
      .put({
        organization_id,
        work_id,
        year,
        date,
        work_name: w.name,
        work_type: w.type,
        work_category: w.category,
        working_hours: w.hours,
        leader_id: w.leader ? userIdOf(w.leader) : undefined,
        locked: w.locked ?? false,
        created_by: userIdOf('admin'),
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .go();
    for (const e of w.entries) {
      const decided = e.status !== 'pending';
      await entities.workHoursEntry
        .put({
          organization_id,
          work_id,
          user_id: userIdOf(e.user),
          year,
          hours: e.hours,
          note: e.note,
          status: e.status,
          recorded_by: userIdOf(e.user),
          decided_by: decided ? userIdOf(w.leader ?? 'admin') : undefined,
          decided_at: decided ? at : undefined,
          version: decided ? 2 : 1,
          created_at: at,
          updated_at: at,
        })
        .go();
    }
  }
  await entities.rfidBadge
    .put({
      organization_id,
      token_hash: badgeHash(organization_id, DEMO_BADGE_TOKEN),
      user_id: userIdOf('pilot'),
      linked_at: at,
    })
    .go();
}

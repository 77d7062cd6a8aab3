import { timeOrderedId } from '../../contracts/ids.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The fault reports of the demo club: one open minor fault on HA-4370 reported by the demo pilot
 * (plane-faults is not empty on first sign-in), and an older grounding fault on HA-4012, closed
 * by the technical officer, with its history on the aircraft. Neither changes an aircraft's status
 * today (the open one is minor), so this seed does not touch the planes. Ids are fixed (tests and
 * the tenant walk use them) and sort by time like every fault id.
 */
const REPORTED_OPEN = '2026-11-18T15:42:00.000Z';
const REPORTED_CLOSED = '2026-09-06T10:05:00.000Z';
const CLOSED_AT = '2026-09-09T16:30:00.000Z';

export const DEMO_FAULTS = {
  /** Open, minor, HA-4370, reported by the demo pilot. */
  vario: timeOrderedId(Date.parse(REPORTED_OPEN), 'demo0vario'),
  /** Closed, grounding, HA-4012. */
  canopy: timeOrderedId(Date.parse(REPORTED_CLOSED), 'demo0canop'),
} as const;

export async function seedFaults(): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');

  await entities.fault
    .put({
      organization_id,
      fault_id: DEMO_FAULTS.vario,
      plane_id: 'plane-ha-4370',
      reg_num: 'HA-4370',
      description:
        'A TE variométer hangja időnként kimarad (kb. 10 percenként pár másodpercre), a kijelző közben jó. Csatlakozó lötyög?',
      severity: 'minor',
      status: 'open',
      reported_by: userIdOf('pilot'),
      reported_by_name: 'Molnár Anna',
      reported_at: REPORTED_OPEN,
      created_at: REPORTED_OPEN,
    })
    .go();

  await entities.fault
    .put({
      organization_id,
      fault_id: DEMO_FAULTS.canopy,
      plane_id: 'plane-ha-4012',
      reg_num: 'HA-4012',
      description:
        'Az első kabintető reteszének bal oldali csapja nem akad be teljesen, a tető zárt állásban kotyog. Repülni nem szabad vele.',
      severity: 'grounding',
      status: 'closed',
      status_before: 'functional',
      reported_by: userIdOf('instructor'),
      reported_by_name: 'Nagy László',
      reported_at: REPORTED_CLOSED,
      closed_by: userIdOf('technical'),
      closed_by_name: 'Varga Gábor',
      closed_at: CLOSED_AT,
      closing_comment:
        'Reteszcsap és rugó cserélve (gyári alkatrész), beállítva, próbazárás rendben. CRS kiállítva.',
      version: 2,
      created_at: REPORTED_CLOSED,
    })
    .go();

  const events = [
    {
      event_id: timeOrderedId(Date.parse(REPORTED_CLOSED), 'demo0evt01'),
      kind: 'fault_reported',
      date: REPORTED_CLOSED.slice(0, 10),
      user_id: userIdOf('instructor'),
      at: REPORTED_CLOSED,
      details: {
        fault_id: DEMO_FAULTS.canopy,
        severity: 'grounding',
        status_from: 'functional',
        status_to: 'inoperable',
      },
    },
    {
      event_id: timeOrderedId(Date.parse(CLOSED_AT), 'demo0evt02'),
      kind: 'fault_closed',
      date: CLOSED_AT.slice(0, 10),
      user_id: userIdOf('technical'),
      at: CLOSED_AT,
      details: {
        fault_id: DEMO_FAULTS.canopy,
        severity: 'grounding',
        status_from: 'inoperable',
        status_to: 'functional',
      },
    },
  ] as const;
  for (const event of events) {
    await entities.aircraftEvent
      .put({
        organization_id,
        subject_id: 'plane-ha-4012',
        plane_id: 'plane-ha-4012',
        ...event,
        details: { ...event.details },
      })
      .go();
  }
  await entities.aircraftEvent
    .put({
      organization_id,
      subject_id: 'plane-ha-4370',
      plane_id: 'plane-ha-4370',
      event_id: timeOrderedId(Date.parse(REPORTED_OPEN), 'demo0evt03'),
      kind: 'fault_reported',
      date: REPORTED_OPEN.slice(0, 10),
      user_id: userIdOf('pilot'),
      at: REPORTED_OPEN,
      details: { fault_id: DEMO_FAULTS.vario, severity: 'minor' },
    })
    .go();
}

import { todayIn } from '../../../contracts/calendar.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

const a = { workId: '' };
const year = () => Number(todayIn('Europe/Budapest').slice(0, 4));
const work = () => ({
  work_name: 'Walk',
  work_type: 'hangar',
  work_category: 'social',
  date: `${year()}-03-01`,
  working_hours: 2,
  version: 0,
});

/**
 * The tenant walk over work management and RFID badges: a work of A with A's pilot's hours, and the
 * demo pilot's badge (bin/local/seed-work.ts).
 */
export const workWalk: WalkArea = {
  ids: {
    getWork: () => ({ id: a.workId }),
    updateWork: () => ({ id: a.workId }),
    lockWork: () => ({ id: a.workId }),
    organizeWork: () => ({ id: a.workId }),
    setWorkLeader: () => ({ id: a.workId }),
    recordWorkHours: () => ({ id: a.workId }),
    decideWorkHours: () => ({ id: a.workId, user_id: 'user-pilot' }),
    tapRfidBadge: () => ({ token: 'demo-badge-pilot' }),
    linkRfidBadge: () => ({ token: 'demo-badge-pilot' }),
  },
  bodies: {
    createWork: work(),
    updateWork: { ...work(), version: 1 },
    lockWork: { locked: true, version: 1 },
    organizeWork: { organize: true, version: 1 },
    setWorkLeader: { leader_id: 'user-pilot', version: 1 },
    recordWorkHours: { hours: 1, version: 0 },
    decideWorkHours: { decision: 'approved', version: 1 },
    updateWorkSettings: { obligation_hours: 1, by_membership_type: {}, version: 1 },
    closeWorkYear: { year: year() - 1 },
  },
  async setup(platform) {
    const made = await platform.invoke('createWork', {
      sub: subOf('admin@demo.windsock.aero'),
      body: work(),
    });
    if (made.status !== 200) throw new Error(`walk setup: work answered ${made.status}`);
    a.workId = made.body.work_id;
    const hours = await platform.invoke('recordWorkHours', {
      sub: subOf('pilot@demo.windsock.aero'),
      params: { id: a.workId },
      body: { hours: 2, version: 0 },
    });
    if (hours.status !== 200) throw new Error(`walk setup: hours answered ${hours.status}`);
  },
};

import { DEMO_FAULTS } from '../../../bin/local/seed-faults.ts';
import type { WalkArea } from './area.ts';

const open = () => ({ id: DEMO_FAULTS.vario });

/** The tenant walk over the aircraft domain's faults routes (org-demo ids from the seed). */
export const faultsWalk: WalkArea = {
  ids: {
    getFault: open,
    updateFault: open,
    closeFault: open,
    createFaultPhotoUpload: open,
    addFaultPhoto: open,
  },
  bodies: {
    // An aircraft of A: B's member may report faults, but only on B's aircraft.
    createFault: { plane_id: 'plane-ha-4012', severity: 'grounding', description: 'Walk' },
    updateFault: { description: 'Walk', version: 1 },
    closeFault: { closing_comment: 'Walk', version: 1 },
    createFaultPhotoUpload: { name: 'walk.jpg', content_type: 'image/jpeg', size: 100 },
    addFaultPhoto: {
      key: `org/org-demo/faults/${DEMO_FAULTS.vario}/00000000-0000-4000-8000-000000000000.jpg`,
      name: 'walk.jpg',
    },
  },
  refusesAInBody: ['createFault'],
};

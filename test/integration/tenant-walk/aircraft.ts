import type { WalkArea } from './area.ts';

const demoPlane = () => ({ id: 'plane-ha-4012' });

/** The tenant walk over the aircraft domain's aircraft routes (org-demo ids from the seed). */
export const aircraftWalk: WalkArea = {
  ids: {
    getPlane: demoPlane,
    getPlaneStatistics: demoPlane,
    updatePlane: demoPlane,
    deletePlane: demoPlane,
    closePlaneShare: demoPlane,
  },
  bodies: {
    // No id in it: B records an aircraft of its own, in its own organization.
    createPlane: { reg_num: 'OE-9001', plane_category: 'plc_02' },
    updatePlane: { reg_num: 'HA-4012', plane_category: 'plc_02', status: 'inactive', version: 1 },
    closePlaneShare: { version: 1 },
  },
};

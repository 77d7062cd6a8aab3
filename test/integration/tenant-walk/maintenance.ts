import type { WalkArea } from './area.ts';

/** The tenant walk over the aircraft domain's maintenance routes (org-demo ids from the seed). */
const component = () => ({ id: 'cmp-ha-sbx-engine' });
const item = () => ({ id: 'mnt-ha-sbx-100h' });
const plane = () => ({ id: 'plane-ha-sbx' });

export const maintenanceWalk: WalkArea = {
  ids: {
    getMaintenanceItem: item,
    updateMaintenanceItem: item,
    performMaintenance: item,
    listPlaneMaintenance: plane,
    listPlaneComponents: plane,
    getComponent: component,
    updateComponent: component,
    deleteComponent: component,
    performComponentMaintenance: component,
    listComponentEvents: component,
  },
  bodies: {
    // Organization A's aircraft in the body: refused as not found.
    createMaintenanceItem: { plane_id: 'plane-ha-sbx', name: 'Walk', cycle_calendar: 'yearly' },
    updateMaintenanceItem: { name: 'Walk', version: 1 },
    performMaintenance: { date: '2026-01-01' },
    createComponent: { plane_id: 'plane-ha-sbx', name: 'Walk', component_type: 'other' },
    updateComponent: { name: 'Walk', version: 1 },
    performComponentMaintenance: { date: '2026-01-01' },
  },
  refusesAInBody: ['createMaintenanceItem', 'createComponent'],
};

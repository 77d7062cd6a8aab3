import type { PageDef } from '../pages.ts';

/**
 * Fault reports: the technical operators' list, and one report. Any member may report a fault
 * (plane-fault/new); editing and closing are the technical operators' (the API decides).
 */
export const faultPages: readonly PageDef[] = [
  {
    path: 'plane-faults',
    layout: 'main',
    roles: ['technical_operator'],
    module: 'fault-report',
    menu: { group: 'maintenance', label: 'nav:menu.plane_faults', order: 50 },
    titleKey: 'nav:title.plane_faults',
    helpPage: 'plane-faults',
    load: () => import('../../features/faults/plane-faults-page.tsx'),
  },
  {
    path: 'plane-fault/:edit_type/:id?',
    layout: 'main',
    module: 'fault-report',
    menu: { group: 'maintenance', label: 'nav:menu.report_fault', order: 60, href: '/plane-fault/new/' },
    titleKey: 'nav:title.plane_fault',
    helpPage: 'plane-fault',
    load: () => import('../../features/faults/plane-fault-page.tsx'),
  },
];

import type { PageDef } from '../pages.ts';

/** Aircraft: the fleet list and one aircraft's record (spec §2 "Aircraft and maintenance"). */
export const aircraftPages: readonly PageDef[] = [
  {
    path: 'planes',
    layout: 'main',
    permission: 'plane-list',
    menu: { group: 'maintenance', label: 'nav:menu.planes', order: 10 },
    titleKey: 'nav:title.planes',
    helpPage: 'planes',
    load: () => import('../../features/aircraft/planes-page.tsx'),
  },
  {
    path: 'plane/new',
    layout: 'main',
    permission: 'plane-create',
    titleKey: 'nav:title.plane_new',
    helpPage: 'plane-new',
    load: () => import('../../features/aircraft/plane-edit-page.tsx'),
  },
  {
    path: 'plane/:id',
    layout: 'main',
    permission: 'plane-edit',
    titleKey: 'nav:title.plane_edit',
    helpPage: 'plane',
    load: () => import('../../features/aircraft/plane-edit-page.tsx'),
  },
];

import type { PageDef } from '../pages.ts';

/** Operations (issue 15): reservations — spec §6: reservation-list, the module, a rentable functional aircraft. */
export const operationsPages: readonly PageDef[] = [
  {
    path: 'reservations',
    layout: 'main',
    permission: 'reservation-list',
    module: 'reservation',
    aircraft: 'rentable',
    menu: { group: 'reservations', label: 'nav:menu.reservations', order: 10 },
    titleKey: 'nav:title.reservations',
    helpPage: 'reservations',
    load: () => import('../../features/reservations/reservations-page.tsx'),
  },
];

import type { PageDef } from '../pages.ts';

/** Operations (issue 15): operating days; reservations — spec §6: reservation-list, the module, a rentable functional aircraft. */
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
  {
    path: 'operating-days',
    layout: 'main',
    permission: 'operating-day-list',
    module: 'operating-day',
    menu: { group: 'operating_days', label: 'nav:menu.operating_days', order: 10 },
    titleKey: 'nav:title.operating_days',
    helpPage: 'operating-days',
    load: () => import('../../features/operating-days/operating-days-page.tsx'),
  },
];

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
  {
    // Issue 15 §3: the spec names no fuel permission; fuel is airfield work (airport-operation-list).
    path: 'fuel-operations/:sourcetype?/:id?',
    layout: 'main',
    permission: 'airport-operation-list',
    menu: {
      group: 'airport_operations',
      label: 'nav:menu.fuel_operations',
      order: 30,
      href: '/fuel-operations',
    },
    titleKey: 'nav:title.fuel_operations',
    helpPage: 'fuel-operations',
    load: () => import('../../features/fuel/fuel-operations-page.tsx'),
  },
  {
    path: 'winch-log',
    layout: 'main',
    permission: 'winch-management',
    module: 'daily-flight',
    menu: { group: 'daily_flight', label: 'nav:menu.winch_log', order: 40 },
    titleKey: 'nav:title.winch_log',
    helpPage: 'winch-log',
    load: () => import('../../features/winch/winch-log-page.tsx'),
  },
  {
    path: 'vehicle-logbook/:id?',
    layout: 'main',
    permission: 'winch-management',
    module: 'daily-flight',
    menu: { group: 'daily_flight', label: 'nav:menu.vehicle_logbook', order: 41, href: '/vehicle-logbook' },
    titleKey: 'nav:title.vehicle_logbook',
    helpPage: 'vehicle-logbook',
    load: () => import('../../features/winch/vehicle-logbook-page.tsx'),
  },
];

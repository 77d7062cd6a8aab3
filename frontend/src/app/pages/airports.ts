import type { PageDef } from '../pages.ts';

/**
 * Airports (issue 15 §1–3; spec §2 "Airports"): airports and airport/{id} are the supervisor's
 * (reading needs airport-list); airport-operations needs airport-operation-list and the module,
 * airport-operation/{id} airport-operation-edit.
 */
export const airportPages: readonly PageDef[] = [
  {
    path: 'airports',
    layout: 'main',
    roles: ['supervisor'],
    permission: 'airport-list',
    menu: { group: 'supervisor', label: 'nav:menu.airports', order: 40 },
    titleKey: 'nav:title.airports',
    helpPage: 'airports',
    load: () => import('../../features/airports/airports-page.tsx'),
  },
  {
    path: 'airport/:id',
    layout: 'main',
    roles: ['supervisor'],
    permission: 'airport-list',
    titleKey: 'nav:title.airport',
    helpPage: 'airport',
    load: () => import('../../features/airports/airport-page.tsx'),
  },
  {
    path: 'airport-operations',
    layout: 'main',
    permission: 'airport-operation-list',
    module: 'airport',
    menu: { group: 'airport_operations', label: 'nav:menu.airport_operations', order: 10 },
    titleKey: 'nav:title.airport_operations',
    helpPage: 'airport-operations',
    load: () => import('../../features/airports/airport-operations-page.tsx'),
  },
  {
    path: 'airport-operation/:id',
    layout: 'main',
    permission: 'airport-operation-edit',
    module: 'airport',
    titleKey: 'nav:title.airport_operation',
    helpPage: 'airport-operation',
    load: () => import('../../features/airports/airport-operation-page.tsx'),
  },
];

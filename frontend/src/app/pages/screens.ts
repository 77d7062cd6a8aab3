import type { PageDef } from '../pages.ts';

/**
 * The further named screens of spec §2: the privacy statement and the terms (public), the
 * lookup lists, the airfields' map, pricing and package choice, the log viewer.
 */
export const screenPages: readonly PageDef[] = [
  {
    path: 'datasources',
    layout: 'main',
    roles: ['admin', 'organization_operator', 'supervisor'],
    menu: { group: 'administration', label: 'nav:menu.datasources', order: 60 },
    titleKey: 'nav:title.datasources',
    helpPage: 'datasources',
    load: () => import('../../features/lookups/datasources-page.tsx'),
  },
  {
    path: 'maps',
    layout: 'main',
    menu: { group: 'flights', label: 'nav:menu.maps', order: 90 },
    titleKey: 'nav:title.maps',
    helpPage: 'maps',
    load: () => import('../../features/lookups/maps-page.tsx'),
  },
  {
    path: 'pricing',
    layout: 'main',
    roles: ['admin'],
    menu: { group: 'administration', label: 'nav:menu.pricing', order: 70 },
    titleKey: 'nav:title.pricing',
    helpPage: 'pricing',
    load: () => import('../../features/pricing/pricing-page.tsx'),
  },
  {
    // The log viewer: the activity log screen (organization/actions), with its filters.
    path: 'log-viewer',
    layout: 'main',
    roles: ['admin', 'organization_operator'],
    titleKey: 'nav:title.log_viewer',
    helpPage: 'log-viewer',
    load: () => import('../../features/organizations/organization-actions-page.tsx'),
  },
];

import type { PageDef } from '../pages.ts';

/**
 * Tracking (spec §2 `ogn-log`, issue 6 §6): the organization's aircraft on the map as the Open
 * Glider Network hears them. Any member may look (the spec restricts only the live push, to
 * daily-flight-edit); it sits with the flight lists in the menu.
 */
export const trackingPages: readonly PageDef[] = [
  {
    path: 'ogn-log',
    layout: 'main',
    menu: { group: 'flights', label: 'nav:menu.ogn_log', order: 30 },
    titleKey: 'nav:title.ogn_log',
    helpPage: 'ogn-log',
    load: () => import('../../features/tracking/ogn-log-page.tsx'),
  },
];

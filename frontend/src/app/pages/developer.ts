import type { PageDef } from '../pages.ts';

/**
 * The developer pages (spec §2 new, validation, ct) and the debug page, for the develop and
 * debugger roles: the component gallery, the validation rules live, the contract, the session.
 */
export const developerPages: readonly PageDef[] = [
  {
    path: 'new',
    layout: 'main',
    roles: ['develop', 'debugger'],
    menu: { group: 'develop', label: 'nav:menu.gallery', order: 10 },
    titleKey: 'nav:title.gallery',
    helpPage: 'gallery',
    load: () => import('../../features/developer/gallery-page.tsx'),
  },
  {
    path: 'validation',
    layout: 'main',
    roles: ['develop', 'debugger'],
    menu: { group: 'develop', label: 'nav:menu.validation', order: 20 },
    titleKey: 'nav:title.validation',
    helpPage: 'validation',
    load: () => import('../../features/developer/validation-page.tsx'),
  },
  {
    path: 'ct',
    layout: 'main',
    roles: ['develop', 'debugger'],
    menu: { group: 'develop', label: 'nav:menu.ct', order: 30 },
    titleKey: 'nav:title.ct',
    helpPage: 'ct',
    load: () => import('../../features/developer/contract-page.tsx'),
  },
  {
    path: 'debug',
    layout: 'main',
    roles: ['debugger'],
    menu: { group: 'debug', label: 'nav:menu.debug', order: 10 },
    titleKey: 'nav:title.debug',
    helpPage: 'debug',
    load: () => import('../../features/developer/debug-page.tsx'),
  },
];

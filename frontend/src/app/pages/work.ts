import type { PageDef } from '../pages.ts';

/**
 * Work management and RFID badges (issue 15 §7, §8; spec §2): work-management (work-management-list),
 * work-management/{id} (work-management-edit), rfid/{token} (full-page: the clubhouse tablet; it
 * signs people in for today's operating day, so it asks what the operating days ask).
 */
export const workPages: readonly PageDef[] = [
  {
    path: 'work-management',
    layout: 'main',
    permission: 'work-management-list',
    module: 'work-management',
    menu: { group: 'work_management', label: 'nav:menu.work_management', order: 10 },
    titleKey: 'nav:title.work_management',
    helpPage: 'work-management',
    load: () => import('../../features/work/work-management-page.tsx'),
  },
  {
    path: 'work-management/:id',
    layout: 'main',
    permission: 'work-management-edit',
    module: 'work-management',
    titleKey: 'nav:title.work_management_edit',
    helpPage: 'work-management-edit',
    load: () => import('../../features/work/work-page.tsx'),
  },
  {
    path: 'rfid/:token',
    layout: 'full-page',
    permission: 'operating-day-list',
    module: 'operating-day',
    titleKey: 'nav:title.rfid',
    helpPage: 'rfid',
    load: () => import('../../features/work/rfid-page.tsx'),
  },
];

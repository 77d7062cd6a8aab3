import type { PageDef } from '../pages.ts';

/**
 * The person's own profile, pilot data, password, notifications, actions; registration. The
 * profile screens need only a signed-in person (a pilot who registered alone has no organization
 * and no permissions); they are reached from the user menu and the bell, not the side menu.
 */
export const profilePages: readonly PageDef[] = [
  {
    path: 'profile/edit',
    layout: 'main',
    titleKey: 'nav:title.profile_edit',
    helpPage: 'profile-edit',
    load: () => import('../../features/profile/profile-edit-page.tsx'),
  },
  {
    path: 'profile/pilot-info-edit',
    layout: 'main',
    titleKey: 'nav:title.pilot_info_edit',
    helpPage: 'pilot-info-edit',
    load: () => import('../../features/profile/pilot-info-edit-page.tsx'),
  },
  {
    path: 'profile/change-password',
    layout: 'main',
    titleKey: 'nav:title.change_password',
    helpPage: 'change-password',
    load: () => import('../../features/profile/change-password-page.tsx'),
  },
  {
    path: 'profile/notifications/:id?',
    layout: 'main',
    titleKey: 'nav:title.notifications',
    helpPage: 'notifications',
    load: () => import('../../features/notifications/notifications-page.tsx'),
  },
  {
    path: 'profile/actions',
    layout: 'main',
    titleKey: 'nav:title.profile_actions',
    helpPage: 'profile-actions',
    load: () => import('../../features/profile/actions-page.tsx'),
  },
];

import type { PageDef } from '../pages.ts';

/** Members, roles, permits, pilot data, acting as a user, the address book. */
export const peoplePages: readonly PageDef[] = [
  {
    path: 'address-book',
    layout: 'main',
    module: 'address-book',
    menu: { group: 'address_book', label: 'nav:menu.address_book', order: 0 },
    titleKey: 'nav:title.address_book',
    helpPage: 'address-book',
    load: () => import('../../features/people/address-book-page.tsx'),
  },
  {
    path: 'users',
    layout: 'main',
    permission: 'user-list',
    menu: { group: 'administration', label: 'nav:menu.users', order: 20 },
    titleKey: 'nav:title.users',
    helpPage: 'users',
    load: () => import('../../features/people/users-page.tsx'),
  },
  {
    path: 'user/:id',
    layout: 'main',
    permission: 'user-edit',
    titleKey: 'nav:title.user_edit',
    helpPage: 'user',
    load: () => import('../../features/people/user-edit-page.tsx'),
  },
  {
    path: 'pilot-info/:id',
    layout: 'main',
    roles: ['admin'],
    titleKey: 'nav:title.pilot_info',
    helpPage: 'pilot-info',
    load: () => import('../../features/people/pilot-info-page.tsx'),
  },
  {
    path: 'organization/permits/:id',
    layout: 'main',
    roles: ['admin'],
    titleKey: 'nav:title.permits',
    helpPage: 'permits',
    load: () => import('../../features/people/permits-page.tsx'),
  },
  {
    // The spec names role-list and supervisor; the issue has an admin build roles, and it wins.
    path: 'roles',
    layout: 'main',
    permission: 'role-list',
    menu: { group: 'administration', label: 'nav:menu.roles', order: 30 },
    titleKey: 'nav:title.roles',
    helpPage: 'roles',
    load: () => import('../../features/people/roles-page.tsx'),
  },
  {
    path: 'users/change',
    layout: 'main',
    roles: ['supervisor'],
    menu: { group: 'supervisor', label: 'nav:menu.users_change', order: 10 },
    titleKey: 'nav:title.users_change',
    helpPage: 'users-change',
    load: () => import('../../features/people/act-as-page.tsx'),
  },
];

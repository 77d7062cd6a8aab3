import type { PageDef } from '../pages.ts';

/** Messages and the message center (issue 17 §3), and an admin's broadcast (notify). */
export const messagePages: readonly PageDef[] = [
  {
    path: 'messages',
    layout: 'main',
    permission: 'message-list',
    module: 'message-center',
    menu: { group: 'dashboard', label: 'nav:menu.messages', order: 10 },
    titleKey: 'nav:title.messages',
    helpPage: 'messages',
    load: () => import('../../features/messages/messages-page.tsx'),
  },
  {
    path: 'message/:edit_type/:id?',
    layout: 'main',
    permission: 'message-edit',
    module: 'message-center',
    titleKey: 'nav:title.message',
    helpPage: 'message',
    load: () => import('../../features/messages/message-edit-page.tsx'),
  },
  {
    path: 'notify',
    layout: 'full-page',
    roles: ['admin'],
    menu: { group: 'administration', label: 'nav:menu.notify', order: 40 },
    titleKey: 'nav:title.notify',
    helpPage: 'notify',
    load: () => import('../../features/messages/notify-page.tsx'),
  },
];

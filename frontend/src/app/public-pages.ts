import type { PageDef } from './pages.ts';

/**
 * The public screens (spec §2): sign-in, password reminder, registration, the legal pages. They are
 * the only rows the entry bundle carries (router.tsx); the rest of the page table (pages.ts) loads
 * when a signed-in screen is first opened (page-table.ts).
 */
export const publicPages: readonly PageDef[] = [
  {
    path: 'login',
    layout: 'public',
    guestOnly: true,
    titleKey: 'title.login',
    helpPage: 'login',
    load: () => import('../features/auth/login-page.tsx'),
  },
  {
    path: 'login/:lang',
    layout: 'public',
    guestOnly: true,
    titleKey: 'title.login',
    helpPage: 'login',
    load: () => import('../features/auth/login-page.tsx'),
  },
  {
    path: 'logout',
    layout: 'public',
    titleKey: 'title.logout',
    helpPage: 'logout',
    load: () => import('../features/auth/logout-page.tsx'),
  },
  {
    path: 'password-reminder',
    layout: 'public',
    guestOnly: true,
    titleKey: 'title.password_reminder',
    helpPage: 'password-reminder',
    load: () => import('../features/auth/password-reminder-page.tsx'),
  },
  {
    path: 'reset-password/:token',
    layout: 'public',
    guestOnly: true,
    titleKey: 'title.reset_password',
    helpPage: 'reset-password',
    load: () => import('../features/auth/reset-password-page.tsx'),
  },
  {
    path: 'error/:message',
    layout: 'public',
    titleKey: 'title.error',
    helpPage: 'error',
    load: () => import('../features/errors/error-page.tsx'),
  },
  {
    path: 'daily-flight/login',
    layout: 'public',
    guestOnly: true,
    titleKey: 'nav:title.daily_flight_login',
    helpPage: 'daily-flight-login',
    load: () => import('../features/daily-flight/daily-flight-login-page.tsx'),
  },
  {
    path: 'register',
    layout: 'public',
    guestOnly: true,
    titleKey: 'nav:title.register',
    helpPage: 'register',
    load: () => import('../features/registration/registration-page.tsx'),
  },
  {
    path: 'privacy',
    layout: 'public',
    titleKey: 'nav:title.privacy',
    helpPage: 'privacy',
    load: () => import('../features/legal/privacy-page.tsx'),
  },
  {
    path: 'terms',
    layout: 'public',
    titleKey: 'nav:title.terms',
    helpPage: 'terms',
    load: () => import('../features/legal/terms-page.tsx'),
  },
];

/** Where unknown addresses go: the error page with this message key. */
export const NOT_FOUND_MESSAGE = 'page_not_found';

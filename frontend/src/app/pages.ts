import type { ComponentType } from 'react';
import type { Module } from '../../../contracts/modules.ts';
import type { GuardRole, Permission } from '../../../contracts/permissions.ts';
import { aircraftPages } from './pages/aircraft.ts';
import { airportPages } from './pages/airports.ts';
import { calendarPages } from './pages/calendar.ts';
import { developerPages } from './pages/developer.ts';
import { documentPages } from './pages/documents.ts';
import { faultPages } from './pages/faults.ts';
import { financePages } from './pages/finance.ts';
import { flightPages } from './pages/flights.ts';
import { maintenancePages } from './pages/maintenance.ts';
import { messagePages } from './pages/messages.ts';
import { operationsPages } from './pages/operations.ts';
import { organizationPages } from './pages/organizations.ts';
import { peoplePages } from './pages/people.ts';
import { profilePages } from './pages/profile.ts';
import { quizPages } from './pages/quiz.ts';
import { reportPages } from './pages/reports.ts';
import { screenPages } from './pages/screens.ts';
import { trackingPages } from './pages/tracking.ts';
import { trainingPages } from './pages/training.ts';
import { workPages } from './pages/work.ts';
import { publicPages } from './public-pages.ts';

export type Layout = 'main' | 'full-page' | 'public';

/** Side menu groups of spec §2, in the spec's order: the menu shows them in this order. */
export const MENU_GROUPS = [
  'dashboard',
  'address_book',
  'reservations',
  'operating_days',
  'daily_flight',
  'work_management',
  'ipp',
  'exams',
  'training',
  'dto',
  'logbook',
  'flights',
  'airport_operations',
  'administration',
  'maintenance',
  'supervisor',
  'debug',
  'develop',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Spec §6: flight/general needs a plc_01 aircraft, flight/glider a plc_02, reservations a rentable functional one. */
export type AircraftRequirement = 'plc_01' | 'plc_02' | 'rentable';

/**
 * One screen (docs/ARCHITECTURE.md "The browser"). The router, the side menu and the guard all read these rows; a page
 * never checks roles itself. Guard fields follow spec §6: `roles` any-of, `permission`, `module`
 * switched on, `aircraft` available — all stated conditions must hold.
 */
export interface PageDef {
  /** react-router syntax of the spec's route (`reset-password/:token`); '' is the dashboard at `/`. */
  path: string;
  layout: Layout;
  /** Public pages a signed-in user has no business on: they go to `/`. */
  guestOnly?: true;
  roles?: readonly GuardRole[];
  permission?: Permission;
  module?: Module;
  aircraft?: AircraftRequirement;
  /** i18n keys: the shell's in `common`, the areas' in `nav` (`nav:menu.users`). */
  /** `href`: where the item leads when the path has parameters (`plane-fault/new/`). */
  menu?: { group: MenuGroup; label: string; order: number; href?: string };
  titleKey: string;
  /** The page name `/api/help/{page}` answers for (help issue). */
  helpPage: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** The signed-in shell's own screens (the public ones are in public-pages.ts). */
const corePages: readonly PageDef[] = [
  {
    path: '',
    layout: 'main',
    menu: { group: 'dashboard', label: 'menu.dashboard', order: 0 },
    titleKey: 'title.dashboard',
    helpPage: 'dashboard',
    load: () => import('../features/dashboard/dashboard-page.tsx'),
  },
  {
    path: 'profile/organization-edit',
    layout: 'main',
    roles: ['admin', 'organization_operator'],
    menu: { group: 'administration', label: 'menu_item.organization_edit', order: 10 },
    titleKey: 'title.organization_edit',
    helpPage: 'organization-edit',
    load: () => import('../features/organizations/organization-edit-page.tsx'),
  },
];

/**
 * Every screen: the shell's own, the public ones, then each area's rows (one file per area under
 * app/pages/). The entry bundle holds only public-pages.ts; this table loads with the first signed-in
 * screen (page-table.ts, router.tsx), so the sign-in route does not carry ~160 rows and their chunk lists.
 */
export const pages: readonly PageDef[] = [
  ...corePages,
  ...publicPages,
  ...peoplePages,
  ...organizationPages,
  ...profilePages,
  ...aircraftPages,
  ...maintenancePages,
  ...faultPages,
  ...flightPages,
  ...trackingPages,
  ...operationsPages,
  ...workPages,
  ...calendarPages,
  ...airportPages,
  ...trainingPages,
  ...quizPages,
  ...reportPages,
  ...financePages,
  ...documentPages,
  ...messagePages,
  ...screenPages,
  ...developerPages,
];

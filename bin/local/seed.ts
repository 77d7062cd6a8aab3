import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import { MODULES } from '../../contracts/modules.ts';
import { DEFAULT_ROLES } from '../../functions/organizations/default-roles.ts';
import { db } from '../../functions/platform/db/service.ts';
import { seedAircraft } from './seed-aircraft.ts';
import { seedAirports } from './seed-airports.ts';
import { seedDeveloperRoles } from './seed-developer.ts';
import { seedDocuments } from './seed-documents.ts';
import { seedFaults } from './seed-faults.ts';
import { seedFinance } from './seed-finance.ts';
import { seedFlights } from './seed-flights.ts';
import { seedFuelWinch } from './seed-fuel-winch.ts';
import { seedLookups } from './seed-lookups.ts';
import { seedMaintenance } from './seed-maintenance.ts';
import { seedMessages } from './seed-messages.ts';
import { seedOperations } from './seed-operations.ts';
import { seedOrganizations } from './seed-organizations.ts';
import { seedPeople } from './seed-people.ts';
import { seedProfile } from './seed-profile.ts';
import { seedReports } from './seed-reports.ts';
import { seedTraining } from './seed-training.ts';
import { seedWork } from './seed-work.ts';

/**
 * The demo data `npm start` creates on first start: two clubs (so tenancy is visible), members
 * holding each route-guard role, a student and a plain pilot. Later issues add their data here.
 */
export const DEMO_PASSWORD = 'Windsock-Demo-2026';

interface DemoLogin {
  email: string;
  password: string;
  description: string;
}

/** Realistic permission sets per role: the set every new organization starts with (organization service). */
const ROLES = DEFAULT_ROLES;

interface PersonSeed {
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  lang: Lang;
  is_supervisor?: boolean;
  /** organization key → role ids */
  memberships: Record<string, string[]>;
  description: string;
}

const ORGANIZATIONS: {
  key: string;
  lang: 'hu' | 'de';
  organization_name: string;
  short_name: string;
  base_airport: string;
  timezone: string;
  currency_id: string;
  address_hq: string;
  modules: readonly Module[];
  plane_limit: number;
  general_limit: number;
  glider_limit: number;
}[] = [
  {
    key: 'demo',
    lang: 'hu',
    organization_name: 'Szélzsák Repülő Egyesület',
    short_name: 'SZRE',
    base_airport: 'LHDK',
    timezone: 'Europe/Budapest',
    currency_id: 'HUF',
    address_hq: '2120 Dunakeszi, Repülőtér',
    modules: MODULES.filter((m) => m !== 'betatester'),
    plane_limit: 12,
    general_limit: 4,
    glider_limit: 8,
  },
  {
    key: 'alpine',
    lang: 'de',
    organization_name: 'Alpine Soaring Club',
    short_name: 'ASC',
    base_airport: 'LOWZ',
    timezone: 'Europe/Vienna',
    currency_id: 'EUR',
    address_hq: 'Flugplatz 1, 5700 Zell am See',
    modules: [
      'glider',
      'general',
      'daily-flight',
      'maintenance',
      'fault-report',
      'financial',
      'membership',
      'address-book',
      // Issue 16: it trains too, and receives the demo club's IPP share of its two-seater.
      'training',
      'quiz',
      'dto',
      'ipp_client',
    ],
    plane_limit: 6,
    general_limit: 2,
    glider_limit: 4,
  },
];

const PEOPLE: PersonSeed[] = [
  {
    key: 'supervisor',
    email: 'supervisor@demo.windsock.aero',
    first_name: 'Zsófia',
    last_name: 'Szabó',
    lang: 'hu',
    is_supervisor: true,
    memberships: { demo: ['admin'], alpine: ['admin'] },
    description: 'supervisor (system administrator), admin of both clubs; developer and debugger',
  },
  {
    key: 'admin',
    email: 'admin@demo.windsock.aero',
    first_name: 'Péter',
    last_name: 'Kovács',
    lang: 'hu',
    memberships: { demo: ['admin'] },
    description: 'admin',
  },
  {
    key: 'operator',
    email: 'operator@demo.windsock.aero',
    first_name: 'Katalin',
    last_name: 'Tóth',
    lang: 'hu',
    memberships: { demo: ['organization_operator', 'pilot'] },
    description: 'organization_operator',
  },
  {
    key: 'instructor',
    email: 'instructor@demo.windsock.aero',
    first_name: 'László',
    last_name: 'Nagy',
    lang: 'hu',
    memberships: { demo: ['instructor', 'timer_operator'], alpine: ['pilot'] },
    description: 'instructor and timer operator; pilot in the second club',
  },
  {
    key: 'finance',
    email: 'finance@demo.windsock.aero',
    first_name: 'Éva',
    last_name: 'Horváth',
    lang: 'hu',
    memberships: { demo: ['financial_operator', 'pilot'] },
    description: 'financial_operator',
  },
  {
    key: 'technical',
    email: 'technical@demo.windsock.aero',
    first_name: 'Gábor',
    last_name: 'Varga',
    lang: 'hu',
    memberships: { demo: ['technical_operator', 'pilot'] },
    description: 'technical_operator',
  },
  {
    key: 'student',
    email: 'student@demo.windsock.aero',
    first_name: 'Bence',
    last_name: 'Kiss',
    lang: 'hu',
    memberships: { demo: ['student'] },
    description: 'student pilot',
  },
  {
    key: 'pilot',
    email: 'pilot@demo.windsock.aero',
    first_name: 'Anna',
    last_name: 'Molnár',
    lang: 'hu',
    memberships: { demo: ['pilot'] },
    description: 'pilot',
  },
  {
    key: 'alpine-admin',
    email: 'admin@alpine.windsock.aero',
    first_name: 'Lukas',
    last_name: 'Huber',
    lang: 'de',
    memberships: { alpine: ['admin'] },
    description: 'admin of the second club (Alpine Soaring Club)',
  },
];

export const orgIdOf = (key: string) => `org-${key}`;
export const userIdOf = (key: string) => `user-${key}`;

/** True once the demo data exists (the seed runs on first start only). */
export async function isSeeded(): Promise<boolean> {
  const { data } = await db()
    .entities.organization.get({ organization_id: orgIdOf('demo') })
    .go();
  return data !== null;
}

export async function seedDemo(
  createUser: (input: { email: string; password: string; name?: string }) => Promise<{ sub: string }>,
): Promise<void> {
  const { entities } = db();
  for (const org of ORGANIZATIONS) {
    const { key, lang, ...fields } = org;
    const organization_id = orgIdOf(key);
    await entities.organization.put({ organization_id, ...fields, modules: [...fields.modules] }).go();
    for (const role of ROLES) {
      await entities.role
        .put({
          organization_id,
          ...role,
          role_name: role.role_name[lang],
          permissions: [...role.permissions],
        })
        .go();
    }
  }
  for (const person of PEOPLE) {
    const { sub } = await createUser({
      email: person.email,
      password: DEMO_PASSWORD,
      name: `${person.first_name} ${person.last_name}`,
    });
    const user_id = userIdOf(person.key);
    const firstOrg = Object.keys(person.memberships)[0];
    await entities.person
      .put({
        user_id,
        cognito_sub: sub,
        email: person.email,
        first_name: person.first_name,
        last_name: person.last_name,
        lang: person.lang,
        is_supervisor: person.is_supervisor ?? false,
        current_organization_id: firstOrg ? orgIdOf(firstOrg) : undefined,
      })
      .go();
    for (const [orgKey, roleIds] of Object.entries(person.memberships)) {
      await entities.membership.put({ user_id, organization_id: orgIdOf(orgKey), role_ids: roleIds }).go();
    }
  }
  // Each area adds its demo data after the core (bin/local/seed-<area>.ts), one call per area:
  await seedLookups();
  await seedOrganizations();
  await seedPeople(createUser);
  await seedProfile();
  await seedAircraft();
  await seedFaults();
  await seedMaintenance();
  await seedFlights();
  await seedOperations();
  await seedWork();
  await seedFuelWinch();
  await seedTraining();
  await seedReports();
  await seedFinance();
  await seedAirports();
  await seedDocuments();
  await seedMessages();
  await seedDeveloperRoles();
  // seed-areas
}

export const demoLogins = (): DemoLogin[] =>
  PEOPLE.map((p) => ({ email: p.email, password: DEMO_PASSWORD, description: p.description }));

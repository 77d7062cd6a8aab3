import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationName, pathParams, routeEntries } from '../../contracts/routes.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';
import { aircraftWalk } from './tenant-walk/aircraft.ts';
import { airportsWalk } from './tenant-walk/airports.ts';
import type { WalkArea } from './tenant-walk/area.ts';
import { documentsWalk } from './tenant-walk/documents.ts';
import { faultsWalk } from './tenant-walk/faults.ts';
import { financeWalk } from './tenant-walk/finance.ts';
import { flightsWalk } from './tenant-walk/flights.ts';
import { fuelWinchWalk } from './tenant-walk/fuel-winch.ts';
import { invitationsWalk } from './tenant-walk/invitations.ts';
import { maintenanceWalk } from './tenant-walk/maintenance.ts';
import { messagesWalk } from './tenant-walk/messages.ts';
import { operationsWalk } from './tenant-walk/operations.ts';
import { reportsWalk } from './tenant-walk/reports.ts';
import { describeSharedMember } from './tenant-walk/shared-member.ts';
import { trackingWalk } from './tenant-walk/tracking.ts';
import { trainingWalk } from './tenant-walk/training.ts';
import { workWalk } from './tenant-walk/work.ts';

/**
 * Tenancy (ground rule 5), walked over EVERY row of the route table: the admin of organization B
 * (Alpine Soaring Club) holds every permission there, and still gets 403/404 on organization A's
 * ids (the demo club), and never sees A's data in anything B may read.
 *
 * A route that takes ids must say which of A's ids to try (A_IDS); a write route needs a valid body
 * (BODIES) so the request gets past validation to the ownership check. A new route without either
 * fails this test until it is added — so the walk keeps covering what later issues add.
 */
const B_ADMIN = subOf('admin@alpine.windsock.aero');

/** Organization A's items created for the walk (ids that exist in A only). */
const a = { roleId: '', notificationId: '' };

/** Ids of organization A's items, per operation and path parameter. */
const CORE_IDS: WalkArea['ids'] = {
  getMember: () => ({ user_id: 'user-pilot' }),
  updateMember: () => ({ user_id: 'user-pilot' }),
  setMemberRoles: () => ({ user_id: 'user-pilot' }),
  setMemberStatus: () => ({ user_id: 'user-pilot' }),
  removeMember: () => ({ user_id: 'user-pilot' }),
  getMemberPilotInfo: () => ({ user_id: 'user-pilot' }),
  updateMemberPilotInfo: () => ({ user_id: 'user-pilot' }),
  listMemberPermits: () => ({ user_id: 'user-technical' }),
  grantPermit: () => ({ user_id: 'user-pilot' }),
  revokePermit: () => ({ user_id: 'user-technical', permit_id: 'winch' }),
  getRole: () => ({ role_id: a.roleId }),
  updateRole: () => ({ role_id: a.roleId }),
  deleteRole: () => ({ role_id: a.roleId }),
  getOrganization: () => ({ id: 'org-demo' }),
  updateOrganization: () => ({ id: 'org-demo' }),
  listOrganizationMemberOptions: () => ({ id: 'org-demo' }),
  listSubscriptions: () => ({ id: 'org-demo' }),
  assignPackage: () => ({ id: 'org-demo' }),
  getSubscription: () => ({ id: 'x' }),
  updateSubscription: () => ({ id: 'x' }),
  updatePackage: () => ({ id: 'pkg-klub-m' }),
  getTypeList: () => ({ id: 'planeTypes' }),
  updateTypeList: () => ({ id: 'planeTypes' }),
  getNotification: () => ({ id: a.notificationId }),
  deleteNotification: () => ({ id: a.notificationId }),
  // Not an id: B asks for a lookup list and must get B's members, never A's.
  getDatasource: () => ({ source_type: 'users' }),
};

/** Answers other than 403/404 that are right for a route whose parameter is not A's id. */
const CORE_EXPECTED: WalkArea['expected'] = {
  getDatasource: [200],
  // B's admin already has a person: a second registration is a conflict, and touches nothing of A.
  register: [409],
  // A key under A's member's avatar prefix is not B's to adopt: refused on the key.
  setAvatar: [422],
};

/** A valid body per write operation (the ids inside point at organization A where there are any). */
const person = { first_name: 'Lukas', last_name: 'Huber', version: 1 };
const organizationRecord = { organization_name: 'X', short_name: 'X', timezone: 'Europe/Vienna' };
const CORE_BODIES: WalkArea['bodies'] = {
  changeLanguage: { lang: 'de' },
  // An e-mail already in B: answered without a word about anyone else.
  addMember: { email: 'admin@alpine.windsock.aero', first_name: 'L', last_name: 'H', role_ids: [] },
  updateMember: person,
  setMemberRoles: { role_ids: [], version: 1 },
  setMemberStatus: { status: 'suspended', version: 1 },
  updateMemberPilotInfo: { licences: [], ratings: {}, version: 1 },
  grantPermit: { kind: 'winch', valid_until: '2027-12-31' },
  createRole: { role_name: 'Walk', permissions: [] },
  updateRole: { role_name: 'Taken', permissions: ['user-list'], version: 1 },
  startActing: { user_id: 'user-pilot' },
  createOrganization: {
    ...organizationRecord,
    currency_id: 'EUR',
    modules: [],
    plane_limit: 1,
    general_limit: 0,
    glider_limit: 0,
  },
  updateOrganization: { ...organizationRecord, version: 1 },
  assignPackage: { package_id: 'pkg-klub-l', start_date: '2026-12-01' },
  updateSubscription: {
    start_date: '2026-01-01',
    status: 'active',
    plane_limit: 1,
    general_limit: 0,
    glider_limit: 0,
    version: 1,
  },
  createPackage: {
    name: 'P',
    plane_limit: 1,
    general_limit: 0,
    glider_limit: 0,
    monthly_price: 0,
    currency_id: 'EUR',
    active: true,
  },
  updatePackage: {
    name: 'P',
    plane_limit: 1,
    general_limit: 0,
    glider_limit: 0,
    monthly_price: 0,
    currency_id: 'EUR',
    active: true,
    version: 1,
  },
  updateTypeList: { items: [], version: 1 },
  requestPackage: { package_id: 'pkg-klub-l' },
  globalSearch: { text: 'Szél' },
  searchNotifications: {},
  markNotificationRead: () => ({ id: a.notificationId }),
  updateMyPerson: person,
  createAvatarUpload: { name: 'walk.png', content_type: 'image/png', size: 100 },
  setAvatar: { key: 'person/user-pilot/avatar/00000000-0000-4000-8000-000000000000.png' },
  updateMyPilotInfo: { licences: [], ratings: {}, version: 0 },
  register: { first_name: 'Lukas', last_name: 'Huber', lang: 'de', public_privatedata: true },
  changeOrganization: { organization_id: 'org-demo' },
  updateOwnOrganization: {
    organization_name: 'Alpine Soaring Club',
    short_name: 'ASC',
    timezone: 'Europe/Vienna',
    version: 1,
  },
};

const bodyOf = (body: unknown) => (typeof body === 'function' ? body() : body);

/** Operations whose purpose is to name another organization's item in the body: they must refuse. */
const CORE_REFUSES_A_IN_BODY: OperationName[] = ['changeOrganization', 'startActing', 'markNotificationRead'];

/** Later areas keep their part of the walk in tenant-walk/<area>.ts. */
const AREAS: WalkArea[] = [
  aircraftWalk,
  maintenanceWalk,
  faultsWalk,
  flightsWalk,
  trackingWalk,
  invitationsWalk,
  operationsWalk,
  workWalk,
  fuelWinchWalk,
  airportsWalk,
  trainingWalk,
  reportsWalk,
  financeWalk,
  documentsWalk,
  messagesWalk,
];
const A_IDS: WalkArea['ids'] = Object.assign({}, CORE_IDS, ...AREAS.map((area) => area.ids));
const BODIES: WalkArea['bodies'] = Object.assign({}, CORE_BODIES, ...AREAS.map((area) => area.bodies));
const EXPECTED: NonNullable<WalkArea['expected']> = Object.assign(
  {},
  CORE_EXPECTED,
  ...AREAS.map((area) => area.expected ?? {}),
);
const QUERIES: NonNullable<WalkArea['queries']> = Object.assign(
  {},
  ...AREAS.map((area) => area.queries ?? {}),
);
const MAY_SHOW: NonNullable<WalkArea['mayShow']> = Object.assign(
  {},
  ...AREAS.map((area) => area.mayShow ?? {}),
);
const REFUSES_A_IN_BODY = new Set<OperationName>([
  ...CORE_REFUSES_A_IN_BODY,
  ...AREAS.flatMap((area) => area.refusesAInBody ?? []),
]);

/** Strings that only organization A's data contains. */
const A_MARKERS = ['org-demo', 'Szélzsák', 'SZRE', 'user-pilot', 'user-student', 'pilot@demo.windsock.aero'];

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
  const role = await platform.invoke('createRole', {
    sub: subOf('admin@demo.windsock.aero'),
    body: { role_name: 'Csörlős', permissions: ['winch-management'] },
  });
  expect(role.status).toBe(200);
  a.roleId = role.body.role_id;
  const notifications = await platform.invoke('listNotifications', {
    sub: subOf('pilot@demo.windsock.aero'),
  });
  a.notificationId = notifications.body.items[0].id;
  for (const area of AREAS) await area.setup?.(platform);
});
afterAll(async () => {
  await platform?.close();
});

describe('tenant isolation over every route', () => {
  const rows = routeEntries.filter(([, route]) => route.guard.auth !== 'public');

  it.each(rows.map(([name, route]) => [name, route.method, route.path, route.body !== undefined] as const))(
    '%s (%s %s) keeps organization A out of reach of organization B',
    async (name, _method, path, needsBody) => {
      const params = pathParams(path);
      if (params.length > 0) expect(A_IDS[name], `${name}: add organization A's ids to A_IDS`).toBeDefined();
      if (needsBody) expect(BODIES[name], `${name}: add a valid body to BODIES`).toBeDefined();

      const { status, body } = await platform.invoke(name, {
        sub: B_ADMIN,
        params: A_IDS[name]?.(),
        body: needsBody ? bodyOf(BODIES[name]) : undefined,
        query: QUERIES[name],
      });

      const expected = EXPECTED[name];
      if (expected) {
        expect(expected, `${name} answered ${status}: ${JSON.stringify(body)}`).toContain(status);
      } else if (params.length > 0 || REFUSES_A_IN_BODY.has(name)) {
        expect([403, 404], `${name} answered ${status}`).toContain(status);
      } else {
        expect(status, `${name} answered ${status}: ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      const text = JSON.stringify(body ?? '');
      for (const marker of A_MARKERS.filter((m) => !MAY_SHOW[name]?.includes(m)))
        expect(text, `${name} leaked ${marker}`).not.toContain(marker);
    },
  );

  it("leaves organization A's own data as it was", async () => {
    const after = await platform.invoke('getOwnOrganization', { sub: subOf('admin@demo.windsock.aero') });

    expect(after.status).toBe(200);
    expect(after.body.organization_id).toBe('org-demo');
    expect(after.body.short_name).toBe('SZRE');
    expect(after.body.version).toBe(1);
  });
});

describeSharedMember(() => platform);

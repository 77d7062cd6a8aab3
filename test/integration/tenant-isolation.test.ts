import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationName, pathParams, routeEntries } from '../../contracts/routes.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

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

/** Ids of organization A's items, per operation and path parameter. */
const A_IDS: Partial<Record<OperationName, Record<string, string>>> = {};

/** A valid body per write operation (the ids inside point at organization A where there are any). */
const BODIES: Partial<Record<OperationName, unknown>> = {
  changeLanguage: { lang: 'de' },
  changeOrganization: { organization_id: 'org-demo' },
  updateOwnOrganization: {
    organization_name: 'Alpine Soaring Club',
    short_name: 'ASC',
    timezone: 'Europe/Vienna',
    version: 1,
  },
};

/** Operations whose purpose is to name another organization's item in the body: they must refuse. */
const REFUSES_A_IN_BODY = new Set<OperationName>(['changeOrganization']);

/** Strings that only organization A's data contains. */
const A_MARKERS = ['org-demo', 'Szélzsák', 'SZRE', 'user-pilot', 'user-student', 'pilot@demo.windsock.aero'];

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
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
        params: A_IDS[name],
        body: needsBody ? BODIES[name] : undefined,
      });

      if (params.length > 0 || REFUSES_A_IN_BODY.has(name)) {
        expect([403, 404], `${name} answered ${status}`).toContain(status);
      } else {
        expect(status, `${name} answered ${status}: ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      const text = JSON.stringify(body ?? '');
      for (const marker of A_MARKERS) expect(text, `${name} leaked ${marker}`).not.toContain(marker);
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

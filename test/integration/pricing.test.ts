import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Pricing and package choice (issue 17 §6): the demo club's admin sees the packages, its limits and
 * how many aircraft it keeps, asks for a larger package; the supervisors' organizations list shows
 * the request, and assigning the package (the existing subscription flow) answers it.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const SUPERVISOR = subOf('supervisor@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('choosing a package', () => {
  it('is asked by the admin and granted by a supervisor assigning it', async () => {
    const before = await platform.invoke('getPricing', { sub: ADMIN });
    expect(before.status).toBe(200);
    expect(before.body.packages.map((p: { package_id: string }) => p.package_id)).toEqual([
      'pkg-klub-s',
      'pkg-klub-m',
      'pkg-klub-l',
    ]);
    expect(before.body.current).toMatchObject({ plane_limit: 12, general_limit: 4, glider_limit: 8 });
    expect(before.body.usage.total).toBeGreaterThan(0);
    expect(before.body.request).toBeNull();

    const asked = await platform.invoke('requestPackage', {
      sub: ADMIN,
      body: { package_id: 'pkg-klub-l', note: 'Jövőre két új gép érkezik.' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.request).toMatchObject({
      package_id: 'pkg-klub-l',
      package_name: 'Klub L',
      requested_by_name: 'Kovács Péter',
    });

    const listed = await platform.invoke('listOrganizations', { sub: SUPERVISOR, query: { limit: '50' } });
    const demo = listed.body.items.find((o: { organization_id: string }) => o.organization_id === 'org-demo');
    expect(demo.package_requested).toBe('Klub L');

    const assigned = await platform.invoke('assignPackage', {
      sub: SUPERVISOR,
      params: { id: 'org-demo' },
      body: { package_id: 'pkg-klub-l', start_date: '2027-01-01' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const after = await platform.invoke('getPricing', { sub: ADMIN });
    expect(after.body.request).toBeNull();
    expect(after.body.current).toMatchObject({ package_name: 'Klub L', plane_limit: 30 });
  });

  it('refuses an unknown package, and is for admins only', async () => {
    const unknown = await platform.invoke('requestPackage', { sub: ADMIN, body: { package_id: 'pkg-nope' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ package_id: ['invalid_value'] });
    expect((await platform.invoke('getPricing', { sub: PILOT })).status).toBe(403);
    const withdrawn = await platform.invoke('withdrawPackageRequest', { sub: ADMIN });
    expect(withdrawn.body.request).toBeNull();
  });
});

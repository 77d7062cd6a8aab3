import { describe, expect, it } from 'vitest';
import { GUARD_ROLES } from '../../contracts/permissions.ts';
import { type AccessProfile, decideAccess } from '../../frontend/src/app/access.ts';
import { menuFor } from '../../frontend/src/app/menu.ts';
import { MENU_GROUPS, type PageDef, pages } from '../../frontend/src/app/pages.ts';

/** A signed-in member with the given roles, permissions, modules and aircraft. */
const member = (over: Partial<AccessProfile> = {}): AccessProfile => ({
  has_role: {},
  can: {},
  organization: { modules: [], planes: [] },
  ...over,
});

const page = (over: Partial<PageDef>): PageDef => ({
  path: 'x',
  layout: 'main',
  titleKey: 'title.x',
  helpPage: 'x',
  load: async () => ({ default: () => null }),
  ...over,
});

describe('page table', () => {
  it('gives every row a lazy load, a title and a help page', () => {
    for (const row of pages) {
      expect(typeof row.load, row.path).toBe('function');
      expect(row.titleKey, row.path).toMatch(/^(nav:)?title\./);
      expect(row.helpPage, row.path).not.toBe('');
    }
  });

  it('puts every non-public menu entry in a side menu group of spec §2', () => {
    const withMenu = pages.filter((row) => row.layout !== 'public' && row.menu);
    expect(withMenu.length).toBeGreaterThan(0);
    for (const row of withMenu) expect(MENU_GROUPS, row.path).toContain(row.menu?.group);
  });

  it('lists each path once, in react-router syntax without slashes at the ends', () => {
    const paths = pages.map((row) => row.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).not.toMatch(/^\/|\/$|\{/);
  });

  it('has the public screens of spec §2 and guards organization-edit with admin or organization_operator', () => {
    const byPath = new Map(pages.map((row) => [row.path, row]));
    for (const path of [
      'login',
      'login/:lang',
      'logout',
      'password-reminder',
      'reset-password/:token',
      'error/:message',
    ]) {
      expect(byPath.get(path)?.layout, path).toBe('public');
    }
    expect(byPath.get('')?.layout).toBe('main');
    expect(byPath.get('profile/organization-edit')?.roles).toEqual(['admin', 'organization_operator']);
  });
});

describe('decideAccess (spec §6)', () => {
  const privatePage = page({});

  it('sends a guest on a private page to login', () => {
    expect(decideAccess(privatePage, null)).toEqual({ outcome: 'login' });
  });

  it('lets a guest use public pages, guest-only or not', () => {
    expect(decideAccess(page({ layout: 'public', guestOnly: true }), null)).toEqual({ outcome: 'allow' });
    expect(decideAccess(page({ layout: 'public' }), null)).toEqual({ outcome: 'allow' });
  });

  it('sends a signed-in user away from a guest-only page, but not from other public pages', () => {
    expect(decideAccess(page({ layout: 'public', guestOnly: true }), member())).toEqual({ outcome: 'home' });
    expect(decideAccess(page({ layout: 'public' }), member())).toEqual({ outcome: 'allow' });
  });

  it('passes a role list when the user has any one of the roles', () => {
    const guarded = page({ roles: ['admin', 'organization_operator'] });
    expect(decideAccess(guarded, member({ has_role: { organization_operator: true } }))).toEqual({
      outcome: 'allow',
    });
    expect(
      decideAccess(guarded, member({ has_role: { admin: true, organization_operator: false } })),
    ).toEqual({
      outcome: 'allow',
    });
  });

  it('denies a role list when the user has none of the roles (false counts as not having it)', () => {
    const guarded = page({ roles: ['admin', 'organization_operator'] });
    expect(decideAccess(guarded, member({ has_role: { instructor: true, admin: false } }))).toEqual({
      outcome: 'denied',
    });
  });

  it('checks the permission', () => {
    const guarded = page({ permission: 'plane-list' });
    expect(decideAccess(guarded, member({ can: { 'plane-list': true } }))).toEqual({ outcome: 'allow' });
    expect(decideAccess(guarded, member({ can: { 'plane-edit': true } }))).toEqual({ outcome: 'denied' });
  });

  it('denies a page whose module is off, allows it when on', () => {
    const guarded = page({ module: 'reservation' });
    expect(decideAccess(guarded, member({ organization: { modules: ['quiz'], planes: [] } }))).toEqual({
      outcome: 'denied',
    });
    expect(decideAccess(guarded, member({ organization: null }))).toEqual({ outcome: 'denied' });
    expect(decideAccess(guarded, member({ organization: { modules: ['reservation'], planes: [] } }))).toEqual(
      {
        outcome: 'allow',
      },
    );
  });

  it('needs every stated condition: role and module', () => {
    const guarded = page({ roles: ['admin'], module: 'maintenance' });
    const admin = { has_role: { admin: true } };
    expect(
      decideAccess(guarded, member({ ...admin, organization: { modules: [], planes: [] } })).outcome,
    ).toBe('denied');
    expect(
      decideAccess(guarded, member({ ...admin, organization: { modules: ['maintenance'], planes: [] } }))
        .outcome,
    ).toBe('allow');
  });

  it('sends users without suitable aircraft to the matching error page', () => {
    const glider = { plane_category: 'plc_02', functional: true, rentable: false } as const;
    const rentableBroken = { plane_category: 'plc_01', functional: false, rentable: true } as const;
    const withPlanes = (planes: (typeof glider | typeof rentableBroken)[]) =>
      member({ organization: { modules: [], planes } });
    expect(decideAccess(page({ aircraft: 'plc_02' }), withPlanes([glider]))).toEqual({ outcome: 'allow' });
    expect(decideAccess(page({ aircraft: 'plc_01' }), withPlanes([glider]))).toEqual({
      outcome: 'error',
      message: 'no_aircraft_available',
    });
    expect(decideAccess(page({ aircraft: 'rentable' }), withPlanes([rentableBroken]))).toEqual({
      outcome: 'error',
      message: 'no_rentable_aircraft_available',
    });
  });
});

describe('side menu', () => {
  it('shows only what the guard lets through, groups in spec order', () => {
    const table = [
      page({ path: 'b', menu: { group: 'administration', label: 'b', order: 1 } }),
      page({ path: 'a', menu: { group: 'dashboard', label: 'a', order: 0 } }),
      page({ path: 'c', roles: ['supervisor'], menu: { group: 'supervisor', label: 'c', order: 0 } }),
      page({ path: 'd', module: 'quiz', menu: { group: 'exams', label: 'd', order: 0 } }),
      page({ path: 'login', layout: 'public', menu: { group: 'dashboard', label: 'l', order: 0 } }),
    ];
    const plain = menuFor(table, member());
    expect(plain.map((section) => section.group)).toEqual(['dashboard', 'administration']);
    expect(plain[0]?.items).toEqual([{ href: '/a/', labelKey: 'a' }]);

    const everything = menuFor(
      table,
      member({
        has_role: Object.fromEntries(GUARD_ROLES.map((role) => [role, true])),
        organization: { modules: ['quiz'], planes: [] },
      }),
    );
    expect(everything.map((section) => section.group)).toEqual([
      'dashboard',
      'exams',
      'administration',
      'supervisor',
    ]);
  });

  it('is empty for a guest', () => {
    expect(menuFor(pages, null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../contracts/domains.ts';
import { MODULES } from '../../contracts/modules.ts';
import { GUARD_ROLES, PERMISSIONS } from '../../contracts/permissions.ts';
import { operationsOf, pathParams, routeEntries, routeKey } from '../../contracts/routes.ts';

/** Routes anyone may call without signing in. Adding one here is a deliberate, reviewed act. */
const PUBLIC_OPERATIONS = new Set(['health', 'getHelp', 'getOpenApi', 'stripeWebhook', 'icalFeed']);

describe('the route table', () => {
  it('gives every route a guard, and only the listed ones are public', () => {
    for (const [name, route] of routeEntries) {
      expect(route.guard, name).toBeDefined();
      expect(['public', 'user'], name).toContain(route.guard.auth);
      if (route.guard.auth === 'public') expect(PUBLIC_OPERATIONS.has(name), `${name} is public`).toBe(true);
    }
  });

  it('names only known roles, permissions and modules in guards', () => {
    for (const [name, route] of routeEntries) {
      if (route.guard.auth !== 'user') continue;
      for (const role of route.guard.roles ?? []) expect(GUARD_ROLES, name).toContain(role);
      if (route.guard.permission) expect(PERMISSIONS, name).toContain(route.guard.permission);
      if (route.guard.module) expect(MODULES, name).toContain(route.guard.module);
    }
  });

  it('declares each method and path once, under /api, with a body schema only where a body is sent', () => {
    const keys = routeEntries.map(([, route]) => routeKey(route));
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, route] of routeEntries) {
      expect(route.path, name).toMatch(/^\/api\//);
      if (route.method === 'GET' || route.method === 'DELETE') expect('body' in route, name).toBe(false);
      for (const param of pathParams(route.path)) expect(param, name).toMatch(/^[a-z_]+$/);
    }
  });

  it('passes a raw body only to a public POST that has no body schema (a signed webhook)', () => {
    for (const [name, route] of routeEntries) {
      if (!route.rawBody) continue;
      expect(route.method, name).toBe('POST');
      expect(route.guard.auth, name).toBe('public');
      expect('body' in route, name).toBe(false);
    }
  });

  it('declares a schema for each path parameter, and none the path does not have', () => {
    for (const [name, route] of routeEntries) {
      const declared = Object.keys(route.params ?? {}).sort();
      expect(declared, name).toEqual([...pathParams(route.path)].sort());
    }
  });

  it('has an implementation for every operation of every domain', async () => {
    for (const domain of DOMAINS) {
      const operations = operationsOf(domain);
      if (operations.length === 0) continue;
      const { ops } = (await import(`../../functions/${domain}/ops.ts`)) as { ops: Record<string, unknown> };
      for (const [name] of operations) expect(typeof ops[name], `${domain}.${name}`).toBe('function');
      expect(Object.keys(ops).sort()).toEqual(operations.map(([name]) => name).sort());
    }
    // Loading every domain's ops (and what they import) takes seconds on a busy 2-core machine.
  }, 60_000);
});

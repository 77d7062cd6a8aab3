import { describe, expect, it } from 'vitest';
import type { Guard } from '../../contracts/routes.ts';
import type { Actor } from '../../functions/platform/auth/actor.ts';
import { checkGuard } from '../../functions/platform/auth/guard.ts';
import { HttpError } from '../../functions/platform/http/errors.ts';

const actor = (over: Partial<Actor> = {}): Actor => ({
  sub: 's',
  userId: 'u',
  userName: 'Pilot',
  email: 'p@example.org',
  lang: 'hu',
  isSupervisor: false,
  actingSupervisorId: null,
  privateProfile: null,
  organizationId: 'o',
  organization: null,
  memberships: [{ organizationId: 'o', roleIds: ['pilot'] }],
  roles: new Set(),
  roleNames: [],
  permissions: new Set(['plane-list']),
  modules: new Set(['glider']),
  ...over,
});

const outcome = (guard: Guard, who: Actor | null) => {
  try {
    checkGuard(guard, who);
    return 'pass';
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.code}` : 'crash';
  }
};

describe('route guards (spec §6)', () => {
  it.each([
    ['public route, anonymous', { auth: 'public' }, null, 'pass'],
    ['signed-in route, anonymous', { auth: 'user' }, null, '401 unauthorized'],
    ['signed-in route, member', { auth: 'user' }, actor(), 'pass'],
    [
      'role list is any-of: holds one',
      { auth: 'user', roles: ['admin', 'instructor'] },
      actor({ roles: new Set(['instructor']) }),
      'pass',
    ],
    [
      'role list is any-of: holds none',
      { auth: 'user', roles: ['admin', 'instructor'] },
      actor(),
      '403 missing_permissions',
    ],
    ['permission held', { auth: 'user', permission: 'plane-list' }, actor(), 'pass'],
    ['permission missing', { auth: 'user', permission: 'plane-create' }, actor(), '403 missing_permissions'],
    ['module on', { auth: 'user', module: 'glider' }, actor(), 'pass'],
    ['module off', { auth: 'user', module: 'quiz' }, actor(), '403 module_disabled'],
    [
      'module off wins over a held permission',
      { auth: 'user', module: 'quiz', permission: 'plane-list' },
      actor(),
      '403 module_disabled',
    ],
  ] as [string, Guard, Actor | null, string][])('%s', (_name, guard, who, expected) => {
    expect(outcome(guard, who)).toBe(expected);
  });
});

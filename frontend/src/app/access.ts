import type { Module } from '../../../contracts/modules.ts';
import type { GuardRole, Permission } from '../../../contracts/permissions.ts';
import type { ProfilePlaneLike } from './aircraft.ts';
import { hasAircraftFor } from './aircraft.ts';
import type { PageDef } from './pages.ts';

/** What the guard needs of the profile (a `Profile` fits). */
export interface AccessProfile {
  has_role: Partial<Record<GuardRole, boolean>>;
  can: Partial<Record<Permission, boolean>>;
  organization: { modules: readonly Module[]; planes: readonly ProfilePlaneLike[] } | null;
}

export type Access =
  | { outcome: 'allow' }
  /** Not signed in: to the login page, remembering the target. */
  | { outcome: 'login' }
  /** A guest-only page and a signed-in user: to `/`. */
  | { outcome: 'home' }
  /** Role, permission or module missing: 'missing_permissions' and to `/`. */
  | { outcome: 'denied' }
  /** No suitable aircraft: to the error page with this message. */
  | { outcome: 'error'; message: 'no_aircraft_available' | 'no_rentable_aircraft_available' };

type GuardedPage = Pick<PageDef, 'layout' | 'guestOnly' | 'roles' | 'permission' | 'module' | 'aircraft'>;

/** The guard of spec §6 as a pure decision; `profile` is null for a guest. */
export const decideAccess = (page: GuardedPage, profile: AccessProfile | null): Access => {
  if (page.layout === 'public') return page.guestOnly && profile ? { outcome: 'home' } : { outcome: 'allow' };
  if (!profile) return { outcome: 'login' };
  if (page.roles?.length && !page.roles.some((role) => profile.has_role[role] === true)) {
    return { outcome: 'denied' };
  }
  if (page.permission && profile.can[page.permission] !== true) return { outcome: 'denied' };
  if (page.module && !profile.organization?.modules.includes(page.module)) return { outcome: 'denied' };
  if (page.aircraft && !hasAircraftFor(page.aircraft, profile.organization?.planes ?? [])) {
    return {
      outcome: 'error',
      message: page.aircraft === 'rentable' ? 'no_rentable_aircraft_available' : 'no_aircraft_available',
    };
  }
  return { outcome: 'allow' };
};

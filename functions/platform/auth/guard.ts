import type { Guard } from '../../../contracts/routes.ts';
import { missingPermissions, moduleDisabled, unauthorized } from '../http/errors.ts';
import type { Actor } from './actor.ts';

/**
 * The route row's guard, applied before validation (spec §6): roles are any-of, the permission and
 * the module must all hold. Throws the error the API answers with; returns the actor when it passes.
 */
export function checkGuard(guard: Guard, actor: Actor | null): Actor | null {
  if (guard.auth === 'public') return actor;
  if (!actor) throw unauthorized();
  if (guard.module && !actor.modules.has(guard.module)) throw moduleDisabled();
  if (guard.roles && !guard.roles.some((r) => actor.roles.has(r))) throw missingPermissions();
  if (guard.permission && !actor.permissions.has(guard.permission)) throw missingPermissions();
  return actor;
}

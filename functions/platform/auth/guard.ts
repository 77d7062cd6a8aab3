import type { Guard } from '../../../contracts/routes.ts';
import { conflict, missingPermissions, moduleDisabled, unauthorized } from '../http/errors.ts';
import type { Actor } from './actor.ts';

/**
 * The route row's guard, applied before validation (spec §6): roles are any-of, the permission and
 * the module must all hold. Throws the error the API answers with; returns the actor when it passes.
 * `signedIn`: the request carries a verified token (with or without a person behind it).
 */
export function checkGuard(guard: Guard, actor: Actor | null, signedIn = actor !== null): Actor | null {
  if (guard.auth === 'public') return actor;
  // Registration: a verified token, and no person behind it yet (a second registration is a 409).
  if (guard.registration) {
    if (!signedIn) throw unauthorized();
    if (actor) throw conflict();
    return null;
  }
  if (!actor) throw unauthorized();
  if (guard.module && !actor.modules.has(guard.module)) throw moduleDisabled();
  if (guard.roles && !guard.roles.some((r) => actor.roles.has(r))) throw missingPermissions();
  if (guard.permission && !actor.permissions.has(guard.permission)) throw missingPermissions();
  return actor;
}

import { type OperationName, routes } from '../../../contracts/routes.ts';
import { HttpError } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { checkGuard } from './guard.ts';

/**
 * Whether the actor passes the route guard of `operation` (issue 12 §5): the capability flags an
 * API output carries (`can_edit`, `can_close`, …) start from the very check the route makes, so a
 * page that shows a button by the flag never offers what the API then refuses. A service adds its
 * record's own conditions (open, not locked, own organization) on top.
 */
export function mayCall(operation: OperationName, actor: Actor | null): boolean {
  try {
    checkGuard(routes[operation].guard, actor);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

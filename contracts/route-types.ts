import type * as z from 'zod/mini';
import type { Domain } from './domains.ts';
import type { Module } from './modules.ts';
import type { GuardRole, Permission } from './permissions.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public` needs no sign-in; every other guard needs a signed-in user and
 * passes when every stated condition holds: any one of `roles`, the `permission`, the `module`
 * switched on for the user's organization. `{ auth: 'user' }` alone is a deliberate "any member".
 */
export type Guard =
  | { auth: 'public' }
  | {
      auth: 'user';
      roles?: readonly GuardRole[];
      permission?: Permission;
      module?: Module;
      registration?: never;
    }
  /**
   * Registration: a verified token whose Cognito `sub` has no person yet. The operation gets
   * `actor: null` and the token; a `sub` that already has a person answers 409 `conflict`.
   */
  | { auth: 'user'; registration: true; roles?: never; permission?: never; module?: never };

type Schema = z.ZodMiniType;

export interface RouteDef {
  method: Method;
  /** API Gateway syntax, e.g. `/api/profile/notification/{id}`. */
  path: string;
  /**
   * One schema per `{name}` of the path, and no other (a unit test holds them together). The router
   * checks the decoded values before the operation: 422 with the parameter's message key.
   */
  params?: Readonly<Record<string, Schema>>;
  domain: Domain;
  guard: Guard;
  /** JSON body (POST/PUT/PATCH). */
  body?: Schema;
  /**
   * The body is handed to the operation as it came, unparsed, with the request's headers (a
   * webhook verifies its sender's signature on the exact bytes: issue 14 §8). Only for a public
   * POST without a `body` schema; the router, the local gateway and API Gateway pass it through.
   */
  rawBody?: true;
  /** Query string parameters. */
  query?: Schema;
  /**
   * The 200 body is the operation's string in this media type instead of JSON (an iCalendar feed);
   * errors stay JSON.
   */
  media?: 'text/calendar';
  output: Schema;
}

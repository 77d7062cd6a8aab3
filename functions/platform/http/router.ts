import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from 'zod/mini';
import type { Domain } from '../../../contracts/domains.ts';
import type { ErrorBody } from '../../../contracts/errors.ts';
import {
  type BodyOf,
  type OperationName,
  type OutputOf,
  operationsOf,
  type ParamsOf,
  type QueryOf,
  type RouteDef,
  type Routes,
  routeKey,
} from '../../../contracts/routes.ts';
import { fieldErrors } from '../../../contracts/validation.ts';
import { type Actor, resolveActorBySub } from '../auth/actor.ts';
import { checkGuard } from '../auth/guard.ts';
import { logger } from '../log/logger.ts';
import { type CursorScope, openCursor, sealCursor } from './cursor.ts';
import { HttpError, notFound, validationFailed } from './errors.ts';

type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type HttpResult = APIGatewayProxyStructuredResultV2;

type ActorFor<N extends OperationName> = Routes[N]['guard'] extends { registration: true }
  ? null
  : Routes[N]['guard'] extends { auth: 'public' }
    ? Actor | null
    : Actor;

/** The caller's access token, already verified by API Gateway's JWT authorizer (the local gateway alike). */
export interface CallerToken {
  sub: string;
  /** Cognito's `username` claim: in a pool with e-mail sign-in it is an id, not the e-mail. */
  username: string | null;
  /** The bearer token itself, for calls made on the user's behalf (Cognito GetUser at registration). */
  raw: string | null;
}

/** What an operation receives: input already parsed by the route's schemas. */
interface OpRequest<N extends OperationName> {
  actor: ActorFor<N>;
  /** Null for an anonymous request. */
  token: CallerToken | null;
  body: BodyOf<N>;
  query: QueryOf<N>;
  /** Decoded and parsed by the row's `params` schemas. */
  params: ParamsOf<N>;
  requestId: string;
  /**
   * Milliseconds left before the Lambda is stopped (Infinity where no limit is known): a long write
   * (a data import) stops in time and says how far it got, instead of being cut off mid-answer.
   */
  remainingMs: () => number;
  /** A `rawBody` row's request as it came: the body's exact text and the (lower-case) headers. */
  raw: Routes[N] extends { rawBody: true } ? RawRequest : undefined;
}

export interface RawRequest {
  body: string;
  headers: Readonly<Record<string, string>>;
}

/** An operation returns plain data; errors are thrown as HttpError (docs/ARCHITECTURE.md "Errors"). */
type Op<N extends OperationName> = (request: OpRequest<N>) => Promise<OutputOf<N>> | OutputOf<N>;

/** Every operation of a domain: its handler's `ops`. */
export type DomainOps<D extends Domain> = {
  [N in OperationName as Routes[N]['domain'] extends D ? N : never]: Op<N>;
};

/**
 * The operations of one file of route rows (`OpsFor<typeof peopleRoutes>`): an ops file is typed
 * from the rows it serves, so a row without its operation, or an operation without a row, fails
 * to compile. A domain's `ops` spreads its files' objects into `DomainOps<domain>`.
 */
export type OpsFor<R> = { [N in keyof R & OperationName]: Op<N> };

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

/** The one place errors become responses: client errors as they are, the rest hidden. */
const errorResponse = (error: unknown, requestId: string): HttpResult => {
  if (error instanceof HttpError) {
    const body: ErrorBody = error.errors ? { code: error.code, errors: error.errors } : { code: error.code };
    if (error.status >= 500) logger.error('request failed', { requestId, code: error.code });
    return json(error.status, body);
  }
  const name = error instanceof Error ? error.name : typeof error;
  logger.error('unexpected error', {
    requestId,
    error: name,
    reason: error instanceof Error ? error.message : '',
  });
  return json(500, { code: 'server_error' } satisfies ErrorBody);
};

/** Keys no input may carry: they reach an object's prototype once someone spreads or assigns it. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Far deeper than any form nests (a type list: 4); a deeper body is refused before any schema walks it. */
const MAX_DEPTH = 32;

const pathOf = (parent: string, key: string | number) => (parent ? `${parent}.${key}` : String(key));

/**
 * Walks parsed JSON without recursion (10 000 nested arrays cannot overflow the stack): too deep a
 * body or a forbidden key is a 422 on where it was found.
 */
const refuseHostileShape = (value: unknown) => {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_DEPTH) throw validationFailed({ [path || '_']: ['invalid_body'] });
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        stack.push([item, pathOf(path, index), depth + 1]);
      });
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (FORBIDDEN_KEYS.has(key)) throw validationFailed({ [pathOf(path, key)]: ['unknown_field'] });
      stack.push([item, pathOf(path, key), depth + 1]);
    }
  }
};

/** The JSON body of a route that takes one: an object (every body schema is one), or a 422. */
const parseBody = (event: HttpEvent): unknown => {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationFailed({ _: ['invalid_body'] });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw validationFailed({ _: ['invalid_body'] });
  refuseHostileShape(body);
  return body;
};

/**
 * Path parameters, percent-decoded. A malformed escape (`%`, `%E0%A4%A`) is the caller's mistake.
 * API Gateway may hand them over decoded already; decoding a valid value twice changes nothing the
 * schemas accept (ids, dates and names hold no `%`).
 */
const decodeParams = (event: HttpEvent): Record<string, string> => {
  const params: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(event.pathParameters ?? {})) {
    if (value === undefined) continue;
    try {
      params[key] = decodeURIComponent(value);
    } catch {
      errors[key] = ['invalid_value'];
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return params;
};

const parseWith = (schema: RouteDef['body'], input: unknown): Record<string, unknown> | undefined => {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues));
  return result.data as Record<string, unknown>;
};

/** What binds a cursor besides its caller: the input without the cursor itself and the page size. */
const pagingInput = (input: Record<string, unknown> | undefined) => {
  if (!input) return null;
  const { cursor: _cursor, limit: _limit, ...rest } = input;
  return rest;
};

/** A cursor sent back is opened (or refused) before the operation sees it: it gets the store's own. */
const openCursorIn = (input: Record<string, unknown> | undefined, scope: CursorScope) => {
  if (typeof input?.cursor !== 'string') return input;
  const inner = openCursor(input.cursor, scope);
  if (inner === null) throw validationFailed({ cursor: ['invalid_value'] });
  return { ...input, cursor: inner };
};

/** The body exactly as sent (API Gateway base64-encodes what it takes for binary) and the headers. */
const rawRequestOf = (event: HttpEvent): RawRequest => ({
  body: event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '',
  headers: Object.fromEntries(
    Object.entries(event.headers ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name.toLowerCase(), value]],
    ),
  ),
});

const callerToken = (event: HttpEvent): CallerToken | null => {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const raw = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1] ?? null;
  return { sub, username: typeof claims?.username === 'string' ? claims.username : null, raw };
};

/**
 * A domain's Lambda handler: looks the request's route key up in the route table, applies the
 * row's guard and schemas, and calls the domain's operation. One middy chain for every domain:
 * header normalizer → actor → guard → path parameters, body, query (zod) → the cursor opened →
 * operation → the cursor of its page sealed → one error mapper.
 */
export function createDomainHandler<D extends Domain>(domain: D, ops: DomainOps<D>) {
  const table = new Map<
    string,
    { name: OperationName; route: RouteDef; op: Op<OperationName>; params?: z.ZodMiniType }
  >();
  const byName = ops as unknown as Record<string, Op<OperationName>>;
  for (const [name, route] of operationsOf(domain)) {
    const op = byName[name];
    if (!op) throw new Error(`Operation ${name} of ${domain} has no implementation`);
    const params = route.params ? z.object({ ...route.params }) : undefined;
    table.set(routeKey(route), { name, route, op, params });
  }

  const dispatch = async (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const requestId = context.awsRequestId ?? event.requestContext.requestId;
    try {
      const entry = table.get(event.routeKey);
      if (!entry) throw notFound();
      const { route, op, name } = entry;
      const token = callerToken(event);
      const actor = checkGuard(
        route.guard,
        token ? await resolveActorBySub(token.sub) : null,
        token !== null,
      );
      const params = parseWith(entry.params, decodeParams(event)) ?? {};
      const body = route.body ? parseWith(route.body, parseBody(event)) : undefined;
      const rawRequest = route.rawBody ? rawRequestOf(event) : undefined;
      let query: Record<string, unknown> | undefined;
      if (route.query) {
        const raw = event.queryStringParameters ?? {};
        refuseHostileShape(raw);
        query = parseWith(route.query, raw);
      }
      const scope: CursorScope = {
        sub: token?.sub ?? null,
        userId: actor?.userId ?? null,
        organizationId: actor?.organizationId ?? null,
        operation: name,
        params,
        input: { query: pagingInput(query), body: pagingInput(body) },
      };
      logger.debug('operation', { requestId, operation: name, userId: actor?.userId });
      const result: unknown = await op({
        actor,
        token,
        body: openCursorIn(body, scope),
        query: openCursorIn(query, scope),
        params,
        requestId,
        remainingMs:
          typeof context.getRemainingTimeInMillis === 'function'
            ? () => context.getRemainingTimeInMillis()
            : () => Number.POSITIVE_INFINITY,
        raw: rawRequest,
      } as OpRequest<OperationName>);
      if (result === undefined || result === null) return { statusCode: 204 };
      if (route.media && typeof result === 'string')
        return {
          statusCode: 200,
          headers: { 'content-type': `${route.media}; charset=utf-8`, 'cache-control': 'no-store' },
          body: result,
        };
      const page = result as { cursor?: unknown };
      return json(
        200,
        typeof page.cursor === 'string' ? { ...page, cursor: sealCursor(page.cursor, scope) } : result,
      );
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };

  return middy<HttpEvent, HttpResult>().use(httpHeaderNormalizer()).handler(dispatch);
}

import * as z from 'zod/mini';
import type { ErrorBody } from '../../../contracts/errors.ts';
import type {
  BodyOf,
  OperationName,
  OutputOf,
  ParamsInputOf,
  QueryOf,
  RouteDef,
  Routes,
} from '../../../contracts/routes.ts';
import { accessToken } from './auth.ts';
import { config } from './config.ts';
import { flash } from './flash.ts';
import { startLoading } from './loading.ts';
import { loginPathFor, navigateTo, rememberReturnTo } from './navigation.ts';
import { endSession } from './session-state.ts';

/** A failed call. `handled`: the client already told the user (flash, logout) — do not tell again. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly handled: boolean;
  constructor(status: number, code: string, handled: boolean, options?: ErrorOptions) {
    super(code, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.handled = handled;
  }
}

/** Spec §8 status 422: per-field message keys for the form (`{ short_name: ['too_long'] }`). */
export class FieldErrors extends ApiError {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super(422, 'validation_failed', false);
    this.name = 'FieldErrors';
    this.errors = errors;
  }
}

/** The row's path parameters, typed by its `params` schemas (`kind: 'glider' | 'general'`). */
type ParamsOption<N extends OperationName> = [keyof ParamsInputOf<N>] extends [never]
  ? { params?: undefined }
  : { params: ParamsInputOf<N> };
type BodyOption<B> = [B] extends [undefined] ? { body?: undefined } : { body: B };
type QueryOption<Q> = [Q] extends [undefined] ? { query?: undefined } : { query?: Q };

type CallOptions<N extends OperationName> = ParamsOption<N> & BodyOption<BodyOf<N>> & QueryOption<QueryOf<N>>;
// Options may be left out only when nothing in them is required.
type CallArgs<N extends OperationName> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

const buildPath = (path: string, params: Record<string, string | number> = {}) =>
  path
    .replace(/\/\{(\w+)\?\}/g, (_, name: string) =>
      params[name] === undefined ? '' : `/${encodeURIComponent(params[name])}`,
    )
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
      return encodeURIComponent(value);
    });

const buildQuery = (query: object | undefined) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/**
 * The route table comes with every domain's schemas: it loads with the first call, so the sign-in
 * screen and the app's frame paint without it.
 */
let routeTable: Promise<Routes> | undefined;
const routeOf = async (operation: OperationName): Promise<RouteDef> => {
  routeTable ??= import('../../../contracts/routes.ts').then((module) => module.routes);
  try {
    return (await routeTable)[operation];
  } catch (error) {
    // Offline before the first call: the next call tries again.
    routeTable = undefined;
    flash('error', 'network_error');
    throw new ApiError(0, 'network_error', true, { cause: error });
  }
};

/** Spec §7: the session check is not a user action and stays out of the loading indicator. */
const isSessionCheck = (route: RouteDef) => route.method === 'POST' && route.path === '/api/check';

const readErrorBody = async (response: Response): Promise<Partial<ErrorBody> & { error?: unknown }> => {
  try {
    return (await response.json()) as Partial<ErrorBody>;
  } catch {
    return {};
  }
};

/** Spec §8, in one place: what each failure does before the caller sees it. */
const failure = async (response: Response): Promise<ApiError> => {
  const body = await readErrorBody(response);
  const status = response.status;
  if (status === 422) return new FieldErrors(body.errors ?? {});
  if (status === 401 || status === 419) {
    const { pathname, search } = window.location;
    await endSession('expired');
    rememberReturnTo(pathname + search);
    flash('error', 'unauthorized');
    navigateTo(loginPathFor(pathname), { replace: true });
    return new ApiError(status, 'unauthorized', true);
  }
  if (status === 403) {
    const code =
      body.code === 'invalid_credentials' || body.error === 'invalid_credentials'
        ? 'invalid_credentials'
        : 'missing_permissions';
    flash('error', code);
    return new ApiError(status, code, true);
  }
  if (status >= 500) {
    flash('error', 'server_error');
    return new ApiError(status, 'server_error', true);
  }
  // 404, 409 and domain codes (plane_limit_reached): the screen knows what they mean.
  return new ApiError(status, typeof body.code === 'string' ? body.code : 'unknown_error', false);
};

/**
 * Calls one API operation of `contracts/routes.ts`: method and path come from the route table, the
 * body and the result are typed by its schemas, the Cognito access token goes with every request.
 */
export async function call<N extends OperationName>(
  operation: N,
  ...[options]: CallArgs<N>
): Promise<OutputOf<N>> {
  const route = await routeOf(operation);
  const opts = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  };
  const url = config().apiBase + buildPath(route.path, opts.params) + buildQuery(opts.query);
  const done = isSessionCheck(route) ? () => {} : startLoading();
  try {
    const token = await accessToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers,
        credentials: 'include',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch (error) {
      flash('error', 'network_error');
      throw new ApiError(0, 'network_error', true, { cause: error });
    }
    if (!response.ok) throw await failure(response);
    const data: unknown = response.status === 204 ? undefined : await response.json();
    if (import.meta.env.DEV) {
      // Contract drift shows up in the console during development; production trusts the server.
      const parsed = z.safeParse(route.output, data);
      if (!parsed.success) {
        const where = parsed.error.issues
          .map((issue) => `${issue.path.join('.')} (${issue.code})`)
          .join(', ');
        console.warn(`[api] ${operation}: response does not match the contract at ${where}`);
      }
    }
    return data as OutputOf<N>;
  } finally {
    done();
  }
}

/** For a screen's catch: flashes what the client has not already shown, under the error's code. */
export const reportFailure = (error: unknown) => {
  if (error instanceof ApiError) {
    if (!error.handled) flash('error', error.code);
    return;
  }
  console.error(error);
  flash('error', 'unknown_error');
};

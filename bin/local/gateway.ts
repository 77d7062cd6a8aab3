import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { Domain } from '../../contracts/domains.ts';
import { pathParams, type RouteDef, routeEntries, routeKey } from '../../contracts/routes.ts';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

type VerifyToken = (token: string) => Promise<Record<string, unknown> | null>;

interface CompiledRoute {
  key: string;
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

/** `/api/x/{id}` → a regex matching one path segment per parameter (`{proxy+}` is not used). */
const compile = (route: RouteDef): CompiledRoute => {
  const source = route.path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    key: routeKey(route),
    route,
    pattern: new RegExp(`^${source}/?$`),
    params: pathParams(route.path),
  };
};

const MAX_BODY = 6 * 1024 * 1024; // Lambda's synchronous payload limit

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('payload too large'), { status: 413 }));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * The local API Gateway: serves every row of the route table by calling the real domain handler
 * modules with HTTP API v2 events, checks the JWT as the API Gateway JWT authorizer would (401
 * `{"message":"Unauthorized"}` before the Lambda runs), and answers CORS preflights.
 */
export function createGateway(options: {
  verifyToken: VerifyToken;
  loadHandler?: (domain: Domain) => Promise<Handler>;
  allowedOrigins?: string[];
}) {
  const routes = routeEntries.map(([, route]) => compile(route));
  const handlers = new Map<Domain, Promise<Handler>>();
  const loadHandler =
    options.loadHandler ??
    (async (domain: Domain) => {
      const module = (await import(`../../functions/${domain}/handler.ts`)) as { handler: Handler };
      return module.handler;
    });
  const handlerFor = (domain: Domain) => {
    let handler = handlers.get(domain);
    if (!handler) {
      handler = loadHandler(domain);
      handlers.set(domain, handler);
    }
    return handler;
  };

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !(options.allowedOrigins ?? []).includes(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization,content-type,x-requested-with',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      'access-control-max-age': '600',
      vary: 'origin',
    };
  };

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const cors = corsHeaders(req);

    if (method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }

    let matched: { compiled: CompiledRoute; values: string[] } | undefined;
    let pathMatched = false;
    for (const compiled of routes) {
      const match = compiled.pattern.exec(url.pathname);
      if (!match) continue;
      pathMatched = true;
      if (compiled.route.method === method) {
        matched = { compiled, values: match.slice(1) };
        break;
      }
    }
    if (!matched) {
      send(res, pathMatched ? 405 : 404, { message: pathMatched ? 'Method Not Allowed' : 'Not Found' }, cors);
      return;
    }

    const { compiled, values } = matched;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }

    const token = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
    const claims = token ? await options.verifyToken(token) : null;
    if (!claims && compiled.route.guard.auth !== 'public') {
      send(res, 401, { message: 'Unauthorized' }, cors);
      return;
    }

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      send(res, 413, { message: 'Request Entity Too Large' }, cors);
      return;
    }

    const requestId = randomUUID();
    const event = httpApiEvent({
      routeKey: compiled.key,
      method,
      url,
      headers,
      pathParameters: Object.fromEntries(compiled.params.map((name, i) => [name, values[i] ?? ''])),
      body: body.length ? body.toString('utf8') : undefined,
      claims,
      requestId,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    });
    // The deployed functions' limit (lib/constructs/domain-function.ts: 10 s), counting down as in Lambda.
    const stopsAt = Date.now() + 10_000;
    const context = {
      awsRequestId: requestId,
      functionName: `windsock-${compiled.route.domain}`,
      getRemainingTimeInMillis: () => Math.max(0, stopsAt - Date.now()),
    } as Context;

    try {
      const handler = await handlerFor(compiled.route.domain);
      const result = await handler(event, context);
      const resultHeaders: Record<string, string> = { ...cors };
      for (const [name, value] of Object.entries(result.headers ?? {})) resultHeaders[name] = String(value);
      res.writeHead(result.statusCode ?? 200, resultHeaders);
      res.end(
        result.body && result.isBase64Encoded ? Buffer.from(result.body, 'base64') : (result.body ?? ''),
      );
    } catch (error) {
      // A handler that throws is what API Gateway answers with 500 "Internal Server Error".
      console.error(`[gateway] ${compiled.key} failed:`, error instanceof Error ? error.message : error);
      send(res, 500, { message: 'Internal Server Error' }, cors);
    }
  };
}

/** An HTTP API v2 event as API Gateway hands it to a Lambda behind a JWT authorizer. */
export function httpApiEvent(input: {
  routeKey: string;
  method: string;
  url: URL;
  headers: Record<string, string>;
  pathParameters?: Record<string, string>;
  body?: string;
  claims: Record<string, unknown> | null;
  requestId?: string;
  sourceIp?: string;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const query: Record<string, string> = {};
  for (const [key, value] of input.url.searchParams)
    query[key] = query[key] ? `${query[key]},${value}` : value;
  const now = Date.now();
  const requestId = input.requestId ?? randomUUID();
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.url.pathname,
    rawQueryString: input.url.search.slice(1),
    headers: input.headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters:
      input.pathParameters && Object.keys(input.pathParameters).length ? input.pathParameters : undefined,
    body: input.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: input.headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: input.method,
        path: input.url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: input.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: input.routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: (input.claims ?? {}) as Record<string, string>, scopes: [] },
      },
    },
  };
}

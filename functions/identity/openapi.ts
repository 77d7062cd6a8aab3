import * as z from 'zod/mini';
import { ERROR_STATUS } from '../../contracts/errors.ts';
import { type OperationName, pathParams, type RouteDef, routeEntries } from '../../contracts/routes.ts';
import { cursor, entityId, isoDate, isoInstant } from '../../contracts/validation.ts';

/**
 * The API as an OpenAPI 3.1 document (issue 17 §7, "an open door for other software"), generated
 * from the route table and its zod schemas — the same rows the gateway, the Lambdas and the browser
 * use, so it cannot describe another API than the one that answers. Served at /api/openapi.json.
 *
 * Each operation carries an example of its body (and path parameters) that its own schema accepts;
 * the guard becomes the security requirement and an `x-windsock-guard` extension (roles,
 * permission, module); every error answer is the one error body of DESIGN §3.
 */

type JsonSchema = Record<string, unknown>;

const KNOWN_FORMATS = new Map<unknown, JsonSchema>([
  [isoDate, { format: 'date', description: 'yyyy-mm-dd, a real day (1900–2199)' }],
  [isoInstant, { format: 'date-time', description: 'ISO 8601 instant; answered in UTC' }],
  [entityId, { description: 'An id: letters, digits, - and _' }],
  [cursor, { description: 'The opaque cursor a list answered with, to read its next page' }],
]);

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io,
    override: (ctx) => {
      const known = KNOWN_FORMATS.get(ctx.zodSchema);
      if (known) Object.assign(ctx.jsonSchema, known);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
};

// ---- examples ---------------------------------------------------------------------------------

/** Realistic values for fields by name (the demo club at Dunakeszi), before any generic guess. */
const BY_NAME: Record<string, unknown> = {
  email: 'pilot@demo.windsock.aero',
  lang: 'hu',
  timezone: 'Europe/Budapest',
  currency_id: 'HUF',
  reg_num: 'HA-4012',
  icao: 'LHDK',
  base_airport: 'LHDK',
  country: 'HU',
  first_name: 'Anna',
  last_name: 'Molnár',
  subject: 'Pályazárás szombaton',
  body: 'Szombaton 14 órától a pálya zárva, a csörlős indítás szünetel.',
  text: 'Holnap 9-kor eligazítás a hangárban.',
  name: 'medical.pdf',
  content_type: 'application/pdf',
  document_type_id: 'medical',
  organization_name: 'Szélzsák Repülő Egyesület',
  short_name: 'SZRE',
  description: 'A kabintető reteszének csapja nem akad be.',
  time: '10:00',
  takeoff_time: '2026-06-15T10:00:00.000Z',
  landing_time: '2026-06-15T11:10:00.000Z',
  // A browser-made time-ordered id (contracts/ids.ts), a schedule's month, the web app's origin.
  client_id: 'mfz3k2q1a0123456789',
  period: '2026-06',
  return_origin: 'https://app.windsock.aero',
  amount: 1500000,
  // A reservation's local start and end (quarter hours, the end after the start).
  start_date: '2026-06-15',
  start_time: '10:00',
  end_date: '2026-06-15',
  end_time: '12:30',
};

const STRING_GUESSES = [
  'Windsock',
  'HA-4012',
  '10:00',
  'LHDK',
  'medical.pdf',
  'application/pdf',
  'photo.jpg',
  'image/jpeg',
  'dashboard',
  'medical',
  'x',
  '1',
  'text/csv',
  // An iCalendar feed's secret (32 random bytes, base64url).
  'Gch1P3z6AltDCbRaP3OdaYyzhG_eRZ447Ojs0K8euEU',
];
/** What a field refused as guessed is tried with next, one field at a time. */
const REPAIRS: unknown[] = [
  ...STRING_GUESSES,
  '2026-06-15',
  '2026-12-31',
  '2026-06-15T10:00:00.000Z',
  true,
  false,
  1,
  100,
  [],
  {},
];

function exampleOfJson(schema: JsonSchema, name: string, depth = 0): unknown {
  if (depth > 12) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) {
    const concrete = options.find((o) => o.type !== 'null');
    return concrete ? exampleOfJson(concrete, name, depth + 1) : null;
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        const value = exampleOfJson(inner, key, depth + 1);
        if (value !== undefined && key !== 'cursor') out[key] = value;
      }
      // A record keyed by an enum (texts per language): one entry under its first key.
      const names = schema.propertyNames as JsonSchema | undefined;
      const values = schema.additionalProperties as JsonSchema | boolean | undefined;
      if (!schema.properties && Array.isArray(names?.enum) && values && typeof values === 'object') {
        const value = exampleOfJson(values, String(names.enum[0]), depth + 1);
        if (value !== undefined) out[String(names.enum[0])] = value;
      }
      return out;
    }
    case 'array': {
      const one = name.replace(/_ids$/, '_id');
      const item = schema.items ? exampleOfJson(schema.items as JsonSchema, one, depth + 1) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'boolean':
      return false;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
      return name === 'version' ? 1 : Math.min(Math.max(min, 1), max);
    }
    case 'string': {
      if (name in BY_NAME) return BY_NAME[name];
      if (schema.format === 'date') return '2026-06-15';
      if (schema.format === 'date-time') return '2026-06-15T10:00:00.000Z';
      if (name === 'id' || name.endsWith('_id')) return `${name.replace(/_id$/, '') || 'item'}-1`;
      return STRING_GUESSES[0];
    }
    default:
      return undefined;
  }
}

/**
 * An example the schema itself accepts, or none: a value of the JSON Schema's shape, repaired field
 * by field where the schema's own rules (patterns, refinements) refuse a guess.
 */
export function exampleOf(schema: z.ZodMiniType, json: JsonSchema): unknown {
  const first = exampleOfJson(json, '');
  if (schema.safeParse(first).success) return first;
  if (first === null || typeof first !== 'object' || Array.isArray(first))
    return REPAIRS.find((guess) => schema.safeParse(guess).success);
  const value = { ...(first as Record<string, unknown>) };
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const failing = (candidate: Record<string, unknown>) => {
    const result = schema.safeParse(candidate);
    return new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0] ?? '')));
  };
  for (let round = 0; round < 3; round++) {
    const keys = failing(value);
    if (keys.size === 0) return value;
    for (const key of keys) {
      if (!(key in properties)) continue;
      const required = ((json.required ?? []) as string[]).includes(key);
      const fixed = REPAIRS.find((guess) => !failing({ ...value, [key]: guess }).has(key));
      if (fixed !== undefined) value[key] = fixed;
      else if (!required) delete value[key];
    }
  }
  return schema.safeParse(value).success ? value : undefined;
}

// ---- the document --------------------------------------------------------------------------------

const errorBody: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    errors: {
      type: 'object',
      description: '422 only: field path → i18n message keys (`field_required`, `date_format`, …)',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['code'],
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const TAGS: Record<string, string> = {
  identity: 'Profile, notifications, lookups and help',
  organizations: 'Organizations, members, roles, subscriptions',
  aircraft: 'Aircraft, components, maintenance, faults',
  flights: 'Flights, the daily sheet, logbooks',
  tracking: 'OGN/FLARM tracking',
  documents: 'Documents with expiry',
  messages: 'Messages and the message center',
  finance: 'Finance',
  operations: 'Operations',
  training: 'Training and exams',
};

export function operationOf(name: OperationName, route: RouteDef) {
  const guard = route.guard;
  const params = pathParams(route.path).map((param) => {
    const schema = route.params?.[param];
    const json = schema ? toSchema(schema, 'input') : { type: 'string' };
    return {
      name: param,
      in: 'path',
      required: true,
      schema: json,
      ...(schema ? { example: exampleOf(schema, json) } : {}),
    };
  });
  const query = route.query ? toSchema(route.query, 'input') : null;
  const queryParams = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(
    ([key, schema]) => ({
      name: key,
      in: 'query',
      required: ((query?.required ?? []) as string[]).includes(key),
      schema,
    }),
  );
  const body = route.body ? toSchema(route.body, 'input') : null;
  const output = toSchema(route.output, 'output');
  const noContent = output.type === 'null';
  const errors: Record<string, unknown> = {
    '422': errorResponse('Bad input: `validation_failed` with `errors` per field'),
    '409': errorResponse(
      'A lost race (`conflict`) or a rule of the domain (`not_editable`, `plane_limit_reached`, …)',
    ),
    '404': errorResponse('`not_found`: not there, or not the caller’s organization’s'),
  };
  if (guard.auth !== 'public') {
    errors['401'] = errorResponse('`unauthorized`: no valid access token');
    errors['403'] = errorResponse('`missing_permissions` or `module_disabled`');
  }
  return {
    operationId: name,
    tags: [route.domain],
    summary: name.replace(/([A-Z])/g, ' $1').toLowerCase(),
    security: guard.auth === 'public' ? [] : [{ cognito: [] }],
    'x-windsock-guard':
      guard.auth === 'public'
        ? { auth: 'public' }
        : {
            auth: 'user',
            ...('roles' in guard && guard.roles ? { roles: [...guard.roles] } : {}),
            ...('permission' in guard && guard.permission ? { permission: guard.permission } : {}),
            ...('module' in guard && guard.module ? { module: guard.module } : {}),
            ...('registration' in guard && guard.registration ? { registration: true } : {}),
          },
    parameters: [...params, ...queryParams],
    ...(body && route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: body, example: exampleOf(route.body, body) } },
          },
        }
      : {}),
    responses: {
      ...(noContent
        ? { '204': { description: 'Done; no body' } }
        : {
            '200': {
              description: 'OK',
              content: { [route.media ?? 'application/json']: { schema: output } },
            },
          }),
      ...errors,
      '500': errorResponse('`server_error`, without detail'),
    },
  };
}

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, ReturnType<typeof operationOf>>>;
  components: Record<string, unknown>;
};

let built: OpenApiDocument | undefined;

/** The document, built once per container from the route table. */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const paths: OpenApiDocument['paths'] = {};
  const domains = new Set<string>();
  for (const [name, route] of routeEntries) {
    // OpenAPI has no optional path segments; the route table has none either (a unit test holds it).
    const path = route.path.replace(/\{(\w+)\?\}/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(name, route);
    domains.add(route.domain);
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Windsock API',
      version: '1',
      description:
        'The API of Windsock, for aviation clubs and pilots. Every call but the public ones needs a Cognito access token (Bearer). Lists answer `{items, cursor}`: send the cursor back for the next page. Errors answer `{code, errors?}` with i18n keys.',
    },
    servers: [{ url: '/' }],
    tags: [...domains].sort().map((domain) => ({ name: domain, description: TAGS[domain] ?? domain })),
    paths,
    components: {
      securitySchemes: {
        cognito: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Cognito access token',
        },
      },
      schemas: { ErrorBody: errorBody },
    },
  };
  return built;
}

import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { ERROR_STATUS, FIELD_MESSAGES } from '../../contracts/errors.ts';
import { type OperationName, type RouteDef, routeEntries } from '../../contracts/routes.ts';
import { isoDate, isoInstant } from '../../contracts/validation.ts';
import { resolveActorBySub } from '../../functions/platform/auth/actor.ts';
import { checkGuard } from '../../functions/platform/auth/guard.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { type Invocation, type Platform, startPlatform, subOf } from '../helpers/platform.ts';
import { defOf, sampleOf } from '../helpers/schema-walk.ts';

/**
 * Issue 11 §8: every row of the route table that takes a body, a query or path parameters gets
 * every kind of bad input, as a caller its guard lets through (the demo admin; the supervisor or the
 * technical operator where the admin has not the role; a fresh login for registration), so that each
 * request reaches validation. Nothing here names a route: a new row is fuzzed the day it is added.
 *
 * Each request breaks one thing in an otherwise valid input (sampled from the row's schemas) and
 * must be answered 422 with the contract's shape, naming what was broken. After each route's batch
 * the whole table must be as it was: a refused request writes nothing (no item changes on a read
 * either, so the comparison ignores none). Deterministic: the only randomness is a seeded generator.
 */

/** Whom the guard lets through, tried in turn: the admin first, then the roles the admin does not hold. */
const CALLERS = ['admin', 'supervisor', 'technical', 'instructor', 'operator', 'finance', 'pilot'].map(
  (who) => subOf(`${who}@demo.windsock.aero`),
);
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
/** A verified login with no person yet: what the registration guard lets through. */
const NEWCOMER = 'sub-fuzz-newcomer';

/** mulberry32: a small seeded generator, so every run sends the same requests. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = seeded(11_04_2026);

/** Junk of code points drawn from the ranges that break things: controls, bidi, surrogates, emoji. */
const junk = (length: number) => {
  const ranges: [number, number][] = [
    [0x00, 0x1f],
    [0x7f, 0x9f],
    [0x202a, 0x202e],
    [0x2066, 0x2069],
    [0xd800, 0xdfff],
    [0x1f600, 0x1f64f],
    [0x41, 0x5a],
  ];
  let text = '';
  for (let i = 0; i < length; i++) {
    const [from, to] = ranges[Math.floor(random() * ranges.length)]!;
    text += String.fromCodePoint(from + Math.floor(random() * (to - from + 1)));
  }
  return text;
};

const MEGABYTE = 'x'.repeat(1024 * 1024);
const DEEP = 10_000;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
/** The ElectroDB cursor of some other partition, sealed with a made-up key. */
const FORGED_CURSOR = `${Buffer.from(JSON.stringify({ pk: '$windsock#org_org-alpine', sk: 'x' })).toString('base64url')}.${'A'.repeat(43)}`;

type Kind = 'string' | 'date' | 'instant' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

/** What a field holds, looking through optional and nullable. */
const kindOf = (schema: z.ZodMiniType): Kind => {
  if (schema === isoDate) return 'date';
  if (schema === isoInstant) return 'instant';
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault'].includes(def.type)) return kindOf(def.innerType!);
  if (def.type === 'pipe') return kindOf(def.in!);
  if (def.type === 'literal') return 'enum';
  if (def.type === 'record') return 'object';
  return (
    (['string', 'number', 'boolean', 'enum', 'array', 'object'] as const).find((k) => k === def.type) ??
    'other'
  );
};

interface Field {
  /** `['items', 0, 'names', 'hu']` */
  path: (string | number)[];
  kind: Kind;
}

/** Every field of a sampled input, nested ones too (the first element of each array). */
function fieldsOf(schema: z.ZodMiniType, sample: unknown, path: (string | number)[] = [], out: Field[] = []) {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault'].includes(def.type))
    return fieldsOf(def.innerType!, sample, path, out);
  if (def.type === 'union') {
    // A discriminated union (a permit's kind): the fields of the option the sample is.
    const option = def.options!.find((o) => o.safeParse(sample).success);
    if (option) return fieldsOf(option, sample, path, out);
  }
  if (path.length > 0) out.push({ path, kind: kindOf(schema) });
  if (def.type === 'object' && sample && typeof sample === 'object')
    for (const [key, field] of Object.entries(def.shape ?? {}))
      if (key !== 'cursor') fieldsOf(field, (sample as Record<string, unknown>)[key], [...path, key], out);
  if (def.type === 'array' && Array.isArray(sample) && sample.length > 0)
    fieldsOf(def.element!, sample[0], [...path, 0], out);
  return out;
}

const withValue = (input: unknown, path: (string | number)[], value: unknown): unknown => {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
};

/** A sampled input with one field's JSON replaced by raw text (deep nesting cannot go through JSON.stringify). */
const withRawValue = (input: unknown, path: (string | number)[], raw: string) => {
  const marker = '"__fuzz_raw__"';
  return JSON.stringify(withValue(input, path, '__fuzz_raw__')).replace(marker, raw);
};

/** One request of a batch, and what the answer must say. */
interface Probe {
  label: string;
  input: Invocation;
  /** The error key (or its prefix) the 422 must name: the thing that was broken. */
  names?: string;
  /**
   * Only sent when the row's schema itself refuses it (`null` where a field is nullable is no bad
   * input); the 422 may then name another field (a takeoff counter above the landing's is refused on
   * the landing counter).
   */
  schema?: { schema: z.ZodMiniType; value: unknown };
}

const joinPath = (path: (string | number)[]) => path.join('.');

/** Values of the wrong type for a field, sent only where its schema refuses them. */
const wrongTypes = [12345, 'text', true, {}, [], null, -1, 1.5, ''];

function fieldProbes(
  where: 'body' | 'query',
  schema: z.ZodMiniType,
  base: Record<string, unknown>,
  field: Field,
  make: (value: unknown, raw?: string) => Invocation,
): Probe[] {
  const name = joinPath(field.path);
  const probes: Probe[] = [];
  const must = (label: string, value: unknown) =>
    probes.push({ label: `${where}.${name}: ${label}`, input: make(value), names: name });
  const asQuery = (value: unknown) => (where === 'query' ? String(value) : value);

  for (const value of wrongTypes) {
    const sent = asQuery(value);
    probes.push({
      label: `${where}.${name}: ${JSON.stringify(sent)}`,
      input: make(sent),
      schema: { schema, value: withValue(base, field.path, sent) },
    });
  }
  if (field.kind === 'string' || field.kind === 'date' || field.kind === 'instant') {
    must('NUL', 'Fuzz\u0000');
    must('bidi override', 'HA-\u202eZUF');
    must('lone surrogate', 'Fuzz\ud800');
    must('1 MB', MEGABYTE);
    must('seeded junk', `${junk(16)}\u0001`);
  }
  if (field.kind === 'date') {
    must('30 February', '2026-02-30');
    must('year 0000', '0000-01-01');
  }
  if (field.kind === 'instant') {
    must('30 February', '2026-02-30T10:00:00Z');
    must('24:00', '2026-08-15T24:00:00Z');
    must('year 0000', '0000-01-01T10:00:00Z');
  }
  if (field.kind === 'number') {
    must('beyond safe integers', asQuery(2 ** 53 + 2));
    must('1e300', asQuery(1e300));
  }
  if (field.kind === 'enum') must('not one of them', asQuery('fuzz-no-such-value'));
  if (where === 'body') {
    probes.push({
      label: `body.${name}: ${DEEP} nested arrays`,
      input: make(undefined, deepArray),
      names: name,
    });
    probes.push({
      label: `body.${name}: __proto__ inside`,
      input: make(undefined, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
      names: name,
    });
  }
  return probes;
}

/** Valid path parameters for a row: a well-formed id of nothing, a real day, a kind. */
const sampleParams = (route: RouteDef) =>
  Object.fromEntries(
    Object.entries(route.params ?? {}).map(([name, schema]) => [name, String(sampleOf(schema, name))]),
  );

function probesOf(route: RouteDef, cursors: ReadonlyMap<string, string>, own: OperationName): Probe[] {
  const params = sampleParams(route);
  const query = route.query
    ? Object.fromEntries(
        Object.entries(sampleOf(route.query) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      )
    : undefined;
  const body = route.body ? (sampleOf(route.body) as Record<string, unknown>) : undefined;
  const base: Invocation = { params, ...(query && { query }), ...(body && { body }) };
  const probes: Probe[] = [];

  // Path parameters: each one broken, the rest valid.
  for (const [name, schema] of Object.entries(route.params ?? {})) {
    const raw = (value: string) => ({ ...base, params: undefined, rawParams: { ...params, [name]: value } });
    const bad: [string, string][] = [
      ['a lone %', '%'],
      ['a cut escape', '%E0%A4%A'],
      ['%00', `fuzz%00`],
      ['#', '%23'],
      ['a path', '..%2F..%2Fplanes'],
      ['2 000 characters', 'a'.repeat(2000)],
      ['20 000 characters', 'b'.repeat(20_000)],
      ['nothing', ''],
      ['bidi', '%E2%80%AEfuzz'],
    ];
    if (schema === isoDate)
      bad.push(
        ['30 February', '2026-02-30'],
        ['year 0000', '0000-01-01'],
        ['an instant', '2026-02-28T10%3A00'],
      );
    for (const [label, value] of bad)
      probes.push({ label: `params.${name}: ${label}`, input: raw(value), names: name });
  }

  if (route.body) {
    const make = (value: unknown, raw?: string) => ({
      ...base,
      body: undefined,
      rawBody: raw ?? JSON.stringify(value),
    });
    for (const [label, raw] of [
      ['null', 'null'],
      ['an array', JSON.stringify([body])],
      ['a string', '"fuzz"'],
      ['a number', '42'],
      ['not JSON', '{"version": 1'],
      [`${DEEP} nested arrays`, deepArray],
      ['__proto__', `{"__proto__":{"polluted":true},${JSON.stringify(body).slice(1)}`],
      ['constructor', `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(body).slice(1)}`],
    ] as const)
      probes.push({ label: `body: ${label}`, input: make(undefined, raw) });
    for (const field of fieldsOf(route.body, body))
      probes.push(
        ...fieldProbes('body', route.body, body!, field, (value, raw) =>
          make(
            undefined,
            raw === undefined
              ? JSON.stringify(withValue(body, field.path, value))
              : withRawValue(body, field.path, raw),
          ),
        ),
      );
  }

  if (route.query) {
    for (const field of fieldsOf(route.query, query))
      probes.push(
        // As API Gateway hands the query over, decoded: what no URL encoding would let through too.
        ...fieldProbes('query', route.query, query!, field, (value) => ({
          ...base,
          query: undefined,
          rawQuery: { ...query, [field.path[0]!]: String(value) },
        })),
      );
    probes.push({
      label: 'query: __proto__',
      input: {
        ...base,
        query: undefined,
        rawQuery: JSON.parse(`{"__proto__":"x",${JSON.stringify(query).slice(1)}`),
      },
      names: '__proto__',
    });
  }

  // Cursors: made up, edited, another list's, another club's, another filter's. Sent with the query
  // the real cursors were taken with (page size 1), so only the cursor itself is wrong.
  const where =
    route.query && 'cursor' in (defOf(route.query).shape ?? {})
      ? 'query'
      : route.body && 'cursor' in (defOf(route.body).shape ?? {})
        ? 'body'
        : null;
  if (where) {
    const withCursor = (value: string, filters = false): Invocation =>
      where === 'query'
        ? { ...base, query: { ...(filters ? query : {}), limit: '1', cursor: value } }
        : { ...base, body: { ...body, cursor: value } };
    const candidates: [string, string][] = [
      ['made up', 'garbage'],
      ['forged', FORGED_CURSOR],
      ...[...cursors]
        .filter(([list]) => list !== own && list !== `alpine:${own}`)
        .map(([list, cursor]): [string, string] => [`of ${list}`, cursor]),
    ];
    const alpine = cursors.get(`alpine:${own}`);
    if (alpine) candidates.push(["of the second club's same list", alpine]);
    const mine = cursors.get(own);
    if (mine)
      candidates.push(['edited', `${mine.slice(0, 5)}${mine[5] === 'A' ? 'B' : 'A'}${mine.slice(6)}`]);
    for (const [label, value] of candidates)
      probes.push({ label: `cursor ${label}`, input: withCursor(value), names: 'cursor' });
    const filters = Object.keys(query ?? {}).filter((key) => key !== 'limit' && key !== 'cursor');
    if (mine && filters.length > 0)
      probes.push({
        label: `cursor with other filters (${filters})`,
        input: withCursor(mine, true),
        names: 'cursor',
      });
  }
  return probes;
}

// ------------------------------------------------------------------------------------------------

let platform: Platform;
let dynamo: DynamoDBClient;
const callers = new Map<OperationName, string | undefined>();
/** Real cursors of the lists: `listPlanes` the caller's, `alpine:listPlanes` the second club's admin's. */
const cursors = new Map<string, string>();
/** The control: each list's own cursor must open its next page. */
const ownCursorAnswers: string[] = [];
const totals = { routes: 0, requests: 0, started: 0 };
/** The table after the last batch: the next batch's "before" (one scan per route, not two). */
let snapshot = new Map<string, string>();

/** The whole table, item by item: `pk|sk` → the item as stored. */
async function tableSnapshot() {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({ TableName: 'windsock-test', ExclusiveStartKey: start as never }),
    );
    for (const item of page.Items ?? []) items.set(`${item.pk?.S}|${item.sk?.S}`, JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const changesBetween = (before: Map<string, string>, after: Map<string, string>) => [
  ...[...after.keys()].filter((key) => !before.has(key)).map((key) => `added ${key}`),
  ...[...before.keys()].filter((key) => !after.has(key)).map((key) => `removed ${key}`),
  ...[...after]
    .filter(([key, item]) => before.has(key) && before.get(key) !== item)
    .map(([key]) => `changed ${key}`),
];

const fuzzed = routeEntries.filter(
  ([, route]) => route.body || route.query || Object.keys(route.params ?? {}).length > 0,
);

/** The answer must be the contract's: a known code with its status, and field errors of message keys. */
function shapeProblem(status: number, body: unknown): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status !== 422) return `answered ${status} ${JSON.stringify(body)?.slice(0, 200)}`;
  const { code, errors, ...rest } = (body ?? {}) as { code?: string; errors?: Record<string, unknown> };
  if (code !== 'validation_failed' || ERROR_STATUS[code] !== status) return `code ${code}`;
  if (Object.keys(rest).length > 0) return `extra keys ${Object.keys(rest)}`;
  if (!errors || typeof errors !== 'object' || Object.keys(errors).length === 0) return 'no errors map';
  for (const [key, messages] of Object.entries(errors)) {
    if (!Array.isArray(messages) || messages.length === 0) return `errors.${key} is not a list`;
    for (const message of messages)
      if (!(FIELD_MESSAGES as readonly string[]).includes(message)) return `errors.${key}: ${message}`;
  }
  return null;
}

beforeAll(async () => {
  platform = await startPlatform();
  // Nothing the fuzz sends may change who anyone is: the actor cache keeps the batch fast.
  process.env.ACTOR_CACHE_SECONDS = '3600';
  resetEnvForTests();
  dynamo = new DynamoDBClient({
    endpoint: process.env.DYNAMODB_ENDPOINT,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  const actors = new Map<string, Awaited<ReturnType<typeof resolveActorBySub>>>();
  for (const sub of CALLERS) actors.set(sub, await resolveActorBySub(sub));
  for (const [name, route] of fuzzed) {
    if (route.guard.auth === 'public') callers.set(name, undefined);
    else if (route.guard.registration) callers.set(name, NEWCOMER);
    else {
      const passes = (sub: string) => {
        try {
          checkGuard(route.guard, actors.get(sub) ?? null);
          return true;
        } catch {
          return false;
        }
      };
      const sub = CALLERS.find(passes);
      if (sub) callers.set(name, sub);
    }
  }

  // Real cursors of the lists (page size 1), the demo admin's and the second club's admin's.
  for (const [name, route] of fuzzed) {
    if (route.method !== 'GET' || !route.query || !('cursor' in (defOf(route.query).shape ?? {}))) continue;
    if (!callers.has(name)) continue;
    const params = sampleParams(route);
    for (const [prefix, sub] of [
      ['', callers.get(name)],
      ['alpine:', ALPINE_ADMIN],
    ] as const) {
      const page = await platform.invoke(name, { sub, params, query: { limit: '1' } });
      if (page.status === 200 && typeof page.body?.cursor === 'string')
        cursors.set(`${prefix}${name}`, page.body.cursor);
    }
    const mine = cursors.get(name);
    if (mine) {
      const next = await platform.invoke(name, {
        sub: callers.get(name),
        params,
        query: { limit: '1', cursor: mine },
      });
      ownCursorAnswers.push(`${name} ${next.status}`);
    }
  }
  snapshot = await tableSnapshot();
  totals.started = performance.now();
}, 120_000);

afterAll(async () => {
  const seconds = ((performance.now() - totals.started) / 1000).toFixed(1);
  const lists = [...cursors.keys()];
  console.log(
    `api fuzz: ${totals.routes} routes, ${totals.requests} requests, ${seconds} s; real cursors of ` +
      `${lists.filter((k) => !k.startsWith('alpine:')).join(' ')} (second club: ${lists.filter((k) => k.startsWith('alpine:')).join(' ')})`,
  );
  dynamo?.destroy();
  await platform?.close();
});

describe('the API refuses bad input on every route (issue 11 §4, §8)', () => {
  it('reaches validation on every route it fuzzes, and has real cursors to tamper with', () => {
    expect(fuzzed.filter(([name]) => !callers.has(name)).map(([name]) => name)).toEqual([]);
    expect(fuzzed.length).toBeGreaterThan(90);
    expect([...cursors.keys()].filter((key) => !key.startsWith('alpine:')).length).toBeGreaterThan(5);
    expect([...cursors.keys()].filter((key) => key.startsWith('alpine:')).length).toBeGreaterThan(0);
    expect(ownCursorAnswers.filter((answer) => !answer.endsWith(' 200'))).toEqual([]);
  });

  it.each(fuzzed.map(([name, route]) => [name, route] as const))(
    '%s: 422 with field errors, and nothing written',
    async (name, route) => {
      const sub = callers.get(name);
      const before = snapshot;
      const problems: string[] = [];
      for (const probe of probesOf(route, cursors, name)) {
        if (probe.schema?.schema.safeParse(probe.schema.value).success) continue;
        const { status, body } = await platform.invoke(name, { sub, ...probe.input });
        totals.requests++;
        const problem = shapeProblem(status, body);
        if (problem) {
          problems.push(`${probe.label}: ${problem}`);
          continue;
        }
        const keys = Object.keys(body.errors);
        if (probe.names && !keys.some((key) => key === probe.names || key.startsWith(`${probe.names}.`)))
          problems.push(`${probe.label}: errors name ${keys.join(', ')}`);
      }
      totals.routes++;
      const after = await tableSnapshot();
      snapshot = after;

      expect(problems).toEqual([]);
      expect(changesBetween(before, after)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

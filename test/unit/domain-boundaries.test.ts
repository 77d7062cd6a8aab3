import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTITY_OWNERS } from '../../functions/platform/db/ownership.ts';
import { ENTITY_NAMES } from '../../functions/platform/db/service.ts';
import { FUNCTIONS, filesUnder, ROOT } from '../helpers/source-files.ts';

/**
 * Domains own their data (docs/ARCHITECTURE.md "Domains own their data"): a file of
 * functions/<domain>/ reads and writes only its own domain's entities (functions/platform/db/
 * ownership.ts), and imports another domain only through that domain's public.ts. The code is read
 * as text: an entity is used where a store reaches it (`db().entities.plane`, `e.plane.patch(…)`, a
 * TransactWrite builder's `({ plane, action: log }) => …`).
 */

/** The folder right under functions/: a domain, or `platform`. */
const areaOf = (path: string) => relative(FUNCTIONS, path).split('/')[0]!;

const domainFiles = filesUnder(FUNCTIONS).filter((path) => areaOf(path) !== 'platform');
const platformFiles = filesUnder(FUNCTIONS).filter((path) => areaOf(path) === 'platform');

/** The code without its comments (a comment may name anything). */
const codeOf = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Relative module specifiers of a file's imports and re-exports, resolved to repo paths. */
const importsOf = (path: string) =>
  [...codeOf(path).matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)].map((m) =>
    resolve(dirname(path), m[1]!),
  );

const ENTITIES = new Set<string>(ENTITY_NAMES);
const OPERATIONS = 'get|query|put|create|patch|update|upsert|delete|remove|check|scan|find|match';

/** Every entity a file's code reaches, with the line it is on. */
function entitiesUsed(path: string): { entity: string; line: number }[] {
  const code = codeOf(path);
  const found: { entity: string; at: number }[] = [];
  const add = (entity: string, at: number) => {
    if (ENTITIES.has(entity)) found.push({ entity, at });
  };
  // `db().entities.plane`, `const { entities } = db(); entities.plane`
  for (const m of code.matchAll(/\bentities\.(\w+)/g)) add(m[1]!, m.index);
  // `e.plane.patch(…)` inside a TransactWrite builder
  for (const m of code.matchAll(new RegExp(`\\b\\w+\\.(\\w+)\\s*\\.\\s*(?:${OPERATIONS})\\b`, 'g')))
    add(m[1]!, m.index);
  // `({ plane, pilotInfo: info }) => [info.put(…)]`: a builder receiving entities, renamed or not
  for (const m of code.matchAll(/\(\{([^{}()]*)\}\)\s*=>/g))
    for (const part of m[1]!.split(',')) {
      const [key = '', alias = key] = part.split(':').map((name) => name.replace('...', '').trim());
      if (new RegExp(`\\b${alias}\\s*\\.\\s*(?:${OPERATIONS})\\s*\\(`).test(code)) add(key, m.index);
    }
  return found.map(({ entity, at }) => ({ entity, line: code.slice(0, at).split('\n').length }));
}

/** Platform items a domain writes itself, each the one designed way to do so. */
const PLATFORM_WRITES: Record<string, RegExp> = {
  // The outbox item announcing a change goes into the change's own TransactWrite (functions/platform/events/outbox.ts).
  domainEvent: /\.domainEvent\.create\(event\)/,
};

/** Files that write with the raw DynamoDB client (their own items, shaped as ElectroDB writes them). */
const RAW_CLIENT = new Set(['functions/tracking/ingest-store.ts']);

describe('domains own their data', () => {
  it('declares one owner for every entity of the one table, defined in that owner’s folder', () => {
    expect(Object.keys(ENTITY_OWNERS).sort()).toEqual([...ENTITY_NAMES].sort());
    const registry = readFileSync(join(FUNCTIONS, 'platform/db/service.ts'), 'utf8');
    const service = registry.slice(registry.indexOf('const entities = {'));
    const declared = service.slice(0, service.indexOf('};'));
    for (const m of registry.matchAll(/import \{([^}]*)\} from '([^']+entities\.ts)'/g)) {
      const folder = relative(FUNCTIONS, resolve(join(FUNCTIONS, 'platform/db'), m[2]!)).split('/');
      const owner = folder[0] === 'platform' ? 'platform' : folder[0];
      for (const local of m[1]!.split(',').map((name) => name.trim())) {
        if (!local) continue;
        // The service's key is the variable, or `key: variable`.
        const key = new RegExp(`(\\w+): ${local},`).exec(declared)?.[1] ?? local;
        expect(ENTITY_OWNERS[key as keyof typeof ENTITY_OWNERS], `${key} (${m[2]})`).toBe(owner);
      }
    }
  });

  it('reads and writes only its own domain’s entities', () => {
    const problems: string[] = [];
    for (const path of domainFiles) {
      const domain = areaOf(path);
      const code = codeOf(path);
      for (const { entity, line } of entitiesUsed(path)) {
        const owner = ENTITY_OWNERS[entity as keyof typeof ENTITY_OWNERS];
        if (owner === domain) continue;
        if (owner === 'platform' && PLATFORM_WRITES[entity]?.test(code)) continue;
        problems.push(`${relative(ROOT, path)}:${line} uses ${entity}, owned by ${owner}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('imports another domain only through its public.ts', () => {
    const problems: string[] = [];
    for (const path of domainFiles) {
      const domain = areaOf(path);
      for (const target of importsOf(path)) {
        if (!target.startsWith(`${FUNCTIONS}/`)) continue;
        const other = areaOf(target);
        if (other === domain || other === 'platform') continue;
        if (relative(FUNCTIONS, target) !== `${other}/public.ts`)
          problems.push(`${relative(ROOT, path)} imports ${relative(ROOT, target)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the platform free of domains, but for their entity declarations (the one table)', () => {
    const problems = platformFiles.flatMap((path) =>
      importsOf(path)
        .filter((target) => target.startsWith(`${FUNCTIONS}/`) && areaOf(target) !== 'platform')
        .filter((target) => !/[/-]entities\.ts$/.test(target))
        .map((target) => `${relative(ROOT, path)} imports ${relative(ROOT, target)}`),
    );
    expect(problems).toEqual([]);
  });

  it('writes through ElectroDB, the raw client only where a file says why', () => {
    const raw = domainFiles
      .filter((path) => importsOf(path).some((target) => target.endsWith('platform/db/client.ts')))
      .map((path) => relative(ROOT, path));
    expect(raw.filter((path) => !RAW_CLIENT.has(path))).toEqual([]);
  });

  it('finds a foreign entity where a store reaches it (the rule itself can fail)', () => {
    const sample = (code: string) => {
      const found: string[] = [];
      for (const m of code.matchAll(/\bentities\.(\w+)/g)) found.push(m[1]!);
      for (const m of code.matchAll(new RegExp(`\\b\\w+\\.(\\w+)\\s*\\.\\s*(?:${OPERATIONS})\\b`, 'g')))
        found.push(m[1]!);
      return [...new Set(found.filter((name) => ENTITIES.has(name)))];
    };
    expect(sample('await db().entities.membership.get({ user_id })')).toEqual(['membership']);
    expect(sample('(e) => [e.plane.patch(key).add(counters).commit()]')).toEqual(['plane']);
  });
});

import type * as z from 'zod/mini';
import { entityId, isoDate, isoInstant, cursor as pageCursor } from '../../contracts/validation.ts';

/**
 * Reading the route table's zod-mini schemas as data: their leaves (for the text hygiene test) and
 * a valid sample of each (for the fuzz test, which breaks one field of a valid input at a time).
 */
export interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  items?: z.ZodMiniType[];
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  entries?: Record<string, string>;
  values?: unknown[];
}

export const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that only say whether a value may be absent or null. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

export interface Leaf {
  /** `.items[].names.hu`, `.ratings{value}.exam_date`, `|1` for a union's second option. */
  path: string;
  schema: z.ZodMiniType;
  type: string;
}

export function leavesOf(schema: z.ZodMiniType, path = '', out: Leaf[] = []): Leaf[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return leavesOf(def.innerType!, path, out);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape ?? {})) leavesOf(field, `${path}.${key}`, out);
      break;
    case 'array':
      leavesOf(def.element!, `${path}[]`, out);
      break;
    case 'tuple':
      def.items!.forEach((item, index) => {
        leavesOf(item, `${path}[${index}]`, out);
      });
      break;
    case 'union':
      def.options!.forEach((option, index) => {
        leavesOf(option, `${path}|${index}`, out);
      });
      break;
    case 'record':
      leavesOf(def.keyType!, `${path}{key}`, out);
      leavesOf(def.valueType!, `${path}{value}`, out);
      break;
    case 'pipe':
      leavesOf(def.in!, path, out);
      break;
    default:
      out.push({ path, schema, type: def.type });
  }
  return out;
}

/** Texts a string field of ours accepts, tried in turn: names, codes, times, ids, files, addresses. */
const STRING_SAMPLES = [
  'Fuzz',
  'HA-FUZ',
  '12',
  '10:00',
  'LHDK',
  'DD1234',
  'fuzz@example.org',
  'Europe/Budapest',
  '+36 30 123 4567',
  'HU42117730161111101800000000',
  'OTPVHUHB',
  'photo.jpg',
  'image/jpeg',
  'org/org-demo/faults/fuzz/photo.jpg',
  'user.create',
  'https://example.org/logo.png',
  '0mhg2k3f1a3f9c2e7d1',
  'x',
];
const NUMBER_SAMPLES = [1, 2026, 100, 0, 10];

/**
 * A value the schema accepts, with every optional field present (so that every field can be broken
 * in an otherwise valid input). Ids differ per field (`fuzz-pic_id`, `fuzz-sic_id`), so rules such
 * as "nobody in two seats" hold. `undefined` when the schema is of a kind this does not know.
 */
export function sampleOf(schema: z.ZodMiniType, name = 'x'): unknown {
  if (schema === isoDate) return '2026-06-15';
  if (schema === isoInstant) return '2026-06-15T10:00:00.000Z';
  if (schema === entityId) return `fuzz-${name}`;
  if (schema === pageCursor) return undefined;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return sampleOf(def.innerType!, name);
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const sample = sampleOf(field, key);
        if (sample !== undefined) value[key] = sample;
      }
      return value;
    }
    case 'array': {
      const element = sampleOf(def.element!, name);
      return schema.safeParse([element]).success ? [element] : [];
    }
    case 'tuple':
      return def.items!.map((item) => sampleOf(item, name));
    case 'union': {
      const samples = def.options!.map((option) => sampleOf(option, name));
      return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0];
    }
    case 'record':
      return {};
    case 'pipe':
      return sampleOf(def.in!, name);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return false;
    case 'number':
      return NUMBER_SAMPLES.find((n) => schema.safeParse(n).success) ?? 1;
    case 'string':
      return STRING_SAMPLES.find((text) => schema.safeParse(text).success) ?? 'x';
    default:
      return undefined;
  }
}

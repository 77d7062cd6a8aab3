import { describe, expect, it } from 'vitest';
import { routeEntries } from '../../contracts/routes.ts';
import { leavesOf } from '../helpers/schema-walk.ts';

/**
 * Issue 11 §6, kept true for every field to come: walks the body, query and path schemas of every
 * route row down to their leaves, and every string leaf must refuse a NUL, a bidi override and a
 * lone surrogate. A new field written as a bare `z.string()` fails here until it uses `userText()`
 * (or an id, enum or pattern of its own). Leaves that could carry any text at all (unknown, any)
 * fail too.
 */

/** Leaves that hold no free text by construction. */
const CLOSED_LEAVES = new Set(['enum', 'literal', 'number', 'boolean', 'null', 'undefined', 'transform']);

const inputSchemas = () =>
  routeEntries.flatMap(([name, route]) => [
    ...(route.body ? [{ where: `${name} body`, schema: route.body }] : []),
    ...(route.query ? [{ where: `${name} query`, schema: route.query }] : []),
    ...Object.entries(route.params ?? {}).map(([param, schema]) => ({
      where: `${name} params.${param}`,
      schema,
    })),
  ]);

const HOSTILE = {
  nul: 'Pawnee\u0000',
  bidi_override: 'HA-\u202eSBX',
  lone_surrogate: 'ASK \ud800',
};

describe('text hygiene over the route table', () => {
  const leaves = inputSchemas().flatMap(({ where, schema }) =>
    leavesOf(schema, '').map((leaf) => ({ ...leaf, where: `${where}${leaf.path}` })),
  );

  it('finds the string fields it is meant to check', () => {
    // A walker that stopped descending would pass everything: it must see the known text fields.
    const strings = leaves.filter((leaf) => leaf.type === 'string').map((leaf) => leaf.where);
    expect(strings).toEqual(
      expect.arrayContaining([
        'createFlight body.remarks',
        'updateMyPerson body.first_name',
        'createFault body.description',
        'updateTypeList body.items[].names.hu',
        'listPlanes query.filter',
        'saveDailySheet params.date',
        'getPlane params.id',
      ]),
    );
    expect(strings.length).toBeGreaterThan(150);
  });

  it('has no leaf that takes any value at all', () => {
    const open = leaves.filter((leaf) => leaf.type !== 'string' && !CLOSED_LEAVES.has(leaf.type));
    expect(open.map((leaf) => `${leaf.where} (${leaf.type})`)).toEqual([]);
  });

  it.each(Object.entries(HOSTILE))('refuses %s in every string field', (_kind, value) => {
    const accepting = leaves
      .filter((leaf) => leaf.type === 'string' && leaf.schema.safeParse(value).success)
      .map((leaf) => leaf.where);
    expect(accepting).toEqual([]);
  });
});

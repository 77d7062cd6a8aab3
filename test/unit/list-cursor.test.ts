import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { type CursorScope, openCursor, sealCursor } from '../../functions/platform/http/cursor.ts';

const scope: CursorScope = {
  sub: 'sub-admin',
  userId: 'user-admin',
  organizationId: 'org-demo',
  operation: 'listPlanes',
  params: {},
  input: { query: { status: 'functional' }, body: null },
};
const inner = Buffer.from(JSON.stringify({ pk: 'org#org-demo', sk: 'plane#1' })).toString('base64url');

beforeAll(() => {
  process.env.TABLE_NAME ??= 'windsock-test';
  process.env.CURSOR_SECRET = 'k'.repeat(43);
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.CURSOR_SECRET;
  resetEnvForTests();
});

describe('sealed list cursors (issue 11 §4)', () => {
  it('gives the store its cursor back for the same caller and query', () => {
    const sealed = sealCursor(inner, scope);
    expect(sealed.startsWith(`${inner}.`)).toBe(true);
    expect(openCursor(sealed, { ...scope, input: { body: null, query: { status: 'functional' } } })).toBe(
      inner,
    );
  });

  it('refuses it for another person, another club, another list or another filter', () => {
    const sealed = sealCursor(inner, scope);
    expect(openCursor(sealed, { ...scope, sub: 'sub-pilot', userId: 'user-pilot' })).toBeNull();
    expect(openCursor(sealed, { ...scope, organizationId: 'org-alpine' })).toBeNull();
    expect(openCursor(sealed, { ...scope, operation: 'listFaults' })).toBeNull();
    expect(openCursor(sealed, { ...scope, params: { id: 'x' } })).toBeNull();
    expect(openCursor(sealed, { ...scope, input: { query: { status: 'inactive' }, body: null } })).toBeNull();
  });

  it('refuses an edited, truncated or made-up cursor', () => {
    const sealed = sealCursor(inner, scope);
    const other = Buffer.from(JSON.stringify({ pk: 'org#org-alpine', sk: 'plane#1' })).toString('base64url');
    expect(openCursor(`${other}${sealed.slice(inner.length)}`, scope)).toBeNull();
    expect(openCursor(sealed.slice(0, -1), scope)).toBeNull();
    expect(openCursor(inner, scope)).toBeNull();
    expect(openCursor('garbage', scope)).toBeNull();
    expect(openCursor('.', scope)).toBeNull();
  });

  it('is refused under another key', () => {
    const sealed = sealCursor(inner, scope);
    process.env.CURSOR_SECRET = 'j'.repeat(43);
    resetEnvForTests();
    expect(openCursor(sealed, scope)).toBeNull();
    process.env.CURSOR_SECRET = 'k'.repeat(43);
    resetEnvForTests();
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../config/env.ts';

/**
 * Paging cursors are sealed to the list they page (issue 11 §4). A list hands out ElectroDB's cursor
 * (its LastEvaluatedKey, base64url) with an HMAC over who asked, in which organization, which
 * operation, its path parameters and its filters; a cursor sent back with any of these changed —
 * another person's, another club's, another filter's, or edited — is refused before it reaches
 * DynamoDB. The page size is not bound: a client may ask for a different one on the next page.
 */
export interface CursorScope {
  /** The signed-in login (the token's `sub`) and the person it acts as. */
  sub: string | null;
  userId: string | null;
  organizationId: string | null;
  operation: string;
  params: unknown;
  /** The request's query and body without `cursor` and `limit`. */
  input: unknown;
}

/** JSON with object keys sorted, so the same input always gives the same text. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

const secret = () => {
  const key = env().CURSOR_SECRET;
  if (!key) throw new Error('CURSOR_SECRET is not configured');
  return key;
};

const macOf = (inner: string, scope: CursorScope) =>
  createHmac('sha256', secret())
    .update(
      canonical([
        'cursor.v1',
        scope.sub,
        scope.userId,
        scope.organizationId,
        scope.operation,
        scope.params,
        scope.input,
        inner,
      ]),
    )
    .digest('base64url');

const INNER = /^[A-Za-z0-9_-]+$/;

/** The cursor a client gets: the store's cursor and its seal. */
export function sealCursor(inner: string, scope: CursorScope): string {
  if (!INNER.test(inner)) throw new Error('A store cursor is expected in base64url');
  return `${inner}.${macOf(inner, scope)}`;
}

/** The store's cursor inside a sealed one, or null when it was not sealed for this scope. */
export function openCursor(sealed: string, scope: CursorScope): string | null {
  const dot = sealed.lastIndexOf('.');
  if (dot <= 0) return null;
  const inner = sealed.slice(0, dot);
  if (!INNER.test(inner)) return null;
  const given = Buffer.from(sealed.slice(dot + 1));
  const expected = Buffer.from(macOf(inner, scope));
  return given.length === expected.length && timingSafeEqual(given, expected) ? inner : null;
}

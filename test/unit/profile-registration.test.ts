import { describe, expect, it } from 'vitest';
import type { Guard } from '../../contracts/routes.ts';
import { routeEntries } from '../../contracts/routes.ts';
import {
  codeProblems,
  confirmationCode,
  passwordProblems,
  signUpName,
} from '../../frontend/src/features/registration/registration-rules.ts';
import { userIdForSub } from '../../functions/identity/own-records-service.ts';
import type { Actor } from '../../functions/platform/auth/actor.ts';
import { checkGuard } from '../../functions/platform/auth/guard.ts';
import { HttpError } from '../../functions/platform/http/errors.ts';

const person = { userId: 'u1' } as Actor;
const registration: Guard = { auth: 'user', registration: true };

const outcome = (actor: Actor | null, signedIn: boolean) => {
  try {
    return checkGuard(registration, actor, signedIn) === null ? 'pass, actor null' : 'pass, actor';
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.code}` : 'crash';
  }
};

describe('the registration guard', () => {
  it('lets in a verified token with no person yet, with no actor', () => {
    expect(outcome(null, true)).toBe('pass, actor null');
  });

  it('refuses an anonymous request (401) and a token that already has a person (409)', () => {
    expect(outcome(null, false)).toBe('401 unauthorized');
    expect(outcome(person, true)).toBe('409 conflict');
  });

  it('is used by POST /api/registration only', () => {
    const rows = routeEntries.filter(([, route]) => route.guard.auth === 'user' && route.guard.registration);
    expect(rows.map(([name, route]) => `${name} ${route.method} ${route.path}`)).toEqual([
      'register POST /api/registration',
    ]);
  });

  it('gives one person per Cognito sub, as an id safe in keys, topics and IoT policies', () => {
    expect(userIdForSub('3f1c-9a2b')).toBe(userIdForSub('3f1c-9a2b'));
    expect(userIdForSub('3f1c-9a2b')).toMatch(/^[A-Za-z0-9_.:-]+$/);
    expect(userIdForSub('a/b#c')).toMatch(/^[A-Za-z0-9_.:-]+$/);
  });
});

describe('registration form rules (the user pool’s password policy)', () => {
  it.each([
    ['', ['field_required']],
    ['Short-1', ['password_too_weak']],
    ['alllowercase-123', ['password_too_weak']],
    ['NoDigits-Here!', ['password_too_weak']],
    ['NoSymbols12345', ['password_too_weak']],
    ['Glide-Ratio-42!', []],
  ])('%j → %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it('signs up with the e-mail lower case and trimmed', () => {
    expect(signUpName('  Reka.Fekete@Example.ORG ')).toBe('reka.fekete@example.org');
  });

  it('takes a pasted code with spaces and refuses letters', () => {
    expect(confirmationCode(' 123 456 ')).toBe('123456');
    expect(codeProblems(' 123 456 ')).toEqual([]);
    expect(codeProblems('')).toEqual(['field_required']);
    expect(codeProblems('12ab56')).toEqual(['invalid_value']);
  });
});

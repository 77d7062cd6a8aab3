import * as z from 'zod/mini';
import '../../../../contracts/validation.ts';

/**
 * The user pool's password policy (lib/auth-stack.ts: at least 10 characters with lower- and
 * upper-case letters, a digit and a symbol), checked before Cognito is asked.
 */
export const MIN_PASSWORD = 10;

export const passwordProblems = (password: string): string[] => {
  if (password === '') return ['field_required'];
  const strong =
    password.length >= MIN_PASSWORD &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return strong ? [] : ['password_too_weak'];
};

/** Cognito compares e-mail sign-in names case-insensitively; we keep them lower case. */
export const signUpName = (email: string) => email.trim().toLowerCase();

export const emailProblems = (value: string): string[] => {
  const email = value.trim();
  if (email === '') return ['field_required'];
  return z.safeParse(z.email(), email).success ? [] : ['email_invalid'];
};

/** A six-digit confirmation code (spaces pasted along are ignored). */
export const confirmationCode = (value: string) => value.replace(/\s+/g, '');
export const codeProblems = (value: string): string[] => {
  const code = confirmationCode(value);
  if (code === '') return ['field_required'];
  return /^\d{4,8}$/.test(code) ? [] : ['invalid_value'];
};

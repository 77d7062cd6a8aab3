import * as z from 'zod/mini';
import '../../../../contracts/validation.ts';

export { passwordProblems } from '../../../../contracts/password-policy.ts';

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

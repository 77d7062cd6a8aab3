import { regexes } from 'zod/mini';
import { passwordProblems } from '../../../../contracts/password-policy.ts';
import { authErrorName, isNetworkFailure } from '../../lib/auth.ts';

/**
 * A Cognito failure as a message key of the `messages` namespace. `known` maps the exception names
 * a screen expects (NotAuthorizedException → invalid_credentials); no answer is 'network_error'.
 */
export const authFailureKey = (error: unknown, known: Record<string, string>): string => {
  const name = authErrorName(error);
  const key = known[name];
  if (key) return key;
  if (isNetworkFailure(error)) return 'network_error';
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return 'too_many_attempts';
  console.error('Cognito refused', name);
  return 'unknown_error';
};

/**
 * Field messages of spec §5 for an e-mail input: not filled, or not an e-mail. The pattern is the
 * one `z.email()` checks with (the API's schemas), without loading zod's parser on the sign-in page.
 */
export const emailProblems = (value: string): string[] => {
  const email = value.trim();
  if (email === '') return ['field_required'];
  return regexes.email.test(email) ? [] : ['email_invalid'];
};

export const requiredProblems = (value: string): string[] => (value === '' ? ['field_required'] : []);

/** A new password and its repetition: filled, meeting the user pool's policy, the same. */
export const newPasswordProblems = (password: string, repeat: string): Record<string, string[]> => ({
  password: passwordProblems(password),
  repeat: repeat === '' ? ['field_required'] : repeat !== password ? ['passwords_do_not_match'] : [],
});

export const withoutEmpty = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0));

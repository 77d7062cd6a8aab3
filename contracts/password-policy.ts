/**
 * The user pool's password policy: the CDK auth stack builds the pool from it and every screen
 * that sets a password (registration, reset, first sign-in) checks it before Cognito is asked.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** Message keys for a new password: empty, or not meeting the policy. */
export const passwordProblems = (password: string): string[] => {
  if (password === '') return ['field_required'];
  const strong =
    password.length >= PASSWORD_POLICY.minLength &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return strong ? [] : ['password_too_weak'];
};

import type { SignInOutput } from 'aws-amplify/auth';
import type { WebConfig } from '../../../contracts/config.ts';

type Cognito = typeof import('./cognito.ts');

let settings: WebConfig | undefined;
let loaded: Promise<Cognito> | undefined;

/** The user pool to use once a Cognito call is due (main.tsx, after `/config.json`). */
export const configureAuth = (config: WebConfig) => {
  settings = config;
};

/**
 * Amplify (~40 kB gzip) loads with the first Cognito call — signing in, a token for the API — not
 * with the first screen: the sign-in page paints without it.
 */
const cognito = (): Promise<Cognito> => {
  const config = settings;
  if (!config) return Promise.reject(new Error('configureAuth was not called'));
  loaded ??= import('./cognito.ts').then((module) => {
    module.configure(config);
    return module;
  });
  loaded.catch(() => {
    // Offline at the first call: the next one tries again.
    loaded = undefined;
  });
  return loaded;
};

/** Where Amplify keeps a session's tokens (its default storage, localStorage). */
const TOKEN_PREFIX = 'CognitoIdentityServiceProvider.';
const hasStoredTokens = () => Object.keys(localStorage).some((key) => key.startsWith(TOKEN_PREFIX));

/** The Cognito error name (`NotAuthorizedException`, `UserNotFoundException`, `NetworkError`, …). */
export const authErrorName = (error: unknown): string =>
  error instanceof Error ? error.name : typeof error === 'string' ? error : 'UnknownError';

/** Cognito's exceptions that mean "no answer": shown as the spec's 'network_error'. */
export const isNetworkFailure = (error: unknown) =>
  ['NetworkError', 'TypeError'].includes(authErrorName(error)) ||
  (error instanceof Error && /network|failed to fetch/i.test(error.message));

/** USER_PASSWORD_AUTH: cognito-local has no SRP; the cloud client allows this flow too. */
export const signInWithPassword = async (email: string, password: string): Promise<SignInOutput> => {
  const { signIn } = await cognito();
  const attempt = () =>
    signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  try {
    return await attempt();
  } catch (error) {
    // Tokens left from an earlier session (the local state was cleared, Amplify's was not).
    if (authErrorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOutLocally();
    return attempt();
  }
};

/**
 * The first sign-in of a member an admin added: Cognito asked (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED)
 * for a password of their own in place of the e-mailed temporary one.
 */
export const chooseFirstPassword = async (newPassword: string) =>
  (await cognito()).confirmSignIn({ challengeResponse: newPassword });

/** Ends the Cognito session on this device. A failure to reach Cognito must not keep anyone signed in. */
export const signOutLocally = async () => {
  if (!hasStoredTokens()) return;
  try {
    await (await cognito()).signOut();
  } catch {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(TOKEN_PREFIX)) localStorage.removeItem(key);
    }
  }
};

/** The bearer token for the API; undefined when there is no (refreshable) session. */
export const accessToken = async (): Promise<string | undefined> => {
  // A guest's calls (help, registration) need no token, and no Amplify.
  if (!hasStoredTokens()) return undefined;
  try {
    const session = await (await cognito()).fetchAuthSession();
    return session.tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
};

export const sendPasswordReminder = async (email: string) =>
  (await cognito()).resetPassword({ username: email });

export const confirmNewPassword = async (email: string, code: string, newPassword: string) =>
  (await cognito()).confirmResetPassword({ username: email, confirmationCode: code, newPassword });

/** Registration (spec §2 register): the account, its e-mailed code, a new code. */
export const signUpWithEmail = async (email: string, password: string) =>
  (await cognito()).signUp({ username: email, password, options: { userAttributes: { email } } });

export const confirmEmailCode = async (email: string, code: string) =>
  (await cognito()).confirmSignUp({ username: email, confirmationCode: code });

export const resendEmailCode = async (email: string) =>
  (await cognito()).resendSignUpCode({ username: email });

export const changePassword = async (oldPassword: string, newPassword: string) =>
  (await cognito()).updatePassword({ oldPassword, newPassword });

/**
 * Whether this is the person's password (the lock screen): a USER_PASSWORD_AUTH sign-in straight to
 * the user pool, beside Amplify, so the open session and its tokens stay as they are. True when
 * Cognito accepts it (a further challenge counts: the password was right); false when it says no.
 */
export const passwordIsRight = async (email: string, password: string): Promise<boolean> => {
  if (!settings) throw new Error('configureAuth was not called');
  const { region, userPoolClientId, userPoolEndpoint } = settings;
  const response = await fetch(userPoolEndpoint ?? `https://cognito-idp.${region}.amazonaws.com/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  if (response.ok) return true;
  const body = (await response.json().catch(() => ({}))) as { __type?: string };
  if (/NotAuthorized|UserNotFound/.test(body.__type ?? '')) return false;
  throw new Error(body.__type ?? `cognito answered ${response.status}`);
};

import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  type SignInOutput,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import type { WebConfig } from '../../../contracts/config.ts';
import { config } from './config.ts';

/** Amplify Auth against the stage's user pool; locally cognito-local through `userPoolEndpoint` (DESIGN §5). */
export const configureAuth = (config: WebConfig) => {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
};

/** The Cognito error name (`NotAuthorizedException`, `UserNotFoundException`, `NetworkError`, …). */
export const authErrorName = (error: unknown): string =>
  error instanceof Error ? error.name : typeof error === 'string' ? error : 'UnknownError';

/** Cognito's exceptions that mean "no answer": shown as the spec's 'network_error'. */
export const isNetworkFailure = (error: unknown) =>
  ['NetworkError', 'TypeError'].includes(authErrorName(error)) ||
  (error instanceof Error && /network|failed to fetch/i.test(error.message));

/** USER_PASSWORD_AUTH: cognito-local has no SRP; the cloud client allows this flow too. */
export const signInWithPassword = async (email: string, password: string): Promise<SignInOutput> => {
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
export const chooseFirstPassword = (newPassword: string) => confirmSignIn({ challengeResponse: newPassword });

/** Ends the Cognito session on this device. A failure to reach Cognito must not keep anyone signed in. */
export const signOutLocally = async () => {
  try {
    await signOut();
  } catch {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
    }
  }
};

/** The bearer token for the API; undefined when there is no (refreshable) session. */
export const accessToken = async (): Promise<string | undefined> => {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
};

export const sendPasswordReminder = (email: string) => resetPassword({ username: email });

export const confirmNewPassword = (email: string, code: string, newPassword: string) =>
  confirmResetPassword({ username: email, confirmationCode: code, newPassword });

/**
 * Whether this is the person's password (the lock screen): a USER_PASSWORD_AUTH sign-in straight to
 * the user pool, beside Amplify, so the open session and its tokens stay as they are. True when
 * Cognito accepts it (a further challenge counts: the password was right); false when it says no.
 */
export const passwordIsRight = async (email: string, password: string): Promise<boolean> => {
  const { region, userPoolClientId, userPoolEndpoint } = config();
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

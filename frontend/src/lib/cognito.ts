import { Amplify } from 'aws-amplify';
import type { WebConfig } from '../../../contracts/config.ts';

export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';

/**
 * Amplify Auth against the stage's user pool; locally cognito-local through `userPoolEndpoint`
 * (docs/ARCHITECTURE.md "Identity and sessions"). Only lib/auth.ts loads this module, and only when a Cognito call is due.
 */
export const configure = (config: WebConfig) => {
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

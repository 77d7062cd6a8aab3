import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../platform/config/env.ts';

/**
 * The registering user's e-mail, from Cognito itself. The access token does not carry it (in a
 * pool with e-mail sign-in the `username` claim is an id), and an e-mail sent by the browser would
 * be input to distrust. GetUser with the caller's own access token answers for exactly that user
 * and needs no IAM permission, so the function cannot read anyone else.
 */
export interface UserDirectory {
  /** The e-mail if Cognito has verified it (the sign-up code was confirmed), else null. */
  verifiedEmailOf(accessToken: string): Promise<string | null>;
}

let client: CognitoIdentityProviderClient | undefined;

const cognito = () => {
  if (!client) {
    const { COGNITO_ENDPOINT, AWS_REGION } = env();
    client = new CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT
        ? { endpoint: COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  }
  return client;
};

export const cognitoDirectory: UserDirectory = {
  async verifiedEmailOf(accessToken) {
    const { UserAttributes = [] } = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    const value = (name: string) => UserAttributes.find((attribute) => attribute.Name === name)?.Value;
    const email = value('email');
    return email && value('email_verified') === 'true' ? email.trim().toLowerCase() : null;
  },
};

/** Tests point the platform at a fresh local stack. */
export const resetCognitoForTests = () => {
  client?.destroy();
  client = undefined;
};

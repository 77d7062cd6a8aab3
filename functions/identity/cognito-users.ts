import { cognito } from '../platform/auth/cognito.ts';

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

export const cognitoDirectory: UserDirectory = {
  async verifiedEmailOf(accessToken) {
    const { client, sdk } = await cognito();
    const { UserAttributes = [] } = await client.send(new sdk.GetUserCommand({ AccessToken: accessToken }));
    const value = (name: string) => UserAttributes.find((attribute) => attribute.Name === name)?.Value;
    const email = value('email');
    return email && value('email_verified') === 'true' ? email.trim().toLowerCase() : null;
  },
};

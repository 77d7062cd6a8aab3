import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';

/**
 * An access token from a local stack's user pool (cognito-local behind `<url>/cognito`), signed in
 * as Amplify does it (USER_PASSWORD_AUTH): for calling the API the way the browser does. Without a
 * client id, the one the stack's /config.json gives the browser.
 */
export async function accessTokenOf(
  stackUrl: string,
  email: string,
  options: { password?: string; clientId?: string } = {},
): Promise<string> {
  const clientId =
    options.clientId ??
    ((await (await fetch(`${stackUrl}/config.json`)).json()) as { userPoolClientId: string })
      .userPoolClientId;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: `${stackUrl}/cognito`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: options.password ?? DEMO_PASSWORD },
      }),
    );
    const token = result.AuthenticationResult?.AccessToken;
    if (!token) throw new Error(`${email} got no access token`);
    return token;
  } finally {
    cognito.destroy();
  }
}

import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../config/env.ts';

type Cognito = {
  sdk: typeof CognitoSdk;
  client: CognitoSdk.CognitoIdentityProviderClient;
  endpoint?: string;
};

let loaded: Promise<Cognito> | undefined;

/**
 * The access key id the product's server code signs admin calls to the embedded Cognito with; the
 * secret is COGNITO_LOCAL_SECRET, made per start by bin/local/cognito.ts, which refuses admin calls
 * signed otherwise (issue 11 §9). In AWS the function role's credentials sign them.
 */
export const LOCAL_COGNITO_ACCESS_KEY_ID = 'windsock-local-server';

/**
 * The Cognito client, shared by the domains that talk to the user pool (adding members,
 * registration). The SDK is imported on first use, so cold starts of requests that never touch
 * Cognito do not load it. Locally the embedded Cognito (COGNITO_ENDPOINT) checks the signature of
 * admin calls against COGNITO_LOCAL_SECRET.
 */
export const cognito = async (): Promise<Cognito> => {
  const { AWS_REGION, COGNITO_ENDPOINT, COGNITO_LOCAL_SECRET } = env();
  const current = loaded && (await loaded);
  if (current && current.endpoint === COGNITO_ENDPOINT) return current;
  loaded = import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    endpoint: COGNITO_ENDPOINT,
    client: new sdk.CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT
        ? {
            endpoint: COGNITO_ENDPOINT,
            credentials: {
              accessKeyId: LOCAL_COGNITO_ACCESS_KEY_ID,
              secretAccessKey: COGNITO_LOCAL_SECRET ?? 'unset',
            },
          }
        : {}),
    }),
  }));
  return loaded;
};

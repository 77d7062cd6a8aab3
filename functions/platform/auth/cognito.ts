import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../config/env.ts';

type Cognito = {
  sdk: typeof CognitoSdk;
  client: CognitoSdk.CognitoIdentityProviderClient;
  endpoint?: string;
};

let loaded: Promise<Cognito> | undefined;

/**
 * The Cognito client, shared by the domains that talk to the user pool (adding members,
 * registration). The SDK is imported on first use, so cold starts of requests that never touch
 * Cognito do not load it. Locally the embedded Cognito (COGNITO_ENDPOINT) ignores signatures.
 */
export const cognito = async (): Promise<Cognito> => {
  const { AWS_REGION, COGNITO_ENDPOINT } = env();
  const current = loaded && (await loaded);
  if (current && current.endpoint === COGNITO_ENDPOINT) return current;
  loaded = import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    endpoint: COGNITO_ENDPOINT,
    client: new sdk.CognitoIdentityProviderClient({
      region: AWS_REGION,
      ...(COGNITO_ENDPOINT
        ? { endpoint: COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    }),
  }));
  return loaded;
};

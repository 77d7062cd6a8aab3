/**
 * Local Cognito: cognito-local's user pool services, composed like its createDefaultServer but with
 * our state directory and config, answering through a request handler that the local server mounts
 * under /cognito on the web app's origin (Amplify's `userPoolEndpoint`, docs/ARCHITECTURE.md "Identity and sessions", "The local stack").
 *
 * LOCAL MODE ONLY. The tokens are signed with cognito-local's private key, which is published in its
 * npm package: anyone can mint tokens for this issuer. Never trust this issuer or key outside the
 * local stack and tests.
 *
 * It answers only what the product uses (issue 11 §9): the calls of the browser's sign-in flows
 * (PUBLIC_TARGETS) and the admin calls of the product's own server code (ADMIN_TARGETS), which must
 * be SigV4-signed with `adminCredentials` — a secret made at each start and handed to the handlers
 * in this process (COGNITO_LOCAL_SECRET). Anything else (ListUsers, AdminSetUserPassword, …) from
 * the network is refused.
 *
 * State under `dir`: `db/` (cognito-local's pool and client files), `pool.json` (the ids of our
 * pool and app client), `outbox.jsonl` (codes that real Cognito would have e-mailed).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { JwtVerifier } from 'aws-jwt-verify';
import type { JwksCache, JwkWithKid } from 'aws-jwt-verify/jwk';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UnsupportedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { DateClock, type Lambda, TriggersService } from 'cognito-local/lib/services/index.js';
import type { LogService } from 'cognito-local/lib/services/LogService.js';
import type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { Messages } from 'cognito-local/lib/services/messages.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import {
  attribute,
  attributesAppend,
  attributeValue,
  type User,
  UserPoolServiceFactoryImpl,
} from 'cognito-local/lib/services/userPoolService.js';
import { LOCAL_COGNITO_ACCESS_KEY_ID } from '../../functions/platform/auth/cognito.ts';
import { verifySigV4 } from './sigv4.ts';

export interface OutboxMessage {
  id: string;
  at: string;
  to: string;
  /** `temporary_password`: an admin added the person (AdminCreateUser); `code` is the temporary password. */
  kind: 'forgot_password' | 'sign_up' | 'temporary_password' | 'other';
  code: string;
  username: string;
}

interface AccessTokenClaims {
  sub: string;
  username: string;
  client_id: string;
  [claim: string]: unknown;
}

export interface LocalCognito {
  /** Answers a request whose url already has the /cognito prefix removed. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  userPoolId: string;
  clientId: string;
  /** `${publicBaseUrl}/cognito/${userPoolId}` */
  issuer: string;
  /** Checks a token as API Gateway's JWT authorizer would; null when it is not a valid access token. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | null>;
  /** A confirmed user with a permanent password and a verified e-mail; returns the existing sub for a known e-mail. */
  createUser(input: { email: string; password: string; name?: string }): Promise<{ sub: string }>;
  outbox: { list(): OutboxMessage[] };
  /** What the product's server code signs admin calls with (COGNITO_LOCAL_SECRET is the secret). */
  adminCredentials: { accessKeyId: string; secretAccessKey: string };
}

interface StartCognitoOptions {
  dir: string;
  /** The local server's origin, e.g. http://127.0.0.1:3000; it must already be listening. */
  publicBaseUrl: string;
  onMessage?: (message: OutboxMessage) => void;
}

type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);
const publicKey = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JwkWithKid };

const SERVICE = 'AWSCognitoIdentityProviderService';
const OUTBOX_KINDS: Record<string, OutboxMessage['kind']> = {
  ForgotPassword: 'forgot_password',
  SignUp: 'sign_up',
  ResendCode: 'sign_up',
  AdminCreateUser: 'temporary_password',
};
/**
 * What browsers call, unsigned, as in Cognito: Amplify's signIn (USER_PASSWORD_AUTH), confirmSignIn,
 * fetchAuthSession (refresh), signOut, resetPassword, confirmResetPassword, signUp, confirmSignUp,
 * resendSignUpCode and updatePassword (frontend/src/lib/auth.ts, features/registration,
 * features/profile), and GetUser with the caller's own access token (functions/identity/cognito-users.ts).
 */
const PUBLIC_TARGETS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ChangePassword',
  'GetUser',
]);
/** The sign-in flows a browser starts (SRP is unsupported here; docs/ARCHITECTURE.md "Identity and sessions"). */
const PUBLIC_AUTH_FLOWS = new Set(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
/** What the product's server code calls with IAM credentials: a new member's login (organizations). */
const ADMIN_TARGETS = new Set(['AdminCreateUser', 'AdminGetUser']);

/** How long a NEW_PASSWORD_REQUIRED session may be answered (Cognito's default auth session validity). */
const CHALLENGE_MINUTES = 3;
const JSON_11 = 'application/x-amz-json-1.1';

const logger: LogService = {
  child: () => logger,
  debug: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => console.warn('local cognito:', ...args),
  error: (...args: unknown[]) => console.error('local cognito:', ...args),
};
const ctx: Context = { logger };

/** Only the key cognito-local signs with; a token naming any other key is refused without a fetch. */
const localJwks: JwksCache = {
  getCachedJwk: (_uri, jwt) => {
    if (jwt.header.kid !== publicKey.jwk.kid) throw new Error('unknown signing key');
    return publicKey.jwk;
  },
  getJwk: async (uri, jwt) => localJwks.getCachedJwk(uri, jwt),
  addJwks: () => undefined,
  getJwks: async () => ({ keys: [publicKey.jwk] }),
};

const noLambda: Lambda = {
  enabled: () => false,
  invoke: (() =>
    Promise.reject(new UnsupportedError('no Lambda triggers locally'))) as unknown as Lambda['invoke'],
};

/** Runs tasks one at a time: cognito-local rewrites whole JSON files, and overlapping writes can corrupt them. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export async function startCognito(opts: StartCognitoOptions): Promise<LocalCognito> {
  const dir = resolve(opts.dir);
  const dataDirectory = join(dir, 'db');
  const outboxFile = join(dir, 'outbox.jsonl');
  await mkdir(dataDirectory, { recursive: true });

  const issuerDomain = `${opts.publicBaseUrl.replace(/\/+$/, '')}/cognito`;
  const mountPath = new URL(issuerDomain).pathname;
  const adminCredentials = {
    accessKeyId: LOCAL_COGNITO_ACCESS_KEY_ID,
    secretAccessKey: randomBytes(24).toString('base64url'),
  };
  const config = {
    ...DefaultConfig,
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: issuerDomain },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // Triggers need a crypto service only for CustomEmailSender, which is never enabled here.
  const triggers = new TriggersService(clock, cognito, noLambda, undefined as never);

  const messages: Messages = {
    async deliver(_ctx, source, _clientId, _userPoolId, user, code, _metadata, delivery: DeliveryDetails) {
      const message: OutboxMessage = {
        id: randomUUID(),
        at: new Date().toISOString(),
        to: delivery.Destination,
        kind: OUTBOX_KINDS[source] ?? 'other',
        code,
        username: user.Username,
      };
      appendFileSync(outboxFile, `${JSON.stringify(message)}\n`);
      opts.onMessage?.(message);
    },
  };

  const router = Router({
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  });
  const exclusive = createMutex();

  const { userPoolId, clientId } = await ensurePoolAndClient();
  const issuer = `${issuerDomain}/${userPoolId}`;

  async function ensurePoolAndClient(): Promise<{ userPoolId: string; clientId: string }> {
    const idsFile = join(dir, 'pool.json');
    const known = await readFile(idsFile, 'utf8').then(
      (text) => JSON.parse(text) as { userPoolId: string; clientId: string },
      () => undefined,
    );
    if (known) {
      const pools = await cognito.listUserPools(ctx);
      const client = await cognito.getAppClient(ctx, known.clientId);
      if (pools.some((p) => p.Id === known.userPoolId) && client?.UserPoolId === known.userPoolId) {
        return known;
      }
    }

    const { UserPool } = await router('CreateUserPool')(ctx, {
      PoolName: 'windsock',
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
    });
    const { UserPoolClient } = await router('CreateUserPoolClient')(ctx, {
      UserPoolId: UserPool.Id,
      ClientName: 'web',
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Cognito's defaults; cognito-local would otherwise issue day-long access tokens.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    });
    const ids = { userPoolId: String(UserPool.Id), clientId: String(UserPoolClient.ClientId) };
    await writeFile(idsFile, JSON.stringify(ids, null, 2));
    return ids;
  }

  /** Amplify v6 refreshes with this target, which cognito-local lacks. */
  async function getTokensFromRefreshToken(input: Json): Promise<Json> {
    const { AuthenticationResult } = await router('InitiateAuth')(ctx, {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      ClientMetadata: input.ClientMetadata,
    });
    return { AuthenticationResult };
  }

  /** Missing from cognito-local; Amplify's resendSignUpCode uses it. */
  async function resendConfirmationCode(input: Json): Promise<Json> {
    const userPool = await cognito.getUserPoolForClientId(ctx, String(input.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(input.Username));
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const delivery: DeliveryDetails = {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: String(attributeValue('email', user.Attributes)),
    };
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      String(input.ClientId),
      userPool.options.Id,
      user,
      code,
      undefined,
      delivery,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: delivery };
  }

  /** Cognito marks the e-mail verified when the sign-up code sent to it is confirmed; cognito-local does not. */
  async function markEmailVerified(input: Json): Promise<void> {
    const userPool = await cognito.getUserPoolForClientId(ctx, String(input.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(input.Username));
    if (!user) return;
    const Attributes = attributesAppend(user.Attributes, attribute('email_verified', 'true'));
    await userPool.saveUser(ctx, { ...user, Attributes });
  }

  /** NEW_PASSWORD_REQUIRED sessions InitiateAuth handed out: session → the user it was issued for. */
  const challenges = new Map<string, { username: string; expires: number }>();

  /**
   * Cognito checks the temporary password before it asks for a new one; cognito-local asks anyone who
   * names a FORCE_CHANGE_PASSWORD user, whatever the password. The session it issues is remembered here
   * because cognito-local's RespondToAuthChallenge checks none.
   */
  async function initiatePasswordAuth(input: Json): Promise<Json> {
    const parameters = (input.AuthParameters ?? {}) as Record<string, unknown>;
    const userPool = await cognito.getUserPoolForClientId(ctx, String(input.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(parameters.USERNAME ?? ''));
    if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== parameters.PASSWORD) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    const output = (await router('InitiateAuth')(ctx, input)) as Json;
    if (output.ChallengeName === 'NEW_PASSWORD_REQUIRED' && user && typeof output.Session === 'string') {
      const expires = clock.get().getTime() + CHALLENGE_MINUTES * 60_000;
      challenges.set(output.Session, { username: user.Username, expires });
    }
    return output;
  }

  /** A new password only for the user the session was issued to, once, within its lifetime. */
  async function respondWithNewPassword(input: Json): Promise<Json> {
    const session = String(input.Session ?? '');
    const challenge = challenges.get(session);
    const responses = (input.ChallengeResponses ?? {}) as Record<string, unknown>;
    const userPool = await cognito.getUserPoolForClientId(ctx, String(input.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(responses.USERNAME ?? ''));
    if (
      !challenge ||
      challenge.expires < clock.get().getTime() ||
      user?.Username !== challenge.username ||
      user.UserStatus !== 'FORCE_CHANGE_PASSWORD'
    ) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    const output = (await router('RespondToAuthChallenge')(ctx, input)) as Json;
    challenges.delete(session);
    return output;
  }

  async function dispatch(target: string, input: Json): Promise<Json> {
    if (target === 'InitiateAuth' && input.AuthFlow === 'USER_PASSWORD_AUTH') {
      return withTokenLifetime(
        await initiatePasswordAuth(input).catch((err: unknown) => {
          throw asCognitoAnswersSignIn(target, input, err);
        }),
      );
    }
    if (target === 'RespondToAuthChallenge' && input.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      return withTokenLifetime(await respondWithNewPassword(input));
    }
    if (target === 'GetTokensFromRefreshToken') {
      return withTokenLifetime(await getTokensFromRefreshToken(input));
    }
    if (target === 'ResendConfirmationCode') return resendConfirmationCode(input);
    const output = (await router(target)(ctx, input).catch((err: unknown) => {
      throw asCognitoAnswersSignIn(target, input, err);
    })) as Json;
    if (target === 'ConfirmSignUp') await markEmailVerified(input);
    return withTokenLifetime(output);
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET,POST,OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '86400',
      });
      return void res.end();
    }

    const path = (req.url ?? '/').split('?')[0] || '/';
    if (req.method === 'GET' && path === `/${userPoolId}/.well-known/jwks.json`) {
      return sendJson(res, 200, { keys: [publicKey.jwk] });
    }
    if (req.method === 'GET' && path === `/${userPoolId}/.well-known/openid-configuration`) {
      return sendJson(res, 200, {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.method !== 'POST' || path !== '/') return sendJson(res, 404, { message: 'Not found' });

    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(`${SERVICE}.`) ? target.slice(SERVICE.length + 1) : '';
    if (!operation) return sendJson(res, 400, { message: 'Invalid x-amz-target header' });
    const body = await readBody(req);
    let input: Json;
    try {
      input = body.length ? (JSON.parse(body.toString('utf8')) as Json) : {};
    } catch {
      return sendJson(res, 400, { __type: 'SerializationException', message: 'Request body is not JSON' });
    }

    const refusal = refusalOf(operation, input, req, body);
    if (refusal) return sendJson(res, 403, { __type: refusal, message: `${operation} is not allowed here` });

    try {
      sendJson(res, 200, await exclusive(() => dispatch(operation, input)));
    } catch (err) {
      if (err instanceof CognitoError) return sendJson(res, 400, { __type: err.code, message: err.message });
      if (err instanceof UnsupportedError) {
        console.warn(`local cognito: unsupported ${operation}: ${err.message}`);
        return sendJson(res, 500, { __type: 'CognitoLocal#Unsupported', message: err.message });
      }
      throw err;
    }
  }

  /** Why a call is refused (an error type the SDK maps), or null when it may go on. */
  function refusalOf(operation: string, input: Json, req: IncomingMessage, body: Buffer): string | null {
    if (ADMIN_TARGETS.has(operation))
      return signedByServer(req, body, operation) ? null : 'UnrecognizedClientException';
    if (!PUBLIC_TARGETS.has(operation)) return 'AccessDeniedException';
    if (input.ClientId !== undefined && input.ClientId !== clientId) return 'AccessDeniedException';
    if (operation === 'InitiateAuth' && !PUBLIC_AUTH_FLOWS.has(String(input.AuthFlow)))
      return 'AccessDeniedException';
    return null;
  }

  /** A SigV4 signature by adminCredentials over this very request, its target and body included. */
  function signedByServer(req: IncomingMessage, body: Buffer, operation: string): boolean {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const verified = verifySigV4(
      {
        method: req.method ?? 'POST',
        path: `${mountPath}${path}`,
        query,
        headers: req.headers,
        bodyHash: createHash('sha256').update(body).digest('hex'),
      },
      (keyId) => (keyId === adminCredentials.accessKeyId ? adminCredentials.secretAccessKey : undefined),
    );
    return (
      verified?.signedHeaders.includes('x-amz-target') === true &&
      req.headers['x-amz-target'] === `${SERVICE}.${operation}`
    );
  }

  const verifier = JwtVerifier.create(
    {
      issuer,
      audience: null,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      // What API Gateway's JWT authorizer checks for a Cognito access token beyond signature, iss and exp.
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== clientId) throw new Error('issued to another client');
      },
    },
    { jwksCache: localJwks },
  );

  return {
    handle(req, res) {
      answer(req, res).catch((err: unknown) => {
        console.error('local cognito:', err);
        if (res.headersSent) return void res.destroy();
        sendJson(res, 500, {
          __type: 'InternalErrorException',
          message: err instanceof Error ? err.message : String(err),
        });
      });
    },
    userPoolId,
    clientId,
    issuer,
    adminCredentials,
    async verifyAccessToken(token) {
      try {
        return (await verifier.verify(token)) as unknown as AccessTokenClaims;
      } catch {
        return null;
      }
    },
    createUser: ({ email, password, name }) =>
      exclusive(async () => {
        // Cognito compares e-mail usernames case-insensitively; cognito-local does not, so store them lower-case.
        const username = email.trim().toLowerCase();
        const userPool = await cognito.getUserPool(ctx, userPoolId);
        const existing = await userPool.getUserByUsername(ctx, username);
        if (existing) return { sub: subOf(existing) };
        const { User } = (await router('AdminCreateUser')(ctx, {
          UserPoolId: userPoolId,
          Username: username,
          TemporaryPassword: password,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: username },
            { Name: 'email_verified', Value: 'true' },
            ...(name ? [{ Name: 'name', Value: name }] : []),
          ],
        })) as { User: { Username: string; Attributes: User['Attributes'] } };
        await router('AdminSetUserPassword')(ctx, {
          UserPoolId: userPoolId,
          Username: User.Username,
          Password: password,
          Permanent: true,
        });
        return { sub: subOf(User) };
      }),
    outbox: {
      list: () => {
        let text = '';
        try {
          text = readFileSync(outboxFile, 'utf8');
        } catch {
          return [];
        }
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as OutboxMessage);
      },
    },
  };
}

/**
 * Cognito answers a wrong password like an unknown user (PreventUserExistenceErrors), and Amplify maps
 * exactly that error; cognito-local says InvalidPasswordException or "User not authorized".
 */
function asCognitoAnswersSignIn(target: string, input: Json, err: unknown): unknown {
  const passwordSignIn =
    (target === 'InitiateAuth' || target === 'AdminInitiateAuth') &&
    String(input.AuthFlow).endsWith('PASSWORD_AUTH');
  const refused =
    err instanceof CognitoError && ['InvalidPasswordException', 'NotAuthorizedException'].includes(err.code);
  // cognito-local answers a wrong current password in ChangePassword with InvalidPasswordException
  // (which Cognito keeps for a new password that breaks the policy; cognito-local checks none).
  const wrongCurrentPassword =
    target === 'ChangePassword' && err instanceof CognitoError && err.code === 'InvalidPasswordException';
  return (passwordSignIn && refused) || wrongCurrentPassword
    ? new NotAuthorizedError('Incorrect username or password.')
    : err;
}

const subOf = (user: Pick<User, 'Attributes'>) => String(attributeValue('sub', user.Attributes));

/** Cognito states the access token's lifetime next to the tokens; cognito-local leaves it out. */
function withTokenLifetime(output: Json): Json {
  const result = output.AuthenticationResult as Json | undefined;
  if (typeof result?.AccessToken !== 'string') return output;
  const claims = JSON.parse(
    Buffer.from(result.AccessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as {
    exp: number;
    iat: number;
  };
  return {
    ...output,
    AuthenticationResult: {
      ...result,
      ExpiresIn: claims.exp - claims.iat,
      TokenType: 'Bearer',
    },
  };
}

function sendJson(res: ServerResponse, status: number, data: unknown): void {
  // cognito-local keeps dates as Date objects; the Cognito API sends epoch seconds.
  const body = JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
  });
  res.writeHead(status, { 'content-type': JSON_11, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

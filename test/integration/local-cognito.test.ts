import { generateKeyPairSync, type KeyLike, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCognito, type OutboxMessage, startCognito } from '../../bin/local/cognito.ts';

const privateKey = (
  await import('cognito-local/lib/keys/cognitoLocal.private.json', { with: { type: 'json' } })
).default.pem;

let dir: string;
let server: Server;
let baseUrl: string;
let cognito: LocalCognito;
/** A browser or anyone on the network: public credentials (the key in this repository). */
let client: CognitoIdentityProviderClient;
/** The product's server code: the per-start secret the handlers in the local stack's process get. */
let serverCode: CognitoIdentityProviderClient;
const delivered: OutboxMessage[] = [];

const PASSWORD = 'Glider-2026!';

function signIn(email: string, password: string) {
  return client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

function latestCode(to: string, kind: OutboxMessage['kind']): string {
  const message = cognito.outbox
    .list()
    .filter((m) => m.to === to && m.kind === kind)
    .at(-1);
  expect(message).toBeDefined();
  return message!.code;
}

const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

function signJwt(claims: object, key: KeyLike, kid = 'CognitoLocal') {
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
}

function accessClaims(overrides: object = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'c0ffee00-0000-4000-8000-000000000001',
    username: 'c0ffee00-0000-4000-8000-000000000001',
    client_id: cognito.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    iss: cognito.issuer,
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-cognito-'));
  server = createServer((req, res) => {
    if (!req.url?.startsWith('/cognito')) return void res.writeHead(404).end();
    req.url = req.url.slice('/cognito'.length) || '/';
    cognito.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cognito = await startCognito({
    dir: join(dir, 'cognito'),
    publicBaseUrl: baseUrl,
    onMessage: (m) => delivered.push(m),
  });
  client = new CognitoIdentityProviderClient({
    endpoint: `${baseUrl}/cognito`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  serverCode = new CognitoIdentityProviderClient({
    endpoint: `${baseUrl}/cognito`,
    region: 'eu-central-1',
    credentials: cognito.adminCredentials,
  });
});

afterAll(async () => {
  client?.destroy();
  serverCode?.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('users created by the local stack', () => {
  it('sign in with their e-mail and get an access token the API accepts', async () => {
    // Prepare
    const { sub } = await cognito.createUser({
      email: 'Pilot@Example.com',
      password: PASSWORD,
      name: 'Anna Pilot',
    });

    // Act
    const { AuthenticationResult } = await signIn('pilot@example.com', PASSWORD);
    const claims = await cognito.verifyAccessToken(AuthenticationResult!.AccessToken!);

    // Assess
    expect(claims).toMatchObject({
      sub,
      client_id: cognito.clientId,
      token_use: 'access',
      iss: cognito.issuer,
    });
    expect(cognito.issuer).toBe(`${baseUrl}/cognito/${cognito.userPoolId}`);
    expect(AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    const me = await client.send(new GetUserCommand({ AccessToken: AuthenticationResult!.AccessToken! }));
    expect(me.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'pilot@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Anna Pilot' },
      ]),
    );
  });

  it('are created once per e-mail', async () => {
    // Act
    const first = await cognito.createUser({ email: 'twice@example.com', password: PASSWORD });
    const second = await cognito.createUser({ email: 'twice@example.com', password: 'Other-Password-1' });

    // Assess
    expect(second.sub).toBe(first.sub);
  });

  it('are refused with a wrong password like an unknown user', async () => {
    // Prepare
    await cognito.createUser({ email: 'wrong@example.com', password: PASSWORD });

    // Act
    const wrongPassword = signIn('wrong@example.com', 'not-it');
    const unknownUser = signIn('nobody@example.com', PASSWORD);

    // Assess
    await expect(wrongPassword).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(unknownUser).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refresh their tokens with GetTokensFromRefreshToken as Amplify v6 does', async () => {
    // Prepare
    const { sub } = await cognito.createUser({ email: 'refresh@example.com', password: PASSWORD });
    const { AuthenticationResult: signedIn } = await signIn('refresh@example.com', PASSWORD);

    // Act
    const { AuthenticationResult: refreshed } = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: cognito.clientId,
        RefreshToken: signedIn!.RefreshToken!,
      }),
    );

    // Assess
    expect(refreshed?.IdToken).toBeTruthy();
    expect(refreshed?.AccessToken).not.toBe(signedIn?.AccessToken);
    expect(await cognito.verifyAccessToken(refreshed!.AccessToken!)).toMatchObject({ sub });
  });

  it('reset a forgotten password with the code from the outbox', async () => {
    // Prepare
    await cognito.createUser({ email: 'forgot@example.com', password: PASSWORD });

    // Act
    await client.send(
      new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'forgot@example.com' }),
    );
    const code = latestCode('forgot@example.com', 'forgot_password');
    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: cognito.clientId,
        Username: 'forgot@example.com',
        ConfirmationCode: code,
        Password: 'New-Password-1!',
      }),
    );

    // Assess
    await expect(signIn('forgot@example.com', 'New-Password-1!')).resolves.toHaveProperty(
      'AuthenticationResult',
    );
    await expect(signIn('forgot@example.com', PASSWORD)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(delivered.some((m) => m.to === 'forgot@example.com' && m.code === code)).toBe(true);
  });

  it('cannot reset a password with a wrong code', async () => {
    // Prepare
    await cognito.createUser({ email: 'badcode@example.com', password: PASSWORD });
    await client.send(
      new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'badcode@example.com' }),
    );
    const code = latestCode('badcode@example.com', 'forgot_password');

    // Act
    const attempt = client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: cognito.clientId,
        Username: 'badcode@example.com',
        ConfirmationCode: code === '000000' ? '111111' : '000000',
        Password: 'New-Password-1!',
      }),
    );

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });
});

describe('self sign-up', () => {
  it('needs the confirmation code from the outbox before signing in', async () => {
    // Prepare
    const email = 'newpilot@example.com';
    const { UserConfirmed, UserSub } = await client.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const beforeConfirm = await signIn(email, PASSWORD).catch((err: unknown) => err);

    // Act
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        ConfirmationCode: latestCode(email, 'sign_up'),
      }),
    );
    const { AuthenticationResult } = await signIn(email, PASSWORD);

    // Assess
    expect(UserConfirmed).toBe(false);
    expect(beforeConfirm).toMatchObject({ name: 'UserNotConfirmedException' });
    expect(await cognito.verifyAccessToken(AuthenticationResult!.AccessToken!)).toMatchObject({
      sub: UserSub,
    });
    const me = await client.send(new GetUserCommand({ AccessToken: AuthenticationResult!.AccessToken! }));
    expect(me.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });

  it('can ask for the confirmation code again', async () => {
    // Prepare
    const email = 'resend@example.com';
    await client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: PASSWORD }));
    const sentBefore = cognito.outbox.list().filter((m) => m.to === email).length;

    // Act
    await client.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }));
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        ConfirmationCode: latestCode(email, 'sign_up'),
      }),
    );

    // Assess
    expect(cognito.outbox.list().filter((m) => m.to === email)).toHaveLength(sentBefore + 1);
    await expect(signIn(email, PASSWORD)).resolves.toHaveProperty('AuthenticationResult');
  });
});

describe('verifyAccessToken', () => {
  it('accepts a well-formed access token signed with the local key', async () => {
    // Act
    const claims = await cognito.verifyAccessToken(signJwt(accessClaims(), privateKey));

    // Assess
    expect(claims?.sub).toBe('c0ffee00-0000-4000-8000-000000000001');
  });

  it('rejects a token whose payload was changed after signing', async () => {
    // Prepare
    const { AuthenticationResult } = await signIn('pilot@example.com', PASSWORD);
    const [header, , signature] = AuthenticationResult!.AccessToken!.split('.');
    const tampered = `${header}.${encode(accessClaims({ sub: 'someone-else' }))}.${signature}`;

    // Act
    const claims = await cognito.verifyAccessToken(tampered);

    // Assess
    expect(claims).toBeNull();
  });

  it.each([
    ['expired', () => signJwt(accessClaims({ iat: 1_700_000_000, exp: 1_700_003_600 }), privateKey)],
    [
      'signed with another key',
      () => signJwt(accessClaims(), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
    ],
    [
      'from another issuer',
      () => signJwt(accessClaims({ iss: 'http://127.0.0.1:1/cognito/local_other' }), privateKey),
    ],
    [
      'issued to another app client',
      () => signJwt(accessClaims({ client_id: 'someone-elses-client' }), privateKey),
    ],
    ['an ID token', () => signJwt(accessClaims({ token_use: 'id', aud: cognito.clientId }), privateKey)],
    ['not a JWT', () => 'not-a-token'],
  ])('rejects a token that is %s', async (_case, token) => {
    // Act
    const claims = await cognito.verifyAccessToken(token());

    // Assess
    expect(claims).toBeNull();
  });
});

describe('a member added by an admin (temporary password)', () => {
  const addMember = async (email: string) => {
    await serverCode.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    return latestCode(email, 'temporary_password');
  };
  const newPassword = (email: string, session: string | undefined, password = 'Fresh-Glider-2026!') =>
    client.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
      }),
    );

  it('gets the temporary password in the outbox, must choose a new one, and then holds tokens', async () => {
    // Prepare
    const temporary = await addMember('first@example.com');

    // Act
    const challenge = await signIn('first@example.com', temporary);
    const answered = await newPassword('first@example.com', challenge.Session);
    const again = await signIn('first@example.com', 'Fresh-Glider-2026!');

    // Assess
    expect(challenge).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
    expect(challenge.AuthenticationResult).toBeUndefined();
    const claims = await cognito.verifyAccessToken(answered.AuthenticationResult!.AccessToken!);
    expect(claims).toMatchObject({ client_id: cognito.clientId, token_use: 'access' });
    expect(answered.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(answered.AuthenticationResult?.RefreshToken).toBeTruthy();
    expect(again.ChallengeName).toBeUndefined();
    expect((await cognito.verifyAccessToken(again.AuthenticationResult!.AccessToken!))?.sub).toBe(
      claims?.sub,
    );
    await expect(signIn('first@example.com', temporary)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('is not asked for a new password with a wrong temporary password', async () => {
    // Prepare
    await addMember('guessed@example.com');

    // Act
    const attempt = signIn('guessed@example.com', 'not-the-temporary-one');

    // Assess
    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("cannot set a password with a made-up session, another user's session, or a used one", async () => {
    // Prepare
    const mine = await addMember('mine@example.com');
    const theirs = await addMember('theirs@example.com');
    const { Session } = await signIn('mine@example.com', mine);
    const { Session: used } = await signIn('theirs@example.com', theirs);
    await newPassword('theirs@example.com', used);

    // Act
    const madeUp = newPassword('mine@example.com', 'made-up-session');
    const crossed = newPassword('theirs@example.com', Session, 'Hijacked-2026!');
    const reused = newPassword('theirs@example.com', used, 'Hijacked-2026!');

    // Assess
    await expect(madeUp).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(crossed).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(reused).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn('theirs@example.com', 'Hijacked-2026!')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn('theirs@example.com', 'Fresh-Glider-2026!')).AuthenticationResult).toBeDefined();
  });
});

describe('calls from the network (issue 11 §9)', () => {
  const adminGet = (c: CognitoIdentityProviderClient, email: string) =>
    c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));

  it('refuses the admin API to anyone but the product’s server code: no user list, no password set', async () => {
    // Prepare
    await cognito.createUser({ email: 'victim@example.com', password: PASSWORD });
    const forged = new CognitoIdentityProviderClient({
      endpoint: `${baseUrl}/cognito`,
      region: 'eu-central-1',
      credentials: { accessKeyId: cognito.adminCredentials.accessKeyId, secretAccessKey: 'guessed' },
    });

    // Act
    const refused = await Promise.allSettled([
      client.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId })),
      serverCode.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId })),
      client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'victim@example.com',
          Password: 'Taken-Over-2026!',
          Permanent: true,
        }),
      ),
      client.send(
        new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: 'intruder@example.com' }),
      ),
      adminGet(forged, 'victim@example.com'),
    ]);

    // Assess
    expect(refused.map((r) => (r.status === 'rejected' ? (r.reason as Error).name : 'answered'))).toEqual([
      'AccessDeniedException', // ListUsers from the network
      'AccessDeniedException', // ListUsers even signed: the server code never lists users
      'AccessDeniedException', // AdminSetUserPassword
      'UnrecognizedClientException', // AdminCreateUser without the secret
      'UnrecognizedClientException', // AdminGetUser signed with a guessed secret
    ]);
    expect((await signIn('victim@example.com', PASSWORD)).AuthenticationResult).toBeDefined();
    await expect(signIn('victim@example.com', 'Taken-Over-2026!')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(adminGet(serverCode, 'intruder@example.com')).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    forged.destroy();
  });

  it('answers the server code’s own admin calls, signed with the per-start secret', async () => {
    // Prepare
    await cognito.createUser({ email: 'member@example.com', password: PASSWORD });

    // Act
    const user = await adminGet(serverCode, 'member@example.com');

    // Assess
    expect(user.Username).toBeDefined();
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe('member@example.com');
  });

  it('refuses sign-in flows the browser does not use and another app client', async () => {
    // Act
    const refused = await Promise.allSettled([
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          ClientId: cognito.clientId,
          AuthParameters: { USERNAME: 'member@example.com', PASSWORD: PASSWORD },
        }),
      ),
      client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'someone-elses-client',
          AuthParameters: { USERNAME: 'member@example.com', PASSWORD: PASSWORD },
        }),
      ),
    ]);

    // Assess
    expect(refused.map((r) => (r.status === 'rejected' ? (r.reason as Error).name : 'answered'))).toEqual([
      'AccessDeniedException',
      'AccessDeniedException',
    ]);
  });
});

describe('restart', () => {
  it('reuses the user pool, app client and users in the same directory', async () => {
    // Act
    const again = await startCognito({ dir: join(dir, 'cognito'), publicBaseUrl: baseUrl });
    const { sub } = await again.createUser({ email: 'pilot@example.com', password: PASSWORD });
    const { sub: before } = await cognito.createUser({ email: 'pilot@example.com', password: PASSWORD });

    // Assess
    expect(again.userPoolId).toBe(cognito.userPoolId);
    expect(again.clientId).toBe(cognito.clientId);
    expect(sub).toBe(before);
  });
});

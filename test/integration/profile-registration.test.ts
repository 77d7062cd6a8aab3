import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';
import { type LocalStack, startLocalStack } from '../../bin/local/stack.ts';
import { notify } from '../../functions/identity/notifications-service.ts';
import { publishRefresh } from '../../functions/platform/events/push.ts';
import { accessTokenOf } from '../helpers/cognito.ts';

/**
 * The whole stack in this process (local Cognito, the gateway, aedes): registration as a browser
 * does it, and live push reaching a subscribed MQTT client.
 */
let stack: LocalStack;
let dataDir: string;
let cognito: CognitoIdentityProviderClient;
const clients: MqttClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'windsock-registration-'));
  stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: false,
    web: 'none',
    log: () => {},
  });
  cognito = new CognitoIdentityProviderClient({
    endpoint: `${stack.url}/cognito`,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  cognito?.destroy();
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Glide-Ratio-42!';

const signIn = (email: string, password = PASSWORD) =>
  accessTokenOf(stack.url, email, { password, clientId: stack.cognito.clientId });

/** Sign-up and confirmation as Amplify does them, the code read from the local outbox. */
const signUpAndConfirm = async (email: string) => {
  await cognito.send(
    new SignUpCommand({
      ClientId: stack.cognito.clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const outbox = (await (await fetch(`${stack.url}/_local/outbox`)).json()) as {
    to: string;
    kind: string;
    code: string;
  }[];
  const code = outbox.findLast((m) => m.to === email && m.kind === 'sign_up')?.code;
  if (!code) throw new Error('no sign-up code in the outbox');
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: stack.cognito.clientId, Username: email, ConfirmationCode: code }),
  );
  return signIn(email);
};

const api = async (
  path: string,
  token: string | undefined,
  init: { method?: string; body?: unknown } = {},
) => {
  const response = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};

const registration = {
  first_name: 'Réka',
  last_name: 'Fekete',
  lang: 'hu',
  public_privatedata: true,
  newsletter_on: false,
};

describe('POST /api/registration', () => {
  it('makes a confirmed Cognito user a private pilot with logbooks, documents and statistics on', async () => {
    // Prepare
    const token = await signUpAndConfirm('Reka.Fekete@example.org');
    const before = await api('/api/profile', token);

    // Act
    const registered = await api('/api/registration', token, { method: 'POST', body: registration });
    const profile = await api('/api/profile', token);
    const person = await api('/api/profile/person', token);
    const notifications = await api('/api/profile/notifications', token);

    // Assess
    expect(before.status).toBe(401);
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      user_name: 'Fekete Réka',
      email: 'reka.fekete@example.org',
      organization: null,
      lang: 'hu',
      logbook_glider_on: true,
      logbook_general_on: true,
      private_profile_status: 'active',
      settings: { documents_on: true, statistics_on: true },
      has_role: {},
      can: {},
    });
    expect(registered.body.private_profile_id).toEqual(expect.any(String));
    expect(registered.body.private_profile_created_at).toEqual(expect.any(String));
    expect(profile.body.private_profile_id).toBe(registered.body.private_profile_id);
    expect(person.body).toMatchObject({
      email: 'reka.fekete@example.org',
      first_name: 'Réka',
      public_privatedata: true,
      newsletter_on: false,
      profile_type: 'private_pilot',
    });
    expect(notifications.body.items.map((n: any) => n.message)).toEqual(['welcome']);
    expect(notifications.body.unread).toBe(1);
  });

  it('answers a second registration of the same person with 409 and changes nothing', async () => {
    const token = await signUpAndConfirm('twice@example.org');
    const first = await api('/api/registration', token, { method: 'POST', body: registration });

    const second = await api('/api/registration', token, {
      method: 'POST',
      body: { ...registration, first_name: 'Másik' },
    });
    const person = await api('/api/profile/person', token);

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ code: 'conflict' });
    expect(person.body.first_name).toBe('Réka');
  });

  it('answers a signed-in member of a club (who has a person) with 409', async () => {
    const token = await signIn('pilot@demo.windsock.aero', DEMO_PASSWORD);

    const { status } = await api('/api/registration', token, { method: 'POST', body: registration });

    expect(status).toBe(409);
  });

  it('answers 401 without a token, before any handler runs', async () => {
    const { status, body } = await api('/api/registration', undefined, {
      method: 'POST',
      body: registration,
    });

    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthorized' });
  });

  it('reports each invalid field by its message key and creates no person', async () => {
    const token = await signUpAndConfirm('invalid@example.org');

    const { status, body } = await api('/api/registration', token, {
      method: 'POST',
      body: { first_name: ' ', lang: 'xx', public_privatedata: 'yes', email: 'x@example.org' },
    });
    const profile = await api('/api/profile', token);

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      first_name: ['field_required'],
      last_name: ['field_required'],
      lang: ['invalid_value'],
      public_privatedata: ['invalid_value'],
      email: ['unknown_field'],
    });
    expect(profile.status).toBe(401);
  });
});

describe('the local Cognito answers as Cognito does', () => {
  it('refuses a wrong current password in ChangePassword as NotAuthorized (the field error of profile/change-password)', async () => {
    const token = await signUpAndConfirm('change-password@example.org');

    const wrong = cognito.send(
      new ChangePasswordCommand({
        AccessToken: token,
        PreviousPassword: 'Not-The-One-1!',
        ProposedPassword: 'Thermal-Climb-77!',
      }),
    );

    await expect(wrong).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(signIn('change-password@example.org')).resolves.toEqual(expect.any(String));
  });
});

describe('live push over MQTT (docs/ARCHITECTURE.md "Push")', () => {
  // Both tests sign in as the demo pilot; browsers connect as `web-<user id>-…` (the IoT policy's rule).
  const connect = async (token: string) => {
    const client = mqtt.connect(`${stack.url.replace('http', 'ws')}/mqtt`, {
      username: 'jwt',
      password: token,
      clientId: `web-user-pilot-${clients.length}`,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    return client;
  };
  const next = (client: MqttClient, timeoutMs = 3000) =>
    new Promise<{ topic: string; body: any } | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      client.once('message', (topic, payload) => {
        clearTimeout(timer);
        resolve({ topic, body: JSON.parse(payload.toString()) });
      });
    });

  it('delivers a new notification to the person’s subscribed browser, and the list has it', async () => {
    // Prepare
    const token = await signIn('pilot@demo.windsock.aero', DEMO_PASSWORD);
    const client = await connect(token);
    await client.subscribeAsync('user/user-pilot/notifications');
    const received = next(client);

    // Act
    const sent = await notify('user-pilot', {
      kind: 'medical_expiry',
      message_key: 'medical_expiring',
      params: { date: '2027-01-15' },
      link: '/profile/pilot-info-edit/',
    });

    // Assess
    const message = await received;
    expect(message?.topic).toBe('user/user-pilot/notifications');
    expect(message?.body).toMatchObject({ id: sent.id, message: 'medical_expiring', read: false });
    const list = await api('/api/profile/notifications', token);
    expect(list.body.items[0].id).toBe(sent.id);
  });

  it('delivers the refresh signal, and nothing of another person', async () => {
    const token = await signIn('pilot@demo.windsock.aero', DEMO_PASSWORD);
    const client = await connect(token);
    await client.subscribeAsync('user/user-pilot/#');
    const received = next(client);

    await notify('user-admin', { kind: 'system', message_key: 'welcome', params: { name: 'Péter' } });
    await publishRefresh('user-pilot', 'roles_changed');

    const message = await received;
    expect(message?.topic).toBe('user/user-pilot/refresh');
    expect(message?.body).toMatchObject({ reason: 'roles_changed' });
  });
});

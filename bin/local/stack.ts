import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { WebConfig } from '../../contracts/config.ts';
import { schedules } from '../../contracts/schedules.ts';
import { type LocalCognito, type OutboxMessage, startCognito } from './cognito.ts';
import { type LocalDynamo, startDynamo } from './dynamodb.ts';
import type { LocalEvents } from './events.ts';
import { createGateway } from './gateway.ts';
import { outboxPage, readMailOutbox } from './mail-outbox.ts';
import { type LocalMqtt, startMqtt } from './mqtt.ts';
import { type OgnIngest, startOgnIngest } from './ogn-ingest.ts';
import { startS3 } from './s3.ts';
import { startSchedules } from './schedules.ts';
import { type FakeStripe, startFakeStripe } from './stripe.ts';
import { ensureTable } from './table.ts';

export const TABLE_NAME = 'windsock';
export const FILES_BUCKET = 'windsock-files';
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface LocalStackOptions {
  /** HTTP port of the web app and API; 0 picks a free one. */
  port: number;
  /** MQTT over TCP (the OGN bridge, tools); 0 picks a free one. */
  mqttPort: number;
  host: string;
  dataDir: string;
  reset: boolean;
  /** Serve the built web app from frontend/dist instead of Vite's dev middleware. */
  web: 'vite' | 'dist' | 'none';
  log: (line: string) => void;
}

export interface LocalStack {
  url: string;
  mqttTcpPort: number;
  cognito: LocalCognito;
  mqtt: LocalMqtt;
  dynamo: LocalDynamo;
  /** Domain events: the outbox's stream → the relay → the in-process bus (`drained()` for tests). */
  events: LocalEvents;
  seeded: boolean;
  /** The OGN bridge's MQTT login (publishes to `ogn/beacons/#` only). */
  ognBridge: { username: string; password: string; secretFile: string };
  /** The OGN ingest behind `ogn/beacons/#` (its queue: `drained()` for tests and the benchmark). */
  ognIngest: OgnIngest;
  /** The fake Stripe of card top-ups; null when STRIPE_SECRET_KEY named a real (test-mode) account. */
  stripe: FakeStripe | null;
  close(): Promise<void>;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The whole product on one machine (docs/ARCHITECTURE.md "The local stack"): DynamoDB (dynalite + transactions/TTL), S3
 * (s3rver), Cognito (cognito-local under /cognito), MQTT (aedes on TCP and /mqtt), croner
 * schedules, the local API gateway over the route table, and the web app on the same origin.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  if (options.reset) await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });

  const closers: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) {
      try {
        await closer();
      } catch (error) {
        options.log(`[local] close: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  try {
    const dynamo = await startDynamo({ dir: join(dataDir, 'dynamodb'), port: 0, host: options.host });
    closers.push(() => dynamo.close());
    const s3 = await startS3({
      dir: join(dataDir, 's3'),
      port: 0,
      host: options.host,
      buckets: [FILES_BUCKET],
    });
    closers.push(() => s3.close());
    // Card top-ups (issue 14 §8): the fake Stripe, unless the environment names a Stripe test account.
    // (A key of an earlier fake, left in this process's environment, is no account.)
    const realStripe = process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_local_') === false;
    const stripe = realStripe ? null : await startFakeStripe({ host: options.host, log: options.log });
    if (stripe) {
      closers.push(() => stripe.close());
      Object.assign(process.env, {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      });
    }

    // The handlers read their configuration from the environment, as in Lambda (parsed once).
    Object.assign(process.env, {
      STAGE: 'local',
      TABLE_NAME,
      FILES_BUCKET,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
      AWS_REGION: process.env.AWS_REGION ?? 'eu-central-1',
      // Mail is kept in the data directory's outbox, not sent (/_local/outbox shows it).
      MAIL_OUTBOX_FILE: join(dataDir, 'mail-outbox.jsonl'),
      MAIL_FROM: 'Windsock <noreply@windsock.local>',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      CURSOR_SECRET: await cursorSecret(dataDir),
    });
    const tableClient = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'eu-central-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    closers.push(() => tableClient.destroy());
    await ensureTable(tableClient, TABLE_NAME);
    // Domain events (docs/ARCHITECTURE.md "Domain events"): new outbox items → the relay → every subscribed consumer, at least once.
    const { startLocalEvents } = await import('./events.ts');
    const events = startLocalEvents(dynamo, {
      deadLetterFile: join(dataDir, 'events-dead.jsonl'),
      log: options.log,
    });
    closers.push(() => events.close());

    let handleRequest: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
      res.writeHead(503);
      res.end('starting');
    };
    const server: Server = createServer((req, res) => handleRequest(req, res));
    const sockets = new Set<Duplex>();
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port, options.host, done);
    });
    closers.push(
      () =>
        new Promise<void>((done) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => done());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://${options.host}:${port}`;
    // Where a card payment may send the member back to (the web app on this origin).
    process.env.WEB_ORIGINS = url;
    (await import('../../functions/platform/config/env.ts')).resetEnvForTests();
    stripe?.setWebhookTarget(`${url}/api/payments/stripe/webhook`);

    const outbox: OutboxMessage[] = [];
    const cognito = await startCognito({
      dir: join(dataDir, 'cognito'),
      publicBaseUrl: url,
      onMessage: (message) => {
        outbox.push(message);
        options.log(`[mail] to ${message.to}: ${describeMessage(url, message)}`);
      },
    });
    process.env.USER_POOL_ID = cognito.userPoolId;
    process.env.COGNITO_ENDPOINT = `${url}/cognito`;
    // The handlers (this process) sign their admin calls with it; the network does not know it.
    process.env.COGNITO_LOCAL_SECRET = cognito.adminCredentials.secretAccessKey;

    const { forgetActor, resolveActorBySub } = await import('../../functions/platform/auth/actor.ts');
    const { realtimeTopicsFor } = await import('../../functions/platform/auth/realtime.ts');
    const { browserClientPrefix, setLocalRightsListener } = await import(
      '../../functions/identity/realtime-connections.ts'
    );
    const ognBridge = await ognBridgeLogin(dataDir);
    const mqtt = await startMqtt({
      tcpPort: options.mqttPort,
      host: options.host,
      authenticate: async (username, password, clientId) => {
        if (username === ognBridge.username) {
          return password === ognBridge.password
            ? { kind: 'service', publish: ['ogn/beacons/#'], subscribe: [] }
            : null;
        }
        if (username !== 'jwt') return null;
        const claims = await cognito.verifyAccessToken(password);
        // Fresh at CONNECT, as the cloud authorizer: a browser reconnecting after a change gets its new rights.
        if (claims) forgetActor(claims.sub);
        const actor = claims ? await resolveActorBySub(claims.sub) : null;
        // As the IoT policy's iot:Connect on `client/web-<userId>-*` (realtime-authorizer.ts).
        if (!claims || !actor || !clientId.startsWith(browserClientPrefix(actor.userId))) return null;
        const userId = actor.userId;
        return {
          kind: 'user',
          userId,
          topics: realtimeTopicsFor(actor),
          // The same person (a supervisor's act-as aside) with the rights they hold now.
          resolve: async (fresh) => {
            if (fresh) forgetActor(claims.sub);
            const now = await resolveActorBySub(claims.sub);
            return now?.userId === userId ? realtimeTopicsFor(now) : null;
          },
        };
      },
    });
    closers.push(() => mqtt.close());
    // Rights taken away by an organization reach the person's open connections at once.
    setLocalRightsListener((userIds) => mqtt.recheck(userIds));
    closers.push(() => setLocalRightsListener(undefined));
    // Live push from the handlers (same process) goes straight into this broker (docs/ARCHITECTURE.md "Push").
    const { setLocalPublisher } = await import('../../functions/platform/events/push.ts');
    setLocalPublisher((topic, payload) => mqtt.publish(topic, payload));
    closers.push(() => setLocalPublisher(undefined));
    // The OGN bridge's batches: the tracking ingest, as the cloud's IoT topic rule invokes it.
    const ognIngest = startOgnIngest(mqtt, { log: options.log });
    closers.push(() => ognIngest.close());
    server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', url).pathname === '/mqtt') mqtt.handleUpgrade(req, socket, head);
    });

    const { isSeeded, seedDemo } = await import('./seed.ts');
    const seeded = !(await isSeeded());
    if (seeded) await seedDemo((input) => cognito.createUser(input));

    const jobs = startSchedules(schedules);
    closers.push(() => jobs.stop());

    const gateway = createGateway({
      verifyToken: (token) => cognito.verifyAccessToken(token),
      allowedOrigins: [url],
    });
    const webConfig: WebConfig = {
      stage: 'local',
      apiBase: '',
      region: 'eu-central-1',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: `${url}/cognito`,
      mqttUrl: `${url.replace(/^http/, 'ws')}/mqtt`,
      // No internet on a laptop by default: a plain background (WINDSOCK_TILES_URL to use tiles).
      tilesUrl: process.env.WINDSOCK_TILES_URL ?? '',
      tilesAttribution: process.env.WINDSOCK_TILES_ATTRIBUTION ?? '',
    };

    const web = await webMiddleware(options.web, server, closers);

    handleRequest = (req, res) => {
      const path = new URL(req.url ?? '/', url).pathname;
      if (path.startsWith('/api/')) {
        gateway(req, res).catch((error) => {
          options.log(`[gateway] ${error instanceof Error ? error.message : String(error)}`);
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      } else if (path === '/config.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(webConfig));
      } else if (path === '/cognito' || path.startsWith('/cognito/')) {
        req.url = (req.url ?? '/').slice('/cognito'.length) || '/';
        cognito.handle(req, res);
      } else if (path === '/_local/outbox') {
        // A browser gets the readable page; tools and tests the JSON (Cognito's codes, then the mails).
        const codes = cognito.outbox.list().map((message) => ({ message, link: messageLink(url, message) }));
        const mails = readMailOutbox(join(dataDir, 'mail-outbox.jsonl'));
        if ((req.headers.accept ?? '').includes('text/html')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(outboxPage(mails, codes));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(
          JSON.stringify([
            ...codes.map(({ message, link }) => ({ ...message, link })),
            ...mails.map((mail) => ({ ...mail, kind: 'mail' })),
          ]),
        );
      } else {
        web(req, res, () => {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
        });
      }
    };

    return {
      url,
      mqttTcpPort: mqtt.tcpPort,
      cognito,
      mqtt,
      dynamo,
      events,
      seeded,
      ognBridge,
      ognIngest,
      stripe,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The OGN bridge (bin/ogn-bridge.ts) publishes beacons as a service principal. Its password is
 * OGN_BRIDGE_PASSWORD or a random one kept in the data directory, where a bridge started from
 * another terminal finds it (and `--reset` replaces it).
 */
async function ognBridgeLogin(dataDir: string) {
  const secretFile = join(dataDir, 'ogn-bridge.secret');
  let password = process.env.OGN_BRIDGE_PASSWORD;
  if (!password && existsSync(secretFile)) password = (await readFile(secretFile, 'utf8')).trim();
  if (!password) {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }
  return { username: 'ogn-bridge', password, secretFile };
}

/** The key sealing list cursors (functions/platform/http/cursor.ts): random, one per data directory. */
async function cursorSecret(dataDir: string) {
  const file = join(dataDir, 'cursor.secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The link a person would get by e-mail, for the reset-password page (token: e-mail + code). */
const messageLink = (url: string, message: OutboxMessage) =>
  message.kind === 'forgot_password'
    ? `${url}/reset-password/${Buffer.from(`${message.to}\n${message.code}`).toString('base64url')}`
    : null;

const describeMessage = (url: string, message: OutboxMessage) =>
  messageLink(url, message) ?? `${message.kind} code ${message.code}`;

async function webMiddleware(
  mode: LocalStackOptions['web'],
  server: Server,
  closers: (() => Promise<void> | void)[],
): Promise<Middleware> {
  const configFile = join(ROOT, 'frontend/vite.config.ts');
  if (mode === 'none' || !existsSync(configFile)) return (_req, _res, next) => next();
  if (mode === 'dist') return distMiddleware(join(ROOT, 'frontend/dist'));
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile,
    root: join(ROOT, 'frontend'),
    appType: 'spa',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: { server } },
  });
  closers.push(() => vite.close());
  return vite.middlewares as unknown as Middleware;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** The built app with the same SPA fallback CloudFront gives it. */
function distMiddleware(dist: string): Middleware {
  return (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    const file = resolve(dist, `.${path}`);
    const inside = file.startsWith(dist) && existsSync(file) && !file.endsWith('/') && path !== '/';
    const target = inside ? file : join(dist, 'index.html');
    readFile(target)
      .then((body) => {
        const ext = target.slice(target.lastIndexOf('.'));
        res.writeHead(200, {
          'content-type': MIME[ext] ?? 'application/octet-stream',
          'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(404);
        res.end();
      });
  };
}

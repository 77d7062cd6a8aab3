import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { inject } from 'vitest';
import { startDynamo } from '../../bin/local/dynamodb.ts';
import { type LocalEvents, startLocalEvents } from '../../bin/local/events.ts';
import { httpApiEvent } from '../../bin/local/gateway.ts';
import { readMailOutbox } from '../../bin/local/mail-outbox.ts';
import { seedDemo } from '../../bin/local/seed.ts';
import { putDemoDocumentFiles } from '../../bin/local/seed-documents.ts';
import { type FakeStripe, startFakeStripe } from '../../bin/local/stripe.ts';
import type { Domain } from '../../contracts/domains.ts';
import { type OperationName, routes } from '../../contracts/routes.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { resetDynamoForTests } from '../../functions/platform/db/client.ts';
import { resetDbForTests } from '../../functions/platform/db/service.ts';
import { hasFilesBucket } from '../../functions/platform/files/s3.ts';
import type { OutboxMail } from '../../functions/platform/mail/send.ts';
import {
  copySnapshot,
  createTable,
  MAIL_OUTBOX,
  platformEnv,
  type SeedSnapshot,
  subOf,
  usableSnapshot,
} from './seed-snapshot.ts';

/** The Cognito `sub` the test seed gives a demo person (`pilot@demo.windsock.aero` → `sub-pilot@…`). */
export { subOf };

export interface Invocation {
  /** Cognito `sub` of the caller; omit for an anonymous request. */
  sub?: string;
  params?: Record<string, string>;
  /** Path parameters exactly as the gateway hands them over (percent-encoded), instead of `params`. */
  rawParams?: Record<string, string>;
  query?: Record<string, string>;
  /** The event's query string parameters as they are (an own `__proto__` key stays one), instead of `query`. */
  rawQuery?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** Request headers besides the JSON content type (a webhook's signature). */
  headers?: Record<string, string>;
}

export interface Platform {
  invoke(
    operation: OperationName,
    input?: Invocation,
  ): Promise<{ status: number; body: any; contentType?: string }>;
  /**
   * The local event bus behind the table's outbox (bin/local/events.ts): `subscribe` a test
   * consumer, `drained()` to await delivery, `dead` for what was given up on.
   */
  events: LocalEvents;
  /** What the handlers mailed (the local outbox, oldest first): sendMail() writes there, not to SES. */
  mail(): OutboxMail[];
  /** The fake Stripe (bin/local/stripe.ts) when asked for: its webhooks call the finance handler. */
  stripe: FakeStripe | null;
  close(): Promise<void>;
}

export interface PlatformOptions {
  seed?: boolean;
  /**
   * Domain events as the cloud may deliver them at worst: every event twice, and/or shuffled
   * within a short window. Retries wait `retryDelaysMs` (default a few ms, so tests stay fast).
   */
  events?: { duplicate?: boolean; shuffle?: boolean; seed?: number; retryDelaysMs?: number[] };
  /** Card payment against the fake Stripe; the web app's origin a payment may return to is {@link WEB_ORIGIN}. */
  stripe?: boolean;
}

/** The origin the tests' payments return to (WEB_ORIGINS). */
export const WEB_ORIGIN = 'http://app.windsock.test';

/** The run's seed snapshot (test/helpers/seed-snapshot-setup.ts), if this run made one. */
function runSnapshot(): SeedSnapshot | null {
  if (process.env.WINDSOCK_SEED_SNAPSHOT === 'off') return null;
  try {
    return inject('seedSnapshot') ?? null;
  } catch {
    return null;
  }
}

/**
 * The backend as a Lambda sees it, on a real (embedded) DynamoDB: a fresh table of its own, the
 * demo seed, the local event bus, and the domain handlers called with HTTP API v2 events — no HTTP
 * server, no mocks.
 *
 * Seeded, the table is a copy of the run's seed snapshot when there is one (seeded once, its events
 * consumed; test/helpers/seed-snapshot.ts), kept on disk in a directory of its own; otherwise (a
 * file run on its own, a run across midnight) it is an in-memory table seeded here.
 */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const snapshot = options.seed === false ? null : usableSnapshot(runSnapshot());
  const dataDir = snapshot ? await copySnapshot(snapshot) : mkdtempSync(join(tmpdir(), 'windsock-mail-'));
  const dynamo = await startDynamo({
    port: 0,
    ttlSweepMs: 0,
    ...(snapshot ? { dir: join(dataDir, 'dynamodb') } : {}),
  });
  const { retryDelaysMs = [5, 20], ...chaos } = options.events ?? {};
  const events = startLocalEvents(dynamo, { retryDelaysMs, chaos });
  const stripe = options.stripe ? await startFakeStripe({ retryDelaysMs: [5, 20] }) : null;
  const mailOutbox = join(dataDir, MAIL_OUTBOX);
  Object.assign(
    process.env,
    platformEnv(dynamo.endpoint, mailOutbox, randomBytes(32).toString('base64url')),
    { WEB_ORIGINS: WEB_ORIGIN },
  );
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'STRIPE_SECRET_ARN'])
    delete process.env[key];
  if (stripe)
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
  resetEnvForTests();
  resetDynamoForTests();
  resetDbForTests();
  await createTable(dynamo.endpoint);
  if (snapshot) {
    // The seed's files: the snapshot holds the table, a test's own S3 gets them here.
    if (hasFilesBucket()) await putDemoDocumentFiles();
  } else if (options.seed !== false) await seedDemo(async ({ email }) => ({ sub: subOf(email) }));

  const handlers = new Map<Domain, (event: unknown, context: Context) => Promise<any>>();
  const platform: Platform = {
    async invoke(operation, input = {}) {
      const route = routes[operation];
      let handler = handlers.get(route.domain);
      if (!handler) {
        handler = ((await import(`../../functions/${route.domain}/handler.ts`)) as { handler: any }).handler;
        handlers.set(route.domain, handler!);
      }
      // As the gateway does: the path's segments, still percent-encoded, are the parameters.
      const pathParameters =
        input.rawParams ??
        Object.fromEntries(Object.entries(input.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]));
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParameters[name] ?? '');
      const url = new URL(path, 'http://local');
      for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
      const event = httpApiEvent({
        routeKey: `${route.method} ${route.path}`,
        method: route.method,
        url,
        headers: { 'content-type': 'application/json', ...input.headers },
        pathParameters,
        body: input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body)),
        claims: input.sub ? { sub: input.sub, token_use: 'access' } : null,
      });
      if (input.rawQuery) event.queryStringParameters = input.rawQuery;
      const result = await handler!(event, { awsRequestId: 'test' } as Context);
      const type = String(result.headers?.['content-type'] ?? 'application/json');
      // A text answer (an iCalendar feed) as it came; everything else is JSON.
      const text = result.body && !type.startsWith('application/json');
      return {
        status: result.statusCode,
        body: result.body ? (text ? result.body : JSON.parse(result.body)) : null,
        ...(text ? { contentType: type } : {}),
      };
    },
    events,
    mail: () => readMailOutbox(mailOutbox),
    stripe,
    async close() {
      await stripe?.close();
      await events.close();
      await dynamo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Stripe's webhooks reach the finance handler as the gateway would hand them over: the raw body.
  stripe?.setWebhookTarget(async (body, headers) => {
    const answer = await platform.invoke('stripeWebhook', { rawBody: body, headers });
    return answer.status;
  });
  return platform;
}

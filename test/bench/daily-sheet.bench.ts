import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../bin/local/seed.ts';
import { startLocalStack, TABLE_NAME } from '../../bin/local/stack.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { ms, percentile } from './stats.ts';

const FLIGHTS = 300;
/** Still in the air when the timer operator starts tapping "Land". */
const AIRBORNE = 40;
const LOADS = 50;
const TAPS = 20;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GLIDERS = ['plane-ha-4012', 'plane-ha-4370', 'plane-ha-4455'];
const PILOTS = ['user-pilot', 'user-student', 'user-instructor', 'user-admin'];

/**
 * Issue 5 §8: a busy day of 300 flights on the daily sheet. (a) GET /api/daily-flights/{date}
 * through the local stack (gateway → JWT → flights Lambda → one Query of the day) against the raw
 * DynamoDB Query of the same day's items; (b) in Chromium on a tablet viewport, from tapping
 * "Land" on that sheet to the row showing landed (at once, from the outbox) and to the server's
 * confirmation (the row no longer pending).
 */
export async function run() {
  const dataDir = await mkdtemp(join(tmpdir(), 'windsock-bench-'));
  const withBrowser = existsSync(CHROMIUM);
  const stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: true,
    web: withBrowser ? 'vite' : 'none',
    log: () => {},
  });
  try {
    const token = await accessTokenOf(stack.url, 'instructor@demo.windsock.aero', {
      clientId: stack.cognito.clientId,
    });
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };

    // The day: 270 landed flights through the morning, 30 in the air now (every tenth an aerotow).
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());
    const now = Date.now();
    const airborne: string[] = [];
    let next = 0;
    const create = async () => {
      while (next < FLIGHTS) {
        const i = next++;
        const takeoff = now - (FLIGHTS - i) * 60_000 - 45 * 60_000;
        const inAir = i >= FLIGHTS - AIRBORNE;
        const tow = i % 10 === 0 && !inAir;
        const flight = await api('POST', `/api/daily-flights/${date}/flights`, {
          plane_id: GLIDERS[i % GLIDERS.length],
          takeoff_type_id: tow ? 5 : 3,
          pic_id: PILOTS[i % PILOTS.length],
          winch_operator_id: tow ? undefined : 'user-admin',
          tow_plane_id: tow ? 'plane-ha-sbx' : undefined,
          tow_pilot_id: tow ? 'user-instructor' : undefined,
          takeoff_time: new Date(takeoff).toISOString(),
          landing_time: inAir ? undefined : new Date(takeoff + 20 * 60_000).toISOString(),
        });
        if (inAir) airborne.push(String(flight.flight_id));
      }
    };
    await Promise.all(Array.from({ length: 4 }, create));
    const sheet = await api('GET', `/api/daily-flights/${date}`);
    const count = (sheet.flights as unknown[]).length;

    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamo.endpoint,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const rawDay = async () => {
      let cursor: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new QueryCommand({
            TableName: TABLE_NAME,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
            ExpressionAttributeValues: { ':pk': 'org#org-demo', ':sk': `flight#${date}#` },
            ExclusiveStartKey: cursor,
          }),
        );
        cursor = page.LastEvaluatedKey;
      } while (cursor);
    };
    const timed = async (times: number, task: () => Promise<unknown>) => {
      const sample: number[] = [];
      for (let i = 0; i < times; i++) {
        const start = performance.now();
        await task();
        sample.push(performance.now() - start);
      }
      return sample;
    };
    await timed(5, () => api('GET', `/api/daily-flights/${date}`)); // warm-up
    await timed(5, rawDay);
    const raw = await timed(LOADS, rawDay);
    const loads = await timed(LOADS, () => api('GET', `/api/daily-flights/${date}`));
    documents.destroy();

    const line = (label: string, sample: number[], base?: number[]) =>
      console.log(
        `${label.padEnd(52)} p50 ${ms(percentile(sample, 50)).padStart(9)}  p99 ${ms(percentile(sample, 99)).padStart(9)}` +
          (base
            ? `   ratio p50 ${(percentile(sample, 50) / percentile(base, 50)).toFixed(2)}×` +
              `  p99 ${(percentile(sample, 99) / percentile(base, 99)).toFixed(2)}×`
            : ''),
      );
    console.log(
      `a day of ${count} flights (${FLIGHTS} recorded, aerotows with their tow plane), ${LOADS} loads each:`,
    );
    line('raw DynamoDB Query of the day (baseline)', raw);
    line('GET /api/daily-flights/{date}', loads, raw);

    // The server's part of a landing (flight, counters, logbook lines, statistics in one transaction).
    const viaApi = [];
    for (const id of airborne.slice(TAPS)) {
      const flight = await api('GET', `/api/flights/${id}`);
      const start = performance.now();
      await api('POST', `/api/daily-flights/${date}/flights/${id}/landing`, { version: flight.version });
      viaApi.push(performance.now() - start);
    }
    line(`POST …/landing via the API (${viaApi.length} flights)`, viaApi, raw);

    if (!withBrowser) {
      console.log(`Chromium tap timing SKIPPED: no Chromium at ${CHROMIUM}`);
      return;
    }
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const page = await (
        await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true, locale: 'hu-HU' })
      ).newPage();
      await page.goto(`${stack.url}/login`);
      await page.locator('[data-testid="login-email"] input').fill('instructor@demo.windsock.aero');
      await page.locator('[data-testid="login-password"] input').fill(DEMO_PASSWORD);
      await page.locator('[data-testid="login-submit"]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
      await page.goto(`${stack.url}/daily-flight/${date}/`);
      await page
        .locator('[data-testid="sheet-flight"][data-status="landed"]')
        .nth(FLIGHTS - AIRBORNE - 1)
        .waitFor({ timeout: 120_000 });
      const shown: number[] = [];
      const confirmed: number[] = [];
      for (const id of airborne.slice(0, TAPS)) {
        const [toShown, toConfirmed] = await page.evaluate(async (flightId) => {
          const landed = (pending?: boolean) =>
            document.querySelector(
              `[data-flight-id="${flightId}"][data-status="landed"]${pending === undefined ? '' : `[data-pending="${pending}"]`}`,
            );
          const until = (found: () => Element | null) =>
            new Promise<void>((resolve) => {
              if (found()) return resolve();
              const observer = new MutationObserver(() => {
                if (!found()) return;
                observer.disconnect();
                resolve();
              });
              observer.observe(document.body, { subtree: true, childList: true, attributes: true });
            });
          const button = document.querySelector<HTMLButtonElement>(
            `[data-flight-id="${flightId}"] [data-testid="sheet-flight-land"]`,
          );
          if (!button) throw new Error(`no Land button for ${flightId}`);
          const start = performance.now();
          button.click();
          await until(() => landed());
          const atShown = performance.now() - start;
          await until(() => landed(false));
          return [atShown, performance.now() - start];
        }, id);
        shown.push(toShown);
        confirmed.push(toConfirmed);
      }
      console.log(`Chromium, tablet 1280×800, the sheet of ${count} flights, ${TAPS} taps on "Land":`);
      line('tap → row shows landed (from the outbox)', shown);
      line('tap → landing confirmed by the server', confirmed);
    } finally {
      await browser.close();
    }
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

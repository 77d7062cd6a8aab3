import { randomBytes } from 'node:crypto';
import { existsSync, statfsSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamo } from '../../bin/local/dynamodb.ts';
import { startLocalEvents } from '../../bin/local/events.ts';
import { seedDemo } from '../../bin/local/seed.ts';
import { ensureTable } from '../../bin/local/table.ts';
import { todayIn } from '../../contracts/calendar.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { resetDynamoForTests } from '../../functions/platform/db/client.ts';
import { resetDbForTests } from '../../functions/platform/db/service.ts';

/**
 * The demo seed, made once per test run (docs/ARCHITECTURE.md "Tests and benchmarks"): the
 * integration project's globalSetup seeds an embedded DynamoDB kept on disk, waits until the
 * seed's domain events are consumed, closes it and hands the directory to the test files, which
 * each start on their own copy of it (startPlatform) instead of seeding again.
 *
 * The directory: `dynamodb/` (the table: LevelDB and the TTL setting, startDynamo's `dir`),
 * and `mail-outbox.jsonl` (what the seed's event consumers mailed, if anything).
 * The seed's S3 objects are not in it: a file with a files bucket puts them (putDemoDocumentFiles).
 */
export interface SeedSnapshot {
  dir: string;
  /** When the seed ran; the seed dates its data from that day. */
  seededAt: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The integration project's seeded table (seed-snapshot-setup.ts); null when there is none. */
    seedSnapshot: SeedSnapshot | null;
    /** The e2e project's seeded data dir of `npm start` (e2e-snapshot-setup.ts); null when there is none. */
    e2eSnapshot: SeedSnapshot | null;
  }
}

export const TEST_TABLE = 'windsock-test';
export const MAIL_OUTBOX = 'mail-outbox.jsonl';

/** The timezones the seed reads "today" in (UTC and the demo clubs' zone). */
const SEED_ZONES = ['UTC', 'Europe/Budapest', 'Europe/Vienna'];

/**
 * Where the snapshot and its copies go: memory-backed /dev/shm when the machine has it with room
 * to spare (a container's is often 64 MB, and Chromium needs it), else the temp dir.
 */
export function scratchBase(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

/** The handlers' environment of a test platform (startPlatform's), on the given DynamoDB and outbox. */
export function platformEnv(endpoint: string, mailOutbox: string, cursorSecret: string) {
  return {
    STAGE: 'test',
    MAIL_OUTBOX_FILE: mailOutbox,
    TABLE_NAME: TEST_TABLE,
    DYNAMODB_ENDPOINT: endpoint,
    ACTOR_CACHE_SECONDS: '0',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    LOG_LEVEL: 'ERROR',
    CURSOR_SECRET: cursorSecret,
  };
}

export async function createTable(endpoint: string) {
  const client = new DynamoDBClient({
    endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureTable(client, TEST_TABLE);
  } finally {
    client.destroy();
  }
}

/** The Cognito `sub` the test seed gives a demo person. */
export const subOf = (email: string) => `sub-${email}`;

/**
 * Seeds a fresh table kept in `dir` as a test platform would (same table, same subs, no files
 * bucket), lets the seed's events be delivered, and closes it. The process environment is put
 * back as it was.
 */
export async function createSeedSnapshot(dir: string): Promise<SeedSnapshot> {
  const saved = { ...process.env };
  const dynamo = await startDynamo({ dir: join(dir, 'dynamodb'), port: 0, ttlSweepMs: 0 });
  const events = startLocalEvents(dynamo, { retryDelaysMs: [5, 20], log: (line) => console.error(line) });
  try {
    Object.assign(
      process.env,
      platformEnv(dynamo.endpoint, join(dir, MAIL_OUTBOX), randomBytes(32).toString('base64url')),
      {
        TZ: 'UTC',
      },
    );
    for (const key of ['FILES_BUCKET', 'S3_ENDPOINT', 'S3_LOCAL_SECRET']) delete process.env[key];
    resetEnvForTests();
    resetDynamoForTests();
    resetDbForTests();
    await createTable(dynamo.endpoint);
    const seededAt = new Date().toISOString();
    await seedDemo(async ({ email }) => ({ sub: subOf(email) }));
    await events.drained();
    if (events.dead.length > 0)
      throw new Error(`the demo seed's events died: ${JSON.stringify(events.dead, null, 2)}`);
    return { dir, seededAt };
  } finally {
    await events.close();
    await dynamo.close();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetEnvForTests();
    resetDynamoForTests();
    resetDbForTests();
  }
}

/**
 * The snapshot, if it can stand in for seeding now: it exists and was seeded on the same day as
 * today in every zone the seed dates by (a run across midnight seeds afresh).
 */
export function usableSnapshot(snapshot: SeedSnapshot | undefined | null, now = new Date()) {
  if (!snapshot || !existsSync(snapshot.dir)) return null;
  const seeded = new Date(snapshot.seededAt);
  const sameDay = SEED_ZONES.every((zone) => todayIn(zone, seeded) === todayIn(zone, now));
  return sameDay ? snapshot : null;
}

/** A fresh copy of the snapshot's table and outbox for one platform; answers the copy's directory. */
export async function copySnapshot(snapshot: SeedSnapshot): Promise<string> {
  const copy = await mkdtemp(join(scratchBase(), 'windsock-table-'));
  await cp(join(snapshot.dir, 'dynamodb'), join(copy, 'dynamodb'), { recursive: true });
  const outbox = join(snapshot.dir, MAIL_OUTBOX);
  if (existsSync(outbox)) await writeFile(join(copy, MAIL_OUTBOX), await readFile(outbox));
  return copy;
}

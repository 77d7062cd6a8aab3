import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { type SeedSnapshot, scratchBase } from './seed-snapshot.ts';

/**
 * The e2e project's globalSetup: `npm start`'s data dir seeded once for the run (bin/local.ts
 * --seed-only: the table, the local Cognito's users, the S3 files, the outboxes; the seed's events
 * consumed). Each file's startLocalProcess() starts on a copy of it. When it cannot be made (or
 * WINDSOCK_SEED_SNAPSHOT=off), every stack seeds for itself, as before.
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export default async function setup(project: TestProject) {
  if (process.env.WINDSOCK_SEED_SNAPSHOT === 'off') {
    project.provide('e2eSnapshot', null);
    return;
  }
  const dir = await mkdtemp(join(scratchBase(), 'windsock-e2e-seed-'));
  const seededAt = new Date().toISOString();
  let snapshot: SeedSnapshot | null = null;
  try {
    await seedDataDir(dir);
    snapshot = { dir, seededAt };
  } catch (error) {
    console.error('e2e seed snapshot: could not be made; every stack seeds for itself', error);
  }
  project.provide('e2eSnapshot', snapshot);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

function seedDataDir(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['bin/local.ts', '--seed-only', '--web', 'none'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', MQTT_PORT: '0', WINDSOCK_DATA_DIR: dir, WINDSOCK_OGN_DEMO: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 && output.includes('(seeded now)')
        ? done()
        : fail(new Error(`bin/local.ts --seed-only exited with ${code}:\n${output}`)),
    );
  });
}

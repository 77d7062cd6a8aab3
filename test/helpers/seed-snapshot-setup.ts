import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeedSnapshot, type SeedSnapshot, scratchBase } from './seed-snapshot.ts';

/**
 * The integration project's globalSetup: seeds once for every file (startPlatform copies it). A
 * seed that fails here is reported and the files seed for themselves, as before.
 */
export default async function setup(project: TestProject) {
  // WINDSOCK_SEED_SNAPSHOT=off: every file seeds for itself, as before the snapshot.
  if (process.env.WINDSOCK_SEED_SNAPSHOT === 'off') {
    project.provide('seedSnapshot', null);
    return;
  }
  const dir = await mkdtemp(join(scratchBase(), 'windsock-seed-'));
  let snapshot: SeedSnapshot | null = null;
  try {
    snapshot = await createSeedSnapshot(dir);
  } catch (error) {
    console.error('seed snapshot: could not be made; every file seeds for itself', error);
  }
  project.provide('seedSnapshot', snapshot);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

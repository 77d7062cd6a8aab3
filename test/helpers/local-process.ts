import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { type SeedSnapshot, scratchBase, usableSnapshot } from './seed-snapshot.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface LocalProcess {
  url: string;
  pid: number;
  output: () => string;
  /** Ctrl-C, as a developer would; resolves with the exit code. */
  stop(): Promise<number | null>;
  dataDir: string;
}

/** The e2e run's seeded data dir (test/helpers/e2e-snapshot-setup.ts), if this run made one. */
function runSnapshot(): SeedSnapshot | null {
  if (process.env.WINDSOCK_SEED_SNAPSHOT === 'off') return null;
  try {
    return inject('e2eSnapshot') ?? null;
  } catch {
    return null;
  }
}

/**
 * `npm start` as a user runs it: bin/local.ts in its own Node 22 process, on a free port, with
 * its own data dir. Resolves once it prints `Windsock ready at …`. Without a data dir given, the
 * stack starts on a copy of the run's seeded data dir when there is one (as `npm start` does its
 * second time), else on an empty one it seeds.
 */
export async function startLocalProcess(
  options: { dataDir?: string; env?: Record<string, string>; args?: string[]; timeoutMs?: number } = {},
): Promise<LocalProcess> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(join(scratchBase(), 'windsock-e2e-'));
    const snapshot = usableSnapshot(runSnapshot());
    if (snapshot) await cp(snapshot.dir, dataDir, { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, ['bin/local.ts', ...(options.args ?? [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      MQTT_PORT: '0',
      WINDSOCK_DATA_DIR: dataDir,
      // The simulated OGN afternoon would add proposals and positions to every test's club.
      WINDSOCK_OGN_DEMO: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`local stack not ready in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const check = () => {
      const match = /Windsock ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      // The banner ends with the "Ctrl-C stops" line; wait for all of it.
      if (match?.[1] && output.includes('Ctrl-C stops')) {
        clearTimeout(timer);
        done(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`local stack exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const code = await exited;
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root and its functions/ folder, for tests that read the code itself. */
export const ROOT = resolve(import.meta.dirname, '../..');
export const FUNCTIONS = join(ROOT, 'functions');

/** Every .ts file under a folder. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

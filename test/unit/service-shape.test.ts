import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, filesUnder, ROOT } from '../helpers/source-files.ts';

/**
 * One service shape (docs/ARCHITECTURE.md "A service"): services take their dependencies, the clock
 * among them, so a rule is tested at any instant without I/O; an ops file is typed from its route
 * rows, so no list of operation names is kept by hand.
 */

const withoutComments = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Where a domain's code may read the clock: the platform, entities' defaults, a deps object's `now`. */
const CLOCK_ALLOWED_FILES = (path: string) =>
  path.startsWith(`${FUNCTIONS}/platform/`) || path.endsWith('/entities.ts');
const DEPS_CLOCK = /\bnow: \(\) => (new Date\(\)|Date\.now\(\))/;

/** Lines of domain code that read the clock inline: `new Date()`, `Date.now()`, a one-argument todayIn(). */
function clockReads(path: string, code: string): string[] {
  if (CLOCK_ALLOWED_FILES(path)) return [];
  return withoutComments(code)
    .split('\n')
    .flatMap((line, index) =>
      /new Date\(\)|Date\.now\(|\btodayIn\([^,()]*\)/.test(line) && !DEPS_CLOCK.test(line)
        ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`]
        : [],
    );
}

describe('one service shape', () => {
  it('reads the clock only through deps.now(), never inline', () => {
    const problems = filesUnder(FUNCTIONS).flatMap((path) => clockReads(path, readFileSync(path, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('finds an inline clock where there is one (the rule itself can fail)', () => {
    const service = `${FUNCTIONS}/aircraft/x-service.ts`;
    expect(clockReads(service, 'const today = new Date().toISOString();')).toHaveLength(1);
    expect(clockReads(service, "const day = todayIn('UTC');")).toHaveLength(1);
    expect(clockReads(service, 'export const deps = { store, now: () => new Date() };')).toEqual([]);
    expect(clockReads(service, "const day = todayIn('UTC', deps.now());")).toEqual([]);
  });

  it('types every ops file from its route rows, with no hand-written list of operations', () => {
    const problems: string[] = [];
    for (const path of filesUnder(FUNCTIONS).filter((p) => /ops\.ts$/.test(p))) {
      const code = readFileSync(path, 'utf8');
      const name = relative(ROOT, path);
      if (/Pick<\s*DomainOps/.test(code) || /\|\s*'[a-zA-Z]+'\s*\n/.test(code))
        problems.push(`${name} lists operations by hand`);
      if (!/: (OpsFor<typeof \w+Routes>|DomainOps<'\w+'>) = \{/.test(code))
        problems.push(`${name} is not typed OpsFor<typeof …Routes> or DomainOps<'domain'>`);
    }
    expect(problems).toEqual([]);
  });
});

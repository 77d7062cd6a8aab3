import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MODULES } from '../../contracts/modules.ts';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import type { AccessProfile } from '../../frontend/src/app/access.ts';
import { menuFor } from '../../frontend/src/app/menu.ts';
import { canOpen, pageAt } from '../../frontend/src/app/open.ts';
import { loadPageTable } from '../../frontend/src/app/page-table.ts';
import { pages } from '../../frontend/src/app/pages.ts';
import { DEFAULT_ROLES } from '../../functions/organizations/default-roles.ts';

/**
 * Issue 13 §2: no door offered and then shut. Every link, button and menu entry asks the page
 * table's guard (frontend/src/app/links.tsx) before it is shown; this file checks the menu and the
 * dashboard for every role a club starts with, and that no screen builds a way around the helper.
 */

const SRC = join(import.meta.dirname, '../../frontend/src');

// The browser loads the whole page table with the first signed-in screen (app/page-table.ts).
beforeAll(async () => {
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  await loadPageTable();
  vi.unstubAllGlobals();
});

/** A member holding one of the default roles, in a club with every module and both kinds of aircraft. */
const memberWith = (role: (typeof DEFAULT_ROLES)[number]): AccessProfile => ({
  has_role: role.guard_role ? { [role.guard_role]: true } : {},
  can: Object.fromEntries(role.permissions.map((p) => [p, true])) as Partial<Record<Permission, boolean>>,
  organization: {
    modules: MODULES,
    planes: [
      { plane_category: 'plc_02', functional: true, rentable: true },
      { plane_category: 'plc_01', functional: true, rentable: true },
    ],
  },
});

const supervisor: AccessProfile = {
  ...memberWith(DEFAULT_ROLES[0] as (typeof DEFAULT_ROLES)[number]),
  has_role: { supervisor: true, admin: true } satisfies Partial<Record<GuardRole, boolean>>,
};

const everyone: [string, AccessProfile][] = [
  ...DEFAULT_ROLES.map((role): [string, AccessProfile] => [role.role_id, memberWith(role)]),
  ['supervisor', supervisor],
  ['pilot who registered alone', { has_role: {}, can: {}, organization: null }],
];

describe('menu entries open what they name', () => {
  it.each(everyone)('%s: every menu entry passes its page guard', (_, profile) => {
    const entries = menuFor(pages, profile).flatMap((section) => section.items);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(pageAt(entry.href), entry.href).toBeDefined();
      expect(canOpen(entry.href, profile), entry.href).toBe(true);
    }
  });

  it('a plain pilot sees the day to read, not the timer sheet', () => {
    const pilot = everyone.find(([id]) => id === 'pilot')?.[1] as AccessProfile;
    const hrefs = menuFor(pages, pilot).flatMap((section) => section.items.map((item) => item.href));
    expect(hrefs).toContain('/daily-flight/day/today/');
    expect(canOpen('/daily-flight/2026-05-01/', pilot)).toBe(false);
    expect(canOpen('/daily-flight/day/2026-05-01/', pilot)).toBe(true);
    // The static segment wins over the day id, as in the router.
    expect(pageAt('/daily-flight/login/')?.path).toBe('daily-flight/login');
    expect(pageAt('/daily-flight/day/today/')?.path).toBe('daily-flight/day/:id');
  });

  it('an admin without the technical operator role gets no link to the fault reports list', () => {
    const admin = everyone.find(([id]) => id === 'admin')?.[1] as AccessProfile;
    expect(canOpen('/plane-faults/?plane_id=x', admin)).toBe(false);
    expect(canOpen('/plane-fault/new/', admin)).toBe(true);
  });

  it('knows no page for an address outside the table', () => {
    expect(pageAt('/no-such-screen/')).toBeUndefined();
    expect(canOpen('/no-such-screen/', supervisor)).toBe(false);
  });
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/** Where a way to another screen may be made without the helper, and why. */
const NAVIGATION_ALLOWED: Record<string, string> = {
  'app/links.tsx': 'the helper itself',
  'app/router.tsx': 'the router and its not-found redirect',
  'app/page-guard.tsx': 'the guard: its outcomes are the redirects',
  'features/auth/logout-page.tsx': 'signed out: to the login page once the session is gone',
  'features/profile/change-password-page.tsx': 'signed out after the change: to the login page',
  'features/documents/holder-documents-page.tsx': 'an unknown holder kind: back to the list it came from',
  'features/messages/message-edit-page.tsx': 'an unknown edit type: back to the messages list',
};

/** Plain `href`s that do not open a screen of the app. */
const NON_SCREEN_LINKS: Record<string, string> = {
  'features/people/address-book-page.tsx': 'mailto: and tel: links',
  'features/faults/fault-view.tsx': "a fault photo's file",
  'features/logbook/signature-page.tsx': 'a line of the same page (?line=), no other screen',
};

/** The opening tags of a JSX element in a source text. */
const openingTags = (text: string, tag: string) => {
  const found: string[] = [];
  const start = new RegExp(`<${tag}[\\s>]`, 'g');
  for (let match = start.exec(text); match; match = start.exec(text)) {
    let depth = 0;
    let end = match.index + 1;
    for (; end < text.length; end += 1) {
      const c = text[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    found.push(text.slice(match.index, end + 1));
  }
  return found;
};

describe('no screen builds a link around the guard', () => {
  const files = sourceFiles(SRC).map((path) => ({
    name: relative(SRC, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('navigates from code only through usePageNavigate', () => {
    const offenders = files
      .filter(({ name }) => !NAVIGATION_ALLOWED[name])
      .filter(({ text }) => /\b(useNavigate|Navigate)\b[^;]*from 'react-router(-dom)?'/.test(text))
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
    const navigateTo = files
      .filter(({ name }) => !name.startsWith('lib/'))
      .filter(({ text }) => /\bnavigateTo\(/.test(text))
      .map(({ name }) => name);
    expect(navigateTo).toEqual([]);
  });

  it('gives a Link or Button an href only as PageLink or PageButton', () => {
    const offenders = files
      .filter(({ name }) => name !== 'app/links.tsx' && !NON_SCREEN_LINKS[name])
      .flatMap(({ name, text }) =>
        ['Link', 'Button', 'a']
          .flatMap((tag) => openingTags(text, tag))
          .filter((tag) => /\shref=/.test(tag) && !/\sexternal[\s=/>]/.test(tag))
          .map((tag) => `${name}: ${tag.replace(/\s+/g, ' ').slice(0, 80)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('filters menu items with an href through useCanOpen', () => {
    const offenders = files
      .filter(({ name }) => name.startsWith('features/') || name.startsWith('components/'))
      .filter(({ name }) => !NON_SCREEN_LINKS[name])
      .filter(({ text }) => /\bhref:\s/.test(text) && !/\buseCanOpen\(\)/.test(text))
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
  });
});

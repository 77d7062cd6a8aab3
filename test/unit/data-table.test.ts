import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultChoice,
  fittedChoice,
  preferencesKey,
  readChoice,
  writeChoice,
} from '../../frontend/src/components/data-table/table-preferences.ts';

/**
 * Issue 13 §4, tables that fit: every list and every table inside a record is the one DataTable
 * (components/data-table): words wrap at word boundaries, the key column stays in view, each person
 * chooses the columns (kept per person), and a phone gets cards. This file checks the kept choice and
 * that no screen builds a table of its own beside it.
 */

const SRC = join(import.meta.dirname, '../../frontend/src');

/** A Storage in memory, as the browser's localStorage behaves. */
const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};

describe('the column choice a person keeps', () => {
  const columns = [
    { id: 'date', alwaysVisible: true },
    { id: 'plane' },
    { id: 'remarks', hiddenByDefault: true },
  ];

  it('starts with every column but those a laptop has no room for', () => {
    expect(defaultChoice(columns)).toEqual([
      { id: 'date', visible: true },
      { id: 'plane', visible: true },
      { id: 'remarks', visible: false },
    ]);
  });

  it('is kept per person and list, so two people on a club tablet keep their own', () => {
    const storage = memoryStorage();
    const anna = preferencesKey('statement', 'user-anna');
    const bela = preferencesKey('statement', 'user-bela');
    writeChoice(storage, anna, [
      { id: 'plane', visible: false },
      { id: 'date', visible: true },
    ]);
    expect(readChoice(storage, anna)).toEqual([
      { id: 'plane', visible: false },
      { id: 'date', visible: true },
    ]);
    expect(readChoice(storage, bela)).toBeNull();
    expect(preferencesKey('report-by_month', 'user-anna')).not.toBe(anna);
  });

  it("keeps the person's order, adds new columns at the end and never hides the key column", () => {
    const fitted = fittedChoice(columns, [
      { id: 'plane', visible: true },
      { id: 'date', visible: false },
      { id: 'gone', visible: true },
    ]);
    expect(fitted).toEqual([
      { id: 'plane', visible: true },
      { id: 'date', visible: true },
      { id: 'remarks', visible: false },
    ]);
  });

  it('ignores a stored value that is not a choice', () => {
    const storage = memoryStorage();
    storage.setItem('broken', '{not json');
    storage.setItem('wrong', JSON.stringify([{ id: 1 }]));
    expect(readChoice(storage, 'broken')).toBeNull();
    expect(readChoice(storage, 'wrong')).toBeNull();
  });
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/** Where Cloudscape's Table may be used directly, and why. */
const TABLE_ALLOWED: Record<string, string> = {
  'components/data-table/data-table.tsx': 'the one table itself',
  'features/flights/general-multiple-page.tsx':
    'an editable grid: each row is a flight saved on its own, with its own saved/failed state and link',
  'components/person/pilot-info-fields.tsx':
    "an editable grid: a fixed row per rating with its dates' inputs, not a list to read",
};

/** Tools for developers, not club screens. */
const TOOLS = 'features/developer/';

describe('no screen builds a table beside DataTable', () => {
  const files = sourceFiles(SRC).map((path) => ({
    name: relative(SRC, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }));

  it("imports Cloudscape's Table only in DataTable and the named editable grids", () => {
    const direct = /['"]@cloudscape-design\/components\/table['"/]/;
    const barrel = /\bTable\b[^;]*from\s+['"]@cloudscape-design\/components['"]/;
    const offenders = files
      .filter(({ name }) => !TABLE_ALLOWED[name] && !name.startsWith(TOOLS))
      .filter(({ text }) => direct.test(text) || barrel.test(text))
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
    // An exception whose file no longer uses Table is dropped, so the list stays the truth.
    const stale = Object.keys(TABLE_ALLOWED).filter(
      (name) => !files.some((f) => f.name === name && (direct.test(f.text) || barrel.test(f.text))),
    );
    expect(stale).toEqual([]);
  });

  it('the tables inside records are DataTables with an id of their own', () => {
    const ids = files.flatMap(({ text }) =>
      [...text.matchAll(/<DataTable(?:<[^>]*>)?\s+(?:\/\/[^\n]*\n\s*)*id="([^"]+)"/g)].map(
        (match) => match[1] as string,
      ),
    );
    expect(ids.length).toBeGreaterThan(40);
    for (const id of [
      'charge-explanation',
      'statement',
      'training-task-check',
      'quiz-result-categories',
      'holder-documents',
      'message-recipients',
      'import-rows',
    ])
      expect(ids, id).toContain(id);
    // One id names one list: two lists sharing one would share a person's column choice.
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});

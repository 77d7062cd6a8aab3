import { describe, expect, it } from 'vitest';
import type { ImportOutput, ImportRowOutput } from '../../contracts/schemas/import.ts';
import {
  asksAgain,
  importedInRounds,
  MAX_ROUNDS,
  rowsToWrite,
} from '../../frontend/src/features/reports/import-rounds.ts';

/**
 * The import screen writes a long file in rounds (the server stops before its time runs out and
 * answers "continue"): it asks again while a round made progress, and shows the whole import as
 * one — the rows any round wrote as new.
 */
const row = (n: number, status: ImportRowOutput['status'], errors: ImportRowOutput['errors'] = {}) => ({
  row: n,
  label: `row ${n}`,
  status,
  errors,
});
const answer = (message: string, rows: ImportRowOutput[]): ImportOutput => ({
  message,
  dry_run: false,
  written: rows.some((r) => r.status === 'new'),
  created: rows.filter((r) => r.status === 'new').length,
  unchanged: rows.filter((r) => r.status === 'unchanged').length,
  failed: rows.filter((r) => r.status === 'error').length,
  rows,
});
const late = { row: ['import_time_ran_out'] };

describe('an import written in rounds', () => {
  const first = answer('import.message.continue', [
    row(2, 'new'),
    row(3, 'new'),
    row(4, 'error', late),
    row(5, 'error', late),
  ]);
  const last = answer('import.message.imported', [
    row(2, 'unchanged'),
    row(3, 'unchanged'),
    row(4, 'new'),
    row(5, 'new'),
  ]);

  it('asks again while the server stopped for time and the round wrote something', () => {
    expect(asksAgain(first, 1)).toBe(true);
    expect(asksAgain(last, 2)).toBe(false);
    expect(asksAgain({ ...first, created: 0 }, 1)).toBe(false);
    expect(asksAgain(first, MAX_ROUNDS)).toBe(false);
  });

  it('counts what the whole import will write', () => {
    expect(rowsToWrite(first)).toBe(4);
  });

  it('shows every row written in any round as new, with the totals of the whole import', () => {
    const whole = importedInRounds(last, new Set([2, 3, 4, 5]));
    expect(whole.rows.map((r) => r.status)).toEqual(['new', 'new', 'new', 'new']);
    expect(whole).toMatchObject({
      created: 4,
      unchanged: 0,
      written: true,
      message: 'import.message.imported',
    });
  });

  it('says the file was imported when the last round found nothing left to write', () => {
    const nothing = answer('import.message.nothing_new', [row(2, 'unchanged'), row(3, 'unchanged')]);
    expect(importedInRounds(nothing, new Set([2, 3]))).toMatchObject({
      message: 'import.message.imported',
      created: 2,
      unchanged: 0,
      written: true,
    });
    expect(importedInRounds(nothing, new Set())).toMatchObject({ message: 'import.message.nothing_new' });
  });
});

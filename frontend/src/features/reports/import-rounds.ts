import type { ImportOutput } from '../../../../contracts/schemas/import.ts';

/**
 * A long file is written over several requests (the server stops in time and answers
 * `import.message.continue`; the same file again writes exactly the rest). The screen asks again
 * until the file is done and shows the whole import as one: the rows any round created are
 * "new", the others as the last round saw them.
 */
export const CONTINUE_MESSAGE = 'import.message.continue';
/** A file of MAX_IMPORT_ROWS rows needs a handful of rounds; more means something is stuck. */
export const MAX_ROUNDS = 20;

/** Whether to ask again: the server stopped for time and this round wrote something. */
export const asksAgain = (answer: ImportOutput, rounds: number) =>
  answer.message === CONTINUE_MESSAGE && answer.created > 0 && rounds < MAX_ROUNDS;

/** How many rows the whole import will write: this round's and those it did not reach for time. */
export const rowsToWrite = (first: ImportOutput) =>
  first.created + first.rows.filter((row) => row.errors.row?.includes('import_time_ran_out') === true).length;

/** The last round's answer told as the whole import: `created` are the rows written in any round. */
export function importedInRounds(last: ImportOutput, created: ReadonlySet<number>): ImportOutput {
  const rows = last.rows.map((row) =>
    created.has(row.row) && row.status === 'unchanged' ? { ...row, status: 'new' as const } : row,
  );
  const message =
    last.message === 'import.message.nothing_new' && created.size > 0
      ? 'import.message.imported'
      : last.message;
  return {
    ...last,
    message,
    written: last.written || created.size > 0,
    created: rows.filter((row) => row.status === 'new').length,
    unchanged: rows.filter((row) => row.status === 'unchanged').length,
    rows,
  };
}

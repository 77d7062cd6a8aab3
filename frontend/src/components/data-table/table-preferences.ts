/**
 * Which columns a person shows in a list, and in what order (issue 13 §4): kept in this browser per
 * person and list (`windsock.table.<list>.<user>`), so two people sharing a club tablet each keep
 * theirs. Pure over a Storage, so a unit test reads it without a browser.
 */
export interface ColumnChoice {
  id: string;
  visible: boolean;
}

interface ColumnSpec {
  id: string;
  alwaysVisible?: boolean;
  hiddenByDefault?: boolean;
}

export const preferencesKey = (list: string, userId: string) => `windsock.table.${list}.${userId}`;

/** The list's columns as the table offers them before anyone chose. */
export const defaultChoice = (columns: readonly ColumnSpec[]): ColumnChoice[] =>
  columns.map((column) => ({
    id: column.id,
    visible: column.alwaysVisible === true || !column.hiddenByDefault,
  }));

/**
 * A stored choice fitted to today's columns: the person's order and visibility for the columns they
 * know, columns added since in their default place at the end, columns gone left out, and a column
 * that may not be hidden always shown.
 */
export function fittedChoice(
  columns: readonly ColumnSpec[],
  stored: readonly ColumnChoice[] | null,
): ColumnChoice[] {
  if (!stored) return defaultChoice(columns);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const known = stored
    .filter((choice) => byId.has(choice.id))
    .map((choice) => ({
      id: choice.id,
      visible: choice.visible || byId.get(choice.id)?.alwaysVisible === true,
    }));
  const seen = new Set(known.map((choice) => choice.id));
  const added = defaultChoice(columns.filter((column) => !seen.has(column.id)));
  return [...known, ...added];
}

const isChoiceList = (value: unknown): value is ColumnChoice[] =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ColumnChoice).id === 'string' &&
      typeof (item as ColumnChoice).visible === 'boolean',
  );

export function readChoice(storage: Storage, key: string): ColumnChoice[] | null {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isChoiceList(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeChoice(storage: Storage, key: string, choice: readonly ColumnChoice[]) {
  try {
    storage.setItem(key, JSON.stringify(choice.map(({ id, visible }) => ({ id, visible }))));
  } catch {
    // A full or blocked storage: the choice holds for this visit only.
  }
}

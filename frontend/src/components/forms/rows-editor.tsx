import AttributeEditor, { type AttributeEditorProps } from '@cloudscape-design/components/attribute-editor';
import type { ReactNode } from 'react';

export interface RowsColumn<Row> {
  label: string;
  /** The cell: `change` patches this row. */
  control: (row: Row, change: (patch: Partial<Row>) => void, index: number) => ReactNode;
  /** The row field whose error shows under the cell (`<name>.<index>.<field>`); of several (a from–to pair), the first with one. */
  field?: (keyof Row & string) | readonly (keyof Row & string)[];
}

interface RowsEditorProps<Row> {
  rows: readonly Row[];
  /** The new rows; `changed` is the path whose errors go: `<name>.<index>.<field>` for a cell, `<name>` for an added or removed row. */
  onChange: (rows: Row[], changed: string) => void;
  /** The row "add" appends. */
  newRow: () => Row;
  columns: readonly RowsColumn<Row>[];
  /** The list's field name, for the per-row error paths (`exercises.0.title`). */
  name: string;
  errorText?: (field: string) => string | undefined;
  addText: string;
  removeText: string;
  empty?: ReactNode;
  isRemovable?: (row: Row) => boolean;
  /** The columns' relative widths per breakpoint (Cloudscape's gridLayout); default: equal, one row. */
  gridLayout?: AttributeEditorProps<Row>['gridLayout'];
}

/**
 * A list of rows edited in place (a quiz's category draws, a task's exercises, a bank's own
 * categories): add, remove, change one cell, and each cell's error from the form's
 * `<name>.<index>.<field>` path. The rows are the form's value; this holds no state of its own.
 */
export function RowsEditor<Row>({
  rows,
  onChange,
  newRow,
  columns,
  name,
  errorText,
  addText,
  removeText,
  empty,
  isRemovable,
  gridLayout,
}: RowsEditorProps<Row>) {
  const change = (index: number) => (patch: Partial<Row>) =>
    onChange(
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
      `${name}.${index}.${Object.keys(patch)[0] ?? ''}`,
    );
  return (
    <AttributeEditor<Row>
      items={rows}
      addButtonText={addText}
      removeButtonText={removeText}
      empty={empty}
      isItemRemovable={isRemovable}
      gridLayout={gridLayout}
      onAddButtonClick={() => onChange([...rows, newRow()], name)}
      onRemoveButtonClick={({ detail }) =>
        onChange(
          rows.filter((_, i) => i !== detail.itemIndex),
          name,
        )
      }
      definition={columns.map((column) => ({
        label: column.label,
        control: (row: Row, index: number) => column.control(row, change(index), index),
        errorText:
          column.field && errorText
            ? (_row: Row, index: number) =>
                ([] as string[])
                  .concat(column.field ?? [])
                  .map((field) => errorText(`${name}.${index}.${field}`))
                  .find(Boolean)
            : undefined,
      }))}
    />
  );
}

import type { UseCollectionResult } from '@cloudscape-design/collection-hooks';
import Cards from '@cloudscape-design/components/cards';
import CollectionPreferences, {
  type CollectionPreferencesProps,
} from '@cloudscape-design/components/collection-preferences';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import {
  type ColumnChoice,
  fittedChoice,
  preferencesKey,
  readChoice,
  writeChoice,
} from './table-preferences.ts';
import './data-table.css';

/** One column: its cell, and whether people may hide it (the key column may not). */
export interface DataColumn<T> {
  id: string;
  /** Text: it also names the column in the column choice. */
  header: string;
  cell: (item: T) => ReactNode;
  /** Always shown (the first column is, unless it says otherwise). */
  alwaysVisible?: boolean;
  /** Shown only once the person turns it on (what a 1366 px screen has no room for by default). */
  hiddenByDefault?: boolean;
  width?: number | string;
  minWidth?: number | string;
  maxWidth?: number | string;
  sortingField?: string;
  sortingComparator?: (a: T, b: T) => number;
  verticalAlign?: 'middle' | 'top';
  /** Figures (amounts, counts, times): header and cell aligned to the end, digits of one width. */
  align?: 'end';
  /** A value of a few words (a registration, a time): half a phone card wide, two side by side. Figures are. */
  short?: boolean;
}

export interface DataTableProps<T> {
  /** Names the list for the person's column choice: stable, kebab-case (`planes`, `logbook-glider`). */
  id: string;
  testId?: string;
  columns: readonly DataColumn<T>[];
  items: readonly T[];
  trackBy?: TableProps.TrackBy<T>;
  variant?: 'container' | 'full-page' | 'embedded' | 'borderless';
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  footer?: ReactNode;
  empty?: ReactNode;
  loading?: boolean;
  loadingText?: string;
  stickyHeader?: boolean;
  selectionType?: TableProps.SelectionType;
  selectedItems?: readonly T[];
  onSelectionChange?: (selected: T[]) => void;
  isItemDisabled?: (item: T) => boolean;
  ariaLabels?: {
    selectionGroupLabel: string;
    itemSelectionLabel: (item: T) => string;
    allItemsSelectionLabel?: () => string;
  };
  sortingColumn?: TableProps.SortingColumn<T>;
  sortingDescending?: boolean;
  onSortingChange?: TableProps['onSortingChange'];
  /** Many narrow columns (a logbook): Cloudscape's compact density, the table's cell padding halved. */
  dense?: boolean;
  /** A list sorted, filtered or selected by Cloudscape's collection hooks: their `collectionProps`. */
  collection?: UseCollectionResult<T>['collectionProps'];
  /** A short list whose columns all matter: no column choice. */
  fixedColumns?: boolean;
  /** On a phone the list is cards (default); false keeps a table the person scrolls sideways. */
  phoneCards?: boolean;
}

/** A figure column's header or cell, aligned to the end so its digits line up. */
const atEnd = (content: ReactNode) => (
  <span style={{ display: 'block', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{content}</span>
);

/** Cloudscape's phone breakpoint (as the layouts use it). */
const PHONE = '(max-width: 688px)';

function usePhone() {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const change = () => setPhone(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return phone;
}

/** The person's column choice for one list, kept in this browser (table-preferences.ts). */
function useColumnChoice<T>(list: string, columns: readonly DataColumn<T>[]) {
  const { profile } = useStore(session);
  const key = preferencesKey(list, profile?.user_id ?? 'guest');
  const specs = useMemo(
    () => columns.map((column, index) => ({ ...column, alwaysVisible: column.alwaysVisible ?? index === 0 })),
    [columns],
  );
  const [stored, setStored] = useState<ColumnChoice[] | null>(() => readChoice(localStorage, key));
  useEffect(() => setStored(readChoice(localStorage, key)), [key]);
  const choice = useMemo(() => fittedChoice(specs, stored), [specs, stored]);
  const choose = (next: readonly ColumnChoice[]) => {
    writeChoice(localStorage, key, next);
    setStored([...next]);
  };
  return { specs, choice, choose };
}

/**
 * Every list of the app (issue 13 §4): a Cloudscape table whose words wrap at word boundaries, whose
 * key column stays in view while the rest scrolls sideways, and whose columns each person chooses
 * and orders (kept per person in this browser); on a phone, the same columns as cards.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone();
  const { specs, choice, choose } = useColumnChoice(props.id, props.columns);
  const shown = choice
    .filter((c) => c.visible)
    .map((c) => specs.find((column) => column.id === c.id))
    .filter((column): column is (typeof specs)[number] => column !== undefined);

  const preferences = props.fixedColumns ? undefined : (
    <CollectionPreferences
      preferences={{ contentDisplay: choice }}
      onConfirm={({ detail }) => {
        if (detail.contentDisplay)
          choose(
            detail.contentDisplay.flatMap((item) =>
              item.type === 'group' ? [] : [{ id: item.id, visible: item.visible }],
            ),
          );
      }}
      contentDisplayPreference={{
        options: specs.map(
          (column): CollectionPreferencesProps.ContentDisplayOption => ({
            id: column.id,
            label: column.header,
            alwaysVisible: column.alwaysVisible,
          }),
        ),
      }}
    />
  );

  if (phone && props.phoneCards !== false) {
    const [key, ...rest] = shown;
    const cards = (
      <div className="data-table-cards">
        <Cards<T>
          data-testid={props.testId}
          variant={props.variant === 'full-page' ? 'full-page' : 'container'}
          items={props.items}
          trackBy={props.trackBy ?? props.collection?.trackBy}
          header={props.header}
          filter={props.filter}
          pagination={props.pagination}
          preferences={preferences}
          empty={props.empty ?? props.collection?.empty}
          loading={props.loading}
          loadingText={props.loadingText}
          selectionType={props.selectionType}
          selectedItems={props.selectedItems ?? props.collection?.selectedItems}
          onSelectionChange={
            props.onSelectionChange
              ? ({ detail }) => props.onSelectionChange?.(detail.selectedItems)
              : props.collection?.onSelectionChange
          }
          isItemDisabled={props.isItemDisabled}
          ariaLabels={
            props.ariaLabels && {
              selectionGroupLabel: props.ariaLabels.selectionGroupLabel,
              itemSelectionLabel: (_, item) => props.ariaLabels?.itemSelectionLabel(item) ?? '',
            }
          }
          cardsPerRow={[{ cards: 1 }]}
          cardDefinition={{
            header: key ? (item) => key.cell(item) : undefined,
            sections: rest.map((column) => ({
              id: column.id,
              header: column.header,
              content: column.cell,
              width: column.short || column.align === 'end' ? 50 : undefined,
            })),
          }}
        />
      </div>
    );
    // Cards have no footer of their own: a record's total follows them.
    return props.footer ? (
      <SpaceBetween size="s">
        {cards}
        {props.footer}
      </SpaceBetween>
    ) : (
      cards
    );
  }

  return (
    <Table<T>
      {...props.collection}
      data-testid={props.testId}
      data-list={props.id}
      variant={props.variant}
      items={props.items}
      trackBy={props.trackBy ?? props.collection?.trackBy}
      header={props.header}
      filter={props.filter}
      pagination={props.pagination}
      footer={props.footer}
      preferences={preferences}
      empty={props.empty ?? props.collection?.empty}
      loading={props.loading}
      loadingText={props.loadingText}
      stickyHeader={props.stickyHeader}
      contentDensity={props.dense ? 'compact' : undefined}
      selectionType={props.selectionType}
      selectedItems={props.selectedItems ?? props.collection?.selectedItems}
      onSelectionChange={
        props.onSelectionChange
          ? ({ detail }) => props.onSelectionChange?.(detail.selectedItems)
          : props.collection?.onSelectionChange
      }
      isItemDisabled={props.isItemDisabled}
      ariaLabels={
        props.ariaLabels && {
          selectionGroupLabel: props.ariaLabels.selectionGroupLabel,
          itemSelectionLabel: (_, item) => props.ariaLabels?.itemSelectionLabel(item) ?? '',
          allItemsSelectionLabel: () =>
            props.ariaLabels?.allItemsSelectionLabel?.() ?? props.ariaLabels?.selectionGroupLabel ?? '',
        }
      }
      sortingColumn={props.sortingColumn ?? props.collection?.sortingColumn}
      sortingDescending={props.sortingDescending ?? props.collection?.sortingDescending}
      onSortingChange={props.onSortingChange ?? props.collection?.onSortingChange}
      // Words wrap where words end (app/text-wrap.css keeps Cloudscape from breaking them anywhere).
      wrapLines
      // The key column stays in view while a wide list scrolls sideways.
      stickyColumns={{ first: 1 }}
      columnDisplay={choice}
      columnDefinitions={specs.map(
        (column, index): TableProps.ColumnDefinition<T> => ({
          id: column.id,
          header: column.align === 'end' ? atEnd(column.header) : column.header,
          cell: column.align === 'end' ? (item: T) => atEnd(column.cell(item)) : column.cell,
          width: column.width,
          minWidth: column.minWidth,
          maxWidth: column.maxWidth,
          sortingField: column.sortingField,
          sortingComparator: column.sortingComparator,
          verticalAlign: column.verticalAlign,
          isRowHeader: index === 0,
        }),
      )}
    />
  );
}

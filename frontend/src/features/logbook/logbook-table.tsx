import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogbookEntryOutput } from '../../../../contracts/schemas/logbook.ts';
import { PageLink } from '../../app/links.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { type Column, columnsOf, type Translate } from './logbook-lines.ts';

/** On screen, place and time share a cell, and so do type and registration: the page stays readable. */
const joined = (id: string, header: string, parts: Column[]): Column => ({
  id,
  header,
  value: (e, t, timeZone) =>
    parts
      .map((part) => part.value(e, t, timeZone))
      .filter(Boolean)
      .join(' '),
});
const screenColumnsOf = (kind: LogbookEntryOutput['kind']): Column[] => {
  const all = columnsOf(kind);
  const byId = (id: string) => all.find((c) => c.id === id) as Column;
  const merged = new Map<string, Column>([
    [
      'departure_place',
      joined('departure', 'column.departure', [byId('departure_place'), byId('departure_time')]),
    ],
    ['arrival_place', joined('arrival', 'column.arrival', [byId('arrival_place'), byId('arrival_time')])],
    ['aircraft_type', joined('aircraft', 'column.aircraft', [byId('reg_num'), byId('aircraft_type')])],
  ]);
  const dropped = new Set(['departure_time', 'arrival_time', 'reg_num']);
  return all.filter((c) => !dropped.has(c.id)).map((c) => merged.get(c.id) ?? c);
};

/**
 * What a 1366 px screen leaves out until the person turns it on (the table's column choice): the
 * glider logbook's launch count and instructor time, the powered one's rarer EASA columns.
 */
const HIDDEN_BY_DEFAULT = new Set([
  'launches',
  'instructor',
  'single_me',
  'multi_pilot',
  'night',
  'ifr',
  'copilot',
  'sim',
]);

/**
 * The logbook's lines in the EASA columns (own logbook and a member's). The signature state is
 * shown in the remarks column as text and as a status, so a glance finds what still waits.
 */
export function LogbookTable({
  kind,
  items,
  timeZone,
  loading,
  header,
  filter,
  pagination,
  footer,
  hrefOf,
  testId,
}: {
  kind: LogbookEntryOutput['kind'];
  items: LogbookEntryOutput[];
  timeZone: string;
  loading: boolean;
  header: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  footer?: ReactNode;
  /** The line's own page, when the reader may open it. */
  hrefOf?: (entry: LogbookEntryOutput) => string;
  testId: string;
}) {
  const { t } = useTranslation(['logbook', 'flights', 'common']);
  const translate = t as unknown as Translate;
  const columns: DataColumn<LogbookEntryOutput>[] = screenColumnsOf(kind).map((column) => ({
    id: column.id,
    // The column table's header keys (logbook-lines.ts).
    header: dynamicT(t)(column.header),
    hiddenByDefault: HIDDEN_BY_DEFAULT.has(column.id),
    cell: (entry: LogbookEntryOutput) => {
      const text = column.value(entry, translate, timeZone);
      if (column.id === 'date')
        return hrefOf ? (
          <PageLink href={hrefOf(entry)} data-testid={`logbook-row-${entry.entry_id}`}>
            {text}
          </PageLink>
        ) : (
          <span data-testid={`logbook-row-${entry.entry_id}`}>{text}</span>
        );
      if (column.id === 'remarks' && entry.status !== 'final')
        return (
          <span data-testid={`logbook-status-${entry.entry_id}`} data-status={entry.status}>
            <StatusIndicator type={entry.status === 'signed' ? 'success' : 'pending'}>{text}</StatusIndicator>
          </span>
        );
      return text;
    },
  }));
  return (
    <DataTable
      id={`logbook-${kind}`}
      testId={testId}
      variant="full-page"
      stickyHeader
      dense
      loading={loading}
      loadingText={t('common:nav.loading')}
      items={items}
      trackBy="entry_id"
      header={header}
      filter={filter}
      pagination={pagination}
      footer={footer}
      empty={
        <Box textAlign="center" color="inherit">
          <b>{t('list.empty')}</b>
        </Box>
      }
      columns={columns}
    />
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { addTotals, totalsOf } from '../../../../contracts/logbook-totals.ts';
import type {
  LogbookBookOutput,
  LogbookEntryOutput,
  LogbookTotals,
} from '../../../../contracts/schemas/logbook.ts';
import { PageButton } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField, isIsoDate } from '../../components/forms/date-field.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import {
  columnsOf,
  exportFileName,
  logbookCsv,
  prevTotalsOf,
  type Translate,
  totalsCells,
} from './logbook-lines.ts';
import { LogbookTable } from './logbook-table.tsx';
import { PrevTotalsModal } from './prev-totals-modal.tsx';

const PAGE_SIZE = 25;
/** The exports read the logbook in the largest pages the API gives. */
const EXPORT_PAGE = 500;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * `logbook/glider` and `logbook/general`: the pilot's own logbook, newest first, in the EASA
 * columns, with this page's, the previous and the grand totals; the previous totals edited in a
 * modal; the signature chain checked on demand; CSV and EASA-layout PDF exports of every line.
 */
export default function LogbookPage() {
  const { t } = useTranslation(['logbook', 'flights', 'messages', 'common']);
  const translate = t as unknown as Translate;
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/logbook/general') ? 'general' : 'glider';
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const lang = currentLang();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [book, setBook] = useState<LogbookBookOutput>();
  const [editingPrev, setEditingPrev] = useState(false);
  const [verified, setVerified] = useState<LogbookBookOutput['chain_problems'] | null>(null);
  const [busy, setBusy] = useState<'' | 'verify' | 'csv' | 'pdf'>('');

  const range = { from: isDate(from) ? from : undefined, to: isDate(to) ? to : undefined };
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listLogbook', {
        params: { kind },
        query: {
          from: isDate(from) ? from : undefined,
          to: isDate(to) ? to : undefined,
          cursor,
          limit: PAGE_SIZE,
        },
      }),
    [kind, from, to],
  );
  const list = useCursorPages(fetchPage, `${kind}|${from}|${to}`);

  const loadBook = useCallback(async () => {
    try {
      setBook(await call('getLogbookBook', { params: { kind } }));
    } catch (error) {
      reportFailure(error);
    }
  }, [kind]);
  useEffect(() => {
    setVerified(null);
    void loadBook();
  }, [loadBook]);

  const allLines = async () => {
    const lines: LogbookEntryOutput[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('listLogbook', {
        params: { kind },
        query: { ...range, cursor, limit: EXPORT_PAGE },
      });
      lines.push(...page.items);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    return lines;
  };

  const prev = prevTotalsOf(book?.prev ?? {});
  const grand = book ? addTotals(prev, book.logged) : undefined;
  const pageTotals = totalsOf(list.items);

  const exportCsv = async () => {
    setBusy('csv');
    try {
      const lines = await allLines();
      const footer = [
        { label: t('totals.exported'), totals: totalsOf(lines) },
        { label: t('totals.previous'), totals: prev },
        ...(grand ? [{ label: t('totals.grand'), totals: grand }] : []),
      ];
      downloadFile(
        logbookCsv(kind, lines, translate, timeZone, footer),
        exportFileName(kind, 'csv'),
        'text/csv;charset=utf-8',
      );
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy('');
    }
  };

  const exportPdf = async () => {
    setBusy('pdf');
    try {
      // The PDF writer, pdf-lib and the fonts are loaded now, in chunks of their own: no other
      // screen, and nobody who does not export, downloads them.
      const [{ logbookPdf }, { loadPdfFonts }, lines] = await Promise.all([
        import('./logbook-pdf.ts'),
        import('../../lib/pdf/fonts.ts'),
        allLines(),
      ]);
      const created = new Date();
      const pdf = await logbookPdf(
        {
          kind,
          entries: lines,
          // A filtered export starts from nothing brought forward: its earlier lines are not in it.
          prev: range.from ? totalsOf([]) : prev,
          pilotName: profile?.user_name ?? '',
          title: t(`print.title_${kind}`),
          lang,
          timeZone,
          t: translate,
          created,
        },
        await loadPdfFonts(),
      );
      downloadFile(pdf, exportFileName(kind, 'pdf', created), 'application/pdf');
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy('');
    }
  };

  const verify = async () => {
    setBusy('verify');
    try {
      const checked = await call('verifyLogbook', { params: { kind } });
      setBook(checked);
      setVerified(checked.chain_problems);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy('');
    }
  };

  const entryHref = (entry: LogbookEntryOutput) =>
    hrefOf(kind === 'glider' ? 'logbook/glider/:id' : 'logbook/general/:id', { id: entry.entry_id });
  const privateHref =
    kind === 'glider'
      ? hrefOf('flight/glider-private/:id', { id: 'new' })
      : hrefOf('flight/general-private/:plane_id/:id', { plane_id: '-', id: 'new' });

  const lineOf = (entryId: string | null) => {
    const line = list.items.find((e) => e.entry_id === entryId);
    return line ? `${formatDate(line.date)} ${line.reg_num}` : (entryId ?? '');
  };

  const columns = columnsOf(kind);
  const totalsRows: { id: string; label: string; totals: LogbookTotals | undefined }[] = [
    { id: 'page', label: t('totals.this_page'), totals: pageTotals },
    { id: 'previous', label: t('totals.previous'), totals: prev },
    { id: 'grand', label: t('totals.grand'), totals: grand },
  ];
  const totalColumns = columns.filter((c) => c.id in totalsCells(kind, pageTotals));

  return (
    <SpaceBetween size="l">
      {verified ? (
        verified.length === 0 ? (
          <Alert
            type="success"
            dismissible
            onDismiss={() => setVerified(null)}
            data-testid="logbook-chain-intact"
          >
            {t('verify.intact')}
          </Alert>
        ) : (
          <Alert
            type="error"
            dismissible
            onDismiss={() => setVerified(null)}
            header={t('verify.broken')}
            data-testid="logbook-chain-broken"
          >
            <ul>
              {verified.map((problem) => (
                <li key={`${problem.entry_id}-${problem.problem}`}>
                  {problem.entry_id ? `${lineOf(problem.entry_id)}: ` : ''}
                  {dynamicT(t)(`verify.${problem.problem}`)}
                </li>
              ))}
            </ul>
          </Alert>
        )
      ) : null}
      <LogbookTable
        testId="logbook-table"
        kind={kind}
        items={list.items}
        timeZone={timeZone}
        loading={list.loading}
        hrefOf={entryHref}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t(`list.description_${kind}`)}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  onClick={() => void verify()}
                  loading={busy === 'verify'}
                  data-testid="logbook-verify"
                >
                  {t('verify.action')}
                </Button>
                <ButtonDropdown
                  loading={busy === 'csv' || busy === 'pdf'}
                  items={[
                    { id: 'csv', text: t('export.csv') },
                    { id: 'pdf', text: t('export.pdf') },
                  ]}
                  onItemClick={({ detail }) => void (detail.id === 'csv' ? exportCsv() : exportPdf())}
                  data-testid="logbook-export"
                >
                  {t('export.action')}
                </ButtonDropdown>
                <PageButton variant="primary" href={privateHref} data-testid="logbook-add-private">
                  {t('list.add_private')}
                </PageButton>
              </SpaceBetween>
            }
          >
            {t(`list.title_${kind}`)}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={t('list.from')}>
              <DateField
                value={from}
                onChange={(value) => (value === '' || isIsoDate(value)) && setFrom(value)}
                testId="logbook-from"
              />
            </FormField>
            <FormField label={t('list.to')}>
              <DateField
                value={to}
                onChange={(value) => (value === '' || isIsoDate(value)) && setTo(value)}
                testId="logbook-to"
              />
            </FormField>
            {from || to ? (
              <Button
                onClick={() => {
                  setFrom('');
                  setTo('');
                }}
              >
                {t('list.clear_filter')}
              </Button>
            ) : null}
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={list.pageNumber}
            pagesCount={list.pagesCount}
            openEnd={list.hasMore}
            onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
          />
        }
      />
      <DataTable
        id="logbook-totals"
        testId="logbook-totals"
        fixedColumns
        variant="container"
        header={
          <Header
            variant="h2"
            actions={
              <Button onClick={() => setEditingPrev(true)} disabled={!book} data-testid="logbook-edit-prev">
                {t('prev.edit')}
              </Button>
            }
          >
            {t('totals.title')}
          </Header>
        }
        items={totalsRows}
        trackBy="id"
        columns={[
          { id: 'label', header: '', cell: (row) => <b>{row.label}</b> },
          {
            id: 'flights',
            header: t('totals.flights'),
            cell: (row) => (row.id === 'previous' ? '' : String(row.totals?.flights ?? '')),
          },
          ...totalColumns.map((column) => ({
            id: column.id,
            // The column table's header keys (logbook-lines.ts).
            header: dynamicT(t)(column.header),
            cell: (row: (typeof totalsRows)[number]) => (
              <span data-testid={`logbook-total-${row.id}-${column.id}`}>
                {row.totals ? (totalsCells(kind, row.totals)[column.id] ?? '') : ''}
              </span>
            ),
          })),
        ]}
      />
      {book && editingPrev ? (
        <PrevTotalsModal
          kind={kind}
          book={book}
          onClose={() => setEditingPrev(false)}
          onSaved={(saved) => {
            setBook(saved);
            setEditingPrev(false);
            flash('success', 'logbook:flash.prev_saved');
          }}
          onReload={() => void loadBook()}
        />
      ) : null}
      <Box variant="small" color="text-body-secondary">
        {t('totals.hint')}
      </Box>
    </SpaceBetween>
  );
}

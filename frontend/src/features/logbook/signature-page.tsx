import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { OutputOf } from '../../../../contracts/routes.ts';
import { MAX_BULK_SIGN } from '../../../../contracts/schemas/logbook.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { EntryDetails } from './logbook-entry-details.tsx';
import { launchMethodOf, type Translate } from './logbook-lines.ts';

type ToSign = OutputOf<'listToSign'>['items'][number];

/** A line's key in the page's address (`?line=<pilot>.<line>`): ids never hold a dot. */
const keyOf = (line: Pick<ToSign, 'user_id' | 'entry_id'>) => `${line.user_id}.${line.entry_id}`;

/** A line the server would not sign as it was seen: changed, signed or gone meanwhile. */
const changedMeanwhile = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'conflict' || error.code === 'not_editable' || error.status === 404);

/**
 * `signature`: the training lines waiting for the signed-in instructor's signature, oldest first.
 * Each line opens in full (`?line=…`, a link a reminder or a colleague can share) and is signed there
 * or from its row; several are selected and signed after ONE confirmation (issue 13 §8), each still
 * chained on its own. Signing locks the line and its flight (spec §4); a line changed meanwhile
 * answers 409/404 and the list is read again.
 */
export default function SignaturePage() {
  const { t } = useTranslation(['logbook', 'flights', 'messages', 'common']);
  const translate = t as unknown as Translate;
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const [items, setItems] = useState<ToSign[]>([]);
  const [loading, setLoading] = useState(true);
  const [signing, setSigning] = useState<ToSign | null>(null);
  const [selected, setSelected] = useState<ToSign[]>([]);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useSearchParams();
  const opened = useMemo(
    () => items.find((line) => keyOf(line) === search.get('line')) ?? null,
    [items, search],
  );
  const close = useCallback(() => setSearch({}, { replace: true }), [setSearch]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { items: waiting } = await call('listToSign');
      setItems(waiting);
      // What was selected and still waits stays selected, at its current version.
      setSelected((was) => waiting.filter((line) => was.some((s) => keyOf(s) === keyOf(line))));
    } catch (error) {
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const sign = async () => {
    if (!signing || busy) return;
    setBusy(true);
    try {
      await call('signEntry', {
        params: { user_id: signing.user_id, id: signing.entry_id },
        body: { version: signing.version },
      });
      flash('success', 'logbook:flash.signed', { values: { name: signing.pilot_name ?? '' } });
      if (opened && keyOf(opened) === keyOf(signing)) close();
    } catch (error) {
      if (changedMeanwhile(error)) flash('error', 'logbook:flash.sign_conflict');
      else reportFailure(error);
    } finally {
      setBusy(false);
      setSigning(null);
      void load();
    }
  };

  /** The selection, oldest first, in bulks the server signs all or none; stops at the first refused. */
  const signSelected = async () => {
    if (busy || selected.length === 0) return;
    setBusy(true);
    const lines = items.filter((line) => selected.some((s) => keyOf(s) === keyOf(line)));
    let done = 0;
    try {
      for (let from = 0; from < lines.length; from += MAX_BULK_SIGN) {
        const bulk = lines.slice(from, from + MAX_BULK_SIGN);
        await call('signEntries', {
          body: {
            lines: bulk.map(({ user_id, entry_id, version }) => ({ user_id, entry_id, version })),
          },
        });
        done += bulk.length;
      }
      flash('success', 'logbook:flash.signed_many', { values: { n: done } });
      setSelected([]);
    } catch (error) {
      if (changedMeanwhile(error))
        flash('error', 'logbook:flash.signed_some', { values: { done, left: lines.length - done } });
      else reportFailure(error);
    } finally {
      setBusy(false);
      setConfirmBulk(false);
      void load();
    }
  };

  const cancel = () => setSigning(null);
  useDialogKeys({ onCancel: cancel, onSave: () => void sign() }, signing !== null);
  useDialogKeys({ onCancel: () => setConfirmBulk(false), onSave: () => void signSelected() }, confirmBulk);
  useDialogKeys({ onCancel: close }, opened !== null && signing === null);

  const times = (line: ToSign) =>
    `${wallClockOf(line.takeoff_time, timeZone).time}–${wallClockOf(line.landing_time, timeZone).time}`;
  /** Who the selection is for: "Kiss Bence (3) · Molnár Anna (2)". */
  const pilots = [
    ...selected
      .reduce(
        (count, line) => count.set(line.pilot_name ?? '—', (count.get(line.pilot_name ?? '—') ?? 0) + 1),
        new Map<string, number>(),
      )
      .entries(),
  ]
    .map(([name, n]) => `${name} (${n})`)
    .join(' · ');

  return (
    <>
      <DataTable
        id="signature"
        testId="signature-table"
        variant="full-page"
        loading={loading}
        loadingText={t('common:nav.loading')}
        items={items}
        trackBy={keyOf}
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={setSelected}
        isItemDisabled={() => busy}
        ariaLabels={{
          selectionGroupLabel: t('sign.selection_group'),
          allItemsSelectionLabel: () => t('sign.select_all'),
          itemSelectionLabel: (line) =>
            t('sign.select_line', { pilot: line.pilot_name ?? '—', date: formatDate(line.date) }),
        }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={loading ? undefined : `(${items.length})`}
            description={t('sign.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="refresh"
                  onClick={() => void load()}
                  ariaLabel={t('common:action.reload')}
                />
                <Button
                  variant="primary"
                  disabled={selected.length === 0}
                  loading={busy && confirmBulk}
                  onClick={() => setConfirmBulk(true)}
                  data-testid="signature-sign-selected"
                >
                  {t('sign.sign_selected', { n: selected.length })}
                </Button>
              </SpaceBetween>
            }
          >
            {t('sign.title')}
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" data-testid="signature-empty">
            <b>{t('sign.empty')}</b>
          </Box>
        }
        columns={[
          {
            id: 'sign',
            header: '',
            minWidth: 130,
            cell: (line) => (
              <Button
                wrapText={false}
                onClick={() => setSigning(line)}
                data-testid={`signature-sign-${line.entry_id}`}
              >
                {t('sign.sign')}
              </Button>
            ),
          },
          {
            id: 'pilot',
            header: t('sign.pilot'),
            cell: (line) => (
              <span data-testid={`signature-row-${line.entry_id}`}>{line.pilot_name ?? '—'}</span>
            ),
          },
          {
            id: 'date',
            header: t('column.date'),
            cell: (line) => (
              <Link
                href={`?line=${keyOf(line)}`}
                onFollow={(event) => {
                  event.preventDefault();
                  setSearch({ line: keyOf(line) });
                }}
                ariaLabel={t('sign.open', { pilot: line.pilot_name ?? '—', date: formatDate(line.date) })}
                data-testid={`signature-open-${line.entry_id}`}
              >
                {formatDate(line.date)}
              </Link>
            ),
          },
          {
            id: 'aircraft',
            header: t('entry.aircraft'),
            cell: (line) => [line.reg_num, line.plane_type].filter(Boolean).join(' · '),
          },
          {
            id: 'launch',
            header: t('column.launch_method'),
            cell: (line) => launchMethodOf(line, translate),
          },
          { id: 'times', header: t('sign.times'), cell: times },
          { id: 'total', header: t('column.total'), cell: (line) => formatMinutes(line.flight_minutes) },
          { id: 'remarks', header: t('column.remarks'), cell: (line) => line.remarks ?? '' },
        ]}
      />
      <Modal
        visible={opened !== null && signing === null}
        onDismiss={close}
        size="large"
        header={t('sign.entry_title', { pilot: opened?.pilot_name ?? '—' })}
        data-testid="signature-entry"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={close}>
                {t('common:action.close')}
              </Button>
              <Button
                variant="primary"
                onClick={() => opened && setSigning(opened)}
                data-testid="signature-entry-sign"
              >
                {t('sign.sign')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {opened ? <EntryDetails entry={opened} timeZone={timeZone} columns={2} /> : null}
      </Modal>
      <Modal
        visible={signing !== null}
        onDismiss={cancel}
        header={t('sign.confirm_title')}
        data-testid="signature-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={cancel}>
                {t('common:action.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void sign()}
                data-testid="signature-confirm"
              >
                {t('sign.sign')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {signing ? (
          <SpaceBetween size="m">
            <KeyValuePairs
              columns={2}
              items={[
                { label: t('sign.pilot'), value: signing.pilot_name ?? '—' },
                { label: t('column.date'), value: `${formatDate(signing.date)} ${times(signing)}` },
                { label: t('entry.aircraft'), value: signing.reg_num },
                { label: t('column.total'), value: formatMinutes(signing.flight_minutes) },
              ]}
            />
            <Box variant="p">{t('sign.confirm_body')}</Box>
          </SpaceBetween>
        ) : null}
      </Modal>
      <Modal
        visible={confirmBulk}
        onDismiss={() => setConfirmBulk(false)}
        header={t('sign.bulk_title', { n: selected.length })}
        data-testid="signature-bulk-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirmBulk(false)}>
                {t('common:action.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void signSelected()}
                data-testid="signature-bulk-confirm"
              >
                {t('sign.bulk_confirm', { n: selected.length })}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p" data-testid="signature-bulk-pilots">
            {pilots}
          </Box>
          <Box variant="p">{t('sign.bulk_body')}</Box>
        </SpaceBetween>
      </Modal>
    </>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputOf } from '../../../../contracts/routes.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { launchMethodOf, type Translate } from './logbook-lines.ts';

type ToSign = OutputOf<'listToSign'>['items'][number];

/**
 * `signature`: the training lines waiting for the signed-in instructor's signature, oldest first.
 * Signing locks the line and its flight (spec §4 "awaiting signature, then signed"); the confirm
 * dialog says so. A line changed meanwhile answers 409 and the list is read again.
 */
export default function SignaturePage() {
  const { t } = useTranslation(['logbook', 'flights', 'messages', 'common']);
  const translate = t as unknown as Translate;
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const [items, setItems] = useState<ToSign[]>([]);
  const [loading, setLoading] = useState(true);
  const [signing, setSigning] = useState<ToSign | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems((await call('listToSign')).items);
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
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'not_editable'))
        flash('error', error.code === 'conflict' ? 'logbook:flash.sign_conflict' : 'not_editable');
      else reportFailure(error);
    } finally {
      setBusy(false);
      setSigning(null);
      void load();
    }
  };
  const cancel = () => setSigning(null);
  useDialogKeys({ onCancel: cancel, onSave: () => void sign() }, signing !== null);

  const times = (line: ToSign) =>
    `${wallClockOf(line.takeoff_time, timeZone).time}–${wallClockOf(line.landing_time, timeZone).time}`;

  return (
    <>
      <DataTable
        id="signature"
        testId="signature-table"
        variant="full-page"
        loading={loading}
        loadingText={t('common:nav.loading')}
        items={items}
        trackBy={(line) => `${line.user_id}/${line.entry_id}`}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={loading ? undefined : `(${items.length})`}
            description={t('sign.description')}
            actions={
              <Button iconName="refresh" onClick={() => void load()} ariaLabel={t('common:action.reload')} />
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
              <Button onClick={() => setSigning(line)} data-testid={`signature-sign-${line.entry_id}`}>
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
          { id: 'date', header: t('column.date'), cell: (line) => formatDate(line.date) },
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
    </>
  );
}

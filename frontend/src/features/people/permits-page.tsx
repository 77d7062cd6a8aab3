import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { todayIn } from '../../../../contracts/calendar.ts';
import type { MemberPermitsOutput, PermitOutput } from '../../../../contracts/schemas/members.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ValidityIndicator } from '../../components/person/validity-indicator.tsx';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { GrantPermitModal } from './grant-permit-modal.tsx';

/**
 * `organization/permits/{id}`: a member's permits in this organization — rent permits by aircraft
 * type, the winch permit and certificates. Granting a rent or winch permit again renews it.
 */
export default function PermitsPage() {
  const { t } = useTranslation(['people', 'common', 'messages', 'nav']);
  const navigate = usePageNavigate();
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const today = useMemo(
    () => todayIn(profile?.organization?.timezone ?? 'UTC'),
    [profile?.organization?.timezone],
  );
  const [data, setData] = useState<MemberPermitsOutput>();
  const [loadError, setLoadError] = useState<string>();
  const [selected, setSelected] = useState<PermitOutput[]>([]);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<PermitOutput | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      setData(await call('listMemberPermits', { params: { user_id: id } }));
      setSelected([]);
    } catch (error) {
      const notFound = error instanceof ApiError && error.code === 'not_found';
      setLoadError(notFound ? 'not_found' : 'load_failed');
      if (!notFound) reportFailure(error);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const subject = (permit: PermitOutput) =>
    permit.kind === 'rent'
      ? (permit.plane_type ?? '')
      : permit.kind === 'winch'
        ? t('permits.winch_subject')
        : (permit.certificate_type ?? '');

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await call('revokePermit', { params: { user_id: id, permit_id: revoking.permit_id } });
      flash('success', 'permit_revoked', { values: { permit: subject(revoking) } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') flash('error', 'not_found');
      else reportFailure(error);
    } finally {
      setBusy(false);
      setRevoking(null);
      void load();
    }
  };

  if (loadError) {
    return (
      <Alert
        type={loadError === 'not_found' ? 'info' : 'error'}
        header={t('nav:title.permits')}
        action={<Button onClick={() => navigate(hrefOf('users'))}>{t('member.back')}</Button>}
      >
        {loadError === 'not_found' ? t('not_found', { ns: 'messages' }) : t('member.load_failed')}
      </Alert>
    );
  }
  if (!data) return <PageSpinner />;
  const permit = selected[0];

  return (
    <>
      <DataTable
        id="permits"
        testId="permits-table"
        variant="full-page"
        items={data.items}
        trackBy="permit_id"
        selectionType="single"
        selectedItems={selected}
        onSelectionChange={setSelected}
        ariaLabels={{
          selectionGroupLabel: t('permits.selection'),
          itemSelectionLabel: (item) => subject(item),
        }}
        header={
          <Header
            variant="h1"
            counter={`(${data.items.length})`}
            description={t('permits.description', { name: data.member.user_name })}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => navigate(hrefOf('users'))} data-testid="permits-back">
                  {t('member.back')}
                </Button>
                <Button
                  disabled={!permit}
                  onClick={() => setRevoking(permit ?? null)}
                  data-testid="permits-revoke"
                >
                  {t('permits.revoke')}
                </Button>
                <Button variant="primary" onClick={() => setGranting(true)} data-testid="permits-grant">
                  {t('permits.grant')}
                </Button>
              </SpaceBetween>
            }
          >
            <span data-testid="permits-member-name">{data.member.user_name}</span>
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <b>{t('permits.empty')}</b>
          </Box>
        }
        columns={[
          {
            id: 'kind',
            header: t('permits.column.kind'),
            cell: (item) => t(`permit_kind.${item.kind}`),
          },
          {
            id: 'subject',
            header: t('permits.column.subject'),
            cell: (item) => <span data-testid={`permit-${item.permit_id}`}>{subject(item)}</span>,
          },
          {
            id: 'number',
            header: t('permits.column.number'),
            cell: (item) => item.certificate_number ?? '—',
          },
          {
            id: 'valid_until',
            header: t('permits.column.valid_until'),
            cell: (item) => (
              <ValidityIndicator
                validUntil={item.valid_until}
                today={today}
                testId={`permit-${item.permit_id}-validity`}
              />
            ),
          },
          {
            id: 'granted_at',
            header: t('permits.column.granted_at'),
            cell: (item) => formatDate(item.granted_at, profile?.organization?.timezone),
          },
        ]}
      />
      {granting && (
        <GrantPermitModal
          userId={id}
          onClose={() => setGranting(false)}
          onGranted={(granted) => {
            setGranting(false);
            flash('success', 'permit_granted', { values: { permit: subject(granted) } });
            void load();
          }}
        />
      )}
      <ConfirmModal
        visible={revoking !== null}
        header={t('permits.confirm_revoke.title')}
        confirmText={t('permits.revoke')}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
        testId="permits-confirm-revoke"
      >
        {revoking
          ? t('permits.confirm_revoke.body', { permit: subject(revoking), name: data.member.user_name })
          : null}
      </ConfirmModal>
    </>
  );
}

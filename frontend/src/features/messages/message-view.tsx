import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageOutput, RecipientOutput } from '../../../../contracts/schemas/messages.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { MessageStatusBadge } from './message-status.tsx';

type AckFilter = 'all' | 'true' | 'false';

/**
 * message/view/{id} (message-edit): a message as sent (or waiting), who it reached, who read it and
 * who acknowledged it. A draft or a scheduled one can still be edited, sent, unscheduled or
 * deleted; a sent one nothing more (spec §4).
 */
export function MessageView({ messageId }: { messageId: string }) {
  const { t } = useTranslation(['message-center', 'common', 'messages']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const roles = useDatasource('roles');
  const users = useDatasource('users');
  const [message, setMessage] = useState<MessageOutput | null>(null);
  const [ack, setAck] = useState<AckFilter>('all');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const load = useCallback(() => {
    call('getMessage', { params: { id: messageId } }).then(setMessage, (error: unknown) => {
      reportFailure(error);
      navigate(hrefOf('messages'));
    });
  }, [messageId, navigate]);
  useEffect(load, [load]);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listMessageRecipients', {
        params: { id: messageId },
        query: { cursor, limit: 50, acknowledged: ack === 'all' ? undefined : ack },
      }),
    [messageId, ack],
  );
  const recipients = useCursorPages<RecipientOutput>(fetchPage, `${messageId}|${ack}|${message?.status}`);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      flash('success', done);
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!message) return <Box color="text-status-inactive">{t('common:nav.loading')}</Box>;
  const to =
    message.recipient_kind === 'everyone'
      ? t('recipients.everyone')
      : message.recipient_kind === 'roles'
        ? message.role_ids.map((id) => roles.items.find((r) => r.role_id === id)?.role_name ?? id).join(', ')
        : message.user_ids.map((id) => users.items.find((u) => u.user_id === id)?.name ?? id).join(', ');
  const how = [
    message.send_notification ? t('field.send_notification') : null,
    message.send_mail ? t('field.send_mail') : null,
    message.show_dashboard ? t('field.show_dashboard') : null,
    message.require_ack ? t('field.require_ack') : null,
  ].filter(Boolean);
  const sent = message.status === 'sent' || message.status === 'sending';

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={<MessageStatusBadge status={message.status} />}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => navigate(hrefOf('messages'))}>{t('view.back')}</Button>
            {message.can_delete ? (
              <Button onClick={() => setConfirmDelete(true)} disabled={busy} data-testid="message-delete">
                {t('view.delete')}
              </Button>
            ) : null}
            {message.can_unschedule ? (
              <Button
                onClick={() =>
                  void act(
                    () =>
                      call('unscheduleMessage', {
                        params: { id: message.message_id },
                        body: { version: message.version },
                      }),
                    'message_unscheduled',
                  ).then(load)
                }
                disabled={busy}
                data-testid="message-unschedule"
              >
                {t('view.unschedule')}
              </Button>
            ) : null}
            {message.can_edit ? (
              <Button
                onClick={() =>
                  navigate(hrefOf('message/:edit_type/:id?', { edit_type: 'edit', id: message.message_id }))
                }
                data-testid="message-edit"
              >
                {t('view.edit')}
              </Button>
            ) : null}
          </SpaceBetween>
        }
      >
        <span data-testid="message-view-subject">{message.subject}</span>
      </Header>
      <Container>
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('field.recipients'), value: to || '—' },
              { label: t('view.how'), value: how.join(', ') || '—' },
              {
                label: sent ? t('view.sent_at') : t('field.sending_at'),
                value: sent
                  ? formatDateTime(message.sent_at, timeZone)
                  : message.sending_at
                    ? formatDateTime(message.sending_at, timeZone)
                    : t('view.not_yet'),
              },
              { label: t('view.author'), value: message.sent_by_name ?? message.author_name },
              ...(sent
                ? [
                    {
                      label: t('view.reached'),
                      value: <span data-testid="message-recipient-count">{message.recipient_count}</span>,
                    },
                    {
                      label: message.require_ack ? t('view.acknowledged') : t('view.read'),
                      value: (
                        <span data-testid="message-ack-count">
                          {message.require_ack
                            ? t('view.of', { done: message.ack_count, all: message.recipient_count })
                            : t('view.of', { done: message.read_count, all: message.recipient_count })}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Box variant="p">
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</span>
          </Box>
        </SpaceBetween>
      </Container>
      {sent ? (
        <DataTable<RecipientOutput>
          id="message-recipients"
          testId="message-recipients-table"
          variant="container"
          header={
            <Header
              variant="h2"
              description={message.require_ack ? t('view.recipients_ack') : t('view.recipients_read')}
              actions={
                message.require_ack ? (
                  <SegmentedControl
                    selectedId={ack}
                    onChange={({ detail }) => setAck(detail.selectedId as AckFilter)}
                    options={[
                      { id: 'all', text: t('view.filter_all') },
                      { id: 'false', text: t('view.filter_pending') },
                      { id: 'true', text: t('view.filter_done') },
                    ]}
                    data-testid="message-ack-filter"
                  />
                ) : undefined
              }
            >
              {t('view.recipients')}
            </Header>
          }
          loading={recipients.loading}
          loadingText={t('common:nav.loading')}
          items={recipients.items}
          trackBy="user_id"
          empty={<Box color="text-status-inactive">{t('view.nobody')}</Box>}
          pagination={
            <Pagination
              currentPageIndex={recipients.pageNumber}
              pagesCount={recipients.pagesCount}
              openEnd={recipients.hasMore}
              onChange={({ detail }) => recipients.goTo(detail.currentPageIndex)}
            />
          }
          columns={[
            { id: 'name', header: t('view.member'), cell: (r) => r.name },
            {
              id: 'read',
              header: t('view.read'),
              short: true,
              cell: (r) =>
                r.read_at ? (
                  formatDateTime(r.read_at, timeZone)
                ) : (
                  <StatusIndicator type="pending">{t('view.unread')}</StatusIndicator>
                ),
            },
            ...(message.require_ack
              ? [
                  {
                    id: 'ack',
                    header: t('view.acknowledged'),
                    short: true,
                    cell: (r: RecipientOutput) =>
                      r.acknowledged_at ? (
                        <StatusIndicator type="success" data-testid={`ack-${r.user_id}`}>
                          {formatDateTime(r.acknowledged_at, timeZone)}
                        </StatusIndicator>
                      ) : (
                        <StatusIndicator type="warning" data-testid={`ack-${r.user_id}`}>
                          {t('view.not_acknowledged')}
                        </StatusIndicator>
                      ),
                  },
                ]
              : []),
            {
              id: 'channels',
              header: t('view.channels'),
              short: true,
              cell: (r) =>
                [r.notified ? t('view.pushed') : null, r.mailed ? t('view.mailed') : null]
                  .filter(Boolean)
                  .join(', ') || '—',
            },
          ]}
        />
      ) : null}
      <ConfirmModal
        visible={confirmDelete}
        header={t('view.delete_title')}
        confirmText={t('view.delete')}
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          void act(
            () => call('deleteMessage', { params: { id: message.message_id } }),
            'message_deleted',
          ).then((ok) => {
            setConfirmDelete(false);
            if (ok) navigate(hrefOf('messages'));
          })
        }
        testId="message-delete-confirm"
      >
        {t('view.delete_body')}
      </ConfirmModal>
    </SpaceBetween>
  );
}

import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type {
  MessageOutput,
  MessageStatus,
  ReceivedMessageOutput,
} from '../../../../contracts/schemas/messages.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { MessageStatusBadge } from './message-status.tsx';
import { ReceivedMessage } from './received-message.tsx';

const PAGE_SIZE = 25;
type InboxFilter = 'all' | 'unread' | 'unacknowledged';

/**
 * messages (message-list, module message-center): the message center — what the person received
 * in their organization, newest first, one open with its text and "I have read it" where it asks
 * for it. Who may write messages (message-edit) also gets the organization's messages: drafts,
 * scheduled and sent.
 */
export default function MessagesPage() {
  const { t } = useTranslation(['message-center', 'nav', 'common']);
  const [params, setParams] = useSearchParams();
  const [canCompose, setCanCompose] = useState(false);
  const opened = params.get('message');
  const [tab, setTab] = useState(params.get('tab') === 'sent' ? 'sent' : 'inbox');
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('list.description')}>
          {t('nav:title.messages')}
        </Header>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        data-testid="messages-tabs"
        tabs={[
          {
            id: 'inbox',
            label: t('list.inbox'),
            content: (
              <Inbox
                opened={opened}
                onOpen={(id) => setParams(id ? { message: id } : {}, { replace: true })}
                onCompose={setCanCompose}
              />
            ),
          },
          ...(canCompose ? [{ id: 'sent', label: t('list.sent'), content: <Sent /> }] : []),
        ]}
      />
    </ContentLayout>
  );
}

function Inbox({
  opened,
  onOpen,
  onCompose,
}: {
  opened: string | null;
  onOpen: (id: string | null) => void;
  onCompose: (can: boolean) => void;
}) {
  const { t } = useTranslation(['message-center', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [version, setVersion] = useState(0);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listInbox', {
        query: {
          cursor,
          limit: PAGE_SIZE,
          unread: filter === 'unread' ? 'true' : undefined,
          unacknowledged: filter === 'unacknowledged' ? 'true' : undefined,
        },
      });
      onCompose(page.can_compose);
      return page;
    },
    [filter, onCompose],
  );
  const inbox = useCursorPages<ReceivedMessageOutput>(fetchPage, `${filter}|${version}`);
  const subject = (m: ReceivedMessageOutput) => (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Button
        variant="inline-link"
        onClick={() => onOpen(m.message_id)}
        data-testid={`inbox-open-${m.message_id}`}
      >
        <span style={{ fontWeight: m.read_at ? 'normal' : 'bold' }}>{m.subject}</span>
      </Button>
      {!m.read_at ? <Badge color="blue">{t('list.new')}</Badge> : null}
      {m.require_ack && !m.acknowledged_at ? <Badge color="red">{t('list.needs_ack')}</Badge> : null}
    </SpaceBetween>
  );
  const header = (
    <Header
      variant="h2"
      actions={
        <SegmentedControl
          selectedId={filter}
          onChange={({ detail }) => setFilter(detail.selectedId as InboxFilter)}
          options={[
            { id: 'all', text: t('list.filter_all') },
            { id: 'unread', text: t('list.filter_unread') },
            { id: 'unacknowledged', text: t('list.filter_ack') },
          ]}
          data-testid="inbox-filter"
        />
      }
    >
      {t('list.inbox')}
    </Header>
  );
  const pagination = (
    <Pagination
      currentPageIndex={inbox.pageNumber}
      pagesCount={inbox.pagesCount}
      openEnd={inbox.hasMore}
      onChange={({ detail }) => inbox.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('list.inbox_empty')}</Box>;
  return (
    <SpaceBetween size="l">
      {opened ? (
        <ReceivedMessage
          messageId={opened}
          timeZone={timeZone}
          onChanged={() => setVersion((n) => n + 1)}
          onClose={() => onOpen(null)}
        />
      ) : null}
      <DataTable<ReceivedMessageOutput>
        id="messages"
        testId="inbox-table"
        variant="container"
        header={header}
        pagination={pagination}
        empty={empty}
        loading={inbox.loading}
        loadingText={t('common:nav.loading')}
        items={inbox.items}
        trackBy="message_id"
        columns={[
          { id: 'subject', header: t('field.subject'), cell: subject },
          { id: 'sender', header: t('list.from'), cell: (m) => m.sender_name },
          { id: 'sent', header: t('view.sent_at'), cell: (m) => formatDateTime(m.sent_at, timeZone) },
        ]}
      />
    </SpaceBetween>
  );
}

function Sent() {
  const { t } = useTranslation(['message-center', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [status, setStatus] = useState<MessageStatus | 'all'>('all');
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listMessages', {
        query: { cursor, limit: PAGE_SIZE, status: status === 'all' ? undefined : status },
      }),
    [status],
  );
  const messages = useCursorPages<MessageOutput>(fetchPage, status);
  const viewHref = (m: MessageOutput) =>
    hrefOf('message/:edit_type/:id?', { edit_type: m.can_edit ? 'edit' : 'view', id: m.message_id });
  return (
    <DataTable<MessageOutput>
      id="messages-sent"
      testId="sent-table"
      variant="container"
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <SegmentedControl
                selectedId={status}
                onChange={({ detail }) => setStatus(detail.selectedId as MessageStatus | 'all')}
                options={[
                  { id: 'all', text: t('list.filter_all') },
                  { id: 'draft', text: t('status.draft') },
                  { id: 'scheduled', text: t('status.scheduled') },
                  { id: 'sent', text: t('status.sent') },
                ]}
              />
              <Button
                variant="primary"
                iconName="add-plus"
                onClick={() => navigate(hrefOf('message/:edit_type/:id?', { edit_type: 'new' }))}
                data-testid="messages-new"
              >
                {t('list.new_message')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('list.sent')}
        </Header>
      }
      loading={messages.loading}
      loadingText={t('common:nav.loading')}
      items={messages.items}
      trackBy="message_id"
      empty={<Box color="text-status-inactive">{t('list.sent_empty')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={messages.pageNumber}
          pagesCount={messages.pagesCount}
          openEnd={messages.hasMore}
          onChange={({ detail }) => messages.goTo(detail.currentPageIndex)}
        />
      }
      columns={[
        {
          id: 'subject',
          header: t('field.subject'),
          cell: (m) => (
            <PageLink href={viewHref(m)} data-testid={`sent-open-${m.message_id}`}>
              {m.subject}
            </PageLink>
          ),
        },
        { id: 'status', header: t('list.status'), cell: (m) => <MessageStatusBadge status={m.status} /> },
        {
          id: 'when',
          header: t('list.when'),
          cell: (m) => formatDateTime(m.sent_at ?? m.sending_at ?? m.updated_at, timeZone),
        },
        {
          id: 'reach',
          header: t('list.reach'),
          cell: (m) =>
            m.status === 'sent'
              ? m.require_ack
                ? t('list.acked_of', { done: m.ack_count, all: m.recipient_count })
                : t('list.read_of', { done: m.read_count, all: m.recipient_count })
              : '—',
        },
      ]}
    />
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import {
  type NotificationOutput,
  type SearchNotificationsInput,
  searchNotificationsInput,
} from '../../../../contracts/schemas/notifications.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageButton, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useStore } from '../../lib/store.ts';
import { InvitationAnswer } from '../invitations/invitations-card.tsx';
import { notificationText } from './notification-text.ts';
import { NOTIFICATIONS_PAGE } from './notifications-bell.ts';
import { bell, bellForget } from './notifications-state.ts';

const PAGE = 20;
type ReadFilter = 'all' | 'unread' | 'read';
interface Filters {
  read: ReadFilter;
  from: string;
  to: string;
  text: string;
}
const NO_FILTERS: Filters = { read: 'all', from: '', to: '', text: '' };
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const criteriaOf = (filters: Filters): SearchNotificationsInput => ({
  ...(filters.read !== 'all' && { read: filters.read === 'read' }),
  ...(filters.from && { from: filters.from }),
  ...(filters.to && { to: filters.to }),
  ...(filters.text.trim() && { text: filters.text.trim() }),
  limit: PAGE,
});

/**
 * `profile/notifications/{id?}` (no permission needed): the person's notifications, searchable by
 * read state, days and text; marking read and deleting remove them from the bell at once (spec §4).
 * With an id the page opens that notification, which marks it read.
 */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation(['notifications', 'messages', 'common', 'nav']);
  const navigate = usePageNavigate();
  const { id } = useParams();
  const { arrived } = useStore(bell);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const errors = useFieldErrors({ prefix: 'filter', fields: ['from', 'to', 'text'] });
  const { show: showErrors, clear: clearErrors, errorText } = errors;
  const [items, setItems] = useState<NotificationOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [opened, setOpened] = useState<NotificationOutput | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const [deleting, setDeleting] = useState<NotificationOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = browserZone();

  const search = useCallback(
    async (criteria: Filters, from: string | null) => {
      const parsed = z.safeParse(searchNotificationsInput, {
        ...criteriaOf(criteria),
        ...(from ? { cursor: from } : {}),
      });
      if (!parsed.success) {
        showErrors(fieldErrors(parsed.error.issues));
        return;
      }
      clearErrors();
      setLoading(true);
      try {
        const page = await call('searchNotifications', { body: parsed.data });
        setItems((previous) => (from ? [...previous, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (error) {
        if (error instanceof FieldErrors) showErrors(error.errors);
        else reportFailure(error);
      } finally {
        setLoading(false);
      }
    },
    [showErrors, clearErrors],
  );

  // The first page, again whenever a notification arrives live.
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  useEffect(() => {
    // `arrived` counts live arrivals: each one reloads the first page.
    if (arrived >= 0) void search(appliedRef.current, null);
  }, [search, arrived]);

  /** Marks it read here, on the server and in the bell. */
  const markRead = useCallback(async (notification: NotificationOutput) => {
    if (notification.read) return;
    try {
      await call('markNotificationRead', { body: { id: notification.id } });
      const readAt = new Date().toISOString();
      const update = (item: NotificationOutput) =>
        item.id === notification.id ? { ...item, read: true, read_at: item.read_at ?? readAt } : item;
      setItems((list) => list.map(update));
      setOpened((current) => (current ? update(current) : current));
      bellForget(notification.id, true);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') {
        setItems((list) => list.filter((item) => item.id !== notification.id));
        bellForget(notification.id, !notification.read);
      } else reportFailure(error);
    }
  }, []);

  // With an id: open that notification (reading it marks it read).
  useEffect(() => {
    setOpened(null);
    setOpenFailed(false);
    if (!id) return;
    let cancelled = false;
    call('getNotification', { params: { id } })
      .then((notification) => {
        if (cancelled) return;
        setOpened(notification);
        void markRead(notification);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setOpenFailed(true);
        if (!(error instanceof ApiError && error.code === 'not_found')) reportFailure(error);
      });
    return () => {
      cancelled = true;
    };
  }, [id, markRead]);

  const remove = async () => {
    const notification = deleting;
    if (!notification || busy) return;
    setBusy(true);
    try {
      await call('deleteNotification', { params: { id: notification.id } });
      flash('success', 'notifications:deleted');
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'not_found')) {
        reportFailure(error);
        return;
      }
    } finally {
      setBusy(false);
      setDeleting(null);
    }
    setItems((list) => list.filter((item) => item.id !== notification.id));
    bellForget(notification.id, !notification.read);
    if (opened?.id === notification.id) navigate(hrefOf(NOTIFICATIONS_PAGE), { replace: true });
  };

  useDialogKeys(
    { onCancel: () => setDeleting(null), onDelete: () => void remove(), onSave: () => void remove() },
    deleting !== null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filters);
    void search(filters, null);
  };
  const clear = () => {
    setFilters(NO_FILTERS);
    setApplied(NO_FILTERS);
    void search(NO_FILTERS, null);
  };
  const filtered = JSON.stringify(applied) !== JSON.stringify(NO_FILTERS);
  const kindText = (kind: string) =>
    i18n.exists(`notifications:kind.${kind}`) ? dynamicT(t)(`kind.${kind}`) : kind;
  const text = (notification: NotificationOutput) => notificationText(t, notification);
  const readOptions = (['all', 'unread', 'read'] as const).map((value) => ({
    value,
    label: t(`filter.${value}`),
  }));

  return (
    <SpaceBetween size="l">
      {id && (
        <Container
          data-testid="notification-detail"
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    onClick={() => navigate(hrefOf(NOTIFICATIONS_PAGE))}
                    data-testid="notification-back"
                  >
                    {t('action.back')}
                  </Button>
                  {opened?.link && (
                    <PageButton variant="primary" href={opened.link} data-testid="notification-go">
                      {t('action.go')}
                    </PageButton>
                  )}
                  {opened && (
                    <Button onClick={() => setDeleting(opened)} data-testid="notification-delete">
                      {t('action.delete')}
                    </Button>
                  )}
                </SpaceBetween>
              }
            >
              {opened ? kindText(opened.kind) : t('nav:title.notifications')}
            </Header>
          }
        >
          {openFailed ? (
            <Box color="text-status-inactive" data-testid="notification-missing">
              {t('not_found')}
            </Box>
          ) : opened ? (
            <SpaceBetween size="m">
              <Box variant="p" fontSize="heading-s" data-testid="notification-text">
                {text(opened)}
              </Box>
              {opened.message === 'membership_invitation' &&
              typeof opened.params.organization_id === 'string' ? (
                <InvitationAnswer organizationId={opened.params.organization_id} />
              ) : null}
              <KeyValuePairs
                columns={3}
                items={[
                  { label: t('detail.kind'), value: kindText(opened.kind) },
                  { label: t('detail.received'), value: formatDateTime(opened.created_at, zone) },
                  {
                    label: t('detail.read_at'),
                    value: opened.read_at ? formatDateTime(opened.read_at, zone) : '—',
                  },
                ]}
              />
            </SpaceBetween>
          ) : (
            <StatusIndicator type="loading">{t('common:nav.loading')}</StatusIndicator>
          )}
        </Container>
      )}

      <DataTable
        id="notifications"
        testId="notifications-table"
        variant="container"
        header={
          <Header
            variant="h1"
            description={t('description')}
            counter={`(${items.length}${cursor ? '+' : ''})`}
          >
            {t('nav:title.notifications')}
          </Header>
        }
        filter={
          <form onSubmit={submit} noValidate data-testid="notifications-filter">
            <ColumnLayout columns={4} minColumnWidth={160}>
              <FormField label={t('filter.state')}>
                <Select
                  selectedOption={readOptions.find((option) => option.value === filters.read) ?? null}
                  options={readOptions}
                  onChange={({ detail }) =>
                    setFilters({ ...filters, read: (detail.selectedOption.value ?? 'all') as ReadFilter })
                  }
                  data-testid="filter-read"
                />
              </FormField>
              <FormField label={t('filter.from')} errorText={errorText('from')}>
                <DateField
                  value={filters.from}
                  onChange={(value) => setFilters({ ...filters, from: value })}
                  invalid={errors.has('from')}
                  testId="filter-from"
                />
              </FormField>
              <FormField label={t('filter.to')} errorText={errorText('to')}>
                <DateField
                  value={filters.to}
                  onChange={(value) => setFilters({ ...filters, to: value })}
                  invalid={errors.has('to')}
                  testId="filter-to"
                />
              </FormField>
              <FormField
                label={t('filter.text')}
                errorText={errorText('text')}
                secondaryControl={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button formAction="submit" iconName="search" data-testid="filter-search">
                      {t('filter.search')}
                    </Button>
                    {filtered && (
                      <Button formAction="none" variant="link" onClick={clear} data-testid="filter-clear">
                        {t('filter.clear')}
                      </Button>
                    )}
                  </SpaceBetween>
                }
              >
                <Input
                  type="search"
                  value={filters.text}
                  placeholder={t('filter.text_placeholder')}
                  onChange={({ detail }) => setFilters({ ...filters, text: detail.value })}
                  data-testid="filter-text"
                />
              </FormField>
            </ColumnLayout>
          </form>
        }
        loading={loading && items.length === 0}
        loadingText={t('common:nav.loading')}
        items={items}
        trackBy="id"
        empty={<Box color="text-status-inactive">{filtered ? t('no_match') : t('empty')}</Box>}
        columns={[
          {
            id: 'created_at',
            header: t('column.created_at'),
            minWidth: 140,
            cell: (item) => formatDateTime(item.created_at, zone),
          },
          {
            id: 'message',
            header: t('column.message'),
            minWidth: 260,
            cell: (item) => (
              <PageButton
                variant="inline-link"
                href={hrefOf(NOTIFICATIONS_PAGE, { id: item.id })}
                data-testid={`notification-${item.id}`}
              >
                <span style={{ fontWeight: item.read ? 'normal' : 'bold' }}>{text(item)}</span>
              </PageButton>
            ),
          },
          {
            id: 'state',
            header: t('column.state'),
            minWidth: 110,
            cell: (item) =>
              item.read ? (
                <StatusIndicator type="success">{t('state.read')}</StatusIndicator>
              ) : (
                <StatusIndicator type="info">{t('state.unread')}</StatusIndicator>
              ),
          },
          {
            id: 'actions',
            header: '',
            cell: (item) => (
              <SpaceBetween direction="horizontal" size="xs">
                {!item.read && (
                  <Button
                    variant="inline-icon"
                    iconName="check"
                    ariaLabel={t('action.mark_read')}
                    onClick={() => void markRead(item)}
                    data-testid={`mark-read-${item.id}`}
                  />
                )}
                <Button
                  variant="inline-icon"
                  iconName="remove"
                  ariaLabel={t('action.delete')}
                  onClick={() => setDeleting(item)}
                  data-testid={`delete-${item.id}`}
                />
              </SpaceBetween>
            ),
          },
        ]}
        footer={
          cursor ? (
            <Box textAlign="center">
              <Button
                onClick={() => void search(applied, cursor)}
                loading={loading}
                data-testid="notifications-more"
              >
                {t('action.load_more')}
              </Button>
            </Box>
          ) : undefined
        }
      />

      <Modal
        visible={deleting !== null}
        onDismiss={() => setDeleting(null)}
        header={t('delete_confirm.title')}
        data-testid="notification-delete-confirm"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setDeleting(null)}>
                {t('common:action.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void remove()}
                data-testid="notification-delete-ok"
              >
                {t('action.delete')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('delete_confirm.body')}
        {deleting && (
          <Box variant="p" color="text-body-secondary">
            {text(deleting)}
          </Box>
        )}
      </Modal>
    </SpaceBetween>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedStatus } from '../../../../contracts/schemas/calendar.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';

const OPERATIONS = {
  member: {
    get: 'getOwnCalendarFeed',
    create: 'createOwnCalendarFeed',
    revoke: 'revokeOwnCalendarFeed',
  },
  club: {
    get: 'getClubCalendarFeed',
    create: 'createClubCalendarFeed',
    revoke: 'revokeClubCalendarFeed',
  },
} as const;

/**
 * An iCalendar feed link (issue 15 §9): the member's private feed (profile) or the club's
 * operating-day feed (operating-days, managed by the organizers). The link is shown once, when it is
 * made — only its hash is kept — so a lost link is replaced by a new one; revoking stops it at once.
 */
export function CalendarFeedPanel({
  kind,
  canManage = true,
}: {
  kind: 'member' | 'club';
  canManage?: boolean;
}) {
  const { t } = useTranslation(['calendar', 'common']);
  const ops = OPERATIONS[kind];
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(ops.get).then(setStatus).catch(reportFailure);
  }, [ops.get]);

  const create = async () => {
    setBusy(true);
    try {
      const made = await call(ops.create);
      setStatus({ active: true, created_at: made.created_at });
      setUrl(`${window.location.origin}${made.path}`);
      flash('success', 'calendar:feed_panel.created');
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      setStatus(await call(ops.revoke));
      setUrl(null);
      flash('success', 'calendar:feed_panel.revoked');
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container
      data-testid={`calendar-feed-${kind}`}
      header={
        <Header
          variant="h2"
          description={t(`feed_panel.description_${kind}`)}
          actions={
            canManage && status ? (
              <SpaceBetween direction="horizontal" size="xs">
                {status.active && (
                  <Button
                    onClick={() => void revoke()}
                    disabled={busy}
                    data-testid={`calendar-feed-${kind}-revoke`}
                  >
                    {t('feed_panel.revoke')}
                  </Button>
                )}
                <Button
                  onClick={() => void create()}
                  disabled={busy}
                  data-testid={`calendar-feed-${kind}-create`}
                >
                  {status.active ? t('feed_panel.renew') : t('feed_panel.create')}
                </Button>
              </SpaceBetween>
            ) : undefined
          }
        >
          {t(`feed_panel.header_${kind}`)}
        </Header>
      }
    >
      {status === null ? (
        <StatusIndicator type="loading">{t('common:nav.loading')}</StatusIndicator>
      ) : url ? (
        <SpaceBetween size="xs">
          <CopyToClipboard
            variant="inline"
            textToCopy={url}
            copyButtonAriaLabel={t('feed_panel.copy')}
            copySuccessText={t('feed_panel.copied')}
            copyErrorText={t('feed_panel.copy_failed')}
          />
          <Box variant="small">{t('feed_panel.shown_once')}</Box>
        </SpaceBetween>
      ) : status.active ? (
        <StatusIndicator type="success">
          {t('feed_panel.active_since', { date: formatDateTime(status.created_at) })}
        </StatusIndicator>
      ) : (
        <Box color="text-status-inactive">{t('feed_panel.none')}</Box>
      )}
    </Container>
  );
}

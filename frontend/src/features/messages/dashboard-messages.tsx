import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceivedMessageOutput } from '../../../../contracts/schemas/messages.ts';
import { PageLink } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';

const SHOWN = 5;

/**
 * The dashboard's messages (spec §3 show_dashboard): the newest messages the sender put on the
 * dashboard, and every one still waiting for the member's "I have read it". Shown where the
 * organization has the message center and the member may read messages.
 */
export function DashboardMessages({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('message-center');
  const [items, setItems] = useState<ReceivedMessageOutput[] | null>(null);
  useEffect(() => {
    let active = true;
    call('listInbox', { query: { dashboard: 'true', limit: SHOWN } }).then(
      (page) => active && setItems(page.items),
      // The dashboard shows the rest; a failed card stays away (the API client has told why).
      () => active && setItems([]),
    );
    return () => {
      active = false;
    };
  }, []);
  if (!items || items.length === 0) return null;
  return (
    <Container
      data-testid="dashboard-messages"
      header={
        <Header variant="h2" actions={<PageLink href={hrefOf('messages')}>{t('dashboard.all')}</PageLink>}>
          {t('dashboard.header')}
        </Header>
      }
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {items.map((m) => (
          <li key={m.message_id} data-testid={`dashboard-message-${m.message_id}`}>
            <SpaceBetween size="xxxs">
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <PageLink href={`${hrefOf('messages')}?message=${m.message_id}`} fontSize="heading-s">
                  {m.subject}
                </PageLink>
                {m.require_ack && !m.acknowledged_at ? (
                  <Badge color="red">{t('list.needs_ack')}</Badge>
                ) : null}
              </SpaceBetween>
              <Box variant="small" color="text-body-secondary">
                {m.sender_name} · {formatDateTime(m.sent_at, timeZone)}
              </Box>
              <Box variant="p">
                <span
                  style={{
                    display: '-webkit-box',
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    whiteSpace: 'pre-wrap',
                  }}
                >
                  {m.body}
                </span>
              </Box>
            </SpaceBetween>
          </li>
        ))}
      </ul>
    </Container>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceivedMessageOutput } from '../../../../contracts/schemas/messages.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * One message of the message center, opened: read as soon as it is shown, and — when the sender
 * asked for it — "I have read it" (issue 17 §3), which the sender sees in the recipients list.
 */
export function ReceivedMessage({
  messageId,
  timeZone,
  onChanged,
  onClose,
}: {
  messageId: string;
  timeZone: string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['message-center', 'common']);
  const [message, setMessage] = useState<ReceivedMessageOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const found = await call('getReceivedMessage', { params: { id: messageId } });
        if (!active) return;
        setMessage(found);
        if (!found.read_at) {
          const read = await call('markMessageRead', { params: { id: messageId } });
          if (active) setMessage(read);
          changed.current();
        }
      } catch (error) {
        reportFailure(error);
        close.current();
      }
    })();
    return () => {
      active = false;
    };
  }, [messageId]);

  const acknowledge = async () => {
    setBusy(true);
    try {
      setMessage(await call('acknowledgeMessage', { params: { id: messageId } }));
      changed.current();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  if (!message)
    return (
      <Container>
        <Box color="text-status-inactive">{t('common:nav.loading')}</Box>
      </Container>
    );
  return (
    <Container
      data-testid="received-message"
      header={
        <Header
          variant="h2"
          description={t('view.from', {
            sender: message.sender_name,
            organization: message.organization_name,
            when: formatDateTime(message.sent_at, timeZone),
          })}
          actions={<Button onClick={onClose}>{t('common:action.close')}</Button>}
        >
          {message.subject}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Box variant="p">
          <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</span>
        </Box>
        {message.require_ack ? (
          message.acknowledged_at ? (
            <StatusIndicator type="success" data-testid="received-acknowledged">
              {t('view.you_acknowledged', { when: formatDateTime(message.acknowledged_at, timeZone) })}
            </StatusIndicator>
          ) : (
            <Alert
              type="warning"
              action={
                <Button
                  variant="primary"
                  loading={busy}
                  onClick={() => void acknowledge()}
                  data-testid="received-acknowledge"
                >
                  {t('view.acknowledge')}
                </Button>
              }
            >
              {t('view.ack_asked')}
            </Alert>
          )
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

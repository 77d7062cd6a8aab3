import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { MessageStatus } from '../../../../contracts/schemas/messages.ts';

const LOOK: Record<MessageStatus, StatusIndicatorProps.Type> = {
  draft: 'stopped',
  scheduled: 'pending',
  sending: 'in-progress',
  sent: 'success',
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('message-center');
  return (
    <StatusIndicator type={LOOK[status]} data-testid="message-status" data-status={status}>
      {t(`status.${status}`)}
    </StatusIndicator>
  );
}

import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { validityState } from '../../../../contracts/schemas/people.ts';
import { formatDate } from '../../lib/format.ts';

/** A validity date, with a warning when it is within EXPIRY_WARNING_DAYS and an error once it has passed. */
export function ValidityIndicator({
  validUntil,
  today,
  showDate = true,
  testId,
}: {
  validUntil: string | null | undefined;
  today: string;
  showDate?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('people');
  const validity = validityState(validUntil, today);
  const date = showDate && validUntil ? formatDate(validUntil) : null;
  if (validity === 'none') {
    return <Box color="text-status-inactive">{date ?? t('validity.no_end')}</Box>;
  }
  const status =
    validity === 'expired' ? (
      <StatusIndicator type="error">{t('validity.expired')}</StatusIndicator>
    ) : validity === 'expiring' ? (
      <StatusIndicator type="warning">{t('validity.expiring')}</StatusIndicator>
    ) : (
      <StatusIndicator type="success">{t('validity.valid')}</StatusIndicator>
    );
  return (
    <span data-testid={testId} data-validity={validity}>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        {date && <span>{date}</span>}
        {status}
      </SpaceBetween>
    </span>
  );
}

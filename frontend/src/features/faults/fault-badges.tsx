import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { FaultSeverity, FaultStatus } from '../../../../contracts/schemas/aircraft-enums.ts';

const SEVERITY_COLOR: Record<FaultSeverity, BadgeProps['color']> = {
  minor: 'severity-low',
  major: 'severity-high',
  grounding: 'severity-critical',
};

export function SeverityBadge({ severity }: { severity: FaultSeverity }) {
  const { t } = useTranslation('faults');
  return (
    <span data-testid="fault-severity" data-severity={severity}>
      <Badge color={SEVERITY_COLOR[severity]}>{t(`severity.${severity}`)}</Badge>
    </span>
  );
}

export function StatusText({ status }: { status: FaultStatus }) {
  const { t } = useTranslation('faults');
  return (
    <span data-testid="fault-status" data-status={status}>
      <StatusIndicator type={status === 'open' ? 'warning' : 'success'}>
        {t(`status.${status}`)}
      </StatusIndicator>
    </span>
  );
}

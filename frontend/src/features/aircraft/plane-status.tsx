import Badge from '@cloudscape-design/components/badge';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { PlaneCategory, PlaneStatus } from '../../../../contracts/schemas/aircraft-enums.ts';

/** Spec §4 plane statuses at a glance: green flies, red is grounded, grey is retired. */
const INDICATOR: Record<PlaneStatus, StatusIndicatorProps['type']> = {
  functional: 'success',
  operational: 'success',
  inoperable: 'error',
  awaiting_repair: 'error',
  under_maintenance: 'in-progress',
  inactive: 'stopped',
};

export function PlaneStatusIndicator({ status, testId }: { status: PlaneStatus; testId?: string }) {
  const { t } = useTranslation('aircraft');
  return (
    <StatusIndicator type={INDICATOR[status]} data-testid={testId}>
      {t(`status.${status}`)}
    </StatusIndicator>
  );
}

/** The category, with a TMG badge on touring motor gliders (they count as general aircraft). */
export function PlaneCategoryLabel({ category, isTmg }: { category: PlaneCategory; isTmg: boolean }) {
  const { t } = useTranslation('aircraft');
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <span>{t(`category.${category}`)}</span>
      {isTmg ? <Badge color="blue">{t('category.tmg')}</Badge> : null}
    </SpaceBetween>
  );
}

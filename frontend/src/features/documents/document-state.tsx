import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { DocumentState } from '../../../../contracts/documents.ts';

const LOOK: Record<DocumentState, StatusIndicatorProps.Type> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  missing: 'error',
  in_progress: 'in-progress',
  replaced: 'stopped',
};

/** How a document (or a requirement) stands, in words and colour (spec §4: in progress, expired). */
export function DocumentStateIndicator({ state, testId }: { state: DocumentState; testId?: string }) {
  const { t } = useTranslation('documents');
  return (
    <StatusIndicator type={LOOK[state]} data-testid={testId} data-state={state}>
      {state === 'missing' ? t('document_missing', { ns: 'messages' }) : t(`state.${state}`)}
    </StatusIndicator>
  );
}

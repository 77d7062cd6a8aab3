import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogKeys } from './use-dialog-keys.ts';

/** A confirm dialog (spec §2: Esc cancels); the confirming button is the only primary one. */
export function ConfirmModal({
  visible,
  header,
  children,
  confirmText,
  busy,
  onConfirm,
  onCancel,
  testId,
}: {
  visible: boolean;
  header: string;
  children: ReactNode;
  confirmText: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  useDialogKeys({ onCancel }, visible);
  return (
    <Modal
      visible={visible}
      onDismiss={onCancel}
      header={header}
      data-testid={testId}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} data-testid={`${testId}-cancel`}>
              {t('action.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={onConfirm} data-testid={`${testId}-confirm`}>
              {confirmText}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}

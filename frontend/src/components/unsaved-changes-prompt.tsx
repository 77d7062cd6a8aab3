import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { useDialogKeys } from './use-dialog-keys.ts';

/**
 * Spec §2/§5: leaving a form with unsaved changes asks first — inside the app with a modal, when
 * closing or reloading the tab with the browser's own prompt.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { t } = useTranslation('common');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const open = blocker.state === 'blocked';

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  useDialogKeys({ onCancel: () => blocker.reset?.() }, open);

  return (
    <Modal
      visible={open}
      onDismiss={() => blocker.reset?.()}
      header={t('unsaved.title')}
      data-testid="unsaved-changes"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => blocker.reset?.()} data-testid="unsaved-stay">
              {t('unsaved.stay')}
            </Button>
            <Button variant="primary" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
              {t('unsaved.leave')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('unsaved.body')}
    </Modal>
  );
}

import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { fallbackNote, HelpBody, type PageHelpProps, useHelpText } from './page-help.tsx';

/**
 * The same help as a dialog, for the screens without the side panel (sign-in and the other public
 * screens): the layout loads this module only when someone asks for help.
 */
export default function HelpDialog({ page, title, open, onClose }: PageHelpProps & { onClose: () => void }) {
  const { t } = useTranslation(['help', 'common']);
  const text = useHelpText({ page, open });
  return (
    <Modal
      visible={open}
      onDismiss={onClose}
      size="large"
      closeAriaLabel={t('common:action.close')}
      header={<span data-testid="help-title">{text.help?.title ?? title}</span>}
      footer={fallbackNote(text, t('fallback'))}
      data-testid="help-dialog"
    >
      {text.loading ? (
        <StatusIndicator type="loading">{t('loading')}</StatusIndicator>
      ) : (
        <HelpBody text={text} />
      )}
    </Modal>
  );
}

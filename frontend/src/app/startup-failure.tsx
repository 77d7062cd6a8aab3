import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';

/** `/config.json` did not arrive: nothing else can work, so say so and offer to try again. */
export function StartupFailure() {
  const { t } = useTranslation(['messages', 'common']);
  return (
    <Box padding="xxl">
      <Alert
        type="error"
        header={t('common:app.name')}
        action={<Button onClick={() => window.location.reload()}>{t('common:action.retry')}</Button>}
      >
        {t('network_error')}
      </Alert>
    </Box>
  );
}

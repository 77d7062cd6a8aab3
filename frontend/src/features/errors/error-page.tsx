import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageNavigate } from '../../app/links.tsx';
import { dynamicT } from '../../lib/i18n-keys.ts';

/** `error/{message}`: a message key of the catalogue (no_aircraft_available, …) and the way home. */
export default function ErrorPage() {
  const { t, i18n } = useTranslation(['messages', 'common']);
  const navigate = usePageNavigate();
  const { message = '' } = useParams();
  // The address is user input: only catalogue keys are shown, anything else reads as unknown.
  const key =
    /^[a-z0-9_]+$/.test(message) && i18n.exists(message, { ns: 'messages' }) ? message : 'unknown_error';
  return (
    <Box padding={{ top: 'xl' }}>
      <Container header={<Header variant="h1">{t('common:title.error')}</Header>}>
        <SpaceBetween size="l">
          <Box variant="p" fontSize="heading-s" data-testid="error-message" data-message={key}>
            {dynamicT(t)(key)}
          </Box>
          <Button variant="primary" onClick={() => navigate('/')} data-testid="error-home">
            {t('common:action.back_home')}
          </Button>
        </SpaceBetween>
      </Container>
    </Box>
  );
}

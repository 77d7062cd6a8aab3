import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../lib/session.ts';

/** `logout`: ends the session, clears all local state (spec §4) and returns to the login page. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().finally(() => navigate('/login/', { replace: true }));
  }, [navigate]);
  return (
    <Box textAlign="center" padding="xxl" data-testid="logout-progress">
      <Spinner size="large" /> <Box variant="p">{t('logout.progress')}</Box>
    </Box>
  );
}

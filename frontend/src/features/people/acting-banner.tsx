import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageNavigate } from '../../app/links.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/**
 * Under the top navigation on every screen while a supervisor acts as someone (users/change):
 * whose session this is, and the way back. Nothing shows otherwise.
 */
export function ActingBanner() {
  const { loggedIn, profile } = useStore(session);
  const acting = loggedIn ? profile?.acting_as : null;
  // Only then its strings: the other screens do not wait for the `people` namespace.
  return acting ? <Acting name={acting.user_name} /> : null;
}

function Acting({ name }: { name: string }) {
  const { t } = useTranslation('people');
  const navigate = usePageNavigate();
  const [stopping, setStopping] = useState(false);

  const stop = async () => {
    setStopping(true);
    try {
      await call('stopActing');
      await refreshProfile();
      await refreshOrganizations();
      flash('success', 'act_as_stopped');
      navigate(hrefOf('users/change'));
    } catch (error) {
      reportFailure(error);
    } finally {
      setStopping(false);
    }
  };

  return (
    <div data-testid="acting-banner" role="status">
      <Alert
        type="warning"
        action={
          <Button onClick={() => void stop()} loading={stopping} data-testid="acting-stop">
            {t('act_as.stop')}
          </Button>
        }
      >
        {t('act_as.banner', { name })}
      </Alert>
    </div>
  );
}

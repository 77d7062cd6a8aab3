import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkFailure, passwordIsRight } from '../../lib/auth.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { locked, unlockScreen } from '../../lib/lock.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/**
 * Over the whole app while it is locked: who is signed in, and their password to go on. The app
 * underneath keeps its state (an unsaved form survives) but is hidden and inert. Signing out from
 * here ends the session as the user menu does.
 */
export function LockScreen() {
  const { t } = useTranslation(['common', 'messages']);
  const isLocked = useStore(locked);
  const { loggedIn, profile } = useStore(session);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (!isLocked || !loggedIn || !profile) return null;

  const unlock = async () => {
    if (busy || !password) return;
    setBusy(true);
    setProblem(undefined);
    try {
      if (await passwordIsRight(profile.email, password)) {
        setPassword('');
        unlockScreen();
      } else setProblem('invalid_credentials');
    } catch (error) {
      setProblem(isNetworkFailure(error) ? 'network_error' : 'unknown_error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="lock-screen"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 5000,
        background: '#0f141a',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
        overflow: 'auto',
      }}
    >
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Container
          header={
            <Header variant="h1" description={t('lock.description')}>
              <span id="lock-title">{t('lock.title')}</span>
            </Header>
          }
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void unlock();
            }}
          >
            <SpaceBetween size="l">
              <Box>
                <Box variant="strong">{profile.user_name}</Box>
                <Box color="text-body-secondary">{profile.email}</Box>
              </Box>
              {problem ? <Alert type="error">{dynamicT(t)(problem, { ns: 'messages' })}</Alert> : null}
              <FormField label={t('lock.password')}>
                <Input
                  type="password"
                  value={password}
                  onChange={({ detail }) => setPassword(detail.value)}
                  autoFocus
                  autoComplete="current-password"
                  data-testid="lock-password"
                />
              </FormField>
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="primary"
                  formAction="submit"
                  loading={busy}
                  disabled={!password}
                  data-testid="lock-unlock"
                >
                  {t('lock.unlock')}
                </Button>
                <Button
                  variant="link"
                  onClick={() => window.location.assign('/logout/')}
                  data-testid="lock-sign-out"
                >
                  {t('nav.sign_out')}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </form>
        </Container>
      </div>
    </div>
  );
}

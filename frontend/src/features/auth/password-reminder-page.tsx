import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../app/links.tsx';
import { sendPasswordReminder } from '../../lib/auth.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { startLoading } from '../../lib/loading.ts';
import { AuthCard } from './auth-card.tsx';
import { authFailureKey, emailProblems } from './auth-failure.ts';

/** Spec §7 "password reminder": Cognito sends the code; the e-mail links to reset-password/{token}. */
export default function PasswordReminderPage() {
  const { t } = useTranslation(['auth', 'messages']);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblems(email)[0];
    setError(problem);
    if (problem) return;
    setBusy(true);
    const done = startLoading();
    try {
      await sendPasswordReminder(email.trim());
      setSent(true);
      flash('success', 'reminder_sent');
    } catch (failure) {
      const key = authFailureKey(failure, { UserNotFoundException: 'no_registration_for_email' });
      if (key === 'no_registration_for_email') setError(key);
      flash('error', key);
    } finally {
      done();
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reminder.title')} description={t('reminder.intro')}>
      <form onSubmit={submit} noValidate data-testid="reminder-form">
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <PageLink href="/login/" data-testid="reminder-back">
                {t('reminder.back')}
              </PageLink>
              <Button variant="primary" formAction="submit" loading={busy} data-testid="reminder-submit">
                {t('reminder.submit')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {sent && (
              <Alert type="success" data-testid="reminder-sent">
                {t('reminder_sent', { ns: 'messages' })}
              </Alert>
            )}
            <FormField
              label={t('login.email')}
              errorText={error ? dynamicT(t)(error, { ns: 'messages' }) : undefined}
            >
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                onChange={({ detail }) => setEmail(detail.value)}
                invalid={Boolean(error)}
                autoFocus
                data-testid="reminder-email"
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </AuthCard>
  );
}

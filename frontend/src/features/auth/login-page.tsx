import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isLang } from '../../../../contracts/langs.ts';
import { PageLink } from '../../app/links.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { ApiError } from '../../lib/api-client.ts';
import { chooseFirstPassword, signInWithPassword, signOutLocally } from '../../lib/auth.ts';
import { flash } from '../../lib/flash.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { startLoading } from '../../lib/loading.ts';
import { startSession } from '../../lib/session.ts';
import { AuthCard } from './auth-card.tsx';
import {
  authFailureKey,
  emailProblems,
  newPasswordProblems,
  requiredProblems,
  withoutEmpty,
} from './auth-failure.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** `credentials`: e-mail and password; `new_password`: Cognito wants the member's own password (first sign-in). */
type Step = 'credentials' | 'new_password';

/**
 * `login` and `login/:lang` (the language is set before signing in). On success the session starts;
 * the guard then moves the signed-in user on (to the remembered screen or `/`). A member an admin
 * added signs in first with the e-mailed temporary password and then chooses their own here.
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'messages']);
  const { lang } = useParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = useFieldErrors({ prefix: 'login', fields: ['email', 'password'] });
  const { errorText } = errors;
  const setErrors = (found: Record<string, string[]>) =>
    Object.keys(found).length > 0 ? errors.show(found) : errors.clear();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>('credentials');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');

  useEffect(() => {
    if (lang && isLang(lang)) void applyLanguage(lang);
  }, [lang]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = withoutEmpty({ email: emailProblems(email), password: requiredProblems(password) });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const done = startLoading();
    try {
      const result = await signInWithPassword(email.trim(), password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') {
        setStep('new_password');
        return;
      }
      if (!result.isSignedIn) {
        flash('error', 'sign_in_incomplete');
        return;
      }
      await startSession();
    } catch (error) {
      if (error instanceof ApiError) return; // the API client has shown it
      flash(
        'error',
        authFailureKey(error, {
          NotAuthorizedException: 'invalid_credentials',
          UserNotFoundException: 'invalid_credentials',
          PasswordResetRequiredException: 'password_reset_required',
          UserNotConfirmedException: 'user_not_confirmed',
        }),
      );
    } finally {
      done();
      setBusy(false);
    }
  };

  const submitNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problems = withoutEmpty(newPasswordProblems(newPassword, repeat));
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const done = startLoading();
    try {
      const result = await chooseFirstPassword(newPassword);
      if (!result.isSignedIn) {
        flash('error', 'sign_in_incomplete');
        return;
      }
      await startSession();
    } catch (error) {
      if (error instanceof ApiError) return; // the API client has shown it
      const key = authFailureKey(error, {
        InvalidPasswordException: 'password_too_weak',
        NotAuthorizedException: 'sign_in_session_expired',
        SignInException: 'sign_in_session_expired',
      });
      if (key === 'password_too_weak') setErrors({ password: [key] });
      if (key === 'sign_in_session_expired') backToCredentials();
      flash('error', key);
    } finally {
      done();
      setBusy(false);
    }
  };

  const backToCredentials = () => {
    setStep('credentials');
    setPassword('');
    setNewPassword('');
    setRepeat('');
    setErrors({});
    void signOutLocally();
  };

  if (step === 'new_password') {
    return (
      <AuthCard title={t('first.title')} description={t('first.intro')}>
        <form onSubmit={submitNewPassword} noValidate data-testid="first-password-form">
          <Form
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" formAction="none" onClick={backToCredentials} data-testid="first-back">
                  {t('first.back')}
                </Button>
                <Button variant="primary" formAction="submit" loading={busy} data-testid="first-submit">
                  {t('first.submit')}
                </Button>
              </SpaceBetween>
            }
          >
            <SpaceBetween size="l">
              <FormField label={t('login.email')}>
                <Input value={email.trim()} readOnly autoComplete="username" data-testid="first-email" />
              </FormField>
              <NewPasswordFields
                password={newPassword}
                repeat={repeat}
                onPassword={setNewPassword}
                onRepeat={setRepeat}
                errorText={errorText}
                testIdPrefix="first"
              />
            </SpaceBetween>
          </Form>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} description={t('login.intro')}>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('login.email')} errorText={errorText('email')}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                value={email}
                onChange={({ detail }) => setEmail(detail.value)}
                invalid={errors.has('email')}
                autoFocus
                data-testid="login-email"
              />
            </FormField>
            <FormField label={t('login.password')} errorText={errorText('password')}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={({ detail }) => setPassword(detail.value)}
                invalid={errors.has('password')}
                data-testid="login-password"
              />
            </FormField>
            <Box>
              <PageLink href="/password-reminder/" data-testid="login-forgot">
                {t('login.forgot')}
              </PageLink>
            </Box>
            <Box>
              {t('login.no_account')}{' '}
              <PageLink href="/register/" data-testid="login-register">
                {t('login.register')}
              </PageLink>
            </Box>
          </SpaceBetween>
        </Form>
      </form>
    </AuthCard>
  );
}

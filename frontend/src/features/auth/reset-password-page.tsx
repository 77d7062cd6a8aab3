import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { confirmNewPassword } from '../../lib/auth.ts';
import { flash } from '../../lib/flash.ts';
import { startLoading } from '../../lib/loading.ts';
import { AuthCard } from './auth-card.tsx';
import { authFailureKey, newPasswordProblems, requiredProblems, withoutEmpty } from './auth-failure.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { decodeResetToken } from './reset-token.ts';

/** `reset-password/{token}`: the e-mail and code come from the link; the user picks a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'messages']);
  const navigate = usePageNavigate();
  const { token = '' } = useParams();
  const decoded = useMemo(() => decodeResetToken(token), [token]);
  const [code, setCode] = useState(decoded?.code ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const errors = useFieldErrors({ prefix: 'reset', fields: ['code', 'password', 'repeat'] });
  const { errorText } = errors;
  const setErrors = (found: Record<string, string[]>) =>
    Object.keys(found).length > 0 ? errors.show(found) : errors.clear();
  const [busy, setBusy] = useState(false);

  if (!decoded) {
    return (
      <AuthCard title={t('reset.title')}>
        <SpaceBetween size="m">
          <Alert type="error" data-testid="reset-invalid">
            {t('reset_link_invalid', { ns: 'messages' })}
          </Alert>
          <PageLink href="/password-reminder/">{t('reset.new_reminder')}</PageLink>
        </SpaceBetween>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = withoutEmpty({
      code: requiredProblems(code.trim()),
      ...newPasswordProblems(password, repeat),
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const done = startLoading();
    try {
      await confirmNewPassword(decoded.email, code.trim(), password);
      flash('success', 'password_changed');
      navigate('/login/', { replace: true });
    } catch (failure) {
      const key = authFailureKey(failure, {
        CodeMismatchException: 'reset_code_invalid',
        ExpiredCodeException: 'reset_code_expired',
        InvalidPasswordException: 'password_too_weak',
        UserNotFoundException: 'no_registration_for_email',
      });
      if (key === 'reset_code_invalid' || key === 'reset_code_expired') setErrors({ code: [key] });
      else if (key === 'password_too_weak') setErrors({ password: [key] });
      flash('error', key);
    } finally {
      done();
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')} description={t('reset.intro')}>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={busy} data-testid="reset-submit">
              {t('reset.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField label={t('login.email')}>
              <Input value={decoded.email} readOnly autoComplete="username" data-testid="reset-email" />
            </FormField>
            <FormField label={t('reset.code')} errorText={errorText('code')}>
              <Input
                value={code}
                onChange={({ detail }) => setCode(detail.value)}
                autoComplete="one-time-code"
                invalid={errors.has('code')}
                data-testid="reset-code"
              />
            </FormField>
            <NewPasswordFields
              password={password}
              repeat={repeat}
              onPassword={setPassword}
              onRepeat={setRepeat}
              errorText={errorText}
              testIdPrefix="reset"
            />
          </SpaceBetween>
        </Form>
      </form>
    </AuthCard>
  );
}

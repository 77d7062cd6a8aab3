import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { authErrorName, changePassword, isNetworkFailure } from '../../lib/auth.ts';
import { flash } from '../../lib/flash.ts';
import { startLoading } from '../../lib/loading.ts';
import { rememberReturnTo } from '../../lib/navigation.ts';
import { logout } from '../../lib/session.ts';

const MIN_PASSWORD = 10;

/** The user pool's policy (lib/auth-stack.ts): 10 characters, lower and upper case, a digit, a symbol. */
const strongEnough = (password: string) =>
  password.length >= MIN_PASSWORD &&
  /[a-z]/.test(password) &&
  /[A-Z]/.test(password) &&
  /\d/.test(password) &&
  /[^A-Za-z0-9]/.test(password);

type Field = 'current' | 'next' | 'repeat';

/**
 * `profile/change-password`: Amplify `updatePassword` against Cognito (no API of ours). A wrong
 * current password is a field error. On success the session ends and the login page says
 * "Password changed, log in with the new password." (spec §8 success messages).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['profile', 'messages', 'common']);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const validate = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (values.current === '') problems.current = 'messages:field_required';
    if (values.next === '') problems.next = 'messages:field_required';
    else if (!strongEnough(values.next)) problems.next = 'messages:password_too_weak';
    else if (values.next === values.current) problems.next = 'profile:password.same';
    if (values.repeat === '') problems.repeat = 'messages:field_required';
    else if (values.repeat !== values.next) problems.repeat = 'messages:passwords_do_not_match';
    return problems;
  };

  const save = async () => {
    if (busy) return;
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const done = startLoading();
    try {
      await changePassword(values.current, values.next);
      setValues({ current: '', next: '', repeat: '' });
      // Sign out and sign in again with the new password; the login page then goes on to `/`.
      await logout();
      rememberReturnTo('/');
      flash('success', 'password_changed');
      navigate('/login/', { replace: true });
    } catch (error) {
      const name = authErrorName(error);
      if (name === 'NotAuthorizedException') setErrors({ current: 'profile:password.wrong_current' });
      else if (name === 'InvalidPasswordException') setErrors({ next: 'messages:password_too_weak' });
      else if (name === 'LimitExceededException' || name === 'TooManyRequestsException')
        flash('error', 'too_many_attempts');
      else if (isNetworkFailure(error)) flash('error', 'network_error');
      else {
        console.error('Cognito refused', name);
        flash('error', 'unknown_error');
      }
    } finally {
      done();
      setBusy(false);
    }
  };

  const cancel = () => navigate('/');
  useDialogKeys({ onCancel: cancel, onSave: () => void save() });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const dirty = values.current !== '' || values.next !== '' || values.repeat !== '';
  const input = (field: Field, autoComplete: string, label: string, constraint?: string) => (
    <FormField
      label={label}
      constraintText={constraint}
      errorText={errors[field] ? t(errors[field]) : undefined}
    >
      <Input
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        invalid={Boolean(errors[field])}
        data-testid={`password-${field}`}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <UnsavedChangesPrompt when={dirty && !busy} />
      <Form
        header={
          <Header variant="h1" description={t('password.description')}>
            {t('nav:title.change_password')}
          </Header>
        }
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={cancel} data-testid="password-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} data-testid="password-submit">
              {t('password.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <Container>
          <SpaceBetween size="l">
            {input('current', 'current-password', t('password.current'))}
            {input('next', 'new-password', t('password.new'), t('password.rule'))}
            {input('repeat', 'new-password', t('password.repeat'))}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

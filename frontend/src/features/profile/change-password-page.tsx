import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { RecordFormFrame } from '../../components/forms/record-form.tsx';
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
  const { t } = useTranslation(['profile', 'messages', 'common', 'nav']);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', repeat: '' });
  const errors = useFieldErrors({ prefix: 'password', fields: ['current', 'next', 'repeat'] });
  const [busy, setBusy] = useState(false);

  const set = (field: Field, value: string) => {
    setValues({ ...values, [field]: value });
    errors.forget(field);
  };

  const validate = () => {
    const problems: Partial<Record<Field, string[]>> = {};
    if (values.current === '') problems.current = ['field_required'];
    if (values.next === '') problems.next = ['field_required'];
    else if (!strongEnough(values.next)) problems.next = ['password_too_weak'];
    else if (values.next === values.current) problems.next = ['profile:password.same'];
    if (values.repeat === '') problems.repeat = ['field_required'];
    else if (values.repeat !== values.next) problems.repeat = ['passwords_do_not_match'];
    return problems as Record<string, string[]>;
  };

  const save = async () => {
    if (busy) return;
    const problems = validate();
    if (Object.keys(problems).length > 0) {
      errors.show(problems);
      return;
    }
    errors.clear();
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
      if (name === 'NotAuthorizedException') errors.show({ current: ['profile:password.wrong_current'] });
      else if (name === 'InvalidPasswordException') errors.show({ next: ['password_too_weak'] });
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
    <FormField label={label} constraintText={constraint} errorText={errors.errorText(field)}>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value)}
        invalid={errors.has(field)}
        data-testid={`password-${field}`}
      />
    </FormField>
  );

  return (
    <RecordFormFrame
      prefix="password"
      header={
        <Header variant="h1" description={t('password.description')}>
          {t('nav:title.change_password')}
        </Header>
      }
      errorText={errors.formErrorText()}
      dirty={dirty}
      saving={busy}
      onSubmit={submit}
      onCancel={cancel}
      saveText={t('password.submit')}
      submitTestId="password-submit"
    >
      <Container>
        <SpaceBetween size="l">
          {input('current', 'current-password', t('password.current'))}
          {input('next', 'new-password', t('password.new'), t('password.rule'))}
          {input('repeat', 'new-password', t('password.repeat'))}
        </SpaceBetween>
      </Container>
    </RecordFormFrame>
  );
}

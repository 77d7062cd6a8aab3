import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useTranslation } from 'react-i18next';

interface Props {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  /** The translated error of a field, if any. */
  errorText: (field: 'password' | 'repeat') => string | undefined;
  /** `reset` or `first`: the test ids are `<prefix>-password` and `<prefix>-repeat`. */
  testIdPrefix: string;
}

/** A new password and its repetition, with the user pool's rule: reset and first sign-in. */
export function NewPasswordFields({
  password,
  repeat,
  onPassword,
  onRepeat,
  errorText,
  testIdPrefix,
}: Props) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormField
        label={t('reset.new_password')}
        constraintText={t('reset.password_rule')}
        errorText={errorText('password')}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={({ detail }) => onPassword(detail.value)}
          invalid={Boolean(errorText('password'))}
          autoFocus
          data-testid={`${testIdPrefix}-password`}
        />
      </FormField>
      <FormField label={t('reset.repeat')} errorText={errorText('repeat')}>
        <Input
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={({ detail }) => onRepeat(detail.value)}
          invalid={Boolean(errorText('repeat'))}
          data-testid={`${testIdPrefix}-repeat`}
        />
      </FormField>
    </>
  );
}

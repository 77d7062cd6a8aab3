import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesPrompt } from '../unsaved-changes-prompt.tsx';
import './forms.css';

/** Spec §2 dialog keys, said where the buttons are: Esc, F10, and F8 where there is a delete. */
function KeyHints({ canDelete = false, canSave = true }: { canDelete?: boolean; canSave?: boolean }) {
  const { t } = useTranslation('common');
  if (!canSave) return null;
  return (
    <Box variant="small" color="text-body-secondary" data-testid="form-keys">
      {canDelete ? t('keys.hint_delete') : t('keys.hint')}
    </Box>
  );
}

interface FormButtonsProps {
  /** Test ids: `<prefix>-cancel`, `<prefix>-save`, `<prefix>-delete`. */
  prefix: string;
  saving: boolean;
  onCancel: () => void;
  /** A modal's save (its footer is outside the <form>); a page's save button submits its form. */
  onSave?: () => void;
  /** A delete button before the others, where the record may be deleted. */
  onDelete?: () => void;
  saveText?: string;
  /** The save button's test id where it is not `<prefix>-save` (a report's submit). */
  submitTestId?: string;
  /** Extra buttons between cancel and save. */
  extra?: ReactNode;
  /** Read-only: only a way back. */
  readOnly?: boolean;
}

function FormButtons(props: FormButtonsProps) {
  const { t } = useTranslation('common');
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {props.onDelete && !props.readOnly && (
        <Button formAction="none" onClick={props.onDelete} data-testid={`${props.prefix}-delete`}>
          {t('action.delete')}
        </Button>
      )}
      <Button
        formAction="none"
        variant="link"
        onClick={props.onCancel}
        data-testid={`${props.prefix}-cancel`}
      >
        {props.readOnly ? t('action.back') : t('action.cancel')}
      </Button>
      {props.extra}
      {!props.readOnly && (
        <Button
          variant="primary"
          formAction={props.onSave ? 'none' : 'submit'}
          onClick={props.onSave}
          loading={props.saving}
          data-testid={props.submitTestId ?? `${props.prefix}-save`}
        >
          {props.saveText ?? t('action.save')}
        </Button>
      )}
    </SpaceBetween>
  );
}

/**
 * A modal's footer: the key hints on the left, the buttons on the right; on a phone the hints go
 * above the buttons.
 */
export function FormFooter(props: FormButtonsProps) {
  return (
    <div className="windsock-form-footer">
      <KeyHints canDelete={Boolean(props.onDelete)} canSave={!props.readOnly} />
      <FormButtons {...props} />
    </div>
  );
}

interface RecordFormFrameProps extends FormButtonsProps {
  header: ReactNode;
  /** The form's errors (useFieldErrors' `formErrorText()`). */
  errorText: string | undefined;
  /** Unsaved values: leaving asks first. */
  dirty: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/**
 * An edit screen's frame: the <form> (Enter submits), the unsaved-changes prompt, Cloudscape's Form
 * with the form's error text, and the footer with the key hints and the buttons.
 */
export function RecordFormFrame({
  header,
  errorText,
  dirty,
  onSubmit,
  children,
  ...buttons
}: RecordFormFrameProps) {
  const { t } = useTranslation('common');
  return (
    <form onSubmit={onSubmit} noValidate data-testid={`${buttons.prefix}-form`}>
      <UnsavedChangesPrompt when={dirty && !buttons.saving} />
      <Form
        header={header}
        errorText={errorText}
        errorIconAriaLabel={t('error')}
        secondaryActions={<KeyHints canDelete={Boolean(buttons.onDelete)} canSave={!buttons.readOnly} />}
        actions={<FormButtons {...buttons} />}
      >
        {children}
      </Form>
    </form>
  );
}

interface RecordModalProps extends FormButtonsProps {
  header: ReactNode;
  errorText: string | undefined;
  onSubmit: (event: FormEvent) => void;
  onSave: () => void;
  size?: ModalProps.Size;
  /** The modal's test id where it is not `<prefix>-modal`. */
  testId?: string;
  children: ReactNode;
}

/** The same for a record edited in a dialog: the modal, its <form>, the footer with the key hints. */
export function RecordModal({
  header,
  errorText,
  onSubmit,
  size,
  testId,
  children,
  ...buttons
}: RecordModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      visible
      size={size}
      onDismiss={buttons.onCancel}
      header={header}
      data-testid={testId ?? `${buttons.prefix}-modal`}
      footer={<FormFooter {...buttons} />}
    >
      <form onSubmit={onSubmit} noValidate>
        <Form errorText={errorText} errorIconAriaLabel={t('error')}>
          {children}
        </Form>
        {/* The buttons are in the modal's footer, outside the form: Enter in a field submits through this. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** A record that could not be loaded: why, and a way to try again (or back). */
export function LoadFailed({
  header,
  children,
  onRetry,
  type = 'error',
  action,
  testId,
}: {
  header?: string;
  children: ReactNode;
  onRetry?: () => void;
  type?: 'error' | 'info';
  action?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type={type}
      header={header}
      data-testid={testId}
      action={action ?? (onRetry && <Button onClick={onRetry}>{t('action.retry')}</Button>)}
    >
      {children}
    </Alert>
  );
}

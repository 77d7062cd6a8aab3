import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { broadcastInput } from '../../../../contracts/schemas/messages.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { RecipientsField, type RecipientValues } from './recipients-field.tsx';

const MAX_TEXT = 500;

/**
 * notify (role admin, full page): a notification to members now — the bell and the live push, no
 * e-mail, nothing to keep (spec §2). For what must be read and kept, the message center is there.
 * One id per broadcast, so a retried send tells nobody twice.
 */
export default function NotifyPage() {
  const { t } = useTranslation(['message-center', 'messages', 'nav']);
  const [text, setText] = useState('');
  const [recipients, setRecipients] = useState<RecipientValues>({
    recipient_kind: 'everyone',
    role_ids: [],
    user_ids: [],
  });
  const [broadcastId, setBroadcastId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? dynamicT(t)(key, { ns: 'messages' }) : undefined;
  };

  const send = async () => {
    if (busy) return;
    const body = { broadcast_id: broadcastId, text, ...recipients };
    const parsed = z.safeParse(broadcastInput, body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    try {
      const result = await call('broadcastNotification', { body });
      setSentTo(result.recipients);
      setText('');
      setBroadcastId(crypto.randomUUID());
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  useDialogKeys({ onSave: () => void send() }, true);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('notify.description')}>
          {t('nav:title.notify')}
        </Header>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Form
          actions={
            <Button variant="primary" loading={busy} onClick={() => void send()} data-testid="notify-send">
              {t('notify.send')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            {sentTo !== null ? (
              <Alert type="success" dismissible onDismiss={() => setSentTo(null)} data-testid="notify-sent">
                {t('notify.sent', { recipients: sentTo })}
              </Alert>
            ) : null}
            <Container>
              <SpaceBetween size="l">
                <FormField
                  label={t('notify.text')}
                  errorText={errorText('text')}
                  constraintText={`${text.length}/${MAX_TEXT}`}
                >
                  <Textarea
                    value={text}
                    onChange={({ detail }) => {
                      setText(detail.value);
                      setErrors(({ text: _gone, ...rest }) => rest);
                    }}
                    rows={4}
                    placeholder={t('notify.placeholder')}
                    data-testid="notify-text"
                  />
                </FormField>
                <RecipientsField
                  value={recipients}
                  onChange={(next) => {
                    setRecipients(next);
                    setErrors(({ role_ids: _r, user_ids: _u, ...rest }) => rest);
                  }}
                  errorText={errorText}
                  disabled={busy}
                  testId="notify-recipients"
                />
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}

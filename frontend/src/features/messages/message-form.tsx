import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import { createMessageInput, MAX_BODY, type MessageOutput } from '../../../../contracts/schemas/messages.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { instantOf, wallClockOf } from '../../lib/zoned-time.ts';
import { RecipientsField, type RecipientValues } from './recipients-field.tsx';

interface Values extends RecipientValues {
  subject: string;
  body: string;
  send_mail: boolean;
  send_notification: boolean;
  show_dashboard: boolean;
  require_ack: boolean;
  /** The airfield's calendar day and HH:mm of a scheduled sending; '' for none. */
  date: string;
  time: string;
}

const EMPTY: Values = {
  subject: '',
  body: '',
  recipient_kind: 'everyone',
  role_ids: [],
  user_ids: [],
  send_mail: false,
  send_notification: true,
  show_dashboard: true,
  require_ack: false,
  date: '',
  time: '',
};

/** Spec §2: the date-time picker steps in 15 minutes. */
const TIMES = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

const valuesOf = (m: MessageOutput, timeZone: string): Values => {
  const { date, time } = wallClockOf(m.sending_at, timeZone);
  return {
    subject: m.subject,
    body: m.body,
    recipient_kind: m.recipient_kind,
    role_ids: [...m.role_ids],
    user_ids: [...m.user_ids],
    send_mail: m.send_mail,
    send_notification: m.send_notification,
    show_dashboard: m.show_dashboard,
    require_ack: m.require_ack,
    date,
    time,
  };
};

/**
 * message/new and message/edit/{id} (message-edit): a message's subject and text, who gets it,
 * how (push, e-mail, dashboard, acknowledgement) and when (now, or at a time on the airfield's
 * clock in 15-minute steps). "Save" keeps a draft; "Send" sends it — or schedules it — and from
 * then on it can no longer be changed (spec §4).
 */
export function MessageForm({ messageId }: { messageId?: string }) {
  const { t } = useTranslation(['message-center', 'messages', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [record, setRecord] = useState<MessageOutput | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [saved, setSaved] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);
  const [loaded, setLoaded] = useState(!messageId);

  useEffect(() => {
    if (!messageId) return;
    call('getMessage', { params: { id: messageId } }).then(
      (m) => {
        if (!m.can_edit) {
          navigate(hrefOf('message/:edit_type/:id?', { edit_type: 'view', id: m.message_id }), {
            replace: true,
          });
          return;
        }
        setRecord(m);
        setValues(valuesOf(m, timeZone));
        setSaved(valuesOf(m, timeZone));
        setLoaded(true);
      },
      (error: unknown) => {
        reportFailure(error);
        navigate(hrefOf('messages'));
      },
    );
  }, [messageId, timeZone, navigate]);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? dynamicT(t)(key, { ns: 'messages' }) : undefined;
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  const bodyOf = () => {
    const sendingAt = values.date ? instantOf(values.date, values.time || '00:00', timeZone) : null;
    return {
      subject: values.subject,
      body: values.body,
      recipient_kind: values.recipient_kind,
      role_ids: values.recipient_kind === 'roles' ? values.role_ids : [],
      user_ids: values.recipient_kind === 'members' ? values.user_ids : [],
      send_mail: values.send_mail,
      send_notification: values.send_notification,
      show_dashboard: values.show_dashboard,
      require_ack: values.require_ack,
      sending_at: sendingAt,
    };
  };

  /** Saves the draft; answers the stored message (or null when the form has errors). */
  const store = async (): Promise<MessageOutput | null> => {
    const body = bodyOf();
    const parsed = z.safeParse(createMessageInput, body);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (values.date && !body.sending_at) found.sending_at = ['datetime_format'];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return null;
    }
    const stored = record
      ? await call('updateMessage', {
          params: { id: record.message_id },
          body: { ...body, version: record.version },
        })
      : await call('createMessage', { body });
    setRecord(stored);
    setSaved(values);
    return stored;
  };

  const run = async (what: 'save' | 'send') => {
    if (busy) return;
    setBusy(what);
    try {
      const stored = await store();
      if (!stored) return;
      if (what === 'save') {
        flash('success', 'message_saved');
        if (!messageId)
          navigate(hrefOf('message/:edit_type/:id?', { edit_type: 'edit', id: stored.message_id }), {
            replace: true,
          });
        return;
      }
      const sent = await call('sendMessage', {
        params: { id: stored.message_id },
        body: { version: stored.version },
      });
      flash('success', sent.status === 'scheduled' ? 'message_scheduled' : 'message_sent');
      navigate(hrefOf('message/:edit_type/:id?', { edit_type: 'view', id: sent.message_id }));
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setBusy(null);
    }
  };

  useDialogKeys({ onSave: () => void run('save'), onCancel: () => navigate(hrefOf('messages')) }, loaded);
  const startOfWeek = weekStartsOn(currentLang());
  const scheduled = Boolean(values.date);

  if (!loaded) return <Box color="text-status-inactive">{t('common:nav.loading')}</Box>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void run('save');
      }}
    >
      <UnsavedChangesPrompt when={dirty && busy === null} />
      <Form
        header={
          <Header variant="h1" description={t('form.description')}>
            {messageId ? t('form.title_edit') : t('form.title_new')}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => navigate(hrefOf('messages'))} disabled={busy !== null}>
              {t('common:action.cancel')}
            </Button>
            <Button
              onClick={() => void run('save')}
              loading={busy === 'save'}
              disabled={busy === 'send'}
              data-testid="message-save"
            >
              {t('form.save_draft')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void run('send')}
              loading={busy === 'send'}
              disabled={busy === 'save'}
              data-testid="message-send"
            >
              {scheduled ? t('form.schedule') : t('form.send')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {record?.status === 'scheduled' ? <Alert type="info">{t('form.scheduled_note')}</Alert> : null}
          <Container header={<Header variant="h2">{t('form.content')}</Header>}>
            <SpaceBetween size="m">
              <FormField label={t('field.subject')} errorText={errorText('subject')}>
                <Input
                  value={values.subject}
                  onChange={({ detail }) => set('subject', detail.value)}
                  data-testid="message-subject"
                />
              </FormField>
              <FormField
                label={t('field.body')}
                errorText={errorText('body')}
                constraintText={`${values.body.length}/${MAX_BODY}`}
              >
                <Textarea
                  value={values.body}
                  onChange={({ detail }) => set('body', detail.value)}
                  rows={8}
                  data-testid="message-body"
                />
              </FormField>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">{t('form.who')}</Header>}>
            <RecipientsField
              value={values}
              onChange={(next) => {
                setValues((current) => ({ ...current, ...next }));
                setErrors(({ role_ids: _r, user_ids: _u, ...rest }) => rest);
              }}
              errorText={errorText}
              testId="message-recipients"
            />
          </Container>
          <Container header={<Header variant="h2">{t('form.how')}</Header>}>
            <SpaceBetween size="s">
              <Checkbox
                checked={values.send_notification}
                onChange={({ detail }) => set('send_notification', detail.checked)}
                description={t('hint.send_notification')}
                data-testid="message-send_notification"
              >
                {t('field.send_notification')}
              </Checkbox>
              <Checkbox
                checked={values.send_mail}
                onChange={({ detail }) => set('send_mail', detail.checked)}
                description={t('hint.send_mail')}
                data-testid="message-send_mail"
              >
                {t('field.send_mail')}
              </Checkbox>
              <Checkbox
                checked={values.show_dashboard}
                onChange={({ detail }) => set('show_dashboard', detail.checked)}
                description={t('hint.show_dashboard')}
                data-testid="message-show_dashboard"
              >
                {t('field.show_dashboard')}
              </Checkbox>
              <Checkbox
                checked={values.require_ack}
                onChange={({ detail }) => set('require_ack', detail.checked)}
                description={t('hint.require_ack')}
                data-testid="message-require_ack"
              >
                {t('field.require_ack')}
              </Checkbox>
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('hint.sending_at', { zone: timeZone })}>
                {t('field.sending_at')}
              </Header>
            }
          >
            <FormField errorText={errorText('sending_at')}>
              <SpaceBetween direction="horizontal" size="xs">
                <DatePicker
                  value={values.date}
                  onChange={({ detail }) => set('date', detail.value)}
                  placeholder={t('common:date.picker_placeholder')}
                  startOfWeek={startOfWeek}
                  data-testid="message-sending-date"
                />
                <Select
                  selectedOption={values.time ? { value: values.time, label: values.time } : null}
                  options={TIMES.map((time) => ({ value: time, label: time }))}
                  onChange={({ detail }) => set('time', detail.selectedOption.value ?? '')}
                  placeholder="HH:mm"
                  disabled={!values.date}
                  data-testid="message-sending-time"
                />
                {values.date ? (
                  <Button
                    variant="inline-link"
                    onClick={() => setValues((v) => ({ ...v, date: '', time: '' }))}
                  >
                    {t('form.send_now_instead')}
                  </Button>
                ) : null}
              </SpaceBetween>
            </FormField>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

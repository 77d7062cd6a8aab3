import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATES } from '../../../../contracts/documents.ts';
import { formatMoney } from '../../../../contracts/money.ts';
import { MESSAGE_STATUSES } from '../../../../contracts/schemas/messages.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DecimalHoursField } from '../../components/decimal-hours-field.tsx';
import { FileUpload, useUploads } from '../../components/file-upload.tsx';
import { TimeField } from '../../components/time-field.tsx';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatDateTime, formatMinutes } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { DocumentStateIndicator } from '../documents/document-state.tsx';
import { DOCUMENT_ACCEPT, DOCUMENT_EXTENSIONS, uploadStrings } from '../documents/document-upload.ts';
import { MessageStatusBadge } from '../messages/message-status.tsx';

/**
 * new (develop, debugger): the component gallery — the shared parts every screen is built from,
 * live and in the current language, to see a change to one of them everywhere it matters: the
 * spec's widgets (time field, decimal hours, drag-and-drop upload with its duplicate and
 * please_select_a_file rules), dialogs with their keys, status badges, the formats and the flashes.
 */
export default function GalleryPage() {
  const { t } = useTranslation(['developer', 'documents', 'messages', 'nav', 'common']);
  const [time, setTime] = useState<string | null>('09:30');
  const [minutes, setMinutes] = useState<number | null>(125);
  const uploads = useUploads();
  const [uploadError, setUploadError] = useState<string>();
  const [confirm, setConfirm] = useState(false);
  const now = new Date();
  const lang = currentLang();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('gallery.description')}>
          {t('nav:title.gallery')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description={t('gallery.fields_description')}>
              {t('gallery.fields')}
            </Header>
          }
        >
          <ColumnLayout columns={2}>
            <FormField label={t('gallery.time_field')} description={t('gallery.time_hint')}>
              <TimeField value={time} onChange={setTime} testId="gallery-time" />
            </FormField>
            <FormField label={t('gallery.decimal_hours')} description={t('gallery.decimal_hint')}>
              <DecimalHoursField minutes={minutes} onChange={setMinutes} testId="gallery-hours" />
            </FormField>
            <Box>
              <Box variant="awsui-key-label">{t('gallery.value')}</Box>
              <Box variant="code">{JSON.stringify({ time, minutes })}</Box>
            </Box>
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('gallery.upload_description')}>
              {t('gallery.upload')}
            </Header>
          }
        >
          <SpaceBetween size="s">
            <FileUpload
              items={uploads.items}
              onChange={(items) => {
                uploads.setItems(items);
                setUploadError(undefined);
              }}
              accept={DOCUMENT_ACCEPT}
              extensions={DOCUMENT_EXTENSIONS}
              multiple
              label={t('documents:field.files')}
              errorText={uploadError}
              i18nStrings={uploadStrings(dynamicT(t))}
              testId="gallery-upload"
            />
            <Button
              onClick={() =>
                uploads.items.length === 0
                  ? setUploadError(t('please_select_a_file', { ns: 'messages' }))
                  : flash('info', 'gallery_upload_ready')
              }
            >
              {t('gallery.check_upload')}
            </Button>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">{t('gallery.states')}</Header>}>
          <ColumnLayout columns={2}>
            <SpaceBetween size="xs">
              {DOCUMENT_STATES.map((state) => (
                <DocumentStateIndicator key={state} state={state} />
              ))}
            </SpaceBetween>
            <SpaceBetween size="xs">
              {MESSAGE_STATUSES.map((status) => (
                <MessageStatusBadge key={status} status={status} />
              ))}
            </SpaceBetween>
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{t('gallery.formats')}</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('gallery.date'), value: formatDate(now) },
              { label: t('gallery.date_time'), value: formatDateTime(now, 'Europe/Budapest') },
              { label: t('gallery.minutes'), value: `${formatMinutes(95)} · ${formatMinutes(-5)}` },
              { label: 'HUF', value: formatMoney(1_500_000, 'HUF', lang) },
              { label: 'EUR', value: formatMoney(150_050, 'EUR', lang) },
              {
                label: t('gallery.week_starts'),
                value: t(lang === 'hu' ? 'gallery.monday' : 'gallery.sunday'),
              },
            ]}
          />
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('gallery.dialogs_description')}>
              {t('gallery.dialogs')}
            </Header>
          }
        >
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => setConfirm(true)} data-testid="gallery-confirm">
              {t('gallery.open_confirm')}
            </Button>
            {(['success', 'info', 'warning', 'error'] as const).map((type) => (
              <Button
                key={type}
                onClick={() => flash(type, type === 'error' ? 'network_error' : 'mail_sent')}
              >
                {t(`gallery.flash_${type}`)}
              </Button>
            ))}
          </SpaceBetween>
        </Container>
      </SpaceBetween>
      <ConfirmModal
        visible={confirm}
        header={t('gallery.confirm_title')}
        confirmText={t('common:action.close')}
        busy={false}
        onCancel={() => setConfirm(false)}
        onConfirm={() => setConfirm(false)}
        testId="gallery-confirm-modal"
      >
        {t('gallery.confirm_body')}
      </ConfirmModal>
    </ContentLayout>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FaultOutput,
  MAX_FAULT_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_EXTENSIONS,
} from '../../../../contracts/schemas/faults.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { FileUpload, useUploads } from '../../components/file-upload.tsx';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { CloseFaultModal } from './close-fault-modal.tsx';
import { SeverityBadge, StatusText } from './fault-badges.tsx';
import { faultHref } from './fault-href.ts';
import { photoUploader, uploadStrings } from './fault-photos.ts';

export function ViewFault({
  fault,
  onChange,
  reload,
}: {
  fault: FaultOutput;
  onChange: (fault: FaultOutput) => void;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(['faults', 'messages', 'common', 'nav']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const uploads = useUploads();
  const [photoError, setPhotoError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [closing, setClosing] = useState(false);
  const strings = uploadStrings(t);

  const uploadPhotos = async () => {
    if (uploads.items.every((item) => item.status === 'done')) {
      setPhotoError(t('messages:please_select_a_file'));
      return;
    }
    setPhotoError(undefined);
    setUploading(true);
    const failedCount = await uploads.run(photoUploader(t, fault.fault_id));
    setUploading(false);
    if (!failedCount) {
      uploads.setItems([]);
      flash('success', 'faults:flash.photos_added');
    }
    await reload();
  };

  const reported = `${formatDateTime(fault.reported_at, timeZone)} · ${fault.reported_by_name}`;
  const details = [
    { label: t('field.plane'), value: <Box variant="strong">{fault.reg_num}</Box> },
    { label: t('field.severity'), value: <SeverityBadge severity={fault.severity} /> },
    { label: t('field.status'), value: <StatusText status={fault.status} /> },
    { label: t('field.reported'), value: reported },
    ...(fault.severity === 'grounding' && fault.status_before
      ? [{ label: t('field.status_before'), value: t(`plane_status.${fault.status_before}`) }]
      : []),
    ...(fault.status === 'closed'
      ? [
          {
            label: t('field.closed'),
            value: `${formatDateTime(fault.closed_at, timeZone)} · ${fault.closed_by_name ?? ''}`,
          },
          {
            label: t('field.closing_comment'),
            value: <span style={{ whiteSpace: 'pre-wrap' }}>{fault.closing_comment}</span>,
          },
        ]
      : []),
  ];

  return (
    <SpaceBetween size="l" data-testid="fault-view">
      <Header
        variant="h1"
        actions={
          fault.can_edit ? (
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => navigate(faultHref('edit', fault.fault_id))} data-testid="fault-edit">
                {t('view.edit')}
              </Button>
              <Button variant="primary" onClick={() => setClosing(true)} data-testid="fault-close">
                {t('view.close')}
              </Button>
            </SpaceBetween>
          ) : undefined
        }
      >
        {t('view.title', { reg_num: fault.reg_num })}
      </Header>
      {fault.status === 'open' && fault.severity === 'grounding' ? (
        <Alert type="error" data-testid="fault-grounded">
          {t('view.grounded', { reg_num: fault.reg_num })}
        </Alert>
      ) : null}
      <Container>
        <SpaceBetween size="l">
          <KeyValuePairs columns={2} items={details} />
          <div>
            <Box variant="awsui-key-label">{t('field.description')}</Box>
            <div
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="fault-description-text"
            >
              {fault.description}
            </div>
          </div>
        </SpaceBetween>
      </Container>
      <Container
        header={
          <Header variant="h2" counter={`(${fault.photo_count})`}>
            {t('field.photos')}
          </Header>
        }
      >
        <SpaceBetween size="l">
          {fault.photos.length > 0 ? (
            <div
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 8 }}
              data-testid="fault-photo-list"
            >
              {fault.photos.map((photo) => (
                <a
                  key={photo.key}
                  href={photo.url ?? undefined}
                  target="_blank"
                  rel="noreferrer"
                  title={photo.name}
                >
                  <img
                    src={photo.url ?? undefined}
                    alt={photo.name}
                    loading="lazy"
                    data-testid="fault-photo"
                    style={{
                      width: '100%',
                      aspectRatio: '1',
                      objectFit: 'cover',
                      borderRadius: 8,
                      background: '#e9ebed',
                    }}
                  />
                </a>
              ))}
            </div>
          ) : (
            <Box color="text-status-inactive">{t('view.no_photos')}</Box>
          )}
          {fault.can_add_photos ? (
            <SpaceBetween size="s">
              <FileUpload
                items={uploads.items}
                onChange={(items) => {
                  setPhotoError(undefined);
                  uploads.setItems(items);
                }}
                accept="image/*"
                extensions={PHOTO_EXTENSIONS}
                multiple
                maxFiles={MAX_FAULT_PHOTOS - fault.photo_count}
                maxBytes={MAX_PHOTO_BYTES}
                label={t('view.add_photos')}
                errorText={photoError}
                disabled={uploading}
                i18nStrings={strings}
                testId="fault-photos"
              />
              <Button
                onClick={() => void uploadPhotos()}
                loading={uploading}
                data-testid="fault-photos-upload"
              >
                {t('view.upload')}
              </Button>
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      </Container>
      <CloseFaultModal
        fault={fault}
        visible={closing}
        onDone={(closed) => {
          setClosing(false);
          if (closed) onChange(closed);
        }}
        reload={reload}
      />
    </SpaceBetween>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_AVATAR_BYTES } from '../../../../contracts/schemas/identity.ts';
import { FileUpload, postFile, UploadFailure, useUploads } from '../../components/file-upload.tsx';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/** Longest side of the picture sent: an avatar is shown small; a phone photo is scaled down first. */
const AVATAR_SIDE = 512;

/**
 * The picture scaled to at most AVATAR_SIDE pixels as a JPEG; a small one, or one the browser
 * cannot draw (HEIC on many desktops), goes as it is (the server checks what it is either way).
 */
export async function scaledAvatar(file: File): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, AVATAR_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= MAX_AVATAR_BYTES && file.type.startsWith('image/')) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' }) : file;
  } catch {
    return file;
  }
}

/**
 * profile/edit: the person's picture (spec §3 Profile avatar; §5 any image, one file). Uploaded
 * straight to S3 with a presigned POST, then checked by the API; replaced by a new one, or removed.
 * It shows in the top bar and, while they are an active member, in their clubs' member view.
 */
export function AvatarPanel() {
  const t = dynamicT(useTranslation(['profile', 'messages']).t);
  const { profile } = useStore(session);
  const uploads = useUploads();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const avatar = profile?.avatar ?? null;

  const upload = async () => {
    if (uploads.items.length === 0) {
      setError(t('messages:please_select_a_file'));
      return;
    }
    setError(undefined);
    setBusy(true);
    const failed = await uploads.run(async (original, onProgress) => {
      const file = await scaledAvatar(original);
      try {
        const grant = await call('createAvatarUpload', {
          body: { name: file.name, content_type: file.type || 'image/jpeg', size: file.size },
        });
        await postFile(grant, file, onProgress);
        await call('setAvatar', { body: { key: grant.key } });
      } catch (failure) {
        if (failure instanceof FieldErrors) {
          const key = Object.values(failure.errors).flat()[0];
          throw new UploadFailure(key ? t(`messages:${key}`) : undefined);
        }
        throw failure instanceof UploadFailure ? failure : new UploadFailure();
      }
    });
    setBusy(false);
    if (failed === 0) {
      uploads.setItems([]);
      flash('success', 'profile:avatar.saved');
      await refreshProfile().catch(() => undefined);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await call('removeAvatar');
      flash('success', 'profile:avatar.removed');
      await refreshProfile().catch(() => undefined);
    } catch (failure) {
      reportFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container
      header={
        <Header variant="h2" description={t('avatar.description')}>
          {t('avatar.title')}
        </Header>
      }
    >
      <SpaceBetween size="m" direction="horizontal" alignItems="start">
        <Box>
          {avatar ? (
            <img
              src={avatar}
              alt={t('avatar.title')}
              width={96}
              height={96}
              style={{ borderRadius: '50%', objectFit: 'cover' }}
              data-testid="avatar-image"
            />
          ) : (
            <Box color="text-body-secondary" data-testid="avatar-none">
              {t('avatar.none')}
            </Box>
          )}
        </Box>
        <SpaceBetween size="s">
          <FileUpload
            items={uploads.items}
            onChange={(items) => {
              setError(undefined);
              uploads.setItems(items);
            }}
            accept="image/*"
            extensions={['heic', 'heif']}
            errorText={error}
            disabled={busy}
            i18nStrings={{
              choose: t('avatar.choose'),
              dropHint: t('avatar.drop_hint'),
              dropHere: t('avatar.drop_here'),
              remove: t('avatar.remove_file'),
              uploaded: t('avatar.uploaded'),
              notAccepted: t('messages:could_not_upload_the_file'),
            }}
            testId="avatar-upload"
          />
          <SpaceBetween size="xs" direction="horizontal">
            <Button onClick={() => void upload()} loading={busy} data-testid="avatar-save">
              {t('avatar.upload')}
            </Button>
            {avatar && (
              <Button onClick={() => void remove()} disabled={busy} data-testid="avatar-remove">
                {t('avatar.remove')}
              </Button>
            )}
          </SpaceBetween>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

import type { TFunction } from 'i18next';
import { PHOTO_ERRORS } from '../../../../contracts/schemas/faults.ts';
import { type FileUploadStrings, postFile, UploadFailure } from '../../components/file-upload.tsx';
import { call, FieldErrors } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

type Translate = TFunction<'faults'>;

/** A browser that does not know HEIC sends no type; the extension says what the phone saved. */
const contentTypeOf = (file: File) => {
  if (file.type.startsWith('image/')) return file.type;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'heic' || extension === 'heif' ? `image/${extension}` : file.type || 'image/jpeg';
};

/** One photo: a presigned POST from the API, the bytes straight to S3, then the API checks and adds it. */
export const photoUploader =
  (t: Translate, faultId: string) => async (file: File, onProgress: (fraction: number) => void) => {
    const why = (error: unknown) => {
      if (error instanceof FieldErrors) {
        const key = Object.values(error.errors).flat()[0];
        if (key && (PHOTO_ERRORS as readonly string[]).includes(key))
          return new UploadFailure(dynamicT(t)(`photo_error.${key}`));
        if (key === 'too_big') return new UploadFailure(t('photo_error.photo_too_large'));
        return new UploadFailure(key ? dynamicT(t)(key, { ns: 'messages' }) : undefined);
      }
      return new UploadFailure();
    };
    const grant = await call('createFaultPhotoUpload', {
      params: { id: faultId },
      body: { name: file.name, content_type: contentTypeOf(file), size: file.size },
    }).catch((error: unknown) => {
      throw why(error);
    });
    await postFile(grant, file, onProgress);
    await call('addFaultPhoto', { params: { id: faultId }, body: { key: grant.key, name: file.name } }).catch(
      (error: unknown) => {
        throw why(error);
      },
    );
  };

export const uploadStrings = (t: Translate): FileUploadStrings => ({
  choose: t('photos.choose'),
  dropHint: t('photos.drop_hint'),
  dropHere: t('photos.drop_here'),
  remove: t('photos.remove'),
  uploaded: t('photos.uploaded'),
  notAccepted: t('photos.not_accepted'),
});

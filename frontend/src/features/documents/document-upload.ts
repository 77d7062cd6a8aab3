import { FILE_FEATURES } from '../../../../contracts/file-types.ts';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FILE_ERRORS,
  type DocumentOutput,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_FILES,
} from '../../../../contracts/schemas/documents.ts';
import { extensionOf } from '../../../../contracts/schemas/faults.ts';
import { type FileUploadStrings, postFile, UploadFailure } from '../../components/file-upload.tsx';
import { call, FieldErrors } from '../../lib/api-client.ts';
import type { Translate } from '../../lib/i18n-keys.ts';

/** Spec §5: a document upload accepts jpg, png, bmp and pdf, several files; a phone offers its camera. */
export const DOCUMENT_ACCEPT = [...FILE_FEATURES.document, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(
  ',',
);
export { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_FILES };

export interface DocumentPlace {
  source_type: 'person' | 'plane' | 'organization';
  holder_id: string;
}

/** What a browser says of a file it cannot type (a BMP on some systems): by its extension. */
const contentTypeOf = (file: File) => {
  if (file.type && (FILE_FEATURES.document as readonly string[]).includes(file.type)) return file.type;
  const extension = extensionOf(file.name);
  if (extension === 'pdf') return 'application/pdf';
  if (extension === 'png') return 'image/png';
  if (extension === 'bmp') return 'image/bmp';
  return 'image/jpeg';
};

/**
 * One file of a document: a presigned POST from the API, the bytes straight to S3 with progress,
 * then the API checks what arrived and adds it. `onStored` gets the document as it is after each
 * file (its version moves with every file).
 */
export const documentFileUploader =
  (t: Translate, place: DocumentPlace, documentId: string, onStored: (doc: DocumentOutput) => void) =>
  async (file: File, onProgress: (fraction: number) => void) => {
    const why = (error: unknown) => {
      if (error instanceof FieldErrors) {
        const key = Object.values(error.errors).flat()[0];
        if (key && (DOCUMENT_FILE_ERRORS as readonly string[]).includes(key))
          return new UploadFailure(t(`documents:file_error.${key}`));
        if (key === 'too_big') return new UploadFailure(t('documents:file_error.file_too_large'));
        return new UploadFailure(key ? t(key, { ns: 'messages' }) : undefined);
      }
      return new UploadFailure();
    };
    const params = { ...place, document_id: documentId };
    const grant = await call('createDocumentUpload', {
      params,
      body: { name: file.name, content_type: contentTypeOf(file), size: file.size },
    }).catch((error: unknown) => {
      throw why(error);
    });
    await postFile(grant, file, onProgress);
    const stored = await call('addDocumentFile', { params, body: { key: grant.key, name: file.name } }).catch(
      (error: unknown) => {
        throw why(error);
      },
    );
    onStored(stored);
  };

export const uploadStrings = (t: Translate): FileUploadStrings => ({
  choose: t('documents:files.choose'),
  dropHint: t('documents:files.drop_hint'),
  dropHere: t('documents:files.drop_here'),
  remove: t('documents:files.remove'),
  uploaded: t('documents:files.uploaded'),
  notAccepted: t('documents:files.not_accepted'),
});

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import {
  createDocumentInput,
  type DocumentOutput,
  updateDocumentInput,
} from '../../../../contracts/schemas/documents.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { FileUpload, useUploads } from '../../components/file-upload.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { useDocumentTypes } from './document-types.ts';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  type DocumentPlace,
  documentFileUploader,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_FILES,
  uploadStrings,
} from './document-upload.ts';

/** What the form is for: a new document (or a renewal of a type), its dates, or more files. */
export type DocumentFormMode =
  | { kind: 'new'; type?: string }
  | { kind: 'renew'; type: string }
  | { kind: 'edit'; doc: DocumentOutput }
  | { kind: 'files'; doc: DocumentOutput };

interface Values {
  document_type_id: string;
  issue_date: string;
  expiration_date: string;
  no_expiry: boolean;
  note: string;
}

const valuesOf = (mode: DocumentFormMode): Values =>
  mode.kind === 'edit' || mode.kind === 'files'
    ? {
        document_type_id: mode.doc.document_type_id,
        issue_date: mode.doc.issue_date ?? '',
        expiration_date: mode.doc.expiration_date ?? '',
        no_expiry: mode.doc.no_expiry,
        note: mode.doc.note ?? '',
      }
    : { document_type_id: mode.type ?? '', issue_date: '', expiration_date: '', no_expiry: false, note: '' };

const bodyOf = (values: Values) => ({
  issue_date: values.issue_date || null,
  expiration_date: values.no_expiry ? null : values.expiration_date || null,
  no_expiry: values.no_expiry,
  note: values.note.trim() || null,
});

/**
 * Uploading a document (issue 17 §1; spec §5 drag-and-drop, several files): its type, dates and
 * note, then its files straight to S3 with a progress bar each, then it is completed. The same
 * form renews a type (the old one becomes an earlier version), changes the dates, or adds files.
 * A document whose files did not all arrive stays "in progress" and says "Document not uploaded.".
 */
export function DocumentFormModal({
  place,
  mode,
  onDone,
  onCancel,
}: {
  place: DocumentPlace;
  mode: DocumentFormMode;
  onDone: (doc: DocumentOutput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['documents', 'messages', 'common']);
  const types = useDocumentTypes();
  const uploads = useUploads();
  const [values, setValues] = useState<Values>(() => valuesOf(mode));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [notUploaded, setNotUploaded] = useState(false);
  // The document once created: a second try uploads the rest into it instead of starting again.
  const [draft, setDraft] = useState<DocumentOutput | null>(
    mode.kind === 'files' || mode.kind === 'edit' ? mode.doc : null,
  );
  const withFiles = mode.kind !== 'edit';
  const typeFixed = mode.kind !== 'new' || Boolean(draft);
  const startOfWeek = weekStartsOn(currentLang());

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? dynamicT(t)(key, { ns: 'messages' }) : undefined;
  };

  const uploadAll = async (doc: DocumentOutput) => {
    let latest = doc;
    const failed = await uploads.run(
      documentFileUploader(dynamicT(t), place, doc.document_id, (stored) => {
        latest = stored;
      }),
    );
    setDraft(latest);
    return { latest, failed };
  };

  const submit = async () => {
    if (busy) return;
    const body = bodyOf(values);
    if (mode.kind === 'edit') {
      const parsed = z.safeParse(updateDocumentInput, { ...body, version: mode.doc.version });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    } else if (!draft) {
      const parsed = z.safeParse(createDocumentInput, { ...body, document_type_id: values.document_type_id });
      const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
      // Spec §5: submitting with no file selected.
      if (uploads.items.length === 0) found.files = ['please_select_a_file'];
      if (Object.keys(found).length > 0) return setErrors(found);
    } else if (uploads.items.every((item) => item.status === 'done') && draft.files.length === 0) {
      return setErrors({ files: ['please_select_a_file'] });
    }
    setBusy(true);
    setNotUploaded(false);
    try {
      if (mode.kind === 'edit') {
        const saved = await call('updateDocument', {
          params: { ...place, document_id: mode.doc.document_id },
          body: { ...body, version: mode.doc.version },
        });
        flash('success', 'documents_saved');
        onDone(saved);
        return;
      }
      const doc =
        draft ??
        (await call('createDocument', {
          params: place,
          body: { ...body, document_type_id: values.document_type_id },
        }));
      setDraft(doc);
      const { latest, failed } = await uploadAll(doc);
      if (failed > 0 || latest.files.length === 0) {
        setNotUploaded(true);
        return;
      }
      const done =
        latest.phase === 'in_progress'
          ? await call('completeDocument', {
              params: { ...place, document_id: latest.document_id },
              body: { version: latest.version },
            })
          : latest;
      flash('success', 'documents_uploaded');
      onDone(done);
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    if (!busy) onCancel();
  };
  useDialogKeys({ onCancel: cancel, onSave: () => void submit() }, true);

  const typeOptions = types.optionsFor(place.source_type);
  const selectedType = values.document_type_id
    ? { value: values.document_type_id, label: types.nameOf(values.document_type_id) }
    : null;
  const header =
    mode.kind === 'edit'
      ? t('form.title_edit')
      : mode.kind === 'files'
        ? t('form.title_files')
        : mode.kind === 'renew'
          ? t('form.title_renew', { type: types.nameOf(mode.type) })
          : t('form.title_new');

  return (
    <Modal
      visible
      onDismiss={cancel}
      header={header}
      size="medium"
      data-testid="document-form"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={cancel} disabled={busy} data-testid="document-form-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => void submit()}
              data-testid="document-form-submit"
            >
              {mode.kind === 'edit' ? t('form.save') : t('form.upload')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Form>
          <SpaceBetween size="m">
            {notUploaded ? (
              <Alert type="error" data-testid="document-not-uploaded">
                {t('document_not_uploaded', { ns: 'messages' })} {t('form.retry')}
              </Alert>
            ) : null}
            {mode.kind !== 'files' ? (
              <SpaceBetween size="m">
                <FormField label={t('field.type')} errorText={errorText('document_type_id')}>
                  <Select
                    selectedOption={selectedType}
                    options={typeOptions}
                    onChange={({ detail }) => set('document_type_id', detail.selectedOption.value ?? '')}
                    disabled={typeFixed || busy}
                    placeholder={t('form.choose_type')}
                    statusType={types.loading ? 'loading' : 'finished'}
                    filteringType="auto"
                    data-testid="document-type"
                  />
                </FormField>
                <FormField label={t('field.issue_date')} errorText={errorText('issue_date')}>
                  <DatePicker
                    value={values.issue_date}
                    onChange={({ detail }) => set('issue_date', detail.value)}
                    placeholder={t('common:date.picker_placeholder')}
                    startOfWeek={startOfWeek}
                    disabled={busy}
                    data-testid="document-issue_date"
                  />
                </FormField>
                <FormField label={t('field.expiration_date')} errorText={errorText('expiration_date')}>
                  <SpaceBetween size="xs">
                    <DatePicker
                      value={values.no_expiry ? '' : values.expiration_date}
                      onChange={({ detail }) => set('expiration_date', detail.value)}
                      placeholder={t('common:date.picker_placeholder')}
                      startOfWeek={startOfWeek}
                      disabled={values.no_expiry || busy}
                      data-testid="document-expiration_date"
                    />
                    <Checkbox
                      checked={values.no_expiry}
                      onChange={({ detail }) => {
                        set('no_expiry', detail.checked);
                        setErrors(({ expiration_date: _gone, ...rest }) => rest);
                      }}
                      disabled={busy}
                      data-testid="document-no_expiry"
                    >
                      {t('field.no_expiry')}
                    </Checkbox>
                  </SpaceBetween>
                </FormField>
                <FormField label={t('field.note')} errorText={errorText('note')}>
                  <Textarea
                    value={values.note}
                    onChange={({ detail }) => set('note', detail.value)}
                    rows={2}
                    disabled={busy}
                    data-testid="document-note"
                  />
                </FormField>
              </SpaceBetween>
            ) : null}
            {withFiles ? (
              <FileUpload
                items={uploads.items}
                onChange={(items) => {
                  uploads.setItems(items);
                  setErrors(({ files: _gone, ...rest }) => rest);
                }}
                accept={DOCUMENT_ACCEPT}
                extensions={DOCUMENT_EXTENSIONS}
                multiple
                maxFiles={MAX_DOCUMENT_FILES - (draft?.files.length ?? 0)}
                maxBytes={MAX_DOCUMENT_BYTES}
                label={t('field.files')}
                description={t('files.hint', {
                  count: MAX_DOCUMENT_FILES,
                  size: MAX_DOCUMENT_BYTES / 1024 / 1024,
                })}
                errorText={errorText('files') ?? errorText('file')}
                disabled={busy}
                i18nStrings={uploadStrings(dynamicT(t))}
                testId="document-files"
              />
            ) : null}
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

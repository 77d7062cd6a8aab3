import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetailOutput, DocumentOutput } from '../../../../contracts/schemas/documents.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { DocumentStateIndicator } from './document-state.tsx';
import { useDocumentTypes } from './document-types.ts';
import type { DocumentPlace } from './document-upload.ts';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * One document: its state, dates and files (each opened through a short-lived link, spec §7
 * GET /files), its earlier and later versions, and what the caller may do — the buttons come from
 * the API's capability flags.
 */
export function DocumentDetailModal({
  place,
  documentId,
  timeZone,
  onChanged,
  onAction,
  onClose,
}: {
  place: DocumentPlace;
  documentId: string;
  timeZone: string;
  onChanged: () => void;
  onAction: (action: 'edit' | 'renew' | 'files', doc: DocumentOutput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['documents', 'common', 'messages']);
  const types = useDocumentTypes();
  const [shown, setShown] = useState(documentId);
  const [detail, setDetail] = useState<DocumentDetailOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [opening, setOpening] = useState<string>();

  const close = useRef(onClose);
  close.current = onClose;
  const load = useCallback(async () => {
    try {
      setDetail(await call('getDocument', { params: { ...place, document_id: shown } }));
    } catch (error) {
      reportFailure(error);
      close.current();
    }
  }, [place, shown]);
  useEffect(() => {
    void load();
  }, [load]);
  useDialogKeys({ onCancel: onClose }, !confirmDelete);

  const doc = detail?.document;
  const open = async (fileId: string) => {
    if (!doc) return;
    setOpening(fileId);
    try {
      const link = await call('getDocumentFile', {
        params: { ...place, document_id: doc.document_id, file_id: fileId },
      });
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      reportFailure(error);
    } finally {
      setOpening(undefined);
    }
  };
  const act = async (run: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await run();
      flash('success', message);
      onChanged();
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        visible
        onDismiss={onClose}
        size="large"
        header={doc ? types.nameOf(doc.document_type_id) : t('common:nav.loading')}
        data-testid="document-detail"
        footer={
          doc ? (
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                {doc.can_delete ? (
                  <Button
                    onClick={() => setConfirmDelete(true)}
                    disabled={busy}
                    data-testid="document-delete"
                  >
                    {t('action.delete')}
                  </Button>
                ) : null}
                {doc.can_edit ? (
                  <Button onClick={() => onAction('edit', doc)} disabled={busy} data-testid="document-edit">
                    {t('action.edit')}
                  </Button>
                ) : null}
                {doc.can_upload ? (
                  <Button
                    onClick={() => onAction('files', doc)}
                    disabled={busy}
                    data-testid="document-add-files"
                  >
                    {t('action.add_files')}
                  </Button>
                ) : null}
                {doc.can_renew ? (
                  <Button onClick={() => onAction('renew', doc)} disabled={busy} data-testid="document-renew">
                    {t('action.renew')}
                  </Button>
                ) : null}
                {doc.can_complete ? (
                  <Button
                    variant="primary"
                    loading={busy}
                    onClick={() =>
                      void act(
                        () =>
                          call('completeDocument', {
                            params: { ...place, document_id: doc.document_id },
                            body: { version: doc.version },
                          }),
                        'documents_uploaded',
                      ).then((ok) => {
                        if (ok) void load();
                      })
                    }
                    data-testid="document-complete"
                  >
                    {t('action.complete')}
                  </Button>
                ) : (
                  <Button variant="primary" onClick={onClose} data-testid="document-close">
                    {t('common:action.close')}
                  </Button>
                )}
              </SpaceBetween>
            </Box>
          ) : null
        }
      >
        {doc ? (
          <SpaceBetween size="l">
            <KeyValuePairs
              columns={3}
              items={[
                {
                  label: t('field.state'),
                  value: <DocumentStateIndicator state={doc.state} testId="document-detail-state" />,
                },
                { label: t('field.issue_date'), value: formatDate(doc.issue_date) || '—' },
                {
                  label: t('field.expiration_date'),
                  value: doc.no_expiry ? t('field.no_expiry') : formatDate(doc.expiration_date) || '—',
                },
                { label: t('field.note'), value: doc.note ?? '—' },
                {
                  label: t('field.uploaded_by'),
                  value: `${doc.created_by_name}, ${formatDateTime(doc.created_at, timeZone)}`,
                },
                { label: t('field.notice'), value: t('detail.notice_days', { days: doc.notice_days }) },
              ]}
            />
            {doc.phase === 'in_progress' && doc.files.length === 0 ? (
              <Box color="text-status-error">{t('document_not_uploaded', { ns: 'messages' })}</Box>
            ) : null}
            <SpaceBetween size="xs">
              <Box variant="h3">{t('field.files')}</Box>
              {doc.files.length === 0 ? (
                <Box color="text-status-inactive">{t('detail.no_files')}</Box>
              ) : (
                <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                  {doc.files.map((file) => (
                    <li
                      key={file.file_id}
                      style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Button
                        variant="inline-link"
                        iconName={file.content_type === 'application/pdf' ? 'file' : 'file-open'}
                        loading={opening === file.file_id}
                        onClick={() => void open(file.file_id)}
                        data-testid="document-file-open"
                      >
                        <span style={{ overflowWrap: 'anywhere' }}>{file.name}</span>
                      </Button>
                      <Box variant="small" color="text-body-secondary">
                        {sizeText(file.size)}
                      </Box>
                      {doc.can_edit && (doc.phase !== 'active' || doc.files.length > 1) ? (
                        <Button
                          variant="icon"
                          iconName="remove"
                          ariaLabel={`${t('files.remove')}: ${file.name}`}
                          disabled={busy}
                          onClick={() =>
                            void act(
                              () =>
                                call('removeDocumentFile', {
                                  params: { ...place, document_id: doc.document_id, file_id: file.file_id },
                                }),
                              'documents_saved',
                            ).then((ok) => {
                              if (ok) void load();
                            })
                          }
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </SpaceBetween>
            {detail.versions.length > 0 ? (
              <SpaceBetween size="xs">
                <Box variant="h3">{t('detail.versions')}</Box>
                <ul
                  style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
                  data-testid="document-versions"
                >
                  {detail.versions.map((version) => (
                    <li
                      key={version.document_id}
                      style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}
                    >
                      <Button variant="inline-link" onClick={() => setShown(version.document_id)}>
                        {version.no_expiry
                          ? t('field.no_expiry')
                          : t('detail.valid_until', { date: formatDate(version.expiration_date) })}
                      </Button>
                      <DocumentStateIndicator state={version.state} />
                    </li>
                  ))}
                </ul>
              </SpaceBetween>
            ) : null}
          </SpaceBetween>
        ) : (
          <Box color="text-status-inactive">{t('common:nav.loading')}</Box>
        )}
      </Modal>
      {doc ? (
        <ConfirmModal
          visible={confirmDelete}
          header={t('delete.title')}
          confirmText={t('action.delete')}
          busy={busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            void act(
              () => call('deleteDocument', { params: { ...place, document_id: doc.document_id } }),
              'documents_deleted',
            ).then((ok) => {
              setConfirmDelete(false);
              if (ok) onClose();
            })
          }
          testId="document-delete-confirm"
        >
          {doc.replaces ? t('delete.body_with_earlier') : t('delete.body')}
        </ConfirmModal>
      ) : null}
    </>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Tiles from '@cloudscape-design/components/tiles';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { FAULT_SEVERITIES, type FaultSeverity } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  closeFaultInput,
  createFaultInput,
  type FaultOutput,
  MAX_FAULT_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_ERRORS,
  PHOTO_EXTENSIONS,
  updateFaultInput,
} from '../../../../contracts/schemas/faults.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { usePageNavigate } from '../../app/links.tsx';
import {
  FileUpload,
  type FileUploadStrings,
  postFile,
  UploadFailure,
  useUploads,
} from '../../components/file-upload.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { FormFooter, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { SeverityBadge, StatusText } from './fault-badges.tsx';

type Translate = TFunction<'faults'>;

const PAGE = 'plane-fault/:edit_type/:id?';
const faultHref = (edit_type: 'new' | 'view' | 'edit', id?: string) =>
  hrefOf(PAGE, id ? { edit_type, id } : { edit_type });

/**
 * `plane-fault/{edit_type}/{id?}`: `new` — any member reports a fault from the phone, with photos;
 * `view` — the report with its photos (technical operators edit and close it from here); `edit` —
 * a technical operator corrects the description or the severity.
 */
export default function PlaneFaultPage() {
  const { edit_type = 'new', id } = useParams();
  if (edit_type === 'new') return <NewFault />;
  if (id && (edit_type === 'view' || edit_type === 'edit'))
    return <ExistingFault key={`${edit_type}-${id}`} id={id} editing={edit_type === 'edit'} />;
  return <NotFound />;
}

function NotFound() {
  const { t } = useTranslation('messages');
  return <Alert type="error">{t('page_not_found')}</Alert>;
}

// ---- shared ---------------------------------------------------------------------------------

/** A browser that does not know HEIC sends no type; the extension says what the phone saved. */
const contentTypeOf = (file: File) => {
  if (file.type.startsWith('image/')) return file.type;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'heic' || extension === 'heif' ? `image/${extension}` : file.type || 'image/jpeg';
};

/** One photo: a presigned POST from the API, the bytes straight to S3, then the API checks and adds it. */
const photoUploader =
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

const uploadStrings = (t: Translate): FileUploadStrings => ({
  choose: t('photos.choose'),
  dropHint: t('photos.drop_hint'),
  dropHere: t('photos.drop_here'),
  remove: t('photos.remove'),
  uploaded: t('photos.uploaded'),
  notAccepted: t('photos.not_accepted'),
});

function SeverityTiles({
  value,
  onChange,
  errorText,
  disabled,
}: {
  value: FaultSeverity | '';
  onChange: (severity: FaultSeverity) => void;
  errorText?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('faults');
  return (
    <FormField label={t('field.severity')} errorText={errorText} stretch data-testid="fault-severity-field">
      <Tiles
        value={value || null}
        onChange={({ detail }) => onChange(detail.value as FaultSeverity)}
        columns={3}
        items={FAULT_SEVERITIES.map((severity) => ({
          value: severity,
          label: t(`severity.${severity}`),
          description: t(`severity_hint.${severity}`),
          disabled,
        }))}
        data-testid="fault-severity"
      />
    </FormField>
  );
}

// ---- new ------------------------------------------------------------------------------------

function NewFault() {
  const { t } = useTranslation(['faults', 'messages', 'nav', 'common']);
  const navigate = usePageNavigate();
  const [search] = useSearchParams();
  const planes = useDatasource('planes');
  const uploads = useUploads();
  const [planeId, setPlaneId] = useState(search.get('plane_id') ?? '');
  const [severity, setSeverity] = useState<FaultSeverity | ''>('');
  const [description, setDescription] = useState('');
  const errors = useFieldErrors({ prefix: 'fault', fields: ['plane_id', 'severity', 'description'] });
  const { errorText, forget: clear } = errors;
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ fault: FaultOutput; failed: number }>();

  const dirty =
    !created &&
    (planeId !== (search.get('plane_id') ?? '') ||
      severity !== '' ||
      description !== '' ||
      uploads.items.length > 0);
  const back = () => navigate(-1);

  const submit = async () => {
    if (saving || created) return;
    const parsed = z.safeParse(createFaultInput, {
      plane_id: planeId || undefined,
      severity: severity || undefined,
      description,
    });
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const fault = await call('createFault', { body: parsed.data });
      const failed = await uploads.run(photoUploader(t, fault.fault_id));
      setCreated({ fault, failed });
    } catch (error) {
      if (error instanceof FieldErrors) errors.show(error.errors);
      else if (error instanceof ApiError && error.code === 'not_found')
        errors.show({ plane_id: ['invalid_value'] });
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };
  useDialogKeys({ onCancel: back, onSave: () => void submit() }, !created);

  const planeOptions = planes.items.map((plane) => ({
    value: plane.plane_id,
    label: plane.reg_num,
    description: plane.plane_type ?? undefined,
  }));

  if (created)
    return (
      <SpaceBetween size="l" data-testid="fault-reported">
        <Header variant="h1">{t('nav:title.plane_fault')}</Header>
        <Alert
          type={created.failed ? 'warning' : 'success'}
          header={t('new.reported_header', { reg_num: created.fault.reg_num })}
          data-testid="fault-reported-alert"
        >
          {created.failed
            ? t('new.photos_failed', { failed: created.failed })
            : created.fault.severity === 'grounding'
              ? t('new.reported_grounding')
              : t('new.reported_body')}
        </Alert>
        {uploads.items.length > 0 ? (
          <Container header={<Header variant="h2">{t('field.photos')}</Header>}>
            <FileUpload
              items={uploads.items}
              onChange={uploads.setItems}
              accept="image/*"
              readOnly
              i18nStrings={uploadStrings(t)}
              testId="fault-photos"
            />
          </Container>
        ) : null}
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="primary"
            onClick={() => navigate(faultHref('view', created.fault.fault_id))}
            data-testid="fault-open-report"
          >
            {t('new.open_report')}
          </Button>
          <Button
            onClick={() => {
              uploads.setItems([]);
              setDescription('');
              setSeverity('');
              setCreated(undefined);
            }}
          >
            {t('new.report_another')}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <RecordFormFrame
      prefix="fault"
      header={
        <Header variant="h1" description={t('new.description')}>
          {t('nav:menu.report_fault')}
        </Header>
      }
      errorText={errors.formErrorText()}
      dirty={dirty}
      saving={saving}
      onSubmit={onSubmit}
      onCancel={back}
      saveText={t('new.submit')}
      submitTestId="fault-submit"
    >
      <Container>
        <SpaceBetween size="l">
          <FormField label={t('field.plane')} errorText={errorText('plane_id')} stretch>
            <Select
              selectedOption={planeOptions.find((o) => o.value === planeId) ?? null}
              options={planeOptions}
              placeholder={t('new.choose_plane')}
              filteringType="auto"
              statusType={planes.loading ? 'loading' : planes.failed ? 'error' : 'finished'}
              loadingText={t('common:nav.loading')}
              empty={t('messages:no_aircraft_available')}
              onChange={({ detail }) => {
                setPlaneId(detail.selectedOption.value ?? '');
                clear('plane_id');
              }}
              invalid={errors.has('plane_id')}
              disabled={saving}
              data-testid="fault-plane_id"
            />
          </FormField>
          <SeverityTiles
            value={severity}
            onChange={(value) => {
              setSeverity(value);
              clear('severity');
            }}
            errorText={errorText('severity')}
            disabled={saving}
          />
          <FormField
            label={t('field.description')}
            description={t('new.description_hint')}
            errorText={errorText('description')}
            stretch
          >
            <Textarea
              value={description}
              onChange={({ detail }) => {
                setDescription(detail.value);
                clear('description');
              }}
              rows={4}
              invalid={errors.has('description')}
              disabled={saving}
              data-testid="fault-description"
            />
          </FormField>
          <FileUpload
            items={uploads.items}
            onChange={uploads.setItems}
            accept="image/*"
            extensions={PHOTO_EXTENSIONS}
            multiple
            maxFiles={MAX_FAULT_PHOTOS}
            maxBytes={MAX_PHOTO_BYTES}
            label={t('field.photos')}
            description={t('photos.hint', { max: MAX_FAULT_PHOTOS })}
            disabled={saving}
            i18nStrings={uploadStrings(t)}
            testId="fault-photos"
          />
        </SpaceBetween>
      </Container>
    </RecordFormFrame>
  );
}

// ---- view and edit --------------------------------------------------------------------------

function ExistingFault({ id, editing }: { id: string; editing: boolean }) {
  const { t } = useTranslation(['faults', 'messages', 'common']);
  const [fault, setFault] = useState<FaultOutput>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setFault(await call('getFault', { params: { id } }));
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('view.load_failed')}
      </Alert>
    );
  if (!fault) return <PageSpinner />;
  return editing ? (
    <EditFault fault={fault} reload={load} />
  ) : (
    <ViewFault fault={fault} onChange={setFault} reload={load} />
  );
}

function ViewFault({
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

function CloseFaultModal({
  fault,
  visible,
  onDone,
  reload,
}: {
  fault: FaultOutput;
  visible: boolean;
  onDone: (closed?: FaultOutput) => void;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(['faults', 'messages', 'common']);
  const [comment, setComment] = useState('');
  const errors = useFieldErrors({ prefix: 'fault', fields: ['closing_comment'] });
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    if (busy) return;
    errors.clear();
    onDone();
  };
  const confirm = async () => {
    const parsed = z.safeParse(closeFaultInput, { closing_comment: comment, version: fault.version });
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const closed = await call('closeFault', { params: { id: fault.fault_id }, body: parsed.data });
      flash('success', 'faults:flash.closed', { values: { reg_num: closed.reg_num } });
      setComment('');
      onDone(closed);
    } catch (error) {
      if (error instanceof FieldErrors) errors.show(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        // Someone changed the report meanwhile: the dialog closes on the fresh report.
        reportSaveFailure(error);
        onDone();
        await reload();
      } else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  useDialogKeys({ onCancel: cancel, onSave: () => void confirm() }, visible);

  return (
    <Modal
      visible={visible}
      onDismiss={cancel}
      header={t('close.title', { reg_num: fault.reg_num })}
      data-testid="fault-close-modal"
      footer={
        <FormFooter
          prefix="fault-close"
          saving={busy}
          onCancel={cancel}
          onSave={() => void confirm()}
          saveText={t('close.confirm')}
          submitTestId="fault-close-confirm"
        />
      }
    >
      <SpaceBetween size="m">
        {fault.severity === 'grounding' ? <Box>{t('close.grounding_hint')}</Box> : null}
        <FormField label={t('field.closing_comment')} errorText={errors.errorText('closing_comment')} stretch>
          <Textarea
            value={comment}
            onChange={({ detail }) => {
              setComment(detail.value);
              errors.clear();
            }}
            rows={3}
            placeholder={t('close.placeholder')}
            invalid={errors.has('closing_comment')}
            data-testid="fault-closing_comment"
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

const severityValues = (fault: FaultOutput) => ({
  severity: fault.severity as FaultSeverity | '',
  description: fault.description,
});

function EditFault({ fault, reload }: { fault: FaultOutput; reload: () => Promise<void> }) {
  const { t } = useTranslation(['faults', 'common', 'nav']);
  const navigate = usePageNavigate();
  const back = () => navigate(faultHref('view', fault.fault_id));
  const form = useRecordForm({
    load: useCallback(async () => fault, [fault]),
    toValues: severityValues,
    toInput: (values, stored) => ({
      severity: values.severity || undefined,
      description: values.description,
      version: stored.version,
    }),
    schema: updateFaultInput,
    save: async (body, stored) => {
      await call('updateFault', { params: { id: stored.fault_id }, body });
      return stored;
    },
    onSaved: () => {
      flash('success', 'faults:flash.saved', { values: { reg_num: fault.reg_num } });
      back();
    },
    onConflict: (again) =>
      flash('error', 'conflict', {
        action: {
          labelKey: 'action.reload',
          run: () => {
            void reload().then(again);
          },
        },
      }),
    onCancel: back,
    readOnly: !fault.can_edit,
    focus: { prefix: 'fault', fields: ['severity', 'description'] },
  });

  if (!fault.can_edit)
    return (
      <Alert type="info" action={<Button onClick={back}>{t('edit.back')}</Button>}>
        {t('edit.not_editable')}
      </Alert>
    );
  if (!form.values) return null;

  return (
    <RecordFormFrame
      prefix="fault"
      header={<Header variant="h1">{t('edit.title', { reg_num: fault.reg_num })}</Header>}
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
    >
      <Container>
        <SpaceBetween size="l">
          <SeverityTiles
            value={form.values.severity}
            onChange={(value) => form.set('severity', value)}
            errorText={form.errorText('severity')}
          />
          <FormField label={t('field.description')} errorText={form.errorText('description')} stretch>
            <Textarea
              value={form.values.description}
              onChange={({ detail }) => form.set('description', detail.value)}
              rows={5}
              invalid={form.has('description')}
              data-testid="fault-description"
            />
          </FormField>
        </SpaceBetween>
      </Container>
    </RecordFormFrame>
  );
}

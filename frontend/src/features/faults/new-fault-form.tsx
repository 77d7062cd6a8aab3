import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import type { FaultSeverity } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  createFaultInput,
  type FaultOutput,
  MAX_FAULT_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_EXTENSIONS,
} from '../../../../contracts/schemas/faults.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { FileUpload, useUploads } from '../../components/file-upload.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { faultHref } from './fault-href.ts';
import { photoUploader, uploadStrings } from './fault-photos.ts';
import { SeverityTiles } from './severity-tiles.tsx';

export function NewFault() {
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

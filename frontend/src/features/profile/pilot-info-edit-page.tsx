import Alert from '@cloudscape-design/components/alert';
import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import {
  EXPIRY_WARNING_DAYS,
  type PilotInfoOutput,
  pilotInfoInput,
  type Rating,
  type ValidityState,
  validityState,
} from '../../../../contracts/schemas/people.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import {
  emptyLicence,
  ID_FIELDS,
  LICENCE_TYPES,
  type LicenceRow,
  MEDICAL_CLASSES,
  type PilotInfoValues,
  RATINGS,
  toPilotInfoInput,
  toPilotInfoValues,
} from '../../components/pilot-info-values.ts';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { localToday } from './validity.ts';

type Errors = Record<string, string[]>;

const STATUS: Record<Exclude<ValidityState, 'none'>, 'error' | 'warning' | 'success'> = {
  expired: 'error',
  expiring: 'warning',
  valid: 'success',
};

/** Red, orange or green beside a validity date; nothing without a date. */
function ValidityBadge({ value, today, testId }: { value: string; today: string; testId: string }) {
  const { t } = useTranslation('profile');
  const validity = validityState(value, today);
  if (validity === 'none') return null;
  return (
    <span data-testid={testId} data-validity={validity}>
      <StatusIndicator type={STATUS[validity]}>{t(`pilot.validity.${validity}`)}</StatusIndicator>
    </span>
  );
}

/**
 * `profile/pilot-info-edit`: the person's licences with validity, medical certificate and ratings
 * with exam dates (spec §3). Dates already passed or within EXPIRY_WARNING_DAYS are highlighted. The first
 * save creates the record (version 0); a stale version is a 409.
 */
export default function PilotInfoEditPage() {
  const { t } = useTranslation(['profile', 'messages', 'common']);
  const navigate = useNavigate();
  const today = useMemo(() => localToday(), []);
  const [info, setInfo] = useState<PilotInfoOutput>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [saved, setSaved] = useState<PilotInfoValues>();
  const [values, setValues] = useState<PilotInfoValues>();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const loaded = await call('getMyPilotInfo');
      setInfo(loaded);
      setSaved(toPilotInfoValues(loaded));
      setValues(toPilotInfoValues(loaded));
      setErrors({});
    } catch (error) {
      setLoadFailed(true);
      reportFailure(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty =
    values !== undefined && saved !== undefined && JSON.stringify(values) !== JSON.stringify(saved);

  const save = async () => {
    if (!info || !values || saving) return;
    const parsed = z.safeParse(pilotInfoInput, toPilotInfoInput(values, info.version));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await call('updateMyPilotInfo', { body: parsed.data });
      setInfo(updated);
      setSaved(toPilotInfoValues(updated));
      setValues(toPilotInfoValues(updated));
      flash('success', 'profile:pilot.saved');
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => navigate('/');
  useDialogKeys({ onCancel: cancel, onSave: () => void save() }, values !== undefined);

  if (loadFailed) {
    return (
      <Alert
        type="error"
        header={t('nav:title.pilot_info_edit')}
        action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}
      >
        {t('pilot.load_failed')}
      </Alert>
    );
  }
  if (!info || !values) return <PageSpinner />;

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const update = (next: Partial<PilotInfoValues>, field?: string) => {
    setValues({ ...values, ...next });
    if (field && errors[field])
      setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  const setLicence = (index: number, change: Partial<LicenceRow>, field: string) =>
    update(
      { licences: values.licences.map((row, i) => (i === index ? { ...row, ...change } : row)) },
      `licences.${index}.${field}`,
    );
  const setRating = (rating: Rating, field: 'exam_date' | 'valid_until', value: string) =>
    update(
      { ratings: { ...values.ratings, [rating]: { ...values.ratings[rating], [field]: value } } },
      `ratings.${rating}.${field}`,
    );
  const hasErrors = Object.keys(errors).length > 0;

  const licenceOptions = LICENCE_TYPES.map((type) => ({
    value: type,
    label: t(`pilot.licence_type.${type}`),
  }));
  const medicalOptions = [
    { value: '', label: t('pilot.medical_class.none') },
    ...MEDICAL_CLASSES.map((value) => ({ value, label: t(`pilot.medical_class.${value}`) })),
  ];
  const datePicker = (value: string, onChange: (value: string) => void, invalid: boolean, testId: string) => (
    <DatePicker
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
      placeholder="YYYY/MM/DD"
      invalid={invalid}
      expandToViewport
      data-testid={testId}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="pilot-info-form">
      <UnsavedChangesPrompt when={dirty && !saving} />
      <Form
        header={
          <Header variant="h1" description={t('pilot.description', { days: EXPIRY_WARNING_DAYS })}>
            {t('nav:title.pilot_info_edit')}
          </Header>
        }
        errorText={hasErrors ? t('validation_failed', { ns: 'messages' }) : undefined}
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={cancel} data-testid="pilot-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={saving} data-testid="pilot-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('pilot.section.licences')}</Header>}>
            <AttributeEditor<LicenceRow>
              items={values.licences}
              addButtonText={t('pilot.add_licence')}
              removeButtonText={t('pilot.remove')}
              empty={t('pilot.no_licences')}
              onAddButtonClick={() => update({ licences: [...values.licences, emptyLicence()] })}
              onRemoveButtonClick={({ detail }) => {
                update({ licences: values.licences.filter((_, i) => i !== detail.itemIndex) });
                // Row errors no longer line up with the rows: check again on save.
                setErrors({});
              }}
              data-testid="pilot-licences"
              definition={[
                {
                  label: t('pilot.field.type'),
                  errorText: (_item, index) => errorText(`licences.${index}.type`),
                  control: (item, index) => (
                    <Select
                      selectedOption={licenceOptions.find((option) => option.value === item.type) ?? null}
                      options={licenceOptions}
                      onChange={({ detail }) =>
                        setLicence(
                          index,
                          { type: (detail.selectedOption.value ?? '') as LicenceRow['type'] },
                          'type',
                        )
                      }
                      invalid={Boolean(errors[`licences.${index}.type`])}
                      expandToViewport
                      data-testid={`licence-${index}-type`}
                    />
                  ),
                },
                {
                  label: t('pilot.field.number'),
                  errorText: (_item, index) => errorText(`licences.${index}.number`),
                  control: (item, index) => (
                    <Input
                      value={item.number}
                      onChange={({ detail }) => setLicence(index, { number: detail.value }, 'number')}
                      invalid={Boolean(errors[`licences.${index}.number`])}
                      data-testid={`licence-${index}-number`}
                    />
                  ),
                },
                {
                  label: t('pilot.field.issued_at'),
                  errorText: (_item, index) => errorText(`licences.${index}.issued_at`),
                  control: (item, index) =>
                    datePicker(
                      item.issued_at,
                      (value) => setLicence(index, { issued_at: value }, 'issued_at'),
                      Boolean(errors[`licences.${index}.issued_at`]),
                      `licence-${index}-issued_at`,
                    ),
                },
                {
                  label: t('pilot.field.valid_until'),
                  errorText: (_item, index) => errorText(`licences.${index}.valid_until`),
                  control: (item, index) => (
                    <SpaceBetween size="xxs">
                      {datePicker(
                        item.valid_until,
                        (value) => setLicence(index, { valid_until: value }, 'valid_until'),
                        Boolean(errors[`licences.${index}.valid_until`]),
                        `licence-${index}-valid_until`,
                      )}
                      <ValidityBadge
                        value={item.valid_until}
                        today={today}
                        testId={`validity-licence-${index}`}
                      />
                    </SpaceBetween>
                  ),
                },
              ]}
            />
          </Container>

          <ColumnLayout columns={2}>
            <Container header={<Header variant="h2">{t('pilot.section.medical')}</Header>}>
              <SpaceBetween size="m">
                <FormField
                  label={t('pilot.field.medical_licence_number')}
                  errorText={errorText('medical_licence_number')}
                >
                  <Input
                    value={values.medical_licence_number}
                    onChange={({ detail }) =>
                      update({ medical_licence_number: detail.value }, 'medical_licence_number')
                    }
                    invalid={Boolean(errors.medical_licence_number)}
                    data-testid="pilot-medical_licence_number"
                  />
                </FormField>
                <FormField label={t('pilot.field.medical_class')} errorText={errorText('medical_class')}>
                  <Select
                    selectedOption={
                      medicalOptions.find((option) => option.value === values.medical_class) ?? null
                    }
                    options={medicalOptions}
                    onChange={({ detail }) =>
                      update({ medical_class: detail.selectedOption.value ?? '' }, 'medical_class')
                    }
                    data-testid="pilot-medical_class"
                  />
                </FormField>
                <FormField
                  label={t('pilot.field.medical_valid_until')}
                  errorText={errorText('medical_valid_until')}
                  secondaryControl={
                    <ValidityBadge
                      value={values.medical_valid_until}
                      today={today}
                      testId="validity-medical"
                    />
                  }
                >
                  {datePicker(
                    values.medical_valid_until,
                    (value) => update({ medical_valid_until: value }, 'medical_valid_until'),
                    Boolean(errors.medical_valid_until),
                    'pilot-medical_valid_until',
                  )}
                </FormField>
              </SpaceBetween>
            </Container>
            <Container header={<Header variant="h2">{t('pilot.section.ids')}</Header>}>
              <SpaceBetween size="m">
                {ID_FIELDS.map((field) => (
                  <FormField key={field} label={t(`pilot.field.${field}`)} errorText={errorText(field)}>
                    <Input
                      value={values[field]}
                      onChange={({ detail }) => update({ [field]: detail.value }, field)}
                      invalid={Boolean(errors[field])}
                      data-testid={`pilot-${field}`}
                    />
                  </FormField>
                ))}
              </SpaceBetween>
            </Container>
          </ColumnLayout>

          <Table
            variant="container"
            header={<Header variant="h2">{t('pilot.section.ratings')}</Header>}
            items={[...RATINGS]}
            trackBy={(rating) => rating}
            wrapLines
            data-testid="pilot-ratings"
            columnDefinitions={[
              {
                id: 'rating',
                header: t('pilot.column.rating'),
                minWidth: 160,
                cell: (rating) => t(`pilot.rating.${rating}`),
                isRowHeader: true,
              },
              {
                id: 'exam_date',
                header: t('pilot.field.exam_date'),
                minWidth: 210,
                cell: (rating) => (
                  <FormField errorText={errorText(`ratings.${rating}.exam_date`)}>
                    {datePicker(
                      values.ratings[rating].exam_date,
                      (value) => setRating(rating, 'exam_date', value),
                      Boolean(errors[`ratings.${rating}.exam_date`]),
                      `rating-${rating}-exam_date`,
                    )}
                  </FormField>
                ),
              },
              {
                id: 'valid_until',
                header: t('pilot.field.valid_until'),
                minWidth: 210,
                cell: (rating) => (
                  <FormField errorText={errorText(`ratings.${rating}.valid_until`)}>
                    <SpaceBetween size="xxs">
                      {datePicker(
                        values.ratings[rating].valid_until,
                        (value) => setRating(rating, 'valid_until', value),
                        Boolean(errors[`ratings.${rating}.valid_until`]),
                        `rating-${rating}-valid_until`,
                      )}
                      <ValidityBadge
                        value={values.ratings[rating].valid_until}
                        today={today}
                        testId={`validity-rating-${rating}`}
                      />
                    </SpaceBetween>
                  </FormField>
                ),
              },
            ]}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}

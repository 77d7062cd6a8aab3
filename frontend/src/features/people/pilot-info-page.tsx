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
import Table from '@cloudscape-design/components/table';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { todayIn } from '../../../../contracts/calendar.ts';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import type { MemberPilotInfoOutput } from '../../../../contracts/schemas/members.ts';
import { EXPIRY_WARNING_DAYS, pilotInfoInput, type Rating } from '../../../../contracts/schemas/people.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import {
  LICENCE_TYPES,
  type LicenceRow,
  MEDICAL_CLASSES,
  RATINGS,
  toPilotInfoInput as toInput,
  toPilotInfoValues,
  type PilotInfoValues as Values,
} from '../../components/pilot-info-values.ts';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { type Errors, focusFirstError } from './form-errors.ts';
import { ValidityIndicator } from './validity-indicator.tsx';

const FIELD_ORDER = [
  'licences',
  'medical_licence_number',
  'medical_class',
  'medical_valid_until',
  'fai_id',
  'fai_level',
  'mrlsz_id',
  'ratings',
];

/**
 * `pilot-info/{id}`: an admin keeps a member's licences, medical and ratings. Validity dates show
 * as expired or expiring within 30 days, against today in the organization's time zone.
 */
export default function PilotInfoPage() {
  const { t } = useTranslation(['people', 'common', 'messages']);
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const lang = currentLang();
  const today = useMemo(
    () => todayIn(profile?.organization?.timezone ?? 'UTC'),
    [profile?.organization?.timezone],
  );
  const [loaded, setLoaded] = useState<MemberPilotInfoOutput>();
  const [saved, setSaved] = useState<Values>();
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Errors>({});
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      const data = await call('getMemberPilotInfo', { params: { user_id: id } });
      setLoaded(data);
      setSaved(toPilotInfoValues(data.pilot_info));
      setValues(toPilotInfoValues(data.pilot_info));
      setErrors({});
    } catch (error) {
      const notFound = error instanceof ApiError && error.code === 'not_found';
      setLoadError(notFound ? 'not_found' : 'load_failed');
      if (!notFound) reportFailure(error);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const back = () => navigate(hrefOf('users'));
  const dirty =
    values !== undefined && saved !== undefined && JSON.stringify(values) !== JSON.stringify(saved);

  const save = async () => {
    if (!loaded || !values || saving) return;
    const parsed = z.safeParse(pilotInfoInput, toInput(values, loaded.pilot_info.version));
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError('pilot', FIELD_ORDER, problems);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const data = await call('updateMemberPilotInfo', { params: { user_id: id }, body: parsed.data });
      setLoaded(data);
      setSaved(toPilotInfoValues(data.pilot_info));
      setValues(toPilotInfoValues(data.pilot_info));
      flash('success', 'pilot_info_saved', { values: { name: data.member.user_name } });
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError('pilot', FIELD_ORDER, error.errors);
      } else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict', { action: { labelKey: 'action.reload', run: () => void load() } });
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: back, onSave: () => void save() }, values !== undefined);

  if (loadError) {
    return (
      <Alert
        type={loadError === 'not_found' ? 'info' : 'error'}
        header={t('nav:title.pilot_info')}
        action={<Button onClick={back}>{t('member.back')}</Button>}
      >
        {loadError === 'not_found' ? t('not_found', { ns: 'messages' }) : t('member.load_failed')}
      </Alert>
    );
  }
  if (!loaded || !values) return <PageSpinner />;

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues({ ...values, [field]: value });
  const date = (value: string, onChange: (value: string) => void, invalid: boolean, testId: string) => (
    <DatePicker
      value={value}
      onChange={({ detail }) => onChange(detail.value)}
      placeholder="YYYY/MM/DD"
      locale={lang}
      startOfWeek={weekStartsOn(lang)}
      invalid={invalid}
      expandToViewport
      data-testid={testId}
    />
  );
  const setRating = (rating: Rating, field: 'exam_date' | 'valid_until', value: string) =>
    set('ratings', { ...values.ratings, [rating]: { ...values.ratings[rating], [field]: value } });
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
            <span data-testid="pilot-member-name">{loaded.member.user_name}</span>
          </Header>
        }
        errorText={Object.keys(errors).length ? t('validation_failed', { ns: 'messages' }) : undefined}
        errorIconAriaLabel={t('common:error')}
        secondaryActions={
          <Box variant="small" color="text-body-secondary">
            {t('common:keys.hint')}
          </Box>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={back} data-testid="pilot-cancel">
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
            <div data-testid="pilot-licences">
              <AttributeEditor
                items={values.licences}
                addButtonText={t('pilot.add_licence')}
                removeButtonText={t('pilot.remove_licence')}
                empty={t('pilot.no_licences')}
                onAddButtonClick={() =>
                  set('licences', [
                    ...values.licences,
                    { type: 'SPL', number: '', issued_at: '', valid_until: '' },
                  ])
                }
                onRemoveButtonClick={({ detail }) =>
                  set(
                    'licences',
                    values.licences.filter((_, index) => index !== detail.itemIndex),
                  )
                }
                definition={[
                  {
                    label: t('pilot.licence.type'),
                    errorText: (_, index) => errorText(`licences.${index}.type`),
                    control: (item, index) => (
                      <Select
                        selectedOption={{ value: item.type, label: t(`licence_type.${item.type}`) }}
                        options={LICENCE_TYPES.map((type) => ({
                          value: type,
                          label: t(`licence_type.${type}`),
                        }))}
                        onChange={({ detail }) =>
                          set(
                            'licences',
                            values.licences.map((l, i) =>
                              i === index
                                ? {
                                    ...l,
                                    type: (detail.selectedOption.value ?? l.type) as LicenceRow['type'],
                                  }
                                : l,
                            ),
                          )
                        }
                        expandToViewport
                      />
                    ),
                  },
                  {
                    label: t('pilot.licence.number'),
                    errorText: (_, index) => errorText(`licences.${index}.number`),
                    control: (item, index) => (
                      <Input
                        value={item.number}
                        onChange={({ detail }) =>
                          set(
                            'licences',
                            values.licences.map((l, i) => (i === index ? { ...l, number: detail.value } : l)),
                          )
                        }
                        invalid={Boolean(errors[`licences.${index}.number`])}
                        data-testid={`pilot-licence-${index}-number`}
                      />
                    ),
                  },
                  {
                    label: t('pilot.licence.issued_at'),
                    errorText: (_, index) => errorText(`licences.${index}.issued_at`),
                    control: (item, index) =>
                      date(
                        item.issued_at,
                        (value) =>
                          set(
                            'licences',
                            values.licences.map((l, i) => (i === index ? { ...l, issued_at: value } : l)),
                          ),
                        Boolean(errors[`licences.${index}.issued_at`]),
                        `pilot-licence-${index}-issued_at`,
                      ),
                  },
                  {
                    label: t('pilot.licence.valid_until'),
                    errorText: (_, index) => errorText(`licences.${index}.valid_until`),
                    control: (item, index) => (
                      <SpaceBetween size="xxs">
                        {date(
                          item.valid_until,
                          (value) =>
                            set(
                              'licences',
                              values.licences.map((l, i) => (i === index ? { ...l, valid_until: value } : l)),
                            ),
                          Boolean(errors[`licences.${index}.valid_until`]),
                          `pilot-licence-${index}-valid_until`,
                        )}
                        <ValidityIndicator validUntil={item.valid_until} today={today} showDate={false} />
                      </SpaceBetween>
                    ),
                  },
                ]}
              />
            </div>
          </Container>

          <Container header={<Header variant="h2">{t('pilot.section.medical')}</Header>}>
            <ColumnLayout columns={3}>
              <FormField
                label={t('pilot.medical_licence_number')}
                errorText={errorText('medical_licence_number')}
              >
                <Input
                  value={values.medical_licence_number}
                  onChange={({ detail }) => set('medical_licence_number', detail.value)}
                  invalid={Boolean(errors.medical_licence_number)}
                  data-testid="pilot-medical_licence_number"
                />
              </FormField>
              <FormField label={t('pilot.medical_class')} errorText={errorText('medical_class')}>
                <Select
                  selectedOption={{
                    value: values.medical_class,
                    label: values.medical_class
                      ? t(`medical_class.${values.medical_class}`)
                      : t('field.none'),
                  }}
                  options={[
                    { value: '', label: t('field.none') },
                    ...MEDICAL_CLASSES.map((c) => ({ value: c, label: t(`medical_class.${c}`) })),
                  ]}
                  onChange={({ detail }) => set('medical_class', detail.selectedOption.value ?? '')}
                  data-testid="pilot-medical_class"
                />
              </FormField>
              <FormField label={t('pilot.medical_valid_until')} errorText={errorText('medical_valid_until')}>
                <SpaceBetween size="xxs">
                  {date(
                    values.medical_valid_until,
                    (value) => set('medical_valid_until', value),
                    Boolean(errors.medical_valid_until),
                    'pilot-medical_valid_until',
                  )}
                  <ValidityIndicator
                    validUntil={values.medical_valid_until}
                    today={today}
                    showDate={false}
                    testId="pilot-medical-validity"
                  />
                </SpaceBetween>
              </FormField>
            </ColumnLayout>
          </Container>

          <Container header={<Header variant="h2">{t('pilot.section.identifiers')}</Header>}>
            <ColumnLayout columns={3}>
              {(['fai_id', 'fai_level', 'mrlsz_id'] as const).map((field) => (
                <FormField key={field} label={t(`pilot.${field}`)} errorText={errorText(field)}>
                  <Input
                    value={values[field]}
                    onChange={({ detail }) => set(field, detail.value)}
                    invalid={Boolean(errors[field])}
                    data-testid={`pilot-${field}`}
                  />
                </FormField>
              ))}
            </ColumnLayout>
          </Container>

          <Table
            data-testid="pilot-ratings"
            variant="container"
            header={
              <Header variant="h2" description={t('pilot.ratings_hint')}>
                {t('pilot.section.ratings')}
              </Header>
            }
            items={[...RATINGS]}
            trackBy={(rating) => rating}
            columnDefinitions={[
              {
                id: 'rating',
                header: t('pilot.rating.name'),
                isRowHeader: true,
                cell: (rating) => t(`rating.${rating}`),
              },
              {
                id: 'exam_date',
                header: t('pilot.rating.exam_date'),
                cell: (rating) => (
                  <FormField errorText={errorText(`ratings.${rating}.exam_date`)}>
                    {date(
                      values.ratings[rating].exam_date,
                      (value) => setRating(rating, 'exam_date', value),
                      Boolean(errors[`ratings.${rating}.exam_date`]),
                      `pilot-rating-${rating}-exam_date`,
                    )}
                  </FormField>
                ),
              },
              {
                id: 'valid_until',
                header: t('pilot.rating.valid_until'),
                cell: (rating) => (
                  <FormField errorText={errorText(`ratings.${rating}.valid_until`)}>
                    {date(
                      values.ratings[rating].valid_until,
                      (value) => setRating(rating, 'valid_until', value),
                      Boolean(errors[`ratings.${rating}.valid_until`]),
                      `pilot-rating-${rating}-valid_until`,
                    )}
                  </FormField>
                ),
              },
              {
                id: 'validity',
                header: t('pilot.rating.validity'),
                cell: (rating) =>
                  values.ratings[rating].exam_date || values.ratings[rating].valid_until ? (
                    <ValidityIndicator
                      validUntil={values.ratings[rating].valid_until}
                      today={today}
                      showDate={false}
                      testId={`pilot-rating-${rating}-validity`}
                    />
                  ) : (
                    <Box color="text-status-inactive">{t('pilot.rating.not_held')}</Box>
                  ),
              },
            ]}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}

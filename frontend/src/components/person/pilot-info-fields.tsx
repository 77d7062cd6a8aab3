import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { Rating } from '../../../../contracts/schemas/people.ts';
import { DateField } from '../forms/date-field.tsx';
import { RowsEditor } from '../forms/rows-editor.tsx';
import {
  emptyLicence,
  ID_FIELDS,
  LICENCE_TYPES,
  type LicenceRow,
  MEDICAL_CLASSES,
  type PilotInfoValues,
  RATINGS,
} from './pilot-info-values.ts';
import { ValidityIndicator } from './validity-indicator.tsx';

/** The fields in screen order: the first with an error gets the cursor (`pilot-<field>`). */
export const PILOT_INFO_FIELDS = [
  'licences',
  'medical_licence_number',
  'medical_class',
  'medical_valid_until',
  ...ID_FIELDS,
  'ratings',
] as const;

interface PilotInfoFieldsProps {
  values: PilotInfoValues;
  /** A change of values; `field` names the path whose errors go. */
  onChange: (change: (current: PilotInfoValues) => PilotInfoValues, field: string) => void;
  errorText: (field: string) => string | undefined;
  /** Row errors no longer line up after a licence is removed: forget them (checked again on save). */
  onRowsChanged: () => void;
  /** yyyy-mm-dd: dates before it are expired, within EXPIRY_WARNING_DAYS expiring. */
  today: string;
}

/**
 * A pilot's licences with validity, medical certificate, registrations and ratings with exam dates
 * (spec §3), as the pilot (profile/pilot-info-edit) and an admin (pilot-info/{id}) both edit them.
 */
export function PilotInfoFields({ values, onChange, errorText, onRowsChanged, today }: PilotInfoFieldsProps) {
  const { t } = useTranslation(['profile', 'people']);
  const invalid = (field: string) => Boolean(errorText(field));
  const setRating = (rating: Rating, field: 'exam_date' | 'valid_until', value: string) =>
    onChange(
      (current) => ({
        ...current,
        ratings: { ...current.ratings, [rating]: { ...current.ratings[rating], [field]: value } },
      }),
      `ratings.${rating}.${field}`,
    );
  const date = (value: string, onDate: (value: string) => void, field: string, testId: string) => (
    <DateField value={value} onChange={onDate} invalid={invalid(field)} testId={testId} />
  );

  const licenceOptions = LICENCE_TYPES.map((type) => ({
    value: type,
    label: t(`pilot.licence_type.${type}`),
  }));
  const medicalOptions = [
    { value: '', label: t('pilot.medical_class.none') },
    ...MEDICAL_CLASSES.map((value) => ({ value, label: t(`pilot.medical_class.${value}`) })),
  ];

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('pilot.section.licences')}</Header>}>
        <div data-testid="pilot-licences">
          <RowsEditor<LicenceRow>
            rows={values.licences}
            onChange={(licences, changed) => {
              onChange((current) => ({ ...current, licences }), changed);
              if (licences.length < values.licences.length) onRowsChanged();
            }}
            newRow={emptyLicence}
            name="licences"
            errorText={errorText}
            addText={t('pilot.add_licence')}
            removeText={t('pilot.remove')}
            empty={t('pilot.no_licences')}
            columns={[
              {
                label: t('pilot.field.type'),
                field: 'type',
                control: (item, change, index) => (
                  <Select
                    selectedOption={licenceOptions.find((option) => option.value === item.type) ?? null}
                    options={licenceOptions}
                    onChange={({ detail }) =>
                      change({ type: (detail.selectedOption.value ?? '') as LicenceRow['type'] })
                    }
                    invalid={invalid(`licences.${index}.type`)}
                    expandToViewport
                    data-testid={`pilot-licence-${index}-type`}
                  />
                ),
              },
              {
                label: t('pilot.field.number'),
                field: 'number',
                control: (item, change, index) => (
                  <Input
                    value={item.number}
                    onChange={({ detail }) => change({ number: detail.value })}
                    invalid={invalid(`licences.${index}.number`)}
                    data-testid={`pilot-licence-${index}-number`}
                  />
                ),
              },
              {
                label: t('pilot.field.issued_at'),
                field: 'issued_at',
                control: (item, change, index) =>
                  date(
                    item.issued_at,
                    (value) => change({ issued_at: value }),
                    `licences.${index}.issued_at`,
                    `pilot-licence-${index}-issued_at`,
                  ),
              },
              {
                label: t('pilot.field.valid_until'),
                field: 'valid_until',
                control: (item, change, index) => (
                  <SpaceBetween size="xxs">
                    {date(
                      item.valid_until,
                      (value) => change({ valid_until: value }),
                      `licences.${index}.valid_until`,
                      `pilot-licence-${index}-valid_until`,
                    )}
                    <ValidityIndicator
                      validUntil={item.valid_until}
                      today={today}
                      showDate={false}
                      testId={`pilot-licence-${index}-validity`}
                    />
                  </SpaceBetween>
                ),
              },
            ]}
          />
        </div>
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
                  onChange(
                    (current) => ({ ...current, medical_licence_number: detail.value }),
                    'medical_licence_number',
                  )
                }
                invalid={invalid('medical_licence_number')}
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
                  onChange(
                    (current) => ({ ...current, medical_class: detail.selectedOption.value ?? '' }),
                    'medical_class',
                  )
                }
                data-testid="pilot-medical_class"
              />
            </FormField>
            <FormField
              label={t('pilot.field.medical_valid_until')}
              errorText={errorText('medical_valid_until')}
              secondaryControl={
                <ValidityIndicator
                  validUntil={values.medical_valid_until}
                  today={today}
                  showDate={false}
                  testId="pilot-medical-validity"
                />
              }
            >
              {date(
                values.medical_valid_until,
                (value) =>
                  onChange((current) => ({ ...current, medical_valid_until: value }), 'medical_valid_until'),
                'medical_valid_until',
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
                  onChange={({ detail }) =>
                    onChange((current) => ({ ...current, [field]: detail.value }), field)
                  }
                  invalid={invalid(field)}
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
            minWidth: 190,
            cell: (rating) => (
              <FormField errorText={errorText(`ratings.${rating}.exam_date`)}>
                {date(
                  values.ratings[rating].exam_date,
                  (value) => setRating(rating, 'exam_date', value),
                  `ratings.${rating}.exam_date`,
                  `pilot-rating-${rating}-exam_date`,
                )}
              </FormField>
            ),
          },
          {
            id: 'valid_until',
            header: t('pilot.field.valid_until'),
            minWidth: 190,
            cell: (rating) => (
              <FormField errorText={errorText(`ratings.${rating}.valid_until`)}>
                {date(
                  values.ratings[rating].valid_until,
                  (value) => setRating(rating, 'valid_until', value),
                  `ratings.${rating}.valid_until`,
                  `pilot-rating-${rating}-valid_until`,
                )}
              </FormField>
            ),
          },
          {
            id: 'validity',
            header: t('pilot.column.validity'),
            cell: (rating) =>
              values.ratings[rating].exam_date || values.ratings[rating].valid_until ? (
                <ValidityIndicator
                  validUntil={values.ratings[rating].valid_until}
                  today={today}
                  showDate={false}
                  testId={`pilot-rating-${rating}-validity`}
                />
              ) : (
                <Box color="text-status-inactive">{t('pilot.not_held')}</Box>
              ),
          },
        ]}
      />
    </SpaceBetween>
  );
}

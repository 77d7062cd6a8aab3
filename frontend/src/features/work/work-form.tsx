import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useTranslation } from 'react-i18next';
import {
  type SaveWorkInput,
  WORK_CATEGORIES,
  WORK_TYPES,
  type WorkCategory,
  type WorkOutput,
} from '../../../../contracts/schemas/work.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { TextField } from '../../components/forms/text-field.tsx';

export const WORK_FIELDS = [
  'work_name',
  'work_type',
  'work_category',
  'date',
  'working_hours',
  'description',
];

export interface WorkValues {
  work_name: string;
  work_type: string;
  work_category: string;
  date: string;
  working_hours: string;
  description: string;
}

export const workValuesOf = (work: WorkOutput | null, date: string): WorkValues => ({
  work_name: work?.work_name ?? '',
  work_type: work?.work_type ?? 'airfield',
  work_category: work?.work_category ?? 'social',
  date: work?.date ?? date,
  working_hours:
    work?.working_hours === null || work?.working_hours === undefined ? '' : String(work.working_hours),
  description: work?.description ?? '',
});

export const workInputOf = (values: WorkValues, version: number): SaveWorkInput =>
  ({
    work_name: values.work_name,
    work_type: values.work_type,
    work_category: values.work_category,
    date: values.date,
    working_hours: values.working_hours.trim() === '' ? null : Number(values.working_hours.replace(',', '.')),
    ...(values.description.trim() ? { description: values.description } : {}),
    version,
  }) as SaveWorkInput;

/** A work's own fields (spec §3): work_name, work_type, work_category, date, working_hours. */
export function WorkFields({
  values,
  set,
  errorText,
  readOnly,
}: {
  values: WorkValues;
  set: <K extends keyof WorkValues>(field: K, value: WorkValues[K]) => void;
  errorText: (field: string) => string | undefined;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('work');
  const form = { values, set, errorText, readOnly };
  const types = WORK_TYPES.map((value) => ({ value, label: t(`type.${value}`) }));
  const categories = WORK_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }));
  return (
    <SpaceBetween size="m">
      <TextField form={form} field="work_name" label={t('field.work_name')} testId="work-work_name" />
      <SpaceBetween direction="horizontal" size="m">
        <FormField label={t('field.work_type')} errorText={errorText('work_type')}>
          <Select
            selectedOption={types.find((o) => o.value === values.work_type) ?? null}
            options={types}
            disabled={readOnly}
            onChange={({ detail }) => set('work_type', detail.selectedOption.value ?? 'other')}
            data-testid="work-work_type"
          />
        </FormField>
        <FormField
          label={t('field.work_category')}
          errorText={errorText('work_category')}
          description={t(`category_hint.${values.work_category as WorkCategory}`)}
        >
          <Select
            selectedOption={categories.find((o) => o.value === values.work_category) ?? null}
            options={categories}
            disabled={readOnly}
            onChange={({ detail }) => set('work_category', detail.selectedOption.value ?? 'social')}
            data-testid="work-work_category"
          />
        </FormField>
      </SpaceBetween>
      <SpaceBetween direction="horizontal" size="m">
        <FormField label={t('field.date')} errorText={errorText('date')}>
          <DateField
            value={values.date}
            onChange={(v) => set('date', v)}
            readOnly={readOnly}
            testId="work-date"
          />
        </FormField>
        <TextField
          form={form}
          field="working_hours"
          label={t('field.working_hours')}
          inputMode="decimal"
          testId="work-working_hours"
        />
      </SpaceBetween>
      <FormField label={t('field.description')} errorText={errorText('description')}>
        <Textarea
          value={values.description}
          rows={3}
          readOnly={readOnly}
          onChange={({ detail }) => set('description', detail.value)}
        />
      </FormField>
    </SpaceBetween>
  );
}

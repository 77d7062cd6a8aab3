import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createReservationInput,
  type ReservationOptionsOutput,
  type ReservationOutput,
} from '../../../../contracts/schemas/reservations.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { QUARTERS } from './calendar-model.ts';

const FIELDS = [
  'user_id',
  'plane_id',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'instructor_id',
  'comment',
];

interface Values {
  plane_id: string;
  user_id: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  instructor_id: string;
  comment: string;
  override: boolean;
}

/**
 * A new booking: the aircraft, start and end in the club's time (15-minute steps), an instructor
 * where the aircraft needs one; an administrator books for a member and may override blocks. The
 * club's warnings come back from the API and are confirmed with "Book anyway".
 */
export function BookingModal({
  options,
  day,
  onClose,
  onBooked,
}: {
  options: ReservationOptionsOutput;
  day: string;
  onClose: () => void;
  onBooked: (booking: ReservationOutput) => void;
}) {
  const { t } = useTranslation(['reservations', 'messages', 'common']);
  const [warnings, setWarnings] = useState<string[]>([]);
  const confirm = useRef(false);
  const form = useRecordForm({
    load: useCallback(async () => null, []),
    toValues: (): Values => ({
      plane_id: options.aircraft[0]?.plane_id ?? '',
      user_id: '',
      start_date: day,
      start_time: '09:00',
      end_date: day,
      end_time: '11:00',
      instructor_id: '',
      comment: '',
      override: false,
    }),
    toInput: (v) => ({
      plane_id: v.plane_id,
      start_date: v.start_date,
      start_time: v.start_time,
      end_date: v.end_date,
      end_time: v.end_time,
      instructor_id: v.instructor_id || null,
      ...(v.user_id ? { user_id: v.user_id } : {}),
      ...(v.comment.trim() ? { comment: v.comment } : {}),
      ...(v.override ? { override: true } : {}),
      confirm_warnings: confirm.current,
    }),
    schema: createReservationInput,
    save: async (body) => {
      onBooked(await call('createReservation', { body }));
      return null;
    },
    onSaveError: (error) => {
      confirm.current = false;
      if (error instanceof ApiError && error.code === 'reservation_warnings') {
        setWarnings(Object.values(error.details).flat());
        return true;
      }
      return false;
    },
    onCancel: onClose,
    focus: { prefix: 'booking', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const plane = options.aircraft.find((a) => a.plane_id === values.plane_id);
  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setWarnings([]);
    set(field, value);
  };
  const timeOptions = QUARTERS.map((q) => ({ value: q, label: q }));
  const selectOf = (field: 'start_time' | 'end_time') => (
    <FormField label={t(`field.${field}`)} errorText={errorText(field)}>
      <Select
        selectedOption={{ value: values[field], label: values[field] }}
        options={timeOptions}
        onChange={({ detail }) => change(field, detail.selectedOption.value ?? '')}
        invalid={form.has(field)}
        data-testid={`booking-${field}`}
      />
    </FormField>
  );
  const none = { value: '', label: t('hint.no_instructor') };
  const instructorOptions = [none, ...options.instructors.map((i) => ({ value: i.user_id, label: i.name }))];
  const myself = { value: '', label: t('hint.myself') };
  const memberOptions = [myself, ...options.members.map((m) => ({ value: m.user_id, label: m.name }))];
  const planeOptions = options.aircraft.map((a) => ({
    value: a.plane_id,
    label: a.reg_num,
    description: [a.plane_type, a.callsign].filter(Boolean).join(' · '),
  }));
  return (
    <RecordModal
      prefix="booking"
      testId="booking-modal"
      header={t('new')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
      saveText={t('book')}
      extra={
        warnings.length > 0 && (
          <Button
            formAction="none"
            onClick={() => {
              confirm.current = true;
              form.submit();
            }}
            data-testid="booking-confirm"
          >
            {t('book_anyway')}
          </Button>
        )
      }
    >
      <SpaceBetween size="m">
        {warnings.length > 0 && (
          <Alert type="warning" header={t('warnings_title')} data-testid="booking-warnings">
            {t('warnings_intro')}
            <ul>
              {warnings.map((key) => (
                <li key={key}>{dynamicT(t)(key, { ns: 'messages' })}</li>
              ))}
            </ul>
          </Alert>
        )}
        {options.can_administer && (
          <FormField label={t('field.user_id')} errorText={errorText('user_id')}>
            <Select
              selectedOption={memberOptions.find((o) => o.value === values.user_id) ?? myself}
              options={memberOptions}
              filteringType="auto"
              onChange={({ detail }) => change('user_id', detail.selectedOption.value ?? '')}
              data-testid="booking-user_id"
            />
          </FormField>
        )}
        <FormField label={t('field.plane_id')} errorText={errorText('plane_id')}>
          <Select
            selectedOption={planeOptions.find((o) => o.value === values.plane_id) ?? null}
            options={planeOptions}
            onChange={({ detail }) => change('plane_id', detail.selectedOption.value ?? '')}
            invalid={form.has('plane_id')}
            data-testid="booking-plane_id"
          />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label={t('field.start_date')} errorText={errorText('start_date')}>
            <DateField
              value={values.start_date}
              onChange={(value) =>
                form.update(
                  (v) => ({ ...v, start_date: value, end_date: v.end_date < value ? value : v.end_date }),
                  'start_date',
                  'end_date',
                )
              }
              invalid={form.has('start_date')}
              testId="booking-start_date"
            />
          </FormField>
          {selectOf('start_time')}
          <FormField label={t('field.end_date')} errorText={errorText('end_date')}>
            <DateField
              value={values.end_date}
              onChange={(value) => change('end_date', value)}
              invalid={form.has('end_date')}
              testId="booking-end_date"
            />
          </FormField>
          {selectOf('end_time')}
        </ColumnLayout>
        <FormField
          label={t('field.instructor_id')}
          constraintText={plane?.rent_req_instructor ? t('hint.instructor_required') : undefined}
          errorText={errorText('instructor_id')}
        >
          <Select
            selectedOption={instructorOptions.find((o) => o.value === values.instructor_id) ?? none}
            options={instructorOptions}
            onChange={({ detail }) => change('instructor_id', detail.selectedOption.value ?? '')}
            invalid={form.has('instructor_id')}
            data-testid="booking-instructor_id"
          />
        </FormField>
        <FormField label={t('field.comment')} errorText={errorText('comment')}>
          <Textarea
            value={values.comment}
            rows={2}
            onChange={({ detail }) => change('comment', detail.value)}
            data-testid="booking-comment"
          />
        </FormField>
        {options.can_administer && (
          <Checkbox
            checked={values.override}
            onChange={({ detail }) => change('override', detail.checked)}
            data-testid="booking-override"
          >
            {t('field.override')}
          </Checkbox>
        )}
      </SpaceBetween>
    </RecordModal>
  );
}

import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { instantIn, localDateTimeIn } from '../../../../contracts/calendar.ts';
import { formatMoney } from '../../../../contracts/money.ts';
import {
  type AirportOperationOutput,
  airportOperationInput,
  FEE_PAYMENTS,
  type FeePayment,
  FLIGHT_PURPOSES,
  type FlightPurpose,
  MOVEMENTS,
  type Movement,
} from '../../../../contracts/schemas/airports.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { TextField } from '../../components/forms/text-field.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { TimeField } from '../../components/time-field.tsx';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

interface Values {
  movement: Movement;
  date: string;
  time: string | null;
  registration: string;
  plane_type: string;
  mtow: string;
  pilot_name: string;
  pilot_id: string;
  payer_id: string;
  purpose: FlightPurpose;
  payment: FeePayment;
  comment: string;
}

const FIELDS = [
  'movement',
  'time',
  'registration',
  'plane_type',
  'mtow',
  'pilot_name',
  'pilot_id',
  'purpose',
  'payment',
  'payer_id',
  'comment',
];

/**
 * `airport-operation/{id}` (airport-operation-edit, module airport; issue 15 §3): one arrival or
 * departure at the club's airfield — aircraft, MTOW, pilot, time and purpose — with the landing
 * fee the airfield's table gives, settled in cash or posted once to the payer's ledger (a posted
 * movement is read only). `airport-operation/new` records one.
 */
export default function AirportOperationPage() {
  const { t } = useTranslation(['airports', 'nav', 'common']);
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const [deleting, setDeleting] = useState(false);
  const [preview, setPreview] = useState<{ fee: number | null; currency_id: string } | null>(null);
  const back = () => navigate(hrefOf('airport-operations'));
  const blank = useMemo(
    (): AirportOperationOutput => ({
      operation_id: '',
      airport_icao: profile?.organization?.base_airport ?? '',
      date: '',
      movement: 'arrival',
      time: new Date().toISOString(),
      registration: '',
      plane_type: null,
      mtow: 0,
      pilot_name: '',
      pilot_id: null,
      payer_id: null,
      payer_name: null,
      purpose: 'private',
      payment: 'cash',
      fee: null,
      currency_id: profile?.organization?.currency_id ?? 'EUR',
      posted_entry_id: null,
      comment: null,
      can_edit: true,
      version: 0,
      updated_at: '',
    }),
    [profile],
  );
  const form = useRecordForm({
    load: useCallback(
      async () => (isNew ? blank : call('getAirportOperation', { params: { id } })),
      [id, isNew, blank],
    ),
    toValues: (o: AirportOperationOutput): Values => {
      const local = localDateTimeIn(timeZone, o.time);
      return {
        movement: o.movement,
        date: local.slice(0, 10),
        time: local.slice(11, 16),
        registration: o.registration,
        plane_type: o.plane_type ?? '',
        mtow: o.mtow ? String(o.mtow) : '',
        pilot_name: o.pilot_name,
        pilot_id: o.pilot_id ?? '',
        payer_id: o.payer_id ?? '',
        purpose: o.purpose,
        payment: o.payment,
        comment: o.comment ?? '',
      };
    },
    toInput: (v, o) => ({
      movement: v.movement,
      time: /^\d{4}-\d{2}-\d{2}$/.test(v.date) && v.time ? instantIn(v.date, v.time, timeZone) : null,
      registration: v.registration,
      plane_type: v.plane_type.trim() || null,
      mtow: v.mtow.trim() === '' ? null : Number(v.mtow),
      pilot_name: v.pilot_name,
      pilot_id: v.pilot_id || null,
      payer_id: v.payment === 'ledger' ? v.payer_id || null : null,
      purpose: v.purpose,
      payment: v.payment,
      comment: v.comment.trim() || null,
      version: o.version,
    }),
    schema: airportOperationInput,
    save: async (body) => {
      const saved = isNew
        ? await call('createAirportOperation', { body })
        : await call('updateAirportOperation', { params: { id }, body });
      flash('success', saved.posted_entry_id ? 'airports:flash.posted' : 'airports:flash.operation_saved');
      if (isNew) navigate(hrefOf('airport-operation/:id', { id: saved.operation_id }), { replace: true });
      return saved;
    },
    onCancel: back,
    onDelete: isNew ? undefined : () => setDeleting(true),
    readOnly: (o) => !o.can_edit,
    focus: { prefix: 'airport-operation', fields: FIELDS },
    keysActive: !deleting,
  });

  const values = form.values;
  const mtow = values?.mtow ?? '';
  const when =
    values && /^\d{4}-\d{2}-\d{2}$/.test(values.date) && values.time
      ? instantIn(values.date, values.time, timeZone)
      : null;
  const purpose = values?.purpose ?? 'private';
  useEffect(() => {
    const weight = Number(mtow);
    if (!when || !Number.isInteger(weight) || weight < 1) {
      setPreview(null);
      return;
    }
    let active = true;
    call('previewLandingFee', { query: { time: when, mtow: weight, purpose } }).then(
      (answer) => active && setPreview(answer),
      () => active && setPreview(null),
    );
    return () => {
      active = false;
    };
  }, [when, mtow, purpose]);

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('airports:operation.load_failed')}</LoadFailed>;
  const record = form.record;
  if (!values || !record) return <PageSpinner />;
  const { set } = form;
  const readOnly = form.readOnly;
  const lang = currentLang();
  const members = [
    { value: '', label: t('operation.no_member') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];
  const option = (value: string, label: string) => ({ value, label });
  const remove = () =>
    void form.run(async () => {
      await call('deleteAirportOperation', { params: { id } });
      flash('success', 'airports:flash.operation_deleted');
      setDeleting(false);
      back();
    });
  const textField = (field: 'registration' | 'plane_type' | 'mtow' | 'pilot_name') => (
    <TextField
      form={form}
      field={field}
      label={t(`operation.${field}`)}
      inputMode={field === 'mtow' ? 'numeric' : undefined}
      testId={`airport-operation-${field}`}
    />
  );
  const shownFee =
    record.posted_entry_id || readOnly ? { fee: record.fee, currency_id: record.currency_id } : preview;

  return (
    <>
      <RecordFormFrame
        prefix="airport-operation"
        header={
          <Header variant="h1" description={t('operation.description')}>
            {isNew ? t('operation.new') : `${record.registration} · ${t(`movement.${record.movement}`)}`}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        readOnly={readOnly}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={isNew || readOnly ? undefined : () => setDeleting(true)}
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('operation.movement_section')}</Header>}>
            <ColumnLayout columns={3}>
              <FormField label={t('operation.movement')} errorText={form.errorText('movement')}>
                <SegmentedControl
                  selectedId={values.movement}
                  options={MOVEMENTS.map((m) => ({ id: m, text: t(`movement.${m}`), disabled: readOnly }))}
                  onChange={({ detail }) => set('movement', detail.selectedId as Movement)}
                  data-testid="airport-operation-movement"
                />
              </FormField>
              <FormField label={t('operation.date')} errorText={form.errorText('time')}>
                <DateField
                  value={values.date}
                  onChange={(value) => form.update((v) => ({ ...v, date: value }), 'time')}
                  readOnly={readOnly}
                  testId="airport-operation-date"
                />
              </FormField>
              <FormField label={t('operation.time')}>
                <TimeField
                  value={values.time}
                  onChange={(value) => form.update((v) => ({ ...v, time: value }), 'time')}
                  readOnly={readOnly}
                  testId="airport-operation-time"
                  optional
                />
              </FormField>
              {textField('registration')}
              {textField('plane_type')}
              {textField('mtow')}
              {textField('pilot_name')}
              <FormField
                label={t('operation.pilot_id')}
                description={t('operation.pilot_id_hint')}
                errorText={form.errorText('pilot_id')}
              >
                <Select
                  selectedOption={members.find((m) => m.value === values.pilot_id) ?? null}
                  options={members}
                  filteringType="auto"
                  disabled={readOnly}
                  statusType={users.loading ? 'loading' : 'finished'}
                  onChange={({ detail }) => {
                    const chosen = detail.selectedOption;
                    form.update(
                      (v) => ({
                        ...v,
                        pilot_id: chosen.value ?? '',
                        pilot_name: chosen.value && !v.pilot_name ? (chosen.label ?? '') : v.pilot_name,
                      }),
                      'pilot_id',
                    );
                  }}
                  data-testid="airport-operation-pilot_id"
                />
              </FormField>
              <FormField label={t('operation.purpose')} errorText={form.errorText('purpose')}>
                <SegmentedControl
                  selectedId={values.purpose}
                  options={FLIGHT_PURPOSES.map((p) => ({
                    id: p,
                    text: t(`flight_purpose.${p}`),
                    disabled: readOnly,
                  }))}
                  onChange={({ detail }) => set('purpose', detail.selectedId as FlightPurpose)}
                  data-testid="airport-operation-purpose"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('operation.fee_section')}</Header>}>
            <ColumnLayout columns={3}>
              <div>
                <Box variant="awsui-key-label">{t('operation.fee')}</Box>
                <div data-testid="airport-operation-fee">
                  {shownFee?.fee === null || shownFee === null
                    ? t('operation.no_fee')
                    : formatMoney(shownFee.fee, shownFee.currency_id, lang)}
                </div>
              </div>
              <FormField label={t('operation.payment')} errorText={form.errorText('payment')}>
                <Select
                  selectedOption={option(values.payment, t(`payment.${values.payment}`))}
                  options={FEE_PAYMENTS.map((p) => option(p, t(`payment.${p}`)))}
                  disabled={readOnly}
                  onChange={({ detail }) => set('payment', detail.selectedOption.value as FeePayment)}
                  data-testid="airport-operation-payment"
                />
              </FormField>
              {values.payment === 'ledger' && (
                <FormField
                  label={t('operation.payer_id')}
                  description={t('operation.payer_hint')}
                  errorText={form.errorText('payer_id')}
                >
                  <Select
                    selectedOption={members.find((m) => m.value === values.payer_id) ?? null}
                    options={members}
                    filteringType="auto"
                    disabled={readOnly}
                    onChange={({ detail }) => set('payer_id', detail.selectedOption.value ?? '')}
                    data-testid="airport-operation-payer_id"
                  />
                </FormField>
              )}
            </ColumnLayout>
            {record.posted_entry_id && (
              <Box margin={{ top: 's' }} color="text-status-success">
                {t('operation.posted', { name: record.payer_name ?? '' })}
              </Box>
            )}
          </Container>
          <FormField label={t('operation.comment')} errorText={form.errorText('comment')}>
            <Textarea
              value={values.comment}
              onChange={({ detail }) => set('comment', detail.value)}
              readOnly={readOnly}
              data-testid="airport-operation-comment"
            />
          </FormField>
        </SpaceBetween>
      </RecordFormFrame>
      <ConfirmModal
        visible={deleting}
        header={t('operation.delete')}
        confirmText={t('operation.delete')}
        busy={form.saving}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
        testId="airport-operation-delete-modal"
      >
        {t('operation.delete_confirm')}
      </ConfirmModal>
    </>
  );
}

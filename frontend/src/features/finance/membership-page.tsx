import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  createMembershipInput,
  type MembershipOutput,
  updateMembershipInput,
} from '../../../../contracts/schemas/finance.ts';
import { MEMBERSHIP_TYPES, type MembershipType } from '../../../../contracts/schemas/finance-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { MemberPicker, useMoney, useToday } from './finance-ui.tsx';

const MONEY = ['membership_fee', 'discount_fee', 'full_fee', 'yearly_membership_fee', 'balance_min'] as const;
const FLAGS = [
  'membership_free',
  'automatic_membership_fee_deduction_on',
  'balance_notification_on',
  'balance_summary_notification_on',
  'vote',
] as const;

type Record_ = MembershipOutput | null;
interface Values {
  user_id: string;
  membership_type: MembershipType;
  membership_name: string;
  start_date: string;
  end_date: string;
  membership_fee: string;
  discount_fee: string;
  full_fee: string;
  yearly_membership_fee: string;
  balance_min: string;
  membership_free: boolean;
  automatic_membership_fee_deduction_on: boolean;
  balance_notification_on: boolean;
  balance_summary_notification_on: boolean;
  vote: boolean;
}

const moneyOrNull = (text: string) => {
  const minor = parseMoney(text);
  return minor === null ? null : minor;
};

/**
 * `membership/{id}` (membership-edit; `new` for a new one): spec §3 Membership — the type and dates,
 * the fees (per month, per year; free of fees), automatic fee deduction by the scheduled
 * transactions, the member's minimum balance and what they are told about it, and the vote.
 */
export default function MembershipPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const { id = 'new' } = useParams();
  const navigate = usePageNavigate();
  const today = useToday();
  const { currency } = useMoney();
  const [deleting, setDeleting] = useState(false);
  const creating = id === 'new';
  const back = () => navigate(hrefOf('memberships'));
  const form = useRecordForm({
    load: useCallback(
      async (): Promise<Record_> => (creating ? null : call('getMembership', { params: { id } })),
      [creating, id],
    ),
    toValues: (m: Record_): Values => ({
      user_id: m?.user_id ?? '',
      membership_type: m?.membership_type ?? 'regular',
      membership_name: m?.membership_name ?? '',
      start_date: m?.start_date ?? today,
      end_date: m?.end_date ?? '',
      membership_fee: moneyInputText(m?.membership_fee),
      discount_fee: moneyInputText(m?.discount_fee),
      full_fee: moneyInputText(m?.full_fee),
      yearly_membership_fee: moneyInputText(m?.yearly_membership_fee),
      balance_min: moneyInputText(m?.balance_min),
      membership_free: m?.membership_free ?? false,
      automatic_membership_fee_deduction_on: m?.automatic_membership_fee_deduction_on ?? true,
      balance_notification_on: m?.balance_notification_on ?? true,
      balance_summary_notification_on: m?.balance_summary_notification_on ?? false,
      vote: m?.vote ?? false,
    }),
    toInput: (values, m) => ({
      user_id: values.user_id || undefined,
      membership_type: values.membership_type,
      membership_name: values.membership_name.trim() || null,
      start_date: values.start_date || undefined,
      end_date: values.end_date || null,
      ...Object.fromEntries(MONEY.map((field) => [field, moneyOrNull(values[field])])),
      ...Object.fromEntries(FLAGS.map((field) => [field, values[field]])),
      ...(m && { version: m.version }),
    }),
    schema: (m: Record_) => (m ? updateMembershipInput : createMembershipInput),
    save: async (body, m) => {
      const saved = m
        ? await call('updateMembership', { params: { id }, body: body as never })
        : await call('createMembership', { body: body as never });
      flash('success', 'membership_saved');
      if (!m) navigate(hrefOf('membership/:id', { id: saved.membership_id }), { replace: true });
      return saved;
    },
    onCancel: back,
    onDelete: creating ? undefined : () => setDeleting(true),
    focus: {
      prefix: 'membership',
      fields: ['user_id', 'membership_type', 'membership_name', 'start_date', 'end_date', ...MONEY, ...FLAGS],
    },
    keysActive: !deleting,
  });
  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('finance:memberships.load_failed')}</LoadFailed>;
  const { values, errorText, set, record } = form;
  if (!values) return <PageSpinner />;
  const remove = () =>
    void form.run(async () => {
      await call('deleteMembership', { params: { id }, query: { version: String(record?.version ?? 0) } });
      flash('success', 'membership_deleted');
      back();
    });

  return (
    <>
      <RecordFormFrame
        prefix="membership"
        header={
          <Header variant="h1" description={t('finance:memberships.edit_description')}>
            {t(creating ? 'nav:title.membership_new' : 'nav:title.membership')}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={creating ? undefined : () => setDeleting(true)}
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('finance:memberships.membership')}</Header>}>
            <ColumnLayout columns={2}>
              <FormField label={t('finance:field.member')} errorText={errorText('user_id')}>
                <MemberPicker
                  value={values.user_id}
                  onChange={(value) => set('user_id', value)}
                  invalid={form.has('user_id')}
                  testId="membership-user_id"
                />
              </FormField>
              <FormField label={t('finance:field.membership_type')} errorText={errorText('membership_type')}>
                <Select
                  selectedOption={{
                    value: values.membership_type,
                    label: t(`ledger:membership_type.${values.membership_type}`),
                  }}
                  options={MEMBERSHIP_TYPES.map((value) => ({
                    value,
                    label: t(`ledger:membership_type.${value}`),
                  }))}
                  onChange={({ detail }) =>
                    set('membership_type', (detail.selectedOption.value ?? 'regular') as MembershipType)
                  }
                  data-testid="membership-membership_type"
                />
              </FormField>
              <FormField label={t('finance:field.membership_name')} errorText={errorText('membership_name')}>
                <Input
                  value={values.membership_name}
                  onChange={({ detail }) => set('membership_name', detail.value)}
                  data-testid="membership-membership_name"
                />
              </FormField>
              <div />
              <FormField label={t('finance:field.start_date')} errorText={errorText('start_date')}>
                <DateField
                  value={values.start_date}
                  onChange={(v) => set('start_date', v)}
                  invalid={form.has('start_date')}
                  testId="membership-start_date"
                />
              </FormField>
              <FormField label={t('finance:field.end_date')} errorText={errorText('end_date')}>
                <DateField
                  value={values.end_date}
                  onChange={(v) => set('end_date', v)}
                  invalid={form.has('end_date')}
                  testId="membership-end_date"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('finance:memberships.fees_hint')}>
                {t('finance:memberships.fees')}
              </Header>
            }
          >
            <ColumnLayout columns={3}>
              {MONEY.map((field) => (
                <FormField
                  key={field}
                  label={t(`finance:field.${field}`)}
                  constraintText={t(`finance:unit.${field}`, { currency })}
                  errorText={errorText(field)}
                >
                  <Input
                    value={values[field]}
                    inputMode="decimal"
                    onChange={({ detail }) => set(field, detail.value)}
                    invalid={form.has(field)}
                    data-testid={`membership-${field}`}
                  />
                </FormField>
              ))}
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('finance:memberships.options')}</Header>}>
            <SpaceBetween size="s">
              {FLAGS.map((field) => (
                <Checkbox
                  key={field}
                  checked={values[field]}
                  onChange={({ detail }) => set(field, detail.checked)}
                  description={t(`finance:hint.${field}`)}
                  data-testid={`membership-${field}`}
                >
                  {t(`finance:field.${field}`)}
                </Checkbox>
              ))}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </RecordFormFrame>
      <ConfirmModal
        visible={deleting}
        header={t('finance:memberships.delete_title')}
        confirmText={t('common:action.delete')}
        busy={form.saving}
        onConfirm={() => {
          setDeleting(false);
          remove();
        }}
        onCancel={() => setDeleting(false)}
        testId="membership-delete"
      >
        {t('finance:memberships.delete_body')}
      </ConfirmModal>
    </>
  );
}

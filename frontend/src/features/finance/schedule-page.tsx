import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { moneyInputText, parseMoney } from '../../../../contracts/money.ts';
import {
  type ScheduleOutput,
  scheduleInput,
  updateScheduleInput,
} from '../../../../contracts/schemas/finance.ts';
import {
  AMOUNT_SOURCES,
  type AmountSource,
  CADENCES,
  type Cadence,
  MEMBERSHIP_TYPES,
  type MembershipType,
  SCHEDULED_TRANSACTION_TYPES,
  type ScheduledTransactionType,
} from '../../../../contracts/schemas/finance-enums.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, FieldErrors } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useMoney, useToday } from './finance-ui.tsx';

type Record_ = ScheduleOutput | null;
interface Values {
  name: string;
  transaction_type: ScheduledTransactionType;
  amount_source: AmountSource;
  amount: string;
  user_ids: string[];
  membership_types: MembershipType[];
  cadence: Cadence;
  day_of_month: string;
  month: string;
  start_date: string;
  end_date: string;
  comment: string;
}
type Preview = Awaited<ReturnType<typeof call<'previewSchedule'>>>;
type Recalculation = Awaited<ReturnType<typeof call<'recalculateSchedule'>>>;

const wholeOr = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : undefined);

/**
 * `scheduled-transaction/{edit_type}/{id?}` (transaction-edit): a recurring transaction — what it
 * charges (a fixed amount or each member's membership fee), whom (named members and membership
 * types), when (monthly, quarterly, yearly; a day past the month's end runs on its last day) —
 * with a preview of its next runs; a period already run can be recalculated after a change, which
 * first shows what would change and warns that the earlier calculation is then lost.
 */
export default function SchedulePage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'messages', 'common']);
  const { edit_type: editType = 'new', id = '' } = useParams();
  const navigate = usePageNavigate();
  const today = useToday();
  const { money, currency } = useMoney();
  const users = useDatasource('users');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [recalculation, setRecalculation] = useState<Recalculation | null>(null);
  const [recalculating, setRecalculating] = useState(false);
  const creating = editType === 'new' || !id;
  const back = () => navigate(hrefOf('scheduled-transactions'));

  const form = useRecordForm({
    load: useCallback(
      async (): Promise<Record_> => (creating ? null : call('getSchedule', { params: { id } })),
      [creating, id],
    ),
    toValues: (s: Record_): Values => ({
      name: s?.name ?? '',
      transaction_type: s?.transaction_type ?? 'membership_fee',
      amount_source: s?.amount_source ?? 'membership_fee',
      amount: moneyInputText(s?.amount),
      user_ids: s?.user_ids ?? [],
      membership_types: s?.membership_types ?? [],
      cadence: s?.cadence ?? 'yearly',
      day_of_month: String(s?.day_of_month ?? 31),
      month: String(s?.month ?? 1),
      start_date: s?.start_date ?? today,
      end_date: s?.end_date ?? '',
      comment: s?.comment ?? '',
    }),
    toInput: (values, s) => inputOf(values, s),
    schema: (s: Record_) => (s ? updateScheduleInput : scheduleInput),
    save: async (body, s) => {
      const saved = s
        ? await call('updateSchedule', { params: { id }, body: body as never })
        : await call('createSchedule', { body: body as never });
      flash('success', 'schedule_saved');
      if (!s)
        navigate(
          hrefOf('scheduled-transaction/:edit_type/:id?', { edit_type: 'edit', id: saved.schedule_id }),
          {
            replace: true,
          },
        );
      return saved;
    },
    onCancel: back,
    onDelete: creating ? undefined : () => setDeleting(true),
    focus: {
      prefix: 'schedule',
      fields: [
        'name',
        'transaction_type',
        'amount_source',
        'amount',
        'user_ids',
        'membership_types',
        'cadence',
        'day_of_month',
        'month',
        'start_date',
        'end_date',
        'comment',
      ],
    },
    keysActive: !deleting && !recalculation,
  });
  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('finance:schedules.load_failed')}</LoadFailed>;
  const { values, errorText, set, record } = form;
  if (!values) return <PageSpinner />;

  const showPreview = async () => {
    const { version: _v, ...body } = inputOf(values, null) as Record<string, unknown>;
    const parsed = scheduleInput.safeParse(body);
    if (!parsed.success) return form.submit();
    setPreviewing(true);
    try {
      setPreview(await call('previewSchedule', { body: parsed.data }));
    } catch (error) {
      if (error instanceof FieldErrors) form.show(error.errors);
      else reportSaveFailure(error);
    } finally {
      setPreviewing(false);
    }
  };
  const recalculate = async (period: string, apply: boolean) => {
    if (!record) return;
    setRecalculating(true);
    try {
      const answer = await call('recalculateSchedule', {
        params: { id },
        body: { period, apply, version: record.version },
      });
      if (apply) {
        flash('success', 'schedule_recalculated');
        form.adopt(answer.schedule);
        setRecalculation(null);
      } else setRecalculation(answer);
    } catch (error) {
      reportSaveFailure(error, form.reload);
      setRecalculation(null);
    } finally {
      setRecalculating(false);
    }
  };
  const remove = () =>
    void form.run(async () => {
      await call('deleteSchedule', { params: { id } });
      flash('success', 'schedule_deleted');
      back();
    });
  const userOptions = users.items.map((u) => ({ value: u.user_id, label: u.name }));

  return (
    <>
      <RecordFormFrame
        prefix="schedule"
        header={
          <Header variant="h1" description={t('finance:schedules.edit_description')}>
            {t(creating ? 'nav:title.scheduled_transaction_new' : 'nav:title.scheduled_transaction')}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={record?.can_delete ? () => setDeleting(true) : undefined}
        extra={
          <Button
            formAction="none"
            onClick={() => void showPreview()}
            loading={previewing}
            data-testid="schedule-preview"
          >
            {t('finance:schedules.preview')}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('finance:schedules.what')}</Header>}>
            <ColumnLayout columns={2}>
              <FormField label={t('finance:field.name')} errorText={errorText('name')}>
                <Input
                  value={values.name}
                  onChange={({ detail }) => set('name', detail.value)}
                  invalid={form.has('name')}
                  data-testid="schedule-name"
                />
              </FormField>
              <FormField label={t('finance:field.type')} errorText={errorText('transaction_type')}>
                <Select
                  selectedOption={{
                    value: values.transaction_type,
                    label: t(`ledger:type.${values.transaction_type}`),
                  }}
                  options={SCHEDULED_TRANSACTION_TYPES.map((value) => ({
                    value,
                    label: t(`ledger:type.${value}`),
                  }))}
                  onChange={({ detail }) =>
                    set('transaction_type', detail.selectedOption.value as ScheduledTransactionType)
                  }
                  data-testid="schedule-transaction_type"
                />
              </FormField>
              <FormField label={t('finance:field.amount_source')} errorText={errorText('amount_source')}>
                <Select
                  selectedOption={{
                    value: values.amount_source,
                    label: t(`finance:amount_source.${values.amount_source}`),
                  }}
                  options={AMOUNT_SOURCES.map((value) => ({
                    value,
                    label: t(`finance:amount_source.${value}`),
                  }))}
                  onChange={({ detail }) => set('amount_source', detail.selectedOption.value as AmountSource)}
                  data-testid="schedule-amount_source"
                />
              </FormField>
              {values.amount_source === 'fixed' && (
                <FormField
                  label={t('finance:field.amount')}
                  constraintText={currency}
                  errorText={errorText('amount')}
                >
                  <Input
                    value={values.amount}
                    inputMode="decimal"
                    onChange={({ detail }) => set('amount', detail.value)}
                    invalid={form.has('amount')}
                    data-testid="schedule-amount"
                  />
                </FormField>
              )}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('finance:schedules.whom_hint')}>
                {t('finance:schedules.whom')}
              </Header>
            }
          >
            <ColumnLayout columns={2}>
              <FormField
                label={t('finance:field.membership_types')}
                errorText={errorText('membership_types')}
              >
                <Multiselect
                  selectedOptions={values.membership_types.map((value) => ({
                    value,
                    label: t(`ledger:membership_type.${value}`),
                  }))}
                  options={MEMBERSHIP_TYPES.map((value) => ({
                    value,
                    label: t(`ledger:membership_type.${value}`),
                  }))}
                  onChange={({ detail }) =>
                    set(
                      'membership_types',
                      detail.selectedOptions.map((o) => o.value as MembershipType),
                    )
                  }
                  invalid={form.has('membership_types')}
                  data-testid="schedule-membership_types"
                />
              </FormField>
              <FormField label={t('finance:field.user_ids')} errorText={errorText('user_ids')}>
                <Multiselect
                  selectedOptions={userOptions.filter((o) => values.user_ids.includes(o.value))}
                  options={userOptions}
                  filteringType="auto"
                  statusType={users.loading ? 'loading' : 'finished'}
                  onChange={({ detail }) =>
                    set(
                      'user_ids',
                      detail.selectedOptions.map((o) => o.value ?? ''),
                    )
                  }
                  data-testid="schedule-user_ids"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">{t('finance:schedules.when')}</Header>}>
            <ColumnLayout columns={3}>
              <FormField label={t('finance:field.cadence')} errorText={errorText('cadence')}>
                <Select
                  selectedOption={{ value: values.cadence, label: t(`ledger:cadence.${values.cadence}`) }}
                  options={CADENCES.map((value) => ({ value, label: t(`ledger:cadence.${value}`) }))}
                  onChange={({ detail }) => set('cadence', detail.selectedOption.value as Cadence)}
                  data-testid="schedule-cadence"
                />
              </FormField>
              <FormField
                label={t('finance:field.day_of_month')}
                description={t('finance:schedules.day_hint')}
                errorText={errorText('day_of_month')}
              >
                <Input
                  value={values.day_of_month}
                  inputMode="numeric"
                  onChange={({ detail }) => set('day_of_month', detail.value)}
                  invalid={form.has('day_of_month')}
                  data-testid="schedule-day_of_month"
                />
              </FormField>
              {values.cadence !== 'monthly' && (
                <FormField label={t('finance:field.month')} errorText={errorText('month')}>
                  <Input
                    value={values.month}
                    inputMode="numeric"
                    onChange={({ detail }) => set('month', detail.value)}
                    invalid={form.has('month')}
                    data-testid="schedule-month"
                  />
                </FormField>
              )}
              <FormField label={t('finance:field.start_date')} errorText={errorText('start_date')}>
                <DateField
                  value={values.start_date}
                  onChange={(v) => set('start_date', v)}
                  invalid={form.has('start_date')}
                  testId="schedule-start_date"
                />
              </FormField>
              <FormField label={t('finance:field.end_date')} errorText={errorText('end_date')}>
                <DateField
                  value={values.end_date}
                  onChange={(v) => set('end_date', v)}
                  invalid={form.has('end_date')}
                  testId="schedule-end_date"
                />
              </FormField>
              <FormField label={t('finance:field.comment')} errorText={errorText('comment')}>
                <Input
                  value={values.comment}
                  onChange={({ detail }) => set('comment', detail.value)}
                  data-testid="schedule-comment"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          {preview && (
            <Container
              header={
                <Header variant="h2" description={t('finance:schedules.preview_hint')}>
                  {t('finance:schedules.next_runs')}
                </Header>
              }
              data-testid="schedule-preview-panel"
            >
              <SpaceBetween size="m">
                <DataTable
                  id="schedule-next-runs"
                  fixedColumns
                  variant="embedded"
                  items={preview.runs}
                  trackBy="date"
                  empty={<Box color="text-status-inactive">{t('finance:schedules.no_runs')}</Box>}
                  columns={[
                    {
                      id: 'date',
                      header: t('finance:field.date'),
                      cell: (r) => formatDate(r.date),
                      short: true,
                    },
                    {
                      id: 'period',
                      header: t('finance:schedules.period'),
                      cell: (r) => r.period,
                      short: true,
                    },
                    {
                      id: 'members',
                      header: t('finance:schedules.members'),
                      cell: (r) => r.members,
                      align: 'end',
                    },
                    {
                      id: 'total',
                      header: t('finance:schedules.total'),
                      cell: (r) => money(r.total),
                      align: 'end',
                    },
                  ]}
                />
                {preview.members.length > 0 && (
                  <Box variant="small" color="text-body-secondary">
                    {t('finance:schedules.next_members')}:{' '}
                    {preview.members.map((m) => `${m.user_name} (${money(m.amount)})`).join(', ')}
                  </Box>
                )}
              </SpaceBetween>
            </Container>
          )}
          {record && record.runs.length > 0 && (
            <Container
              header={
                <Header variant="h2" description={t('finance:schedules.runs_hint')}>
                  {t('finance:schedules.runs')}
                </Header>
              }
            >
              <DataTable
                id="schedule-runs"
                fixedColumns
                variant="embedded"
                items={record.runs}
                trackBy="period"
                columns={[
                  { id: 'period', header: t('finance:schedules.period'), cell: (r) => r.period, short: true },
                  {
                    id: 'date',
                    header: t('finance:field.date'),
                    cell: (r) => formatDate(r.date),
                    short: true,
                  },
                  {
                    id: 'members',
                    header: t('finance:schedules.members'),
                    cell: (r) => r.members,
                    align: 'end',
                  },
                  {
                    id: 'total',
                    header: t('finance:schedules.total'),
                    cell: (r) => money(r.total),
                    align: 'end',
                  },
                  {
                    id: 'recalculate',
                    header: '',
                    cell: (r) =>
                      record.can_edit && (
                        <Button
                          formAction="none"
                          variant="inline-link"
                          onClick={() => void recalculate(r.period, false)}
                          data-testid={`schedule-recalculate-${r.period}`}
                        >
                          {t('finance:schedules.recalculate')}
                        </Button>
                      ),
                  },
                ]}
              />
            </Container>
          )}
        </SpaceBetween>
      </RecordFormFrame>
      {recalculation && (
        <Modal
          visible
          size="large"
          onDismiss={() => setRecalculation(null)}
          header={t('finance:schedules.recalculate_title', { period: recalculation.period })}
          data-testid="schedule-recalculate-modal"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setRecalculation(null)}>
                  {t('common:action.cancel')}
                </Button>
                <Button
                  variant="primary"
                  loading={recalculating}
                  disabled={recalculation.changes.length === 0}
                  onClick={() => void recalculate(recalculation.period, true)}
                  data-testid="schedule-recalculate-apply"
                >
                  {t('finance:schedules.recalculate_apply')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="m">
            <Alert type="warning">{t('finance:schedules.recalculate_warning')}</Alert>
            <DataTable
              id="schedule-recalculation"
              fixedColumns
              variant="embedded"
              items={recalculation.changes}
              trackBy="user_id"
              empty={<Box color="text-status-inactive">{t('finance:schedules.no_changes')}</Box>}
              columns={[
                { id: 'member', header: t('finance:field.member'), cell: (c) => c.user_name },
                {
                  id: 'posted',
                  header: t('finance:schedules.posted'),
                  cell: (c) => money(c.posted),
                  align: 'end',
                },
                {
                  id: 'new',
                  header: t('finance:schedules.recalculated'),
                  align: 'end',
                  cell: (c) => money(c.recalculated),
                },
                {
                  id: 'difference',
                  header: t('finance:schedules.difference'),
                  align: 'end',
                  cell: (c) => money(c.difference),
                },
              ]}
            />
            <Box>
              {t('finance:schedules.total_difference', { amount: money(recalculation.total_difference) })}
            </Box>
          </SpaceBetween>
        </Modal>
      )}
      <ConfirmModal
        visible={deleting}
        header={t('finance:schedules.delete_title')}
        confirmText={t('common:action.delete')}
        busy={form.saving}
        onConfirm={() => {
          setDeleting(false);
          remove();
        }}
        onCancel={() => setDeleting(false)}
        testId="schedule-delete"
      >
        {t('finance:schedules.delete_body')}
      </ConfirmModal>
    </>
  );
}

function inputOf(values: Values, s: Record_) {
  const amount = parseMoney(values.amount);
  return {
    name: values.name,
    transaction_type: values.transaction_type,
    amount_source: values.amount_source,
    amount: values.amount_source === 'fixed' ? (amount ?? null) : null,
    user_ids: values.user_ids,
    membership_types: values.membership_types,
    cadence: values.cadence,
    day_of_month: wholeOr(values.day_of_month),
    month: values.cadence === 'monthly' ? 1 : wholeOr(values.month),
    start_date: values.start_date || undefined,
    end_date: values.end_date || null,
    comment: values.comment.trim() || null,
    ...(s && { version: s.version }),
  };
}

import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseMoney } from '../../../../contracts/money.ts';
import { createTransactionInput, type TransactionOutput } from '../../../../contracts/schemas/finance.ts';
import {
  MANUAL_SIGN,
  MANUAL_TRANSACTION_TYPES,
  type ManualTransactionType,
} from '../../../../contracts/schemas/finance-enums.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { ChargeExplanationView } from './charge-explanation.tsx';
import { Amount, MemberPicker, useMoney, useToday } from './finance-ui.tsx';

/** A once-chosen id per form, the shape the API takes (9 base-36 ms + 10 hex): a save sent twice posts once. */
const newClientId = () =>
  `${Date.now().toString(36).padStart(9, '0')}${Array.from(crypto.getRandomValues(new Uint8Array(5)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * `transaction/{edit_type}/{id?}` and `user/{user_id}/transaction/{edit_type}/{id?}`
 * (transaction-edit): `new` types in a payment received, a correction, a fee or a refund (for the
 * member of the path, if any); `view` shows one entry — a flight charge with its explanation — and
 * takes a typed-in entry back with a reversing entry (the ledger is never edited).
 */
export default function TransactionPage() {
  const { edit_type: editType = 'new', id = '', user_id: pathUser } = useParams();
  if (editType === 'view' && id) return <TransactionView id={id} />;
  return <NewTransaction userId={pathUser ?? ''} />;
}

interface Values {
  client_id: string;
  user_id: string;
  transaction_type: ManualTransactionType;
  amount: string;
  date: string;
  comment: string;
}

function NewTransaction({ userId }: { userId: string }) {
  const { t } = useTranslation(['finance', 'ledger', 'nav']);
  const navigate = usePageNavigate();
  const today = useToday();
  const { money } = useMoney();
  const back = () =>
    navigate(userId ? hrefOf('user/:user_id/transactions', { user_id: userId }) : hrefOf('transactions'));
  const start = useMemo(
    (): Values => ({
      client_id: newClientId(),
      user_id: userId,
      transaction_type: 'payment_received',
      amount: '',
      date: today,
      comment: '',
    }),
    [userId, today],
  );
  const form = useRecordForm({
    load: useCallback(async () => start, [start]),
    toValues: (record: Values) => record,
    toInput: (values) => {
      const minor = parseMoney(values.amount);
      return {
        client_id: values.client_id,
        user_id: values.user_id || undefined,
        transaction_type: values.transaction_type,
        amount: minor ?? undefined,
        date: values.date || undefined,
        comment: values.comment.trim() || null,
      };
    },
    schema: createTransactionInput,
    save: async (body, record) => {
      const saved = await call('createTransaction', { body });
      flash('success', 'transaction_saved');
      navigate(hrefOf('transaction/:edit_type/:id?', { edit_type: 'view', id: saved.transaction_id }), {
        replace: true,
      });
      return record;
    },
    onCancel: back,
    focus: { prefix: 'transaction', fields: ['user_id', 'transaction_type', 'amount', 'date', 'comment'] },
  });
  const { values, errorText, set } = form;
  if (!values) return <PageSpinner />;
  const sign = MANUAL_SIGN[values.transaction_type];
  const minor = parseMoney(values.amount);
  const posted = minor === null || Number.isNaN(minor) ? null : sign === 0 ? minor : sign * Math.abs(minor);

  return (
    <RecordFormFrame
      prefix="transaction"
      header={
        <Header variant="h1" description={t('finance:transaction.new_description')}>
          {t('nav:title.transaction_new')}
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
    >
      <Container>
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            <FormField label={t('finance:field.member')} errorText={errorText('user_id')}>
              <MemberPicker
                value={values.user_id}
                onChange={(value) => set('user_id', value)}
                invalid={form.has('user_id')}
                testId="transaction-user_id"
              />
            </FormField>
            <FormField
              label={t('finance:field.type')}
              description={t(
                `finance:transaction.sign_${sign === 0 ? 'as_typed' : sign > 0 ? 'credit' : 'debit'}`,
              )}
              errorText={errorText('transaction_type')}
            >
              <Select
                selectedOption={{
                  value: values.transaction_type,
                  label: t(`ledger:type.${values.transaction_type}`),
                }}
                options={MANUAL_TRANSACTION_TYPES.map((value) => ({
                  value,
                  label: t(`ledger:type.${value}`),
                }))}
                onChange={({ detail }) =>
                  set(
                    'transaction_type',
                    (detail.selectedOption.value ?? 'payment_received') as ManualTransactionType,
                  )
                }
                data-testid="transaction-transaction_type"
              />
            </FormField>
            <FormField
              label={t('finance:field.amount')}
              constraintText={
                posted !== null ? t('finance:transaction.posted_as', { amount: money(posted) }) : undefined
              }
              errorText={errorText('amount')}
            >
              <Input
                value={values.amount}
                inputMode="decimal"
                onChange={({ detail }) => set('amount', detail.value)}
                invalid={form.has('amount')}
                data-testid="transaction-amount"
              />
            </FormField>
            <FormField label={t('finance:field.date')} errorText={errorText('date')}>
              <DateField
                value={values.date}
                onChange={(value) => set('date', value)}
                invalid={form.has('date')}
                testId="transaction-date"
              />
            </FormField>
          </ColumnLayout>
          <FormField label={t('finance:field.comment')} errorText={errorText('comment')} stretch>
            <Textarea
              value={values.comment}
              onChange={({ detail }) => set('comment', detail.value)}
              invalid={form.has('comment')}
              data-testid="transaction-comment"
            />
          </FormField>
        </SpaceBetween>
      </Container>
    </RecordFormFrame>
  );
}

/** What a rollback asks: why, and a confirmation that the entry is taken back, not deleted. */
function TransactionView({ id }: { id: string }) {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { money } = useMoney();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [entry, setEntry] = useState<TransactionOutput | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    try {
      setEntry(await call('getTransaction', { params: { id } }));
    } catch (error) {
      setFailed(true);
      if (!(error instanceof ApiError && error.code === 'not_found')) reportSaveFailure(error);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return <LoadFailed onRetry={() => void load()}>{t('finance:transaction.load_failed')}</LoadFailed>;
  if (!entry) return <PageSpinner />;

  const rollback = async () => {
    setBusy(true);
    try {
      const reversal = await call('rollbackTransaction', {
        params: { id: entry.transaction_id },
        body: { comment: comment.trim() || null },
      });
      flash('success', 'transaction_rolled_back');
      navigate(hrefOf('transaction/:edit_type/:id?', { edit_type: 'view', id: reversal.transaction_id }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_rolled_back') flash('error', error.code);
      else reportSaveFailure(error, () => void load());
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const link = (target: string, testId: string) => (
    <PageLink
      href={hrefOf('transaction/:edit_type/:id?', { edit_type: 'view', id: target })}
      data-testid={testId}
    >
      {target}
    </PageLink>
  );

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={t(`ledger:source_kind.${entry.source}`)}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              onClick={() => navigate(hrefOf('user/:user_id/transactions', { user_id: entry.user_id }))}
            >
              {t('finance:transaction.statement')}
            </Button>
            {entry.can_rollback && (
              <Button onClick={() => setConfirming(true)} data-testid="transaction-rollback">
                {t('finance:transaction.rollback')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        {t(`ledger:type.${entry.transaction_type}`)}
      </Header>
      {entry.source === 'flight' && <Alert type="info">{t('finance:transaction.follows_flight')}</Alert>}
      <Container>
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('finance:field.member'), value: entry.user_name ?? entry.user_id },
            {
              label: t('finance:field.amount'),
              value: <Amount value={entry.amount} money={money} testId="transaction-view-amount" />,
            },
            { label: t('finance:field.date'), value: formatDate(entry.date) },
            { label: t('finance:field.comment'), value: entry.comment ?? '—' },
            { label: t('finance:transaction.posted_at'), value: formatDateTime(entry.created_at, timeZone) },
            { label: t('finance:transaction.id'), value: <Box variant="code">{entry.transaction_id}</Box> },
            ...(entry.reversal_of
              ? [
                  {
                    label: t('finance:transaction.reverses'),
                    value: link(entry.reversal_of, 'transaction-reverses'),
                  },
                ]
              : []),
            ...(entry.reversed_by
              ? [
                  {
                    label: t('finance:transaction.reversed_by'),
                    value: link(entry.reversed_by, 'transaction-reversed-by'),
                  },
                ]
              : []),
          ]}
        />
      </Container>
      {entry.explanation && (
        <Container
          header={
            <Header variant="h2" description={t('finance:explanation.description')}>
              {t('finance:explanation.title')}
            </Header>
          }
        >
          <ChargeExplanationView explanation={entry.explanation} />
        </Container>
      )}
      {confirming && (
        <ConfirmModal
          visible
          header={t('finance:transaction.rollback_title')}
          confirmText={t('finance:transaction.rollback')}
          busy={busy}
          onConfirm={() => void rollback()}
          onCancel={() => setConfirming(false)}
          testId="transaction-rollback-modal"
        >
          <SpaceBetween size="s">
            <Box>{t('finance:transaction.rollback_body', { amount: money(-entry.amount) })}</Box>
            <FormField label={t('finance:field.comment')}>
              <Input
                value={comment}
                onChange={({ detail }) => setComment(detail.value)}
                data-testid="transaction-rollback-comment"
              />
            </FormField>
          </SpaceBetween>
        </ConfirmModal>
      )}
    </SpaceBetween>
  );
}

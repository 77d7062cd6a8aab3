import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed } from '../../components/forms/record-form.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useMoney } from './finance-ui.tsx';

type Payment = Awaited<ReturnType<typeof call<'getPayment'>>>;

/** How long the screen waits for Stripe's webhook before it says the payment is still being processed. */
const POLL_MS = 1500;
const POLLS = 40;

/**
 * `payment/{provider}/status/{id}` (spec §8 "Successful payment", "Unsuccessful payment"): where
 * Stripe Checkout sends the member back. The payment is settled by Stripe's webhook, not by this
 * page, so it asks until the payment is settled; coming back through Cancel expires the checkout.
 */
export default function PaymentStatusPage() {
  const { t } = useTranslation(['finance', 'messages', 'nav']);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = usePageNavigate();
  const { money } = useMoney();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [payment, setPayment] = useState<Payment | null>(null);
  const [failed, setFailed] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const canceled = search.get('canceled') === '1';

  useEffect(() => {
    let active = true;
    let polls = 0;
    const ask = async () => {
      try {
        const answer =
          canceled && polls === 0
            ? await call('cancelPayment', { params: { id }, body: {} })
            : await call('getPayment', { params: { id } });
        if (!active) return;
        setPayment(answer);
        polls += 1;
        if (answer.status === 'pending') {
          if (polls < POLLS) setTimeout(() => void ask(), POLL_MS);
          else setGaveUp(true);
        }
      } catch (error) {
        if (!active) return;
        setFailed(true);
        reportFailure(error);
      }
    };
    void ask();
    return () => {
      active = false;
    };
  }, [id, canceled]);

  if (failed) return <LoadFailed>{t('finance:payment.status_failed')}</LoadFailed>;
  if (!payment) return <PageSpinner />;

  return (
    <SpaceBetween size="l">
      <Header variant="h1">{t('nav:title.payment_status')}</Header>
      {payment.status === 'succeeded' && (
        <Alert type="success" header={t('messages:successful_payment')} data-testid="payment-succeeded">
          {t('finance:payment.credited', { amount: money(payment.amount) })}
        </Alert>
      )}
      {payment.status === 'failed' && (
        <Alert type="error" header={t('messages:unsuccessful_payment')} data-testid="payment-failed">
          {t('finance:payment.not_charged')}
        </Alert>
      )}
      {payment.status === 'pending' && (
        <Alert type="info" data-testid="payment-pending">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {!gaveUp && <Spinner />}
            <span>{t(gaveUp ? 'finance:payment.still_pending' : 'finance:payment.waiting')}</span>
          </SpaceBetween>
        </Alert>
      )}
      <Container>
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('finance:field.amount'), value: money(payment.amount) },
            { label: t('finance:payment.started_at'), value: formatDateTime(payment.created_at, timeZone) },
            {
              label: t('finance:statement.balance'),
              value: <Box data-testid="payment-balance">{money(payment.balance)}</Box>,
            },
          ]}
        />
      </Container>
      <SpaceBetween direction="horizontal" size="xs">
        <Button onClick={() => navigate(hrefOf('profile/transactions'))} data-testid="payment-statement">
          {t('finance:payment.to_statement')}
        </Button>
        {payment.status === 'failed' && (
          <Button variant="primary" onClick={() => navigate(hrefOf('payment/start'))}>
            {t('finance:payment.try_again')}
          </Button>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
}

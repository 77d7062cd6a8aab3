import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMoney } from '../../../../contracts/money.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed } from '../../components/forms/record-form.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useMoney } from './finance-ui.tsx';

type Config = Awaited<ReturnType<typeof call<'getPaymentConfig'>>>;

/**
 * `payment/start` (issue 14 §8): the member tops up their balance by card. The amount must be
 * within the club's limits (whole forints); Windsock writes the payment, then the browser goes to
 * Stripe Checkout, which comes back to the payment's status screen. Without card payment set up the
 * screen says so and offers nothing to press.
 */
export default function PaymentStartPage() {
  const { t } = useTranslation(['finance', 'nav', 'messages', 'common']);
  const navigate = usePageNavigate();
  const { money } = useMoney();
  const [config, setConfig] = useState<Config | null>(null);
  const [failed, setFailed] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('getPaymentConfig').then(setConfig, (e: unknown) => {
      setFailed(true);
      reportFailure(e);
    });
  }, []);
  if (failed) return <LoadFailed>{t('finance:payment.load_failed')}</LoadFailed>;
  if (!config) return <PageSpinner />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(amount);
    if (minor === null || Number.isNaN(minor)) return setError(t('messages:invalid_value'));
    if (minor < config.min) return setError(t('finance:payment.too_small', { amount: money(config.min) }));
    if (minor > config.max) return setError(t('finance:payment.too_big', { amount: money(config.max) }));
    setError(undefined);
    setBusy(true);
    try {
      const started = await call('startPayment', {
        body: { amount: minor, return_origin: window.location.origin },
      });
      window.location.assign(started.checkout_url);
    } catch (e) {
      setBusy(false);
      if (e instanceof FieldErrors)
        setError(dynamicT(t)(`messages:${e.errors.amount?.[0] ?? 'invalid_value'}`));
      else if (e instanceof ApiError && e.code === 'payments_not_configured')
        setConfig({ ...config, enabled: false });
      else reportFailure(e);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="payment-start-form">
      <Form
        header={
          <Header variant="h1" description={t('finance:payment.description')}>
            {t('nav:title.payment_start')}
          </Header>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => navigate(hrefOf('profile/transactions'))}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              disabled={!config.enabled}
              data-testid="payment-start-pay"
            >
              {t('finance:payment.pay_by_card')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {!config.enabled && (
            <Alert type="warning" data-testid="payment-not-configured">
              {t('messages:payments_not_configured')}
            </Alert>
          )}
          <Container>
            <SpaceBetween size="l">
              <KeyValuePairs
                columns={2}
                items={[
                  { label: t('finance:statement.balance'), value: money(config.balance) },
                  {
                    label: t('finance:payment.limits'),
                    value: t('finance:payment.limits_value', {
                      min: money(config.min),
                      max: money(config.max),
                    }),
                  },
                ]}
              />
              <FormField
                label={t('finance:payment.amount', { currency: config.currency_id })}
                description={t('finance:payment.amount_hint')}
                errorText={error}
              >
                <Input
                  value={amount}
                  inputMode="numeric"
                  disabled={!config.enabled}
                  onChange={({ detail }) => setAmount(detail.value)}
                  invalid={Boolean(error)}
                  data-testid="payment-start-amount"
                />
              </FormField>
              <Box variant="small" color="text-body-secondary">
                {t('finance:payment.stripe_note')}
              </Box>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

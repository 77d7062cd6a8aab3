import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contracts/money.ts';
import type { PricingOutput } from '../../../../contracts/schemas/pricing.ts';
import type { PackageOutput } from '../../../../contracts/schemas/subscriptions.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDateTime } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';

/**
 * Pricing and package choice (role admin): the packages on offer with their aircraft limits and
 * monthly price, the organization's own limits and how full they are, and a request for another
 * package — which the supervisor grants by assigning it (the subscription flow). Reaching the limit
 * is what spec §8's "Maximum number of aircraft in the package reached" is about.
 */
export default function PricingPage() {
  const { t } = useTranslation(['pricing', 'nav', 'common']);
  const lang = currentLang();
  const [pricing, setPricing] = useState<PricingOutput | null>(null);
  const [asking, setAsking] = useState<PackageOutput | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('getPricing').then(setPricing, reportFailure);
  }, []);

  const run = async (action: () => Promise<PricingOutput>, done: string) => {
    setBusy(true);
    try {
      setPricing(await action());
      flash('success', done);
      setAsking(null);
      setNote('');
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const ask = () =>
    asking &&
    void run(
      () => call('requestPackage', { body: { package_id: asking.package_id, note: note.trim() || null } }),
      'package_requested',
    );
  useDialogKeys({ onCancel: () => setAsking(null), onSave: ask }, asking !== null);

  if (!pricing) return <Box color="text-status-inactive">{t('common:nav.loading')}</Box>;
  const { current, usage, request } = pricing;
  const bar = (used: number, limit: number, label: string, testId: string) => (
    <ProgressBar
      label={label}
      value={limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0}
      additionalInfo={t('usage.of', { used, limit })}
      status={limit > 0 && used >= limit ? 'error' : 'in-progress'}
      resultText=""
      data-testid={testId}
    />
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('description')}>
          {t('nav:title.pricing')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {request ? (
          <Alert
            type="info"
            data-testid="pricing-request"
            action={
              <Button
                onClick={() => void run(() => call('withdrawPackageRequest'), 'package_request_withdrawn')}
                loading={busy}
              >
                {t('request.withdraw')}
              </Button>
            }
          >
            {t('request.waiting', {
              name: request.package_name,
              who: request.requested_by_name,
              when: formatDateTime(request.requested_at),
            })}
          </Alert>
        ) : null}
        <KeyValuePairs
          columns={4}
          items={[
            {
              label: t('current.package'),
              value: <span data-testid="pricing-current">{current.package_name ?? t('current.none')}</span>,
            },
            {
              label: t('usage.total'),
              value: bar(usage.total, current.plane_limit, '', 'pricing-usage-total'),
            },
            {
              label: t('usage.general'),
              value: bar(usage.general, current.general_limit, '', 'pricing-usage-general'),
            },
            {
              label: t('usage.glider'),
              value: bar(usage.glider, current.glider_limit, '', 'pricing-usage-glider'),
            },
          ]}
        />
        <Cards<PackageOutput>
          data-testid="pricing-packages"
          header={
            <Header variant="h2" description={t('packages.description')}>
              {t('packages.header')}
            </Header>
          }
          items={pricing.packages}
          trackBy="package_id"
          cardsPerRow={[{ cards: 1 }, { minWidth: 640, cards: 3 }]}
          empty={<Box color="text-status-inactive">{t('packages.none')}</Box>}
          cardDefinition={{
            header: (p) => (
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <span>{p.name}</span>
                {p.package_id === current.package_id ? (
                  <Badge color="green">{t('packages.current')}</Badge>
                ) : null}
                {p.package_id === request?.package_id ? (
                  <Badge color="blue">{t('packages.requested')}</Badge>
                ) : null}
              </SpaceBetween>
            ),
            sections: [
              {
                id: 'price',
                content: (p) => (
                  <Box variant="h3" padding="n">
                    {t('packages.per_month', { price: formatMoney(p.monthly_price, p.currency_id, lang) })}
                  </Box>
                ),
              },
              {
                id: 'limits',
                content: (p) => (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    <li>{t('packages.plane_limit', { limit: p.plane_limit })}</li>
                    <li>{t('packages.general_limit', { limit: p.general_limit })}</li>
                    <li>{t('packages.glider_limit', { limit: p.glider_limit })}</li>
                  </ul>
                ),
              },
              {
                id: 'fits',
                content: (p) =>
                  usage.total > p.plane_limit ||
                  usage.general > p.general_limit ||
                  usage.glider > p.glider_limit ? (
                    <Box color="text-status-warning">{t('packages.too_small')}</Box>
                  ) : null,
              },
              {
                id: 'action',
                content: (p) =>
                  p.package_id === current.package_id ? null : (
                    <Button
                      onClick={() => setAsking(p)}
                      disabled={busy || p.package_id === request?.package_id}
                      data-testid={`pricing-choose-${p.package_id}`}
                    >
                      {t('packages.choose')}
                    </Button>
                  ),
              },
            ],
          }}
        />
      </SpaceBetween>
      <Modal
        visible={asking !== null}
        onDismiss={() => setAsking(null)}
        header={t('request.title', { name: asking?.name ?? '' })}
        data-testid="pricing-request-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setAsking(null)}>
                {t('common:action.cancel')}
              </Button>
              <Button variant="primary" loading={busy} onClick={ask} data-testid="pricing-request-send">
                {t('request.send')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">{t('request.explain')}</Box>
          <FormField label={t('request.note')}>
            <Textarea
              value={note}
              onChange={({ detail }) => setNote(detail.value)}
              rows={3}
              data-testid="pricing-request-note"
            />
          </FormField>
        </SpaceBetween>
      </Modal>
    </ContentLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightChargeOutput } from '../../../../contracts/schemas/finance.ts';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { ApiError, call, FieldErrors } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { ChargeExplanationView } from './charge-explanation.tsx';
import { MemberPicker, useMoney } from './finance-ui.tsx';

type Mode = FlightChargeOutput['payers_mode'];
interface Share {
  /** A row's own key (rows are added and removed). */
  key: number;
  user_id: string;
  percent: string;
}
let rowKey = 0;

/**
 * A flight's charge on the flight's own screens (issue 14 §2), loaded lazily by the flights
 * feature: what it cost and who pays, "Why?" opening the explanation line by line; the treasurer
 * (transaction-edit) picks another payer, splits it, or charges nobody, and recalculates it under
 * the tariff in force for its day. It says so when there is nothing to charge yet.
 */
export default function FlightChargePanel({ flightId }: { flightId: string }) {
  const { t } = useTranslation(['finance', 'ledger', 'common']);
  const { money } = useMoney();
  const [charge, setCharge] = useState<FlightChargeOutput | null>(null);
  const [hidden, setHidden] = useState(false);
  const [editing, setEditing] = useState(false);
  const [mode, setMode] = useState<Mode>('default');
  const [shares, setShares] = useState<Share[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setCharge(await call('getFlightCharge', { params: { id: flightId } }));
    } catch (e) {
      // Not the reader's money (403), no finances in this club (403), no such flight (404): no panel.
      if (e instanceof ApiError && (e.status === 403 || e.status === 404)) setHidden(true);
      else reportSaveFailure(e);
    }
  }, [flightId]);
  useEffect(() => {
    void load();
  }, [load]);
  if (hidden || !charge) return null;

  const startEditing = () => {
    setMode(charge.payers_mode);
    setShares(
      charge.payers.length > 0
        ? charge.payers.map((p) => ({ key: ++rowKey, user_id: p.user_id, percent: String(p.percent) }))
        : charge.entries.map((e) => ({ key: ++rowKey, user_id: e.user_id, percent: '100' })),
    );
    setError(undefined);
    setEditing(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const payers =
        mode === 'custom' ? shares.map((s) => ({ user_id: s.user_id, percent: Number(s.percent) })) : [];
      setCharge(
        await call('setFlightPayers', {
          params: { id: flightId },
          body: { mode, payers, version: charge.version },
        }),
      );
      flash('success', 'charge_payers_saved');
      setEditing(false);
    } catch (e) {
      if (e instanceof FieldErrors) setError(t('finance:charge.split_invalid'));
      else reportSaveFailure(e, () => void load());
    } finally {
      setBusy(false);
    }
  };
  const recalculate = async () => {
    setBusy(true);
    try {
      setCharge(
        await call('recalculateFlightCharge', {
          params: { id: flightId },
          body: { version: charge.version },
        }),
      );
      flash('success', 'charge_recalculated');
    } catch (e) {
      reportSaveFailure(e, () => void load());
    } finally {
      setBusy(false);
    }
  };
  const total = charge.explanation?.total ?? 0;
  const payers = charge.entries.map((e) => `${e.user_name ?? e.user_id}: ${money(-e.amount)}`).join(' · ');

  return (
    <Container
      data-testid="flight-charge"
      header={
        <Header
          variant="h2"
          description={t(`finance:charge.state.${charge.state}`)}
          actions={
            charge.can_edit && (
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" onClick={startEditing} data-testid="flight-charge-payers">
                  {t('finance:charge.change_payer')}
                </Button>
                <Button
                  formAction="none"
                  loading={busy}
                  onClick={() => void recalculate()}
                  data-testid="flight-charge-recalculate"
                >
                  {t('finance:charge.recalculate')}
                </Button>
              </SpaceBetween>
            )
          }
        >
          {t('finance:charge.title')}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {charge.state === 'charged' && (
          <SpaceBetween size="xxs">
            <Box variant="h3" data-testid="flight-charge-total">
              {money(total)}
            </Box>
            <Box color="text-body-secondary">{payers}</Box>
          </SpaceBetween>
        )}
        {charge.state === 'no_payer' && (
          <StatusIndicator type="warning">{t('finance:charge.no_payer_hint')}</StatusIndicator>
        )}
        {charge.explanation && (
          <ExpandableSection
            headerText={t('finance:charge.why', { amount: money(total) })}
            data-testid="flight-charge-why"
          >
            <ChargeExplanationView explanation={charge.explanation} />
          </ExpandableSection>
        )}
        {editing && (
          <SpaceBetween size="s" data-testid="flight-charge-payers-form">
            <SegmentedControl
              selectedId={mode}
              onChange={({ detail }) => setMode(detail.selectedId as Mode)}
              options={(['default', 'custom', 'none'] as const).map((id) => ({
                id,
                text: t(`finance:charge.mode.${id}`),
              }))}
            />
            {mode === 'custom' &&
              shares.map((share, index) => (
                <SpaceBetween key={share.key} direction="horizontal" size="s" alignItems="end">
                  <FormField label={t('finance:field.member')}>
                    <MemberPicker
                      value={share.user_id}
                      onChange={(user_id) =>
                        setShares(shares.map((s, i) => (i === index ? { ...s, user_id } : s)))
                      }
                      testId={`flight-charge-payer-${index}`}
                    />
                  </FormField>
                  <FormField label="%">
                    <Input
                      value={share.percent}
                      inputMode="numeric"
                      onChange={({ detail }) =>
                        setShares(shares.map((s, i) => (i === index ? { ...s, percent: detail.value } : s)))
                      }
                    />
                  </FormField>
                  <Button
                    formAction="none"
                    variant="icon"
                    iconName="remove"
                    ariaLabel={t('finance:rules.remove')}
                    onClick={() => setShares(shares.filter((_, i) => i !== index))}
                  />
                </SpaceBetween>
              ))}
            {mode === 'custom' && shares.length < 4 && (
              <Button
                formAction="none"
                iconName="add-plus"
                onClick={() => setShares([...shares, { key: ++rowKey, user_id: '', percent: '' }])}
              >
                {t('finance:charge.add_payer')}
              </Button>
            )}
            {error && <Box color="text-status-error">{error}</Box>}
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => setEditing(false)}>
                {t('common:action.cancel')}
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={busy}
                onClick={() => void save()}
                data-testid="flight-charge-payers-save"
              >
                {t('common:action.save')}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalancePolicy } from '../../../../contracts/schemas/finance-enums.ts';
import { call } from '../../lib/api-client.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/**
 * Money on the field (issue 14 §9), for the daily sheet: whose payer is below the minimum balance
 * (states only: the timer operator sees no amounts), and the organization's policy for it.
 */
export function usePayerStanding(userIds: readonly (string | null | undefined)[]) {
  const { profile } = useStore(session);
  const enabled = profile?.organization?.modules.includes('financial') === true;
  const ids = useMemo(
    () => [...new Set(userIds.filter((id): id is string => Boolean(id)))].sort().slice(0, 100),
    [userIds],
  );
  const key = ids.join(',');
  const [state, setState] = useState<{ policy: BalancePolicy; below: ReadonlySet<string> }>({
    policy: 'off',
    below: new Set(),
  });
  useEffect(() => {
    if (!enabled || key === '') return;
    let active = true;
    // No answer (no permission, offline) shows nothing; the server still decides when a flight is put on.
    call('getPayerStanding', { query: { user_ids: key } }).then(
      (answer) =>
        active &&
        setState({
          policy: answer.policy,
          below: new Set(answer.items.filter((i) => i.state === 'below_minimum').map((i) => i.user_id)),
        }),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [enabled, key]);
  return state;
}

/**
 * The new launch's payer below the minimum: a warning; with the policy `block`, the launch will be
 * refused — unless the day's coordinator (or an admin) overrides it here, which is logged.
 */
export function PayerStandingWarning({
  payerId,
  mayOverride,
  override,
  onOverride,
}: {
  payerId: string | null;
  /** The server's word (the daily sheet's `can_override_balance`): the coordinator or an admin. */
  mayOverride: boolean;
  override: boolean;
  onOverride: (override: boolean) => void;
}) {
  const { t } = useTranslation('finance');
  const ids = useMemo(() => [payerId], [payerId]);
  const { policy, below } = usePayerStanding(ids);
  if (!payerId || policy === 'off' || !below.has(payerId)) return null;
  return (
    <Alert type={policy === 'block' ? 'error' : 'warning'} data-testid="sheet-payer-below">
      {t(policy === 'block' ? 'standing.blocked' : 'standing.warn')}
      {policy === 'block' && mayOverride && (
        <Checkbox
          checked={override}
          onChange={({ detail }) => onOverride(detail.checked)}
          data-testid="sheet-payer-override"
        >
          {t('standing.override')}
        </Checkbox>
      )}
    </Alert>
  );
}

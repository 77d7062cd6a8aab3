import Alert from '@cloudscape-design/components/alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TowRecency } from '../../../../contracts/tow-recency.ts';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';

/** Answers of this page view, per tow pilot: picking the same tow pilot again asks nobody. */
const known = new Map<string, Promise<TowRecency | null>>();
const towRecencyOf = (userId: string) => {
  let found = known.get(userId);
  if (!found) {
    // No answer (no permission, no network) shows no warning; the server still decides in block mode.
    found = call('getTowRecency', { params: { user_id: userId } }).catch(() => null);
    known.set(userId, found);
  }
  return found;
};

/**
 * Issue 15 §4 on the daily sheet: the tow pilot of an aerotow needs five tows in 24 months
 * (contracts/tow-recency.ts). Lapsed or lapsing, the sheet says so; in the organization's block mode
 * the API refuses the launch, so the warning says that too.
 */
export function TowRecencyWarning({
  towPilotId,
  blocking,
}: {
  towPilotId: string | null;
  blocking: boolean;
}) {
  const { t } = useTranslation(['winch', 'daily-flight', 'messages']);
  const [recency, setRecency] = useState<TowRecency | null>(null);
  useEffect(() => {
    let active = true;
    setRecency(null);
    if (!towPilotId) return;
    void towRecencyOf(towPilotId).then((answer) => {
      if (active) setRecency(answer);
    });
    return () => {
      active = false;
    };
  }, [towPilotId]);
  if (!recency || recency.status === 'current') return null;
  const lapsed = recency.status === 'lapsed';
  return (
    <Alert
      type={lapsed ? (blocking ? 'error' : 'warning') : 'info'}
      header={lapsed ? t('messages:tow_recency_lapsed') : undefined}
      data-testid="tow-recency-warning"
    >
      {lapsed
        ? t('tow_recency.lapsed', { tows: recency.tows, needed: recency.needed })
        : t('tow_recency.lapsing', { date: formatDate(recency.until) })}
      {lapsed && blocking && <p style={{ marginBottom: 0 }}>{t('daily-flight:recency.blocked')}</p>}
    </Alert>
  );
}

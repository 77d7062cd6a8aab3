import Alert from '@cloudscape-design/components/alert';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lapsedFor } from '../../../../contracts/recency-check.ts';
import type { TakeoffTypeId } from '../../../../contracts/schemas/flight-enums.ts';
import { takeoffTypeOf } from '../../../../contracts/schemas/flight-enums.ts';
import type { RecencyOutput } from '../../../../contracts/schemas/logbook.ts';
import { call } from '../../lib/api-client.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

type Rule = RecencyOutput['rules'][number];

const RULE_NAMES: Record<Rule['rule'], string> = {
  sfcl_160a: 'SFCL.160(a)',
  sfcl_160e: 'SFCL.160(e)',
  sfcl_155: 'SFCL.155',
  fcl_060: 'FCL.060',
  medical: '',
};

/** Recency answers of this page view, per pilot: picking the same pilot again asks nobody. */
const known = new Map<string, Promise<RecencyOutput | null>>();
const recencyOf = (userId: string) => {
  let found = known.get(userId);
  if (!found) {
    // No answer (no permission, no network) shows no warning; the server still decides in block mode.
    found = call('getMemberRecency', { params: { user_id: userId } }).catch(() => null);
    known.set(userId, found);
  }
  return found;
};

/**
 * Issue 5 §6 on the daily sheet: the pilot in command (nobody instructing) picked for a launch is
 * checked against the rules that launch depends on (contracts/recency-check.ts); a lapsed rule
 * shows with what is missing. In the organization's block mode the API refuses the launch
 * (`continuity_lapsed`), so the warning says so.
 */
export function RecencyWarning({
  pilotId,
  withInstructor,
  withPassenger,
  powered,
  takeoffTypeId,
  blocking,
}: {
  pilotId: string | null;
  withInstructor: boolean;
  withPassenger: boolean;
  powered: boolean;
  takeoffTypeId: number;
  blocking: boolean;
}) {
  const { t } = useTranslation(['daily-flight', 'messages']);
  const [rules, setRules] = useState<Rule[]>([]);
  useEffect(() => {
    let active = true;
    setRules([]);
    if (!pilotId || withInstructor || takeoffTypeId < 1 || takeoffTypeId > 6) return;
    void recencyOf(pilotId).then((recency) => {
      if (!active || !recency) return;
      setRules(
        lapsedFor(recency, {
          kind: powered ? 'powered' : 'glider',
          takeoff_type: takeoffTypeOf(takeoffTypeId as TakeoffTypeId),
          with_passenger: withPassenger,
        }),
      );
    });
    return () => {
      active = false;
    };
  }, [pilotId, withInstructor, withPassenger, powered, takeoffTypeId]);

  if (rules.length === 0) return null;
  const lineOf = (rule: Rule) => {
    const name =
      rule.rule === 'medical'
        ? t('recency.medical')
        : rule.method
          ? `${RULE_NAMES[rule.rule]} ${dynamicT(t)(`launch.${rule.method}`)}`
          : RULE_NAMES[rule.rule];
    const needs = Object.entries(rule.needed)
      .filter(([, value]) => value > 0)
      .map(([measure, value]) =>
        dynamicT(t)(`recency.needed.${measure}`, {
          value: measure === 'minutes' ? formatMinutes(value) : value,
        }),
      );
    // Issue 16 §5: a method never flown as pilot in command and not opened by a training.
    if (rule.privilege_missing) return `${name}: ${t('recency.no_privilege')}`;
    const until = rule.until ? t('recency.until', { date: formatDate(rule.until) }) : t('recency.lapsed');
    return needs.length > 0 ? `${name}: ${needs.join(', ')} (${until})` : `${name}: ${until}`;
  };
  return (
    <Alert
      type={blocking ? 'error' : 'warning'}
      header={t('messages:continuity_lapsed')}
      data-testid="launch-recency-warning"
    >
      <ul style={{ margin: 0, paddingLeft: 20, fontSize: 17 }}>
        {rules.map((rule) => (
          <li key={`${rule.rule}-${rule.method ?? ''}`} data-testid={`launch-recency-${rule.rule}`}>
            {lineOf(rule)}
          </li>
        ))}
      </ul>
      {blocking && <p style={{ marginBottom: 0 }}>{t('recency.blocked')}</p>}
    </Alert>
  );
}

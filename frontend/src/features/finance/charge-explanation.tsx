import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import {
  lineCalculation,
  lineNotes,
  lineSource,
  type Translate,
} from '../../../../contracts/charge-explanation.ts';
import type { ChargeExplanation } from '../../../../contracts/schemas/tariffs.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { useMoney } from './finance-ui.tsx';

/**
 * "Why 8 450 Ft?" (issue 14 §2): a flight charge line by line — what each line prices, where its
 * price comes from (a tariff rule by name, a club or aircraft price), the calculation, what capped
 * or lifted it, and the amount — then the total, the tariff and the inputs it was priced from.
 */
export function ChargeExplanationView({ explanation }: { explanation: ChargeExplanation }) {
  const { t } = useTranslation(['ledger', 'finance']);
  const { money } = useMoney();
  const lang = currentLang();
  const tr: Translate = dynamicT(t);
  const inputs = explanation.inputs;
  return (
    <SpaceBetween size="m" data-testid="charge-explanation">
      <DataTable
        id="charge-explanation"
        fixedColumns
        variant="embedded"
        items={explanation.lines}
        trackBy={(line) => `${line.component}-${line.rule_id ?? line.price_field ?? ''}`}
        columns={[
          {
            id: 'component',
            header: t('finance:explanation.component'),
            cell: (line) => (
              <SpaceBetween size="xxxs">
                <span>{t(`ledger:component.${line.component}`)}</span>
                <Box variant="small" color="text-body-secondary">
                  {lineSource(line, tr)}
                </Box>
              </SpaceBetween>
            ),
          },
          {
            id: 'calculation',
            header: t('finance:explanation.calculation'),
            cell: (line) => (
              <SpaceBetween size="xxxs">
                <span style={{ whiteSpace: 'nowrap' }}>{lineCalculation(line, tr, money, lang)}</span>
                {lineNotes(line, tr, money, lang).map((note) => (
                  <Box key={note} variant="small" color="text-status-info">
                    {note}
                  </Box>
                ))}
              </SpaceBetween>
            ),
          },
          {
            id: 'amount',
            header: t('finance:explanation.amount'),
            align: 'end',
            cell: (line) => <span style={{ whiteSpace: 'nowrap' }}>{money(line.amount)}</span>,
          },
        ]}
      />
      <Box textAlign="right" variant="h3" data-testid="charge-explanation-total">
        {t('ledger:total', { amount: money(explanation.total) })}
      </Box>
      <KeyValuePairs
        columns={3}
        items={[
          {
            label: t('finance:explanation.tariff'),
            value: explanation.tariff
              ? t('ledger:tariff.named', {
                  name: explanation.tariff.name,
                  version: explanation.tariff.version,
                })
              : t('ledger:tariff.base_prices'),
          },
          {
            label: t('finance:explanation.flight'),
            value: `${inputs.reg_num}${inputs.plane_type ? ` (${inputs.plane_type})` : ''} · ${formatDate(inputs.date)}`,
          },
          {
            label: t('finance:explanation.times'),
            value: t('finance:explanation.times_value', {
              flight: formatMinutes(inputs.flight_minutes),
              engine: formatMinutes(inputs.engine_minutes),
              landings: inputs.landings,
            }),
          },
          {
            label: t('finance:explanation.launch'),
            value: [
              t(`finance:launch.${inputs.launch_method}`),
              inputs.tow_altitude ? `${inputs.tow_altitude}\u00a0m` : '',
              inputs.flight_role === 'tow' ? t('finance:explanation.tow_role') : '',
              inputs.training ? t('finance:explanation.training') : '',
            ]
              .filter(Boolean)
              .join(' · '),
          },
          {
            label: t('finance:explanation.payer_facts'),
            value: [
              inputs.membership_type
                ? t(`ledger:membership_type.${inputs.membership_type}`)
                : t('finance:explanation.no_membership'),
              inputs.age !== null ? t('finance:explanation.age', { age: inputs.age }) : '',
            ]
              .filter(Boolean)
              .join(' · '),
          },
          ...(explanation.shares.length > 1
            ? [
                {
                  label: t('finance:explanation.shares'),
                  value: explanation.shares.map((s) => `${s.percent}% · ${money(s.amount)}`).join(', '),
                },
              ]
            : []),
        ]}
      />
    </SpaceBetween>
  );
}

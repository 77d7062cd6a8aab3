import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecencyOutput } from '../../../../contracts/schemas/logbook.ts';
import { PageLink } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { countedLogbook, type RecencyRule, ruleTitle, statusSentence } from './recency-wording.ts';

/** How many counted flights a card links to; the rest are summed up ("… and 40 more"). */
const COUNTED_SHOWN = 12;

const INDICATOR: Record<RecencyRule['status'], StatusIndicatorProps.Type> = {
  current: 'success',
  lapsing: 'warning',
  lapsed: 'error',
  not_applicable: 'stopped',
  // Nothing recorded is not an expiry: a neutral note, not a red alarm (issue 13 §6).
  not_recorded: 'info',
};

/**
 * The signed-in pilot's recency (GET /api/recency, members only); null until loaded (or when not
 * asked for), 'failed' when it could not be.
 */
export function useOwnRecency(enabled: boolean) {
  const [recency, setRecency] = useState<RecencyOutput | null | 'failed'>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    call('getOwnRecency')
      .then((output) => current && setRecency(output))
      .catch(() => current && setRecency('failed'));
    return () => {
      current = false;
    };
  }, [enabled]);
  return recency;
}

/** The logbook the person flies, read from their recency: powered when they fly only powered. */
export function flownKind(recency: RecencyOutput | null | 'failed'): 'glider' | 'general' | null {
  if (!recency || recency === 'failed') return null;
  const glides = recency.rules.some((r) => r.rule === 'sfcl_160a');
  const powered = recency.rules.some((r) => r.rule === 'fcl_060' && r.status !== 'not_applicable');
  if (glides) return 'glider';
  return powered ? 'general' : null;
}

/** Spec §8 "Continuity lapsed." at the top of the dashboard when any rule has lapsed. */
export function ContinuityAlert(props: { recency: RecencyOutput | null | 'failed' }) {
  const { t } = useTranslation('recency');
  if (!props.recency || props.recency === 'failed' || !props.recency.lapsed) return null;
  // A person with no flights at all has only "no medical on record": the card says so, no alarm.
  const flies = props.recency.rules.some((r) => r.rule !== 'medical' && r.status !== 'not_applicable');
  if (!flies) return null;
  return (
    <Alert type="error" header={t('alert.header')} data-testid="continuity-lapsed">
      {t('alert.text')}
    </Alert>
  );
}

/** One card per rule (issue 5 §6): status, until when, what is needed, and the flights that counted. */
export function RecencyCards(props: { recency: RecencyOutput | null | 'failed' }) {
  const { t } = useTranslation('recency');
  const { recency } = props;
  const rules =
    recency && recency !== 'failed' ? recency.rules.filter((r) => r.status !== 'not_applicable') : [];
  const translate = dynamicT(t);
  // Nothing applies to the person: no card at all rather than an empty one.
  if (recency && recency !== 'failed' && rules.length === 0) return null;

  return (
    <Cards<RecencyRule>
      data-testid="recency-cards"
      header={
        <Header variant="h2" description={t('description')}>
          {t('header')}
        </Header>
      }
      loading={recency === null}
      loadingText={t('header')}
      items={rules}
      trackBy={(rule) => `${rule.rule}-${rule.method ?? ''}`}
      cardsPerRow={[{ cards: 1 }, { minWidth: 500, cards: 2 }, { minWidth: 900, cards: 3 }]}
      empty={
        <Box color={recency === 'failed' ? 'text-status-error' : 'text-status-inactive'}>
          {recency === 'failed' ? t('load_failed') : t('none')}
        </Box>
      }
      cardDefinition={{
        header: (rule) => (
          <span data-testid={`recency-${rule.rule}${rule.method ? `-${rule.method}` : ''}`}>
            {ruleTitle(rule, translate)}
          </span>
        ),
        sections: [
          {
            id: 'status',
            content: (rule) => (
              <SpaceBetween size="xxs">
                <StatusIndicator type={INDICATOR[rule.status]}>{t(`status.${rule.status}`)}</StatusIndicator>
                <Box data-testid="recency-sentence">{statusSentence(rule, translate)}</Box>
                <Box variant="small" color="text-body-secondary">
                  {t(`about.${rule.rule}`)}
                </Box>
              </SpaceBetween>
            ),
          },
          {
            id: 'counted',
            content: (rule) =>
              rule.counted.length === 0 ? null : (
                <ExpandableSection headerText={t('counted', { count: rule.counted.length })} variant="footer">
                  <SpaceBetween size="xxs" direction="horizontal">
                    {rule.counted.slice(0, COUNTED_SHOWN).map((id, index) => (
                      <PageLink key={id} href={hrefOf(`logbook/${countedLogbook(rule)}/:id`, { id })}>
                        {t('counted_flight', { n: index + 1 })}
                      </PageLink>
                    ))}
                    {rule.counted.length > COUNTED_SHOWN ? (
                      <Box color="text-body-secondary">
                        {t('counted_more', { count: rule.counted.length - COUNTED_SHOWN })}
                      </Box>
                    ) : null}
                  </SpaceBetween>
                </ExpandableSection>
              ),
          },
        ],
      }}
    />
  );
}

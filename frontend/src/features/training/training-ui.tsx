import Box from '@cloudscape-design/components/box';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import type { ProgressOutput } from '../../../../contracts/schemas/training.ts';
import type { TrainingStatus } from '../../../../contracts/schemas/training-enums.ts';
import { formatMinutes } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

/** Shared pieces of the training screens: status, money, minimums, launch methods, phone layout. */

const STATUS_TYPE: Record<TrainingStatus, StatusIndicatorProps.Type> = {
  open: 'in-progress',
  closed: 'stopped',
  successful: 'success',
  unsuccessful: 'error',
};

/** Spec §4: open, closed, successful, unsuccessful. */
export function TrainingStatusBadge({ status, testId }: { status: TrainingStatus; testId?: string }) {
  const { t } = useTranslation('training');
  return (
    <StatusIndicator type={STATUS_TYPE[status]} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </StatusIndicator>
  );
}

/**
 * Money is integer minor units; shown with the organization's currency as Intl writes it (HUF
 * without decimals: `450 000 Ft`).
 */
export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat(currentLang(), { style: 'currency', currency }).format(minor / 100);

/** Minutes as hours:minutes, '0:00' for none. */
export const hours = (minutes: number) => formatMinutes(minutes) || '0:00';

/** The takeoff type of a logbook line (spec §3 ids 1–6) in words. */
/**
 * A task's title with its place in the programme. A name that numbers itself ("1. gyakorlat: …",
 * "Exercise 1: …", the AMC exercise numbers of the built-in SPL) is shown as it is, so the header
 * never reads "1. 1. gyakorlat".
 */
export const taskTitle = (task: { position: number; task_name: string }) =>
  /^\s*\d+[.)]?\s/.test(task.task_name) || /^\p{L}+\s+\d+[a-z]?\s*:/u.test(task.task_name)
    ? task.task_name
    : `${task.position}. ${task.task_name}`;

export const launchName = (t: (key: string) => string, id: number) =>
  id >= 1 && id <= 6 ? t(`training:launch.${TAKEOFF_TYPES[id - 1]}`) : '—';

const MEASURE_IS_TIME = new Set(['dual_minutes', 'solo_minutes', 'total_minutes']);

/** Each minimum that is set, as done / required with a bar; green when met (issue 16 §3). */
export function MinimumsProgress({ progress, testId }: { progress: ProgressOutput; testId: string }) {
  const { t } = useTranslation('training');
  const measures = Object.keys(progress.missing);
  if (measures.length === 0)
    return (
      <Box color="text-body-secondary" data-testid={testId}>
        {t('progress.no_minimums')}
      </Box>
    );
  return (
    <SpaceBetween size="xs" data-testid={testId}>
      {measures.map((measure) => {
        const done = progress[measure as keyof ProgressOutput] as number;
        const missing = progress.missing[measure] ?? 0;
        const required = done + missing > done ? done + missing : Math.max(done, 1);
        const need = missing > 0 ? done + missing : done;
        const shown = (value: number) => (MEASURE_IS_TIME.has(measure) ? hours(value) : String(value));
        return (
          <ProgressBar
            key={measure}
            value={Math.min(100, Math.round((done * 100) / (need || required)))}
            label={dynamicT(t)(`measure.${measure}`)}
            additionalInfo={
              missing > 0 ? t('progress.missing', { value: shown(missing) }) : t('progress.met')
            }
            description={`${shown(done)} / ${shown(need)}`}
            status={missing > 0 ? 'in-progress' : 'success'}
            resultText={`${shown(done)} / ${shown(need)} · ${t('progress.met')}`}
            data-testid={`${testId}-${measure}`}
          />
        );
      })}
    </SpaceBetween>
  );
}

/** Below Cloudscape's small breakpoint (a phone held upright): cards instead of wide tables. */
export function useNarrow() {
  const query = '(max-width: 688px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

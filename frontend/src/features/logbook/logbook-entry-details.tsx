import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useTranslation } from 'react-i18next';
import type { LogbookEntryOutput } from '../../../../contracts/schemas/logbook.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { wallClockOf } from '../../lib/zoned-time.ts';
import { launchMethodOf, picNameOf, type Translate } from './logbook-lines.ts';

/**
 * Every field of one logbook line (the EASA columns and the rest): on the pilot's own entry page and
 * in the instructor's view of a line waiting for their signature.
 */
export function EntryDetails({
  entry,
  timeZone,
  columns = 3,
}: {
  entry: LogbookEntryOutput;
  timeZone: string;
  columns?: number;
}) {
  const { t } = useTranslation(['logbook', 'flights', 'common']);
  const translate = t as unknown as Translate;
  const minutes = (value: number) => (value > 0 ? formatMinutes(value) : '—');
  const pair = (key: string, value: string | number | null | undefined) => ({
    label: dynamicT(t)(`entry.${key}`),
    value: (
      <span data-testid={`entry-${key}`}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </span>
    ),
  });
  return (
    <KeyValuePairs
      columns={columns}
      items={[
        pair('date', formatDate(entry.date)),
        pair(
          'departure',
          `${entry.takeoff_airport ?? ''} ${wallClockOf(entry.takeoff_time, timeZone).time}`.trim(),
        ),
        pair(
          'arrival',
          `${entry.landing_airport ?? ''} ${wallClockOf(entry.landing_time, timeZone).time}`.trim(),
        ),
        pair('aircraft', [entry.plane_type, entry.reg_num].filter(Boolean).join(' · ')),
        pair('launch_method', launchMethodOf(entry, translate)),
        pair('role', t(`role.${entry.role}`)),
        pair('pic_name', picNameOf(entry, translate)),
        pair('instructor', entry.instructor_name),
        pair('total', formatMinutes(entry.flight_minutes)),
        pair('launches', entry.launches),
        pair('landings', entry.landings),
        pair('night', minutes(entry.night_minutes)),
        pair('ifr', minutes(entry.ifr_minutes)),
        pair('multi_pilot', minutes(entry.multi_pilot_minutes)),
        pair(
          'sim',
          entry.sim_minutes > 0 ? `${entry.sim_type ?? ''} ${formatMinutes(entry.sim_minutes)}`.trim() : null,
        ),
        pair('tow_altitude', entry.tow_altitude === null ? null : `${entry.tow_altitude} m`),
        pair(
          'flags',
          [
            entry.is_tmg ? t('entry.tmg') : '',
            entry.multi_engine ? t('entry.multi_engine') : '',
            entry.training ? t('entry.training') : '',
            entry.proficiency_check ? t('line.proficiency_check') : '',
          ]
            .filter(Boolean)
            .join(', '),
        ),
        pair('remarks', entry.remarks),
      ]}
    />
  );
}

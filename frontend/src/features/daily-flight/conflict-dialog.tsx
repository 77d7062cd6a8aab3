import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { formatMinutes } from '../../lib/format.ts';
import { launchName } from './flight-card.tsx';
import { timeIn } from './sheet-time.ts';
import type { SheetConflict } from './use-daily-sheet.ts';

const PEOPLE = new Set(['pic_id', 'sic_id', 'instructor_id', 'winch_operator_id', 'tow_pilot_id']);

/**
 * A write another timer operator beat us to (409): both versions side by side, and the choice —
 * send ours again on top of theirs, or keep theirs. Nothing is overwritten without this choice. A
 * dialog, so it is seen wherever the operator has scrolled to.
 */
export function ConflictDialog({
  conflict,
  nameOf,
  regOf,
  timeZone,
  onResolve,
}: {
  conflict: SheetConflict;
  nameOf: (userId: string | null) => string;
  regOf: (planeId: string | null) => string;
  timeZone: string;
  onResolve: (choice: 'mine' | 'theirs') => void;
}) {
  const { t } = useTranslation('daily-flight');
  const { entry, theirs } = conflict;
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (PEOPLE.has(field)) return nameOf(String(value));
    if (field === 'plane_id' || field === 'tow_plane_id') return regOf(String(value));
    if (field === 'takeoff_time' || field === 'landing_time') return timeIn(String(value), timeZone) ?? '?';
    if (field === 'takeoff_type_id') return t(`launch.${launchName(Number(value))}`);
    if (field === 'flight_time') return formatMinutes(Number(value));
    if (typeof value === 'boolean') return value ? t('conflict.yes') : t('conflict.no');
    return String(value);
  };
  const field = (name: string) => t(`conflict.field.${name}`, { defaultValue: name });
  const of = (flight: FlightOutput | null, name: string) =>
    flight ? show(name, (flight as unknown as Record<string, unknown>)[name]) : '—';

  let rows: { name: string; mine: string; theirs: string }[];
  switch (entry.kind) {
    case 'takeoff':
      rows = [
        {
          name: field('takeoff_time'),
          mine: show('takeoff_time', entry.at),
          theirs: of(theirs, 'takeoff_time'),
        },
      ];
      break;
    case 'land':
      rows = [
        {
          name: field('landing_time'),
          mine: show('landing_time', entry.at),
          theirs: of(theirs, 'landing_time'),
        },
      ];
      break;
    case 'update':
      rows = Object.entries(entry.body).map(([name, value]) => ({
        name: field(name),
        mine: show(name, value),
        theirs: of(theirs, name),
      }));
      break;
    default:
      rows = [
        { name: field('flight'), mine: t('conflict.deleted'), theirs: theirs ? t('conflict.kept') : '—' },
      ];
  }
  const reg = theirs?.reg_num ?? '';
  const resolve = (choice: 'mine' | 'theirs') => () => onResolve(choice);
  return (
    <Modal
      visible
      onDismiss={resolve('theirs')}
      header={theirs ? t('conflict.title', { reg }) : t('conflict.gone_title')}
      data-testid="sheet-conflict"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {theirs && (
              <Button onClick={resolve('mine')} data-testid="sheet-conflict-mine">
                {t('conflict.apply_mine')}
              </Button>
            )}
            <Button variant="primary" onClick={resolve('theirs')} data-testid="sheet-conflict-theirs">
              {theirs ? t('conflict.keep_theirs') : t('conflict.understood')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {theirs ? (
        <table style={{ borderCollapse: 'collapse', fontSize: 18, width: '100%' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left', padding: '4px 12px 4px 0' }} />
              <th style={{ textAlign: 'left', padding: '4px 12px 4px 0' }}>{t('conflict.mine')}</th>
              <th style={{ textAlign: 'left', padding: '4px 0' }}>{t('conflict.theirs')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th style={{ textAlign: 'left', padding: '4px 12px 4px 0' }}>{row.name}</th>
                <td style={{ padding: '4px 12px 4px 0' }} data-testid="sheet-conflict-mine-value">
                  {row.mine}
                </td>
                <td style={{ padding: '4px 0', fontWeight: 700 }} data-testid="sheet-conflict-theirs-value">
                  {row.theirs}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        t('conflict.gone_text')
      )}
    </Modal>
  );
}

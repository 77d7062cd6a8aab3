import { describe, expect, it } from 'vitest';
import { addTotals, totalsOf } from '../../contracts/logbook-totals.ts';
import type { LogbookEntryOutput } from '../../contracts/schemas/logbook.ts';
import {
  BOM,
  columnsOf,
  logbookCsv,
  picNameOf,
  prevTotalsOf,
  signatureText,
  type Translate,
} from '../../frontend/src/features/logbook/logbook-lines.ts';
import { LINES_PER_PAGE, logbookPrintHtml } from '../../frontend/src/features/logbook/logbook-print.ts';

/**
 * The logbook's EASA columns, totals and exports (CSV, printable PDF), without a browser: what a
 * pilot hands to an examiner must add up and must keep every accent.
 */
const t: Translate = (key, values) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;

const line = (over: Partial<LogbookEntryOutput> = {}): LogbookEntryOutput => ({
  user_id: 'user-student',
  entry_id: 'e1',
  kind: 'glider',
  source: 'club',
  organization_id: 'org-demo',
  flight_id: 'f1',
  date: '2026-08-15',
  takeoff_time: '2026-08-15T08:30:00.000Z',
  landing_time: '2026-08-15T09:15:00.000Z',
  takeoff_airport: 'LHDK',
  landing_airport: 'LHDK',
  plane_id: 'plane-ha-4012',
  reg_num: 'HA-4012',
  plane_type: 'ASK 21',
  is_tmg: false,
  multi_engine: false,
  takeoff_type_id: 3,
  role: 'dual',
  pic_name: null,
  instructor_id: 'user-instructor',
  instructor_name: 'Oktató Ödön',
  flight_minutes: 45,
  launches: 1,
  landings: 1,
  night_minutes: 0,
  ifr_minutes: 0,
  multi_pilot_minutes: 0,
  sim_minutes: 0,
  sim_type: null,
  tow_altitude: null,
  training: true,
  proficiency_check: false,
  remarks: null,
  status: 'awaiting_signature',
  signature: null,
  editable: false,
  version: 1,
  ...over,
});

describe('a logbook line in the EASA columns', () => {
  it('names the commander: SELF in command, the instructor when flying dual', () => {
    expect(picNameOf(line({ role: 'pic' }), t)).toBe('line.self');
    expect(picNameOf(line({ role: 'instructor' }), t)).toBe('line.self');
    expect(picNameOf(line({ role: 'dual' }), t)).toBe('Oktató Ödön');
    expect(picNameOf(line({ role: 'sic', pic_name: 'Vendég Vilma' }), t)).toBe('Vendég Vilma');
  });

  it('says whose signature a line waits for, and who signed it when', () => {
    expect(signatureText(line(), t, 'Europe/Budapest')).toBe('line.awaiting_by(name=Oktató Ödön)');
    const signed = line({
      status: 'signed',
      signature: {
        signer_id: 'user-instructor',
        signer_name: 'Oktató Ödön',
        signed_at: '2026-08-15T22:30:00.000Z',
        seq: 1,
        hash: 'ab'.repeat(32),
      },
    });
    // 22:30 UTC is already the next day in Budapest.
    expect(signatureText(signed, t, 'Europe/Budapest')).toBe(
      'line.signed_by(name=Oktató Ödön,date=2026.08.16)',
    );
    expect(signatureText(line({ status: 'final', training: false }), t, 'UTC')).toBe('');
  });

  it('shows departure and arrival on the airfield clock and the launch method for gliders', () => {
    const columns = columnsOf('glider');
    const cell = (id: string) => columns.find((c) => c.id === id)?.value(line(), t, 'Europe/Budapest');
    expect(cell('departure_time')).toBe('10:30');
    expect(cell('arrival_time')).toBe('11:15');
    expect(cell('launch_method')).toBe('flights:takeoff_type.winch');
    expect(cell('dual')).toBe('0:45');
    expect(cell('pic')).toBe('');
  });

  it('splits general time into single-pilot single/multi-engine and multi-pilot', () => {
    const columns = columnsOf('general');
    const value = (e: LogbookEntryOutput, id: string) => columns.find((c) => c.id === id)?.value(e, t, 'UTC');
    const twin = line({ kind: 'general', multi_engine: true, flight_minutes: 120, multi_pilot_minutes: 30 });
    expect(value(twin, 'single_me')).toBe('1:30');
    expect(value(twin, 'single_se')).toBe('');
    expect(value(twin, 'multi_pilot')).toBe('0:30');
    expect(value(twin, 'total')).toBe('2:00');
    expect(columns.map((c) => c.id)).not.toContain('launch_method');
  });
});

describe('the totals', () => {
  it('add up per pilot function, as the server counts its statistics', () => {
    const totals = totalsOf([
      line({ role: 'pic', flight_minutes: 200, landings: 2 }),
      line({ role: 'dual', flight_minutes: 45, night_minutes: 10 }),
      line({ role: 'instructor', flight_minutes: 30 }),
    ]);
    expect(totals).toMatchObject({
      flights: 3,
      minutes: 275,
      landings: 4,
      pic_minutes: 200,
      dual_minutes: 45,
      instructor_minutes: 30,
      night_minutes: 10,
      over_3h: 1,
    });
  });

  it('start from the previous totals: PIC + dual + instructor is their total time', () => {
    const prev = prevTotalsOf({
      prev_pic: 600,
      prev_dual: 1200,
      prev_instructor: 0,
      prev_glider: 1800,
      prev_launches: 90,
    });
    expect(prev).toMatchObject({ minutes: 1800, launches: 90, pic_minutes: 600 });
    expect(addTotals(prev, totalsOf([line()]))).toMatchObject({
      minutes: 1845,
      launches: 91,
      dual_minutes: 1245,
    });
  });
});

describe('the CSV export', () => {
  it('is UTF-8 with a byte-order mark, semicolons and quoted cells, totals at the end', () => {
    const csv = logbookCsv(
      'glider',
      [
        line({ remarks: 'Termik; "jó" nap\nleszállás' }),
        line({ entry_id: 'e2', role: 'pic', status: 'final' }),
      ],
      t,
      'Europe/Budapest',
      [{ label: 'Σ', totals: totalsOf([line()]) }],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]?.split(';')).toEqual(columnsOf('glider').map((c) => c.header));
    expect(rows[1]).toContain('"Termik; ""jó"" nap\nleszállás · line.awaiting_by(name=Oktató Ödön)"');
    expect(rows[1]?.startsWith('2026.08.15;LHDK;10:30;LHDK;11:15;ASK 21;HA-4012;0:45;Oktató Ödön;1;')).toBe(
      true,
    );
    expect(csv).toContain('Σ;');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

describe('the printable PDF layout', () => {
  it('prints oldest first, a fixed number of lines a page, and carries the totals forward', () => {
    const lines = Array.from({ length: LINES_PER_PAGE + 2 }, (_, index) =>
      line({
        entry_id: `e${index}`,
        role: 'pic',
        flight_minutes: 60,
        takeoff_time: new Date(Date.UTC(2026, 4, 1 + index, 9)).toISOString(),
        date: new Date(Date.UTC(2026, 4, 1 + index)).toISOString().slice(0, 10),
      }),
    ).reverse();
    const html = logbookPrintHtml({
      kind: 'glider',
      entries: lines,
      prev: prevTotalsOf({ prev_pic: 600 }),
      pilotName: 'Növendék Nóra <script>',
      title: 'Napló',
      lang: 'hu',
      timeZone: 'Europe/Budapest',
      t,
    });
    const pages = html.split('<section class="page">').slice(1);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.indexOf('2026.05.01')).toBeLessThan(pages[0]?.indexOf('2026.05.02') ?? -1);
    // Page 2 brings forward 10 h previous + 18 h of page 1 and ends at 30 h.
    expect(pages[1]).toMatch(
      /data-testid="print-forward-totals"><th scope="row">totals.brought_forward<\/th>(<td><\/td>){6}<td>28:00<\/td>/,
    );
    expect(pages[1]).toMatch(
      /data-testid="print-running-totals"><th scope="row">totals.grand<\/th>(<td><\/td>){6}<td>30:00<\/td>/,
    );
    expect(html).toContain('Növendék Nóra &lt;script&gt;');
    expect(html).not.toContain('<script>');
  });
});

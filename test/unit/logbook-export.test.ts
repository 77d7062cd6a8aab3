import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
import { logbookPdf } from '../../frontend/src/features/logbook/logbook-pdf.ts';

/**
 * The logbook's EASA columns, totals and exports (CSV, PDF), without a browser: what a pilot hands
 * to an examiner must add up and must keep every accent. The PDF is read back with a PDF reader
 * (poppler's pdftotext), as an examiner's computer would.
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

describe('the PDF in the EASA layout', () => {
  const dir = mkdtempSync(join(tmpdir(), 'windsock-logbook-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fonts = {
    regular: readFileSync(
      new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf', import.meta.url),
    ),
    bold: readFileSync(
      new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf', import.meta.url),
    ),
  };
  /** The PDF's text, page by page, as poppler reads it with the layout kept. */
  const read = async (bytes: Uint8Array, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim() !== '');
  };
  const labels: Translate = (key, values) =>
    key === 'print.page' ? `page ${values?.page}/${values?.pages}` : key.replace(/^.*\./, '');

  it('prints whole dates, places, times and registrations, and the letters of every language', async () => {
    const bytes = await logbookPdf(
      {
        kind: 'glider',
        entries: [
          line({ remarks: 'Přelet Kołobrzeg felé, szép idő; überall ŘŽŮ ĽŤ' }),
          line({
            entry_id: 'e2',
            role: 'pic',
            status: 'final',
            instructor_id: null,
            plane_type: 'Discus-2cT',
          }),
        ],
        prev: prevTotalsOf({}),
        pilotName: 'Növendék Nóra',
        title: 'Vitorlázórepülő-pilóta repülési naplója',
        lang: 'hu',
        timeZone: 'Europe/Budapest',
        t: labels,
        created: new Date('2026-08-20T10:00:00Z'),
      },
      fonts,
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const [page, ...rest] = await read(bytes, 'one.pdf');
    expect(rest).toHaveLength(0);
    // Every cell whole: the date, the places, the airfield clock, the registration and type.
    expect(page).toMatch(/2026\.08\.15\s+LHDK\s+10:30\s+LHDK\s+11:15\s+ASK 21\s+HA-4012\s+0:45/);
    expect(page).toContain('Discus-2cT');
    expect(page).toContain('Oktató Ödön');
    expect(page).toContain('Növendék Nóra');
    for (const letters of ['ő', 'ł', 'ř', 'Ř', 'Ž', 'Ů', 'Ľ', 'Ť', 'ü', 'é'])
      expect(page, letters).toContain(letters);
    expect(page).toContain('Přelet Kołobrzeg felé, szép idő');
    // The totals under the page: 1:30 on it, nothing brought forward, 1:30 in all.
    expect(page).toMatch(/this_page\s+1:30/);
    expect(page).toMatch(/brought_forward\s+0:00/);
    expect(page).toMatch(/grand\s+1:30/);
    expect(page).toContain('page 1/1');
  });

  it('goes on over pages oldest first and carries the totals from page to page', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line({
        entry_id: `e${String(index).padStart(2, '0')}`,
        role: 'pic',
        flight_minutes: 60,
        takeoff_time: new Date(Date.UTC(2026, 3, 1 + index, 9)).toISOString(),
        date: new Date(Date.UTC(2026, 3, 1 + index)).toISOString().slice(0, 10),
        status: 'final',
      }),
    ).reverse();
    const bytes = await logbookPdf(
      {
        kind: 'glider',
        entries: lines,
        prev: prevTotalsOf({ prev_pic: 600 }),
        pilotName: 'Növendék Nóra',
        title: 'Napló',
        lang: 'hu',
        timeZone: 'Europe/Budapest',
        t: labels,
        created: new Date('2026-08-20T10:00:00Z'),
      },
      fonts,
    );
    const pages = await read(bytes, 'many.pdf');
    expect(pages.length).toBeGreaterThan(1);
    const first = pages[0] ?? '';
    expect(first.indexOf('2026.04.01')).toBeGreaterThan(-1);
    expect(first.indexOf('2026.04.01')).toBeLessThan(first.indexOf('2026.04.02'));
    // Every line once, on some page, whole.
    const dates = pages.join('\n').match(/20\d\d\.\d\d\.\d\d/g) ?? [];
    expect(new Set(dates).size).toBe(60);
    // Each page brings forward the previous pages' grand total; the last ends at 10 h + 60 h.
    let forward = 600;
    pages.forEach((page, index) => {
      const onPage = (page.match(/20\d\d\.\d\d\.\d\d/g) ?? []).length;
      expect(page).toContain(`page ${index + 1}/${pages.length}`);
      expect(page).toMatch(new RegExp(`this_page\\s+${onPage}:00`));
      expect(page).toMatch(new RegExp(`brought_forward\\s+${forward / 60}:00`));
      forward += onPage * 60;
      expect(page).toMatch(new RegExp(`grand\\s+${forward / 60}:00`));
    });
    expect(forward).toBe(600 + 60 * 60);
  });

  it("fits the general logbook's twenty columns on A4 landscape without cutting a cell", async () => {
    const bytes = await logbookPdf(
      {
        kind: 'general',
        entries: [
          line({
            kind: 'general',
            reg_num: 'HA-SBX',
            plane_type: 'Cessna 182 Skylane',
            takeoff_airport: 'LHBP',
            landing_airport: 'EPKK',
            takeoff_type_id: 1,
            role: 'pic',
            flight_minutes: 185,
            night_minutes: 35,
            ifr_minutes: 72,
            status: 'final',
            remarks: 'Kraków, přistání za soumraku',
          }),
        ],
        prev: prevTotalsOf({}),
        pilotName: 'Pilóta Péter',
        title: 'Pilóta repülési naplója',
        lang: 'hu',
        timeZone: 'Europe/Budapest',
        t: labels,
        created: new Date('2026-08-20T10:00:00Z'),
      },
      fonts,
    );
    const [page] = await read(bytes, 'general.pdf');
    expect(page).toMatch(/2026\.08\.15\s+LHBP\s+10:30\s+EPKK\s+11:15/);
    for (const text of ['Cessna 182', 'Skylane', 'HA-SBX', '3:05', '0:35', '1:12', 'Kraków, přistání'])
      expect(page, text).toContain(text);
  });
});

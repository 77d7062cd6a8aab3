import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startS3 } from '../../bin/local/s3.ts';
import { resolveActorBySub } from '../../functions/platform/auth/actor.ts';
import { db } from '../../functions/platform/db/service.ts';
import { xlsxOf } from '../../functions/platform/spreadsheet.ts';
import { IMPORT_TIME_RESERVE_MS, importDeps, runImport } from '../../functions/reports/import-service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Data import through the real upload path (issue 17 §5, §9): the file goes to the local S3 with a
 * presigned POST, then POST /api/import. A dry run writes nothing; a file with one bad row writes
 * nothing at all; a good file is written through the owning domains; the same file again changes
 * nothing.
 */
const BUCKET = 'windsock-import-test';
const ADMIN = subOf('admin@demo.windsock.aero');
const TREASURER = subOf('finance@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let dir: string;
let s3: LocalS3;
let platform: Platform;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-import-'));
  s3 = await startS3({ dir, buckets: [BUCKET] });
  Object.assign(process.env, {
    FILES_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
  });
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const AIRCRAFT_HEADER = [
  'reg_num',
  'plane_category',
  'plane_type',
  'model',
  'manufacturer',
  'serial_number',
  'year_of_manufacture',
  'seats',
  'callsign',
  'is_tmg',
];

/** What the browser does: a presigned POST, the file posted to S3; answers the key. */
async function upload(sub: string, name: string, bytes: Buffer, contentType: string) {
  const grant = await platform.invoke('createImportUpload', {
    sub,
    body: { name, content_type: contentType, size: bytes.length },
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.body.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  const posted = await fetch(grant.body.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return grant.body.key as string;
}

const run = (sub: string, key: string, sourceType: string, dryRun: boolean) =>
  platform.invoke('runImport', {
    sub,
    body: { import_file: key, sourceType, uploadParams: { dry_run: dryRun } },
  });

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`);

const fleetRegs = async (organization_id = 'org-demo') => {
  const { data } = await db().entities.plane.query.byOrganization({ organization_id }).go({ pages: 'all' });
  return data.map((p) => p.reg_num).sort();
};

describe('importing aircraft', () => {
  it('writes nothing when one row is bad, not even the good rows, and says which row and field', async () => {
    const before = await fleetRegs();
    const key = await upload(
      ADMIN,
      'flotta.csv',
      csv([
        AIRCRAFT_HEADER,
        ['HA-1111', 'plc_02', 'ASK-21', 'ASK 21', 'Schleicher', '1', '1985', '2', '', 'nem'],
        ['HA-2222', 'plc_09', 'Astir', 'Astir CS', 'Grob', '2', 'régi', '1', '', ''],
      ]),
      'text/csv',
    );

    const dry = await run(ADMIN, key, 'aircraft', true);
    const real = await run(ADMIN, key, 'aircraft', false);

    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dry_run: true,
      written: false,
      created: 1,
      failed: 1,
      message: 'import.message.has_errors',
    });
    expect(dry.body.rows[1]).toMatchObject({ row: 3, label: 'HA-2222', status: 'error' });
    expect(Object.keys(dry.body.rows[1].errors).sort()).toEqual(['plane_category', 'year_of_manufacture']);
    expect(real.status).toBe(422);
    expect(Object.keys(real.body.errors).sort()).toEqual([
      'rows.3.plane_category',
      'rows.3.year_of_manufacture',
    ]);
    expect(await fleetRegs()).toEqual(before);
  });

  it('checks an XLSX without writing, imports it, and the same file again changes nothing', async () => {
    const before = await fleetRegs();
    const book = xlsxOf([
      {
        name: 'Flotta',
        rows: [
          AIRCRAFT_HEADER,
          ['HA-3333', 'plc_02', 'LS-4', 'LS 4', 'Rolladen-Schneider', '4123', 1982, 1, 'L4', 'no'],
          ['HA-4012', 'plc_02', 'ASK-13', 'ASK 13', 'Schleicher', '13001', 1970, 2, '', 'no'],
        ],
      },
    ]);
    const key = await upload(ADMIN, 'flotta.xlsx', book, XLSX);

    const dry = await run(ADMIN, key, 'aircraft', true);
    expect(dry.body).toMatchObject({
      created: 1,
      unchanged: 1,
      failed: 0,
      message: 'import.message.checked',
    });
    expect(await fleetRegs()).toEqual(before);

    const real = await run(ADMIN, key, 'aircraft', false);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body).toMatchObject({
      written: true,
      created: 1,
      unchanged: 1,
      message: 'import.message.imported',
    });
    expect(await fleetRegs()).toEqual([...before, 'HA-3333'].sort());
    const { data } = await db()
      .entities.plane.query.byOrganization({ organization_id: 'org-demo' })
      .go({ pages: 'all' });
    expect(data.find((p) => p.reg_num === 'HA-3333')).toMatchObject({
      model: 'LS 4',
      seats: 1,
      year_of_manufacture: 1982,
    });
    // Its activity record, as plane/new writes it.
    const { body: log } = await platform.invoke('listOrganizationActions', { sub: ADMIN });
    expect(log.items.some((a: { action: string }) => a.action === 'plane.create')).toBe(true);

    // The same file once more (uploaded again, as a person would): nothing new, nothing changed.
    const again = await run(ADMIN, await upload(ADMIN, 'flotta.xlsx', book, XLSX), 'aircraft', false);
    expect(again.body).toMatchObject({
      written: false,
      created: 0,
      unchanged: 2,
      message: 'import.message.nothing_new',
    });
    expect(await fleetRegs()).toEqual([...before, 'HA-3333'].sort());
  });

  it('refuses a file whose header is not the template’s fields in their order', async () => {
    const key = await upload(
      ADMIN,
      'rossz.csv',
      csv([
        ['plane_category', 'reg_num'],
        ['plc_02', 'HA-5555'],
      ]),
      'text/csv',
    );

    const answer = await run(ADMIN, key, 'aircraft', true);

    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ import_file: ['import_header_mismatch'] });
  });

  it("never reads another organization's upload, nor lets a reader import", async () => {
    const key = await upload(ADMIN, 'flotta.csv', csv([AIRCRAFT_HEADER]), 'text/csv');

    const foreign = await run(ALPINE, key, 'aircraft', true);
    const treasurer = await platform.invoke('createImportUpload', {
      sub: TREASURER,
      body: { name: 'x.csv', content_type: 'text/csv', size: 10 },
    });

    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ import_file: ['invalid_value'] });
    expect(treasurer.status).toBe(403);
  });
});

describe('importing members', () => {
  it('adds a new member (an existing account is invited) and leaves a member as they are, twice alike', async () => {
    const rows = csv([
      ['email', 'last_name', 'first_name', 'lang', 'role_ids'],
      ['admin@alpine.windsock.aero', 'Alpesi', 'Admin', 'hu', 'pilot'],
      ['pilot@demo.windsock.aero', 'Molnár', 'Anna', 'hu', 'pilot'],
    ]);

    const first = await run(ADMIN, await upload(ADMIN, 'tagok.csv', rows, 'text/csv'), 'members', false);
    const again = await run(ADMIN, await upload(ADMIN, 'tagok.csv', rows, 'text/csv'), 'members', false);

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 1, unchanged: 1, written: true });
    const { body: log } = await platform.invoke('listOrganizationActions', { sub: ADMIN });
    expect(log.items.filter((a: { action: string }) => a.action === 'member.invite')).toHaveLength(1);
    expect(again.body).toMatchObject({ created: 0, unchanged: 2, written: false });
  });

  it('refuses a role the organization does not have', async () => {
    const key = await upload(
      ADMIN,
      'tagok.csv',
      csv([
        ['email', 'last_name', 'first_name', 'lang', 'role_ids'],
        ['valaki@example.hu', 'Valaki', 'Vera', 'hu', 'nincs-ilyen'],
      ]),
      'text/csv',
    );

    const dry = await run(ADMIN, key, 'members', true);

    expect(dry.body.rows[0]).toMatchObject({ status: 'error', errors: { role_ids: ['invalid_value'] } });
  });
});

describe('importing flights', () => {
  const HEADER = [
    'date',
    'reg_num',
    'takeoff_type_id',
    'takeoff_time',
    'landing_time',
    'pic_email',
    'remarks',
  ];
  const flightsOf = async (date: string) => {
    const { data } = await db()
      .entities.flight.query.byDate({ organization_id: 'org-demo', date })
      .go({ pages: 'all' });
    return data;
  };

  it('records landed flights in local time through the flights domain, once however often imported', async () => {
    const rows = csv([
      HEADER,
      ['2026-04-04', 'HA-4012', '3', '10:05', '10:17', 'pilot@demo.windsock.aero', 'Iskolakör'],
      ['2026-04-04', 'HA-4012', '3', '11:00', '11:09', 'pilot@demo.windsock.aero', ''],
    ]);
    const before = await flightsOf('2026-04-04');

    const bad = await run(
      ADMIN,
      await upload(
        ADMIN,
        'rossz.csv',
        csv([HEADER, ['2026-04-04', 'HA-9999', '3', '25:00', '10:17', 'nincs@example.hu', '']]),
        'text/csv',
      ),
      'flights',
      false,
    );
    const first = await run(ADMIN, await upload(ADMIN, 'repulesek.csv', rows, 'text/csv'), 'flights', false);
    const again = await run(ADMIN, await upload(ADMIN, 'repulesek.csv', rows, 'text/csv'), 'flights', false);

    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'rows.2.pic_email',
      'rows.2.reg_num',
      'rows.2.takeoff_time',
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 2, written: true });
    expect(again.body).toMatchObject({ created: 0, unchanged: 2, written: false });
    const added = (await flightsOf('2026-04-04')).filter(
      (f) => !before.some((b) => b.flight_id === f.flight_id),
    );
    expect(added).toHaveLength(2);
    // Budapest is UTC+2 in April: 10:05 local is 08:05Z.
    const first10 = added.find((f) => f.remarks === 'Iskolakör')!;
    expect(first10).toMatchObject({
      status: 'landed',
      pic_id: 'user-pilot',
      takeoff_time: '2026-04-04T08:05:00.000Z',
      flight_time: 12,
    });
  });
});

describe('importing airports', () => {
  const SUPERVISOR = subOf('supervisor@demo.windsock.aero');
  const HEADER = [
    'icao',
    'iata_faa',
    'name',
    'latitude',
    'longitude',
    'altitude',
    'airport_category',
    'show_in_map',
    'country',
    'city',
    'runway_designator',
    'runway_heading',
    'runway_length',
    'runway_width',
    'runway_surface',
  ];
  const GODOLLO = [
    'LHGD',
    '',
    'Gödöllő',
    '47.5711',
    '19.3386',
    '219',
    'airfield',
    'igen',
    'HU',
    'Gödöllő',
    '14/32',
    '140',
    '800',
    '40',
    'grass',
  ];
  const HOME = [
    'LHDK',
    '',
    'Dunakeszi',
    '47.6167',
    '19.1433',
    '126',
    'airfield',
    'yes',
    'HU',
    'Dunakeszi',
    '',
    '',
    '',
    '',
    '',
  ];

  it('downloads the stated fields, checks, imports through operations, and a second import changes nothing', async () => {
    const template = await platform.invoke('getImportTemplate', {
      sub: SUPERVISOR,
      params: { source: 'airports' },
      query: { format: 'csv' },
    });
    expect(template.status).toBe(200);
    expect(Buffer.from(template.body.data, 'base64').toString('utf8').split('\r\n')[0]).toBe(
      `\uFEFF${HEADER.join(';')}`,
    );

    const bad = await upload(
      SUPERVISOR,
      'airports.csv',
      csv([HEADER, [...GODOLLO.slice(0, 12), '0', '', 'ice']]),
      'text/csv',
    );
    const refused = await run(SUPERVISOR, bad, 'airports', true);
    expect(refused.body.rows[0]).toMatchObject({
      status: 'error',
      errors: { runway_length: ['too_small'], runway_surface: ['invalid_value'] },
    });

    const key = await upload(SUPERVISOR, 'airports.csv', csv([HEADER, GODOLLO, HOME]), 'text/csv');
    // A club admin who is no supervisor imports no airports.
    expect((await run(ADMIN, key, 'airports', false)).status).toBe(403);
    const checked = await run(SUPERVISOR, key, 'airports', true);
    expect(checked.body).toMatchObject({ created: 1, unchanged: 1, failed: 0, written: false });
    expect((await platform.invoke('getAirport', { sub: SUPERVISOR, params: { id: 'lhgd' } })).status).toBe(
      404,
    );

    const imported = await run(SUPERVISOR, key, 'airports', false);
    expect(imported.body).toMatchObject({ created: 1, unchanged: 1, written: true });
    const stored = await platform.invoke('getAirport', { sub: SUPERVISOR, params: { id: 'lhgd' } });
    expect(stored.body).toMatchObject({
      icao: 'LHGD',
      name: 'Gödöllő',
      show_in_map: true,
      runways: [{ designator: '14/32', heading: 140, length: 800, width: 40, surface: 'grass' }],
      version: 1,
    });

    const same = await upload(SUPERVISOR, 'airports.csv', csv([HEADER, GODOLLO, HOME]), 'text/csv');
    const again = await run(SUPERVISOR, same, 'airports', false);
    expect(again.body).toMatchObject({ created: 0, unchanged: 2, written: false });
    const after = await platform.invoke('getAirport', { sub: SUPERVISOR, params: { id: 'lhgd' } });
    expect(after.body.version).toBe(1);
  });
});

describe('importing transactions', () => {
  const HEADER = ['date', 'member_email', 'transaction_type', 'amount', 'currency_id', 'comment'];
  const entriesOf = async (date: string) => {
    const { data } = await db()
      .entities.ledgerEntry.query.byDate({ organization_id: 'org-demo' })
      .begins({ date })
      .go({ pages: 'all' });
    return data;
  };

  it('posts ledger entries through finance, nothing while a row is bad, once however often imported', async () => {
    const day = '2026-03-07';
    const rows = csv([
      HEADER,
      [day, 'pilot@demo.windsock.aero', 'payment_received', '25 000', 'HUF', 'Tagdíj'],
      [day, 'pilot@demo.windsock.aero', 'fee', '1500,50', '', ''],
    ]);
    const before = await entriesOf(day);

    const dry = await run(
      ADMIN,
      await upload(ADMIN, 'tranzakciok.csv', rows, 'text/csv'),
      'transactions',
      true,
    );
    const bad = await run(
      ADMIN,
      await upload(
        ADMIN,
        'rossz.csv',
        csv([
          HEADER,
          [day, 'pilot@demo.windsock.aero', 'payment_received', '100', 'HUF', 'jó sor'],
          ['2026-13-40', 'nincs@example.hu', 'gift', 'sok', 'EUR', ''],
        ]),
        'text/csv',
      ),
      'transactions',
      false,
    );
    const afterBad = await entriesOf(day);
    const first = await run(
      ADMIN,
      await upload(ADMIN, 'tranzakciok.csv', rows, 'text/csv'),
      'transactions',
      false,
    );
    const again = await run(
      ADMIN,
      await upload(ADMIN, 'tranzakciok.csv', rows, 'text/csv'),
      'transactions',
      false,
    );

    expect(dry.body).toMatchObject({ dry_run: true, written: false, created: 2, failed: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'rows.3.amount',
      'rows.3.currency_id',
      'rows.3.date',
      'rows.3.member_email',
      'rows.3.transaction_type',
    ]);
    expect(afterBad).toHaveLength(before.length);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 2, written: true });
    expect(again.body).toMatchObject({ created: 0, unchanged: 2, written: false });
    const added = (await entriesOf(day)).filter((e) => !before.some((b) => b.entry_id === e.entry_id));
    expect(added.map((e) => [e.user_id, e.transaction_type, e.amount, e.currency_id]).sort()).toEqual([
      ['user-pilot', 'fee', -150050, 'HUF'],
      ['user-pilot', 'payment_received', 2500000, 'HUF'],
    ]);
  });
});

describe('a file longer than one request has time for', () => {
  it('writes what fits, names the rest, and the same file again writes exactly the rest', async () => {
    const day = '2026-03-14';
    const rows = csv([
      ['date', 'member_email', 'transaction_type', 'amount', 'currency_id', 'comment'],
      ...[1, 2, 3, 4, 5].map((n) => [
        day,
        'pilot@demo.windsock.aero',
        'payment_received',
        `${n}000`,
        'HUF',
        `import-test-${n}`,
      ]),
    ]);
    const entries = async () =>
      (
        await db()
          .entities.ledgerEntry.query.byDate({ organization_id: 'org-demo' })
          .begins({ date: day })
          .go()
      ).data.filter((e) => e.source === 'manual' && /^import-test-[1-5]$/.test(e.comment ?? ''));
    const actor = (await resolveActorBySub(ADMIN))!;
    // The function's clock (Lambda's remaining time): enough for two rows' writes, then too little.
    let checks = 0;
    const remainingMs = () => (++checks <= 2 ? 10_000 : IMPORT_TIME_RESERVE_MS - 1);
    const input = (key: string) => ({
      import_file: key,
      sourceType: 'transactions' as const,
      uploadParams: { dry_run: false },
    });

    const first = await runImport(
      importDeps,
      actor,
      input(await upload(ADMIN, 'hosszu.csv', rows, 'text/csv')),
      remainingMs,
    );
    const afterFirst = await entries();
    const second = await run(
      ADMIN,
      await upload(ADMIN, 'hosszu.csv', rows, 'text/csv'),
      'transactions',
      false,
    );

    expect(first).toMatchObject({ created: 2, failed: 3, written: true, message: 'import.message.continue' });
    expect(first.rows.filter((r) => r.status === 'error').map((r) => r.errors)).toEqual([
      { row: ['import_time_ran_out'] },
      { row: ['import_time_ran_out'] },
      { row: ['import_time_ran_out'] },
    ]);
    expect(afterFirst.map((e) => e.amount).sort()).toEqual([100000, 200000]);
    expect(second.body).toMatchObject({ created: 3, unchanged: 2, written: true });
    expect((await entries()).map((e) => e.amount).sort()).toEqual([100000, 200000, 300000, 400000, 500000]);
  });
});

describe('the templates', () => {
  it('state the fields in their order, downloadable as CSV', async () => {
    const { status, body } = await platform.invoke('getImportTemplate', {
      sub: ADMIN,
      params: { source: 'aircraft' },
      query: { format: 'csv' },
    });

    expect(status).toBe(200);
    const text = Buffer.from(body.data, 'base64').toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${AIRCRAFT_HEADER.join(';')}`);
  });
});

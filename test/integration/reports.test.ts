import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORTS } from '../../bin/local/seed-reports.ts';
import { expiringDocuments } from '../../functions/documents/public.ts';
import { db } from '../../functions/platform/db/service.ts';
import { trainingLines } from '../../functions/training/public.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Reports against the embedded DynamoDB (issue 17 §4): the built-in yearly statistics agree with
 * the club's flights, a saved report filters and groups them, exports open as real files in the
 * reader's language, and who may read, save and delete reports.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const TREASURER = subOf('finance@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const YEAR = new Date().getUTCFullYear();
const PERIOD = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };

/** The demo club's landed flights of the year, read straight from the table. */
async function landedFlights(organization_id = 'org-demo') {
  const { data } = await db()
    .entities.flight.query.byDate({ organization_id })
    .between({ date: PERIOD.from }, { date: `${PERIOD.to}\uffff` })
    .go({ pages: 'all' });
  return data.filter((f) => f.status === 'landed');
}

type Section = { key: string; columns: { key: string }[]; rows: (string | number | null)[][] };
const section = (body: { sections: Section[] }, key: string) => body.sections.find((s) => s.key === key)!;
const sum = (rows: (string | number | null)[][], column: number) =>
  rows.reduce((n, r) => n + Number(r[column]), 0);

describe('the built-in yearly statistics', () => {
  it("count the year's landed flights, per month, launch method, aircraft and member alike", async () => {
    const flights = await landedFlights();
    expect(flights.length).toBeGreaterThan(20);
    const minutes = flights.reduce((n, f) => n + (f.flight_time ?? 0), 0);
    const winch = flights.filter((f) => f.takeoff_type_id === 3).length;

    const { status, body } = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      query: PERIOD,
    });

    expect(status, JSON.stringify(body)).toBe(200);
    expect(section(body, 'totals').rows[0]!.slice(0, 2)).toEqual([flights.length, minutes]);
    const months = section(body, 'by_month').rows;
    expect(months).toHaveLength(12);
    expect(sum(months, 1)).toBe(flights.length);
    expect(sum(months, 2)).toBe(minutes);
    expect(section(body, 'by_launch_method').rows.find((r) => r[0] === 'winch')?.[1]).toBe(winch);
    expect(sum(section(body, 'by_plane').rows, 1)).toBe(flights.length);
    expect(sum(section(body, 'by_member').rows, 1)).toBe(flights.length);
    // Members by name, family name first, never ids.
    expect(section(body, 'by_member').rows.map((r) => r[0])).toContain('Molnár Anna');
  });

  it("show another club only its own flights (none of the demo club's)", async () => {
    const { status, body } = await platform.invoke('runReport', {
      sub: ALPINE,
      params: { id: 'yearly-statistics' },
      query: PERIOD,
    });

    expect(status).toBe(200);
    const ownFlights = (await landedFlights('org-alpine')).length;
    expect(section(body, 'totals').rows[0]![0]).toBe(ownFlights);
    expect(JSON.stringify(body)).not.toContain('HA-4012');
  });

  it('refuse a period longer than a year or ending before it starts', async () => {
    const long = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      query: { from: `${YEAR - 1}-01-01`, to: `${YEAR}-06-30` },
    });
    const backwards = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      query: { from: `${YEAR}-06-30`, to: `${YEAR}-01-01` },
    });

    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ to: ['period_too_long'] });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['period_end_before_start'] });
  });
});

describe('aircraft utilisation', () => {
  it('lists every aircraft of the fleet, also one that did not fly', async () => {
    const { data: fleet } = await db()
      .entities.plane.query.byOrganization({ organization_id: 'org-demo' })
      .go({ pages: 'all' });

    const { status, body } = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: 'aircraft-utilisation' },
      query: PERIOD,
    });

    expect(status).toBe(200);
    const rows = section(body, 'utilisation').rows;
    expect(rows.map((r) => r[0]).sort()).toEqual(fleet.map((p) => p.reg_num).sort());
    expect(sum(rows, 1)).toBe((await landedFlights()).length);
  });
});

describe('a saved report', () => {
  it('filters and groups: the seeded winch launches per month', async () => {
    const winch = (await landedFlights()).filter((f) => f.takeoff_type_id === 3 && f.kind === 'glider');

    const { status, body } = await platform.invoke('runReport', {
      sub: TREASURER,
      params: { id: DEMO_REPORTS.winchByMonth },
      query: PERIOD,
    });

    expect(status).toBe(200);
    expect(body.report.name).toBe('Csörlős indítások havonta');
    const rows = section(body, 'by_month').rows;
    expect(sum(rows, 1)).toBe(winch.length);
    expect(rows.every((r) => String(r[0]).startsWith(`${YEAR}-`))).toBe(true);
  });

  it('is created, changed at its version, refused when stale, and deleted by an editor', async () => {
    const created = await platform.invoke('createReport', {
      sub: ADMIN,
      body: {
        name: 'Havi repülések',
        source: 'flights',
        group_by: 'plane',
        filters: { kind: 'glider' },
        chart: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.report_id as string;
    expect(created.body).toMatchObject({ version: 1, group_by: 'plane', can_edit: true, built_in: false });

    const changed = await platform.invoke('updateReport', {
      sub: ADMIN,
      params: { id },
      body: {
        name: 'Havi repülések',
        source: 'flights',
        group_by: 'month',
        filters: {},
        chart: false,
        version: 1,
      },
    });
    const stale = await platform.invoke('updateReport', {
      sub: ADMIN,
      params: { id },
      body: { name: 'Régi', source: 'flights', group_by: 'none', filters: {}, chart: false, version: 1 },
    });

    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ version: 2, group_by: 'month', filters: {} });
    expect(stale.status).toBe(409);

    const removed = await platform.invoke('deleteReport', {
      sub: ADMIN,
      params: { id },
      query: { version: '2' },
    });
    expect(removed.status).toBe(204);
    expect((await platform.invoke('getReport', { sub: ADMIN, params: { id } })).status).toBe(404);
    const { body: log } = await platform.invoke('listOrganizationActions', { sub: ADMIN });
    const actions = (log.items as { action: string; target_id: string }[]).filter((a) => a.target_id === id);
    expect(actions.map((a) => a.action).sort()).toEqual(['report.create', 'report.delete', 'report.update']);
  });

  it("refuses a filter naming another club's aircraft", async () => {
    const { status, body } = await platform.invoke('createReport', {
      sub: ALPINE,
      body: {
        name: 'Idegen',
        source: 'flights',
        group_by: 'none',
        filters: { plane_id: 'plane-ha-4012' },
        chart: false,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({ 'filters.plane_id': ['invalid_value'] });
  });

  it('cannot be saved by the treasurer, who reads reports only; a pilot reads none', async () => {
    const list = await platform.invoke('listReports', { sub: TREASURER });
    const create = await platform.invoke('createReport', {
      sub: TREASURER,
      body: { name: 'X', source: 'flights', group_by: 'none', filters: {}, chart: false },
    });
    const pilot = await platform.invoke('listReports', { sub: PILOT });

    expect(list.status).toBe(200);
    expect(list.body.can_create).toBe(false);
    expect(list.body.items.slice(0, 3).map((r: { report_id: string }) => r.report_id)).toEqual([
      'yearly-statistics',
      'aircraft-utilisation',
      'members-hours',
    ]);
    expect(list.body.items.every((r: { can_edit: boolean }) => !r.can_edit)).toBe(true);
    expect(create.status).toBe(403);
    expect(pilot.status).toBe(403);
  });

  it('a built-in report cannot be changed or deleted', async () => {
    const update = await platform.invoke('updateReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      body: { name: 'X', source: 'flights', group_by: 'none', filters: {}, chart: false, version: 1 },
    });
    const remove = await platform.invoke('deleteReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      query: { version: '1' },
    });

    expect(update.status).toBe(422);
    expect(remove.status).toBe(422);
  });
});

describe('a ledger report', () => {
  it("sums the period's ledger per type as the ledger holds it; the treasurer reads it; a flights grouping is refused", async () => {
    const { data: entries } = await db()
      .entities.ledgerEntry.query.byDate({ organization_id: 'org-demo' })
      .between({ date: PERIOD.from }, { date: `${PERIOD.to}\uffff` })
      .go({ pages: 'all' });
    expect(entries.length).toBeGreaterThan(0);
    const expected = new Map<string, { n: number; credits: number; debits: number }>();
    for (const e of entries) {
      const s = expected.get(e.transaction_type) ?? { n: 0, credits: 0, debits: 0 };
      s.n += 1;
      if (e.amount >= 0) s.credits += e.amount;
      else s.debits += e.amount;
      expected.set(e.transaction_type, s);
    }

    const bad = await platform.invoke('createReport', {
      sub: ADMIN,
      body: { name: 'Bad', source: 'ledger', group_by: 'plane', filters: {}, chart: false },
    });
    const created = await platform.invoke('createReport', {
      sub: ADMIN,
      body: { name: 'Ledger by type', source: 'ledger', group_by: 'type', filters: {}, chart: true },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.group_by).toEqual(['invalid_value']);
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const run = await platform.invoke('runReport', {
      sub: TREASURER,
      params: { id: created.body.report_id },
      query: PERIOD,
    });
    const pilot = await platform.invoke('runReport', {
      sub: PILOT,
      params: { id: created.body.report_id },
      query: PERIOD,
    });

    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const byType = section(run.body, 'by_type');
    expect(byType.columns.map((c) => c.key)).toEqual([
      'transaction_type',
      'entries',
      'credits',
      'debits',
      'net',
    ]);
    expect(new Map(byType.rows.map((r) => [r[0], { n: r[1], credits: r[2], debits: r[3] }]))).toEqual(
      expected,
    );
    expect((run.body.sections[0] as { currency_id?: string }).currency_id).toBe('HUF');
    expect(pilot.status).toBe(403);

    const xlsx = await platform.invoke('exportReport', {
      sub: TREASURER,
      params: { id: created.body.report_id },
      query: { ...PERIOD, format: 'xlsx' },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.body.data, 'base64') as never);
    const sheet = book.getWorksheet('Típusonként')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Tranzakció típusa',
      'Tételek',
      'Jóváírás',
      'Terhelés',
      'Egyenleg',
    ]);
    expect(sheet.rowCount).toBe(expected.size + 1);
    let net = 0;
    sheet.eachRow((row, n) => {
      if (n > 1) net += row.getCell(5).value as number;
    });
    // Forints in the file (the ledger holds fillér), the types named as the finance screens name them.
    expect(Math.round(net * 100)).toBe(entries.reduce((n, e) => n + e.amount, 0));
    if (expected.has('flight_charge')) expect(sheet.getColumn(1).values).toContain('Repülési díj');
  });
});

describe('export', () => {
  it('writes an XLSX a spreadsheet reader opens: a sheet per section, headers in the reader’s language', async () => {
    const { status, body } = await platform.invoke('exportReport', {
      sub: TREASURER,
      params: { id: 'yearly-statistics' },
      query: { ...PERIOD, format: 'xlsx' },
    });

    expect(status).toBe(200);
    expect(body.filename).toBe(`eves-statisztika-${PERIOD.from}-${PERIOD.to}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(body.data, 'base64') as never);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Összesítés',
      'Havonta',
      'Indítások módonként',
      'Légijárművenként',
      'Tagonként',
    ]);
    const months = book.getWorksheet('Havonta')!;
    expect(months.getRow(1).values).toEqual([undefined, 'Hónap', 'Repülések', 'Repült idő (óra)']);
    expect(months.rowCount).toBe(13);
    const flights = (await landedFlights()).length;
    let total = 0;
    months.eachRow((row, n) => {
      if (n > 1) total += row.getCell(2).value as number;
    });
    expect(total).toBe(flights);
  });

  it('writes a CSV Excel opens in our languages: BOM, semicolons, launch methods translated', async () => {
    const { status, body } = await platform.invoke('exportReport', {
      sub: ADMIN,
      params: { id: 'yearly-statistics' },
      query: { ...PERIOD, format: 'csv' },
    });

    expect(status).toBe(200);
    const text = Buffer.from(body.data, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFFÉves statisztika\r\n')).toBe(true);
    expect(text).toContain('Indítási mód;Repülések;Repült idő (óra)');
    expect(text).toMatch(/\r\nCsörlő;\d+;/);
  });
});

describe('reports over training, maintenance and expiring documents', () => {
  it('the built-in expiring documents lists what expires around today; only those who may read members’ documents see it', async () => {
    const run = await platform.invoke('runReport', { sub: ADMIN, params: { id: 'expiring-documents' } });
    const treasurerList = await platform.invoke('listReports', { sub: TREASURER });
    const treasurerRun = await platform.invoke('runReport', {
      sub: TREASURER,
      params: { id: 'expiring-documents' },
    });

    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const expected = await expiringDocuments(
      'org-demo',
      { from: run.body.from, to: run.body.to },
      new Date(),
    );
    expect(expected.length).toBeGreaterThan(0);
    const docs = section(run.body, 'documents');
    expect(docs.columns.map((c) => c.key)).toEqual([
      'holder',
      'holder_type',
      'document_type',
      'expiration_date',
      'state',
    ]);
    expect(docs.rows.map((r) => [r[0], r[3], r[4]])).toEqual(
      expected.map((d) => [d.holder_name, d.expiration_date, d.state]),
    );
    expect(treasurerList.status).toBe(200);
    expect(treasurerList.body.items.map((r: { report_id: string }) => r.report_id)).not.toContain(
      'expiring-documents',
    );
    expect(treasurerRun.status).toBe(403);
  });

  it('a training report lists each training with its progress, or per student; a filter it does not take is refused', async () => {
    const create = (body: object) =>
      platform.invoke('createReport', {
        sub: ADMIN,
        body: { name: 'Képzések', filters: {}, chart: false, ...body },
      });
    const perTraining = await create({ source: 'training', group_by: 'none' });
    const perStudent = await create({ source: 'training', group_by: 'member', chart: true });
    const badFilter = await create({
      source: 'training',
      group_by: 'none',
      filters: { plane_id: 'plane-ha-4012' },
    });
    const badGrouping = await create({ source: 'training', group_by: 'month' });
    expect(perTraining.status, JSON.stringify(perTraining.body)).toBe(200);
    expect(badFilter.body.errors).toEqual({ filters: ['invalid_value'] });
    expect(badGrouping.body.errors).toEqual({ group_by: ['invalid_value'] });

    const lines = await trainingLines('org-demo', PERIOD);
    expect(lines.length).toBeGreaterThan(0);
    const rows = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: perTraining.body.report_id },
      query: PERIOD,
    });
    const grouped = await platform.invoke('runReport', {
      sub: ADMIN,
      params: { id: perStudent.body.report_id },
      query: PERIOD,
    });
    const treasurer = await platform.invoke('runReport', {
      sub: TREASURER,
      params: { id: perTraining.body.report_id },
      query: PERIOD,
    });

    const trainings = section(rows.body, 'trainings');
    expect(trainings.rows).toHaveLength(lines.length);
    expect(sum(trainings.rows, 4)).toBe(lines.reduce((n, l) => n + l.tasks_done, 0));
    expect(sum(trainings.rows, 6)).toBe(lines.reduce((n, l) => n + l.checks_in_period, 0));
    const byMember = section(grouped.body, 'by_member');
    expect(sum(byMember.rows, 1)).toBe(lines.length);
    expect(byMember.rows).toHaveLength(new Set(lines.map((l) => l.user_id)).size);
    // Trainings are read with training-administration, which the treasurer does not hold.
    expect(treasurer.status).toBe(403);
  });

  it('a maintenance report shows each aircraft’s due items and faults, or every due item, overdue first', async () => {
    const create = (group_by: string) =>
      platform.invoke('createReport', {
        sub: ADMIN,
        body: { name: 'Karbantartás', source: 'maintenance', group_by, filters: {}, chart: false },
      });
    const perPlane = await create('plane');
    const perItem = await create('none');
    const [byPlane, items] = await Promise.all(
      [perPlane, perItem].map((r) =>
        platform.invoke('runReport', { sub: ADMIN, params: { id: r.body.report_id }, query: PERIOD }),
      ),
    );
    const { data: planes } = await db()
      .entities.plane.query.byOrganization({ organization_id: 'org-demo' })
      .go({ pages: 'all' });

    expect(byPlane!.status, JSON.stringify(byPlane!.body)).toBe(200);
    const fleetRows = section(byPlane!.body, 'by_plane');
    expect(fleetRows.columns.map((c) => c.key)).toEqual([
      'reg_num',
      'due_items',
      'overdue',
      'due_soon',
      'open_faults',
      'faults_reported',
    ]);
    expect(fleetRows.rows.map((r) => r[0]).sort()).toEqual(planes.map((p) => p.reg_num).sort());
    const due = section(items!.body, 'due_items');
    expect(due.rows).toHaveLength(sum(fleetRows.rows, 1));
    const order = { overdue: 0, due_soon: 1, ok: 2 } as Record<string, number>;
    const states = due.rows.map((r) => order[String(r[2])]!);
    expect(states).toEqual([...states].sort((a, b) => a - b));
  });
});

describe('the built-in reports as items', () => {
  it('are seeded items of the demo club, and a club without them gets them on its first read, once', async () => {
    const builtIns = async (organization_id: string) =>
      (
        await db().entities.reportDefinition.query.byOrganization({ organization_id }).go({ pages: 'all' })
      ).data.filter((r) => r.built_in);
    const demo = await builtIns('org-demo');
    const { data: alpineOrg } = await db().entities.organization.get({ organization_id: 'org-alpine' }).go();
    expect(alpineOrg).not.toBeNull();
    await db()
      .entities.reportDefinition.delete(
        (await builtIns('org-alpine')).map((r) => ({
          organization_id: 'org-alpine',
          report_id: r.report_id,
        })),
      )
      .go();

    const [first, second] = await Promise.all([
      platform.invoke('listReports', { sub: ALPINE }),
      platform.invoke('listReports', { sub: ALPINE }),
    ]);

    expect(demo.map((r) => r.report_id).sort()).toEqual(
      ['aircraft-utilisation', 'expiring-documents', 'members-hours', 'yearly-statistics'].sort(),
    );
    for (const list of [first, second])
      expect(
        list.body.items
          .filter((r: { built_in: boolean }) => r.built_in)
          .map((r: { report_id: string }) => r.report_id),
      ).toEqual(['yearly-statistics', 'aircraft-utilisation', 'members-hours', 'expiring-documents']);
    expect(await builtIns('org-alpine')).toHaveLength(4);
  });
});

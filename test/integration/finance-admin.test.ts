import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduledTransactions } from '../../functions/finance/jobs.ts';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The treasurer's tools (issue 14 §3, §4, §6, §7, §10): memberships, scheduled transactions run by
 * the daily job (twice, and replayed, posting once), a period recalculated, tariffs published and
 * simulated on real flights, and the bookkeeper's CSV and XLSX opened with a real reader.
 */
const FINANCE = subOf('finance@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';
const Ft = (forints: number) => forints * 100;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const membership = (user_id: string, over: Record<string, unknown> = {}) =>
  platform.invoke('createMembership', {
    sub: FINANCE,
    body: {
      user_id,
      membership_type: 'regular',
      start_date: '2020-01-01',
      membership_fee: Ft(4000),
      yearly_membership_fee: Ft(40000),
      automatic_membership_fee_deduction_on: true,
      balance_min: Ft(-20000),
      vote: true,
      ...over,
    },
  });

describe('memberships', () => {
  it('records, lists and edits a membership on its version; the member’s balance is shown with it', async () => {
    const created = await membership('user-simon', {
      membership_type: 'probationary',
      membership_name: 'Próbaidő 2026',
    });
    const listed = await platform.invoke('listMemberships', {
      sub: FINANCE,
      query: { user_id: 'user-simon' },
    });
    const edited = await platform.invoke('updateMembership', {
      sub: FINANCE,
      params: { id: created.body.membership_id },
      body: {
        user_id: 'user-simon',
        membership_type: 'regular',
        start_date: '2020-01-01',
        end_date: '2019-12-31',
        version: created.body.version,
      },
    });
    const stale = await platform.invoke('updateMembership', {
      sub: FINANCE,
      params: { id: created.body.membership_id },
      body: { user_id: 'user-simon', membership_type: 'regular', start_date: '2020-01-01', version: 0 },
    });

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      membership_type: 'probationary',
      user_name: 'Simon Márton',
      can_edit: true,
    });
    expect(listed.body.items.map((m: { membership_id: string }) => m.membership_id)).toContain(
      created.body.membership_id,
    );
    expect(edited.status).toBe(422);
    expect(edited.body.errors).toEqual({ end_date: ['too_small'] });
    expect(stale.status).toBe(409);
  });
});

describe('scheduled transactions', () => {
  it('the daily job posts a yearly membership fee once per member and period, run twice or replayed', async () => {
    // Started after the seed's memberships (two years back), so these hold on the run's day.
    await membership('user-torok', { start_date: '2027-01-01' });
    await membership('user-farkas', { membership_free: true, start_date: '2027-01-01' });
    const before = {
      torok: (await ledgerStore.balance(ORG, 'user-torok'))?.balance ?? 0,
      farkas: (await ledgerStore.balance(ORG, 'user-farkas'))?.balance ?? 0,
    };
    const schedule = await platform.invoke('createSchedule', {
      sub: FINANCE,
      body: {
        name: 'Éves tagdíj',
        transaction_type: 'membership_fee',
        amount_source: 'membership_fee',
        user_ids: [],
        membership_types: ['regular'],
        cadence: 'yearly',
        day_of_month: 31,
        month: 1,
        start_date: '2026-01-01',
      },
    });
    const preview = await platform.invoke('previewSchedule', {
      sub: FINANCE,
      body: {
        name: 'Éves tagdíj',
        transaction_type: 'membership_fee',
        amount_source: 'membership_fee',
        user_ids: [],
        membership_types: ['regular'],
        cadence: 'yearly',
        day_of_month: 31,
        month: 1,
        start_date: '2026-01-01',
      },
    });

    // The job of 2027-01-31 05:00 Budapest time, twice, and once more at the same time.
    const at = { scheduledTime: '2027-01-31T04:00:00.000Z' };
    const results = await Promise.all([runScheduledTransactions(at), runScheduledTransactions(at)]);
    await runScheduledTransactions(at);
    const after = await platform.invoke('getSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
    });
    const torokFees = (
      await ledgerStore.allMemberEntries(ORG, 'user-torok', '2027-01-31', '2027-01-31')
    ).filter((e) => e.source_id === schedule.body.schedule_id);

    expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
    expect(preview.body.runs[0]).toMatchObject({ period: expect.stringMatching(/^\d{4}$/) });
    expect(preview.body.members.map((m: { user_id: string }) => m.user_id)).toContain('user-torok');
    expect(results.reduce((n, r) => n + r.runs, 0)).toBeGreaterThanOrEqual(1);
    expect(torokFees).toHaveLength(1);
    expect(torokFees[0]).toMatchObject({
      amount: -Ft(40000),
      transaction_type: 'membership_fee',
      date: '2027-01-31',
    });
    // The balance moved by exactly the day's entries (the seed's own yearly-fee schedule runs that day too).
    const torokDay = await ledgerStore.allMemberEntries(ORG, 'user-torok', '2027-01-31', '2027-01-31');
    expect((await ledgerStore.balance(ORG, 'user-torok'))?.balance).toBe(
      before.torok + torokDay.reduce((sum, e) => sum + e.amount, 0),
    );
    // Free of fees: nothing posted.
    expect((await ledgerStore.balance(ORG, 'user-farkas'))?.balance ?? 0).toBe(before.farkas);
    expect(after.body).toMatchObject({ last_run_period: '2027', next_run_date: '2028-01-31' });
    expect(after.body.runs[0]).toMatchObject({ period: '2027', date: '2027-01-31' });
  });

  it('recalculating a period shows what will change first, then rolls back and posts anew', async () => {
    const schedule = await platform.invoke('createSchedule', {
      sub: FINANCE,
      body: {
        name: 'Hangárdíj',
        transaction_type: 'fee',
        amount_source: 'fixed',
        amount: Ft(3000),
        user_ids: ['user-papp', 'user-fekete'],
        membership_types: [],
        cadence: 'monthly',
        day_of_month: 31,
        month: 1,
        start_date: '2027-02-01',
      },
    });
    await runScheduledTransactions({ scheduledTime: '2027-02-28T04:00:00.000Z' });
    const ran = await platform.invoke('getSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
    });
    const changed = await platform.invoke('updateSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
      body: {
        ...scheduleBody(ran.body),
        amount: Ft(3500),
        user_ids: ['user-papp'],
        version: ran.body.version,
      },
    });
    const notRun = await platform.invoke('recalculateSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
      body: { period: '2027-05', apply: false, version: changed.body.version },
    });

    const preview = await platform.invoke('recalculateSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
      body: { period: '2027-02', apply: false, version: changed.body.version },
    });
    const feketeBefore = (await ledgerStore.balance(ORG, 'user-fekete'))?.balance ?? 0;
    const applied = await platform.invoke('recalculateSchedule', {
      sub: FINANCE,
      params: { id: schedule.body.schedule_id },
      body: { period: '2027-02', apply: true, version: changed.body.version },
    });
    const entries = await ledgerStore.allOrganizationEntries(ORG, '2027-02-28', '2027-02-28');
    const ofSchedule = entries.filter((e) => e.source_id === schedule.body.schedule_id);
    const standing = (user: string) =>
      ofSchedule.filter((e) => e.user_id === user).reduce((s, e) => s + e.amount, 0);

    expect(ran.body.runs[0]).toMatchObject({ period: '2027-02', date: '2027-02-28', members: 2 });
    expect(notRun.status).toBe(409);
    expect(notRun.body.code).toBe('period_not_run');
    expect(preview.body.applied).toBe(false);
    expect(preview.body.changes).toEqual([
      expect.objectContaining({
        user_id: 'user-fekete',
        posted: Ft(3000),
        recalculated: 0,
        difference: -Ft(3000),
      }),
      expect.objectContaining({
        user_id: 'user-papp',
        posted: Ft(3000),
        recalculated: Ft(3500),
        difference: Ft(500),
      }),
    ]);
    expect(applied.body.applied).toBe(true);
    expect(standing('user-papp')).toBe(-Ft(3500));
    expect(standing('user-fekete')).toBe(0);
    expect((await ledgerStore.balance(ORG, 'user-fekete'))?.balance).toBe(feketeBefore + Ft(3000));
  });
});

/** A schedule's fields as its edit form sends them back. */
const scheduleBody = (s: Record<string, unknown>) => ({
  name: s.name,
  transaction_type: s.transaction_type,
  amount_source: s.amount_source,
  amount: s.amount,
  user_ids: s.user_ids,
  membership_types: s.membership_types,
  cadence: s.cadence,
  day_of_month: s.day_of_month,
  month: s.month,
  start_date: s.start_date,
  end_date: s.end_date,
  comment: s.comment,
});

describe('tariffs', () => {
  it('a draft is edited, simulated on real flights without posting anything, published, and then frozen', async () => {
    const draft = await platform.invoke('createTariff', { sub: FINANCE, body: { name: '2027 szezon' } });
    const saved = await platform.invoke('updateTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: {
        name: '2027 szezon',
        version: draft.body.version,
        rules: [
          {
            rule_id: 'winch',
            name: 'Csörlés',
            kind: 'flat',
            component: 'launch',
            amount: Ft(4000),
            conditions: { launch_methods: ['winch'] },
          },
          {
            rule_id: 'glider',
            name: 'Vitorlázó percdíj',
            kind: 'per_minute',
            component: 'flight_time',
            rate: Ft(160),
            conditions: { categories: ['glider'] },
          },
        ],
      },
    });
    const before = await ledgerStore.allOrganizationEntries(ORG, '1900-01-01', '2199-12-31');
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);

    const simulation = await platform.invoke('simulateTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: { from: yearAgo, to: today },
    });
    const after = await ledgerStore.allOrganizationEntries(ORG, '1900-01-01', '2199-12-31');
    const published = await platform.invoke('publishTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: { valid_from: '2027-03-01', version: saved.body.version },
    });
    const frozen = await platform.invoke('updateTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: { name: 'x', rules: [], version: published.body.version },
    });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(simulation.status, JSON.stringify(simulation.body)).toBe(200);
    expect(simulation.body.flights).toBeGreaterThan(100);
    expect(simulation.body.priced).toBeGreaterThan(0);
    expect(simulation.body.totals.difference).toBe(
      simulation.body.totals.proposed - simulation.body.totals.current,
    );
    expect(simulation.body.by_member.length).toBeGreaterThan(3);
    expect(simulation.body.by_category.map((c: { category: string }) => c.category)).toContain('glider');
    expect(simulation.body.largest.length).toBeGreaterThan(0);
    expect(after.length).toBe(before.length);
    expect(published.body).toMatchObject({ status: 'published', valid_from: '2027-03-01', can_edit: false });
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe('not_editable');
  });

  it('refuses a rule of a kind it does not know, and two rules with one id', async () => {
    const draft = await platform.invoke('createTariff', { sub: FINANCE, body: { name: 'Hibás' } });
    const rule = { rule_id: 'a', name: 'A', kind: 'flat', component: 'launch', amount: 100 };

    const unknown = await platform.invoke('updateTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: { name: 'Hibás', version: draft.body.version, rules: [{ ...rule, kind: 'free_lunch' }] },
    });
    const twice = await platform.invoke('updateTariff', {
      sub: FINANCE,
      params: { id: draft.body.tariff_id },
      body: { name: 'Hibás', version: draft.body.version, rules: [rule, rule] },
    });

    expect(unknown.status).toBe(422);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ rules: ['duplicate_value'] });
  });
});

describe("the bookkeeper's exports", () => {
  it('the ledger of a period as XLSX opens in a real reader: per member with opening and closing, per type, entries', async () => {
    const clientId = '0mhg2k3f1bbbbbbbbbb';
    await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: clientId,
        user_id: 'user-simon',
        transaction_type: 'payment_received',
        amount: Ft(12345),
        date: '2026-10-10',
        comment: '=HYPERLINK("x")',
      },
    });

    const file = await platform.invoke('exportLedger', {
      sub: FINANCE,
      query: { from: '2026-10-01', to: '2026-10-31', format: 'xlsx' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body.data, 'base64') as unknown as ArrayBuffer);
    const [members, types, entries] = workbook.worksheets;
    const header = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
    const rowOf = (sheet: ExcelJS.Worksheet, text: string) =>
      sheet.getSheetValues().find((row) => Array.isArray(row) && row.includes(text)) as unknown[] | undefined;

    expect(file.status, JSON.stringify(file.body).slice(0, 300)).toBe(200);
    expect(file.body).toMatchObject({
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Tagonként', 'Típusonként', 'Tételek']);
    expect(header(members!)).toEqual(
      expect.arrayContaining(['Tag', 'Nyitó egyenleg', 'Befizetés', 'Záró egyenleg']),
    );
    // The seeded season (relative to today) may have charged Simon in that month too: the closing balance is the
    // opening plus every movement of the row, and the payment column holds this payment.
    const simon = rowOf(members!, 'Simon Márton')!;
    const opening = simon[2] as number;
    const movements = simon.slice(3, -1).filter((cell): cell is number => typeof cell === 'number');
    expect(simon.at(-1)).toBeCloseTo(opening + movements.reduce((sum, n) => sum + n, 0));
    expect(simon[header(members!).indexOf('Befizetés') + 1]).toBeGreaterThanOrEqual(12345);
    expect(rowOf(types!, 'Befizetés')).toBeDefined();
    // A comment that looks like a formula is a text cell, never a formula the spreadsheet would run.
    const line = rowOf(entries!, '=HYPERLINK("x")');
    expect(line).toBeDefined();
    expect(line!.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
  });

  it('the balances as CSV: a semicolon-separated file with a BOM; the debtor list only the debtors', async () => {
    const all = await platform.invoke('exportBalances', { sub: FINANCE, query: { format: 'csv' } });
    const debtors = await platform.invoke('exportBalances', {
      sub: FINANCE,
      query: { format: 'csv', debtors: 'true' },
    });
    const text = Buffer.from(all.body.data, 'base64').toString('utf8');
    const debtorText = Buffer.from(debtors.body.data, 'base64').toString('utf8');

    expect(text.startsWith('\uFEFFTag;Egyenleg;Minimális egyenleg')).toBe(true);
    expect(text.split('\r\n').length).toBeGreaterThan(8);
    expect(debtorText.split('\r\n').length).toBeLessThan(text.split('\r\n').length);
  });

  it('a pilot may not export the ledger or read the balances', async () => {
    const ledger = await platform.invoke('exportLedger', {
      sub: PILOT,
      query: { from: '2026-10-01', to: '2026-10-31', format: 'csv' },
    });
    const balances = await platform.invoke('listBalances', { sub: PILOT });

    expect(ledger.status).toBe(403);
    expect(balances.status).toBe(403);
  });
});

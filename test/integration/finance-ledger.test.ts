import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The ledger (issue 14 §1): entries are appended, never edited; a balance changes in the same
 * TransactWrite as the entry that explains it; a retried posting posts nothing; a rollback is a
 * reversing entry, once; balances at past days come from the month items.
 */
const FINANCE = subOf('finance@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const ORG = 'org-demo';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

let clientSerial = 0;
/** A form's once-chosen id (9 base-36 ms + 10 hex), new for each call. */
const clientId = () => `0mhg2k3f1${(++clientSerial).toString(16).padStart(10, '0')}`;

const balanceOf = async (userId: string) => (await ledgerStore.balance(ORG, userId))?.balance ?? 0;

describe('entries typed in by a treasurer', () => {
  it('a payment received credits the member once, even when the form is saved twice', async () => {
    const before = await balanceOf('user-student');
    const body = {
      client_id: clientId(),
      user_id: 'user-student',
      transaction_type: 'payment_received',
      amount: 2_000_000,
      date: '2026-09-01',
      comment: 'Átutalás, szeptember',
    };

    const first = await platform.invoke('createTransaction', { sub: FINANCE, body });
    const again = await platform.invoke('createTransaction', { sub: FINANCE, body });

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.transaction_id).toBe(first.body.transaction_id);
    expect(first.body).toMatchObject({
      amount: 2_000_000,
      transaction_type: 'payment_received',
      can_rollback: true,
    });
    expect(await balanceOf('user-student')).toBe(before + 2_000_000);
  });

  it('a fee is charged (typed positive, posted negative); a correction keeps its sign', async () => {
    const before = await balanceOf('user-operator');
    const fee = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: clientId(),
        user_id: 'user-operator',
        transaction_type: 'fee',
        amount: 500_000,
        date: '2026-09-02',
      },
    });
    const correction = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: clientId(),
        user_id: 'user-operator',
        transaction_type: 'correction',
        amount: -120_000,
        date: '2026-09-02',
      },
    });

    expect(fee.body.amount).toBe(-500_000);
    expect(correction.body.amount).toBe(-120_000);
    expect(await balanceOf('user-operator')).toBe(before - 620_000);
  });

  it('refuses a negative amount on a typed entry, a non-member, and another club’s member (422)', async () => {
    const base = { client_id: clientId(), transaction_type: 'fee', amount: 100, date: '2026-09-02' };

    const negative = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: { ...base, user_id: 'user-pilot', amount: -100 },
    });
    const foreign = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: { ...base, user_id: 'user-alpine-admin' },
    });

    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual({ amount: ['too_small'] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ user_id: ['invalid_value'] });
  });

  it('a rollback posts the reversing entry once and marks the original; a second one is refused', async () => {
    const before = await balanceOf('user-technical');
    const fee = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: clientId(),
        user_id: 'user-technical',
        transaction_type: 'fee',
        amount: 300_000,
        date: '2026-09-03',
      },
    });

    const [one, two] = await Promise.all([
      platform.invoke('rollbackTransaction', {
        sub: FINANCE,
        params: { id: fee.body.transaction_id },
        body: { comment: 'Tévesen rögzítve' },
      }),
      platform.invoke('rollbackTransaction', {
        sub: FINANCE,
        params: { id: fee.body.transaction_id },
        body: {},
      }),
    ]);
    const original = await platform.invoke('getTransaction', {
      sub: FINANCE,
      params: { id: fee.body.transaction_id },
    });
    const reversal = [one, two].find((r) => r.status === 200)!;
    const ofReversal = await platform.invoke('rollbackTransaction', {
      sub: FINANCE,
      params: { id: reversal.body.transaction_id },
      body: {},
    });

    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect([one, two].find((r) => r.status === 409)!.body.code).toBe('already_rolled_back');
    expect(reversal.body).toMatchObject({
      amount: 300_000,
      reversal_of: fee.body.transaction_id,
      date: '2026-09-03',
    });
    expect(original.body).toMatchObject({ reversed_by: reversal.body.transaction_id, can_rollback: false });
    expect(ofReversal.status).toBe(409);
    expect(await balanceOf('user-technical')).toBe(before);
  });

  it('a member reads their own statement; another member’s id is not theirs to read', async () => {
    const own = await platform.invoke('searchOwnTransactions', { sub: PILOT, body: {} });
    const other = await platform.invoke('getMemberStatement', {
      sub: PILOT,
      params: { user_id: 'user-student' },
    });

    expect(own.status).toBe(200);
    expect(own.body.user_id).toBe('user-pilot');
    expect(other.status).toBe(403);
  });
});

describe('the statement and balances at past days', () => {
  it('shows each entry with the balance after it, newest first, and opening and closing balances of the days', async () => {
    const member = 'user-farkas';
    const post = (amount: number, date: string, type = 'fee') =>
      platform.invoke('createTransaction', {
        sub: FINANCE,
        body: { client_id: clientId(), user_id: member, transaction_type: type, amount, date },
      });
    // Days after every seeded entry (the seed posts up to today), so `start` is the balance before them.
    const start = await balanceOf(member);
    await post(1_000_000, '2030-10-05', 'payment_received');
    await post(200_000, '2030-10-20');
    await post(300_000, '2030-11-03');
    await post(50_000, '2030-12-01');

    const statement = await platform.invoke('getMemberStatement', {
      sub: FINANCE,
      params: { user_id: member },
      query: { from: '2030-10-10', to: '2030-11-30', limit: '1' },
    });
    const next = await platform.invoke('getMemberStatement', {
      sub: FINANCE,
      params: { user_id: member },
      query: { from: '2030-10-10', to: '2030-11-30', limit: '1', cursor: statement.body.cursor },
    });

    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    // Opening: everything before 10 October; closing: everything through November, not December's fee.
    expect(statement.body.opening_balance).toBe(start + 1_000_000);
    expect(statement.body.closing_balance).toBe(start + 1_000_000 - 500_000);
    expect(statement.body.balance).toBe(start + 1_000_000 - 550_000);
    expect(
      statement.body.items.map((i: { amount: number; balance_after: number }) => [i.amount, i.balance_after]),
    ).toEqual([[-300_000, start + 500_000]]);
    // The next page goes on from the balance the first one ended with.
    expect(
      next.body.items.map((i: { amount: number; balance_after: number }) => [i.amount, i.balance_after]),
    ).toEqual([[-200_000, start + 800_000]]);
    const last = next.body.cursor
      ? await platform.invoke('getMemberStatement', {
          sub: FINANCE,
          params: { user_id: member },
          query: { from: '2030-10-10', to: '2030-11-30', limit: '1', cursor: next.body.cursor },
        })
      : null;
    expect(last?.body.items ?? []).toEqual([]);
  });

  it("lists every member's balance in name order and the debtors below zero or their minimum", async () => {
    await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: clientId(),
        user_id: 'user-papp',
        transaction_type: 'fee',
        amount: 90_000_000,
        date: '2026-09-04',
      },
    });

    const all = await platform.invoke('listBalances', { sub: FINANCE, query: { limit: '200' } });
    const debtors = await platform.invoke('listBalances', { sub: FINANCE, query: { debtors: 'true' } });

    expect(all.status).toBe(200);
    // The members list's order: family name first, accents folded.
    const folded = all.body.items.map((r: { user_name: string }) =>
      r.user_name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    expect(folded).toEqual([...folded].sort());
    const papp = debtors.body.items.find((r: { user_id: string }) => r.user_id === 'user-papp');
    expect(papp).toMatchObject({ below_minimum: true, balance_min: -5_000_000 });
    for (const row of debtors.body.items) expect(row.balance < 0 || row.below_minimum).toBe(true);
  });
});

describe('concurrency (issue 14 §12)', () => {
  it('1 000 concurrent postings over 50 members leave every balance equal to the sum of its entries', async () => {
    const members = Array.from({ length: 50 }, (_, i) => `load-member-${String(i).padStart(2, '0')}`);
    const expected = new Map<string, number>();
    const postings = Array.from({ length: 1000 }, (_, i) => {
      const user_id = members[i % members.length]!;
      const amount = ((i * 7919) % 20_001) - 10_000;
      expected.set(user_id, (expected.get(user_id) ?? 0) + amount);
      return {
        organization_id: ORG,
        entries: [
          {
            organization_id: ORG,
            user_id,
            entry_id: `load-${i}`,
            date: `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
            transaction_type: 'correction' as const,
            amount,
            currency_id: 'HUF',
            source: 'manual' as const,
          },
        ],
      };
    });
    // A tenth of them is retried as the cloud may retry: the same entry, posted nothing more.
    const retries = postings.filter((_, i) => i % 10 === 0);

    const outcomes = await Promise.all([...postings, ...retries].map((p) => ledgerStore.post(p)));

    expect(outcomes.filter((o) => o.status === 'posted')).toHaveLength(1000);
    expect(outcomes.filter((o) => o.status === 'refused')).toHaveLength(100);
    for (const user_id of members) {
      const entries = await ledgerStore.allMemberEntries(ORG, user_id, '1900-01-01', '2199-12-31');
      const months = await ledgerStore.memberMonthsAfter(ORG, user_id, '0000-00');
      const balance = await ledgerStore.balance(ORG, user_id);
      const sum = entries.reduce((s, e) => s + e.amount, 0);
      expect(entries).toHaveLength(20);
      expect(balance?.balance, user_id).toBe(sum);
      expect(balance?.balance, user_id).toBe(expected.get(user_id));
      expect(
        months.reduce((s, m) => s + m.amount, 0),
        user_id,
      ).toBe(sum);
    }
  }, 240_000);
});

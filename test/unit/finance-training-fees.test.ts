import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../contracts/events.ts';
import type { FinanceDeps } from '../../functions/finance/finance-context.ts';
import type { Posting } from '../../functions/finance/ledger-store.ts';
import { postTrainingFee, reverseTrainingFee } from '../../functions/finance/training-fee-service.ts';

/** When a training fee is not posted at all: no financial module, no fee, another currency. */
const detail: EventDetail<'training.enrolled'> = {
  organization_id: 'org-a',
  enrolment_id: 'enr-1',
  user_id: 'user-1',
  programme_id: 'prog-1',
  training_fee: 50_000,
  currency_id: 'HUF',
  date: '2026-05-01',
};

function depsWith(modules: string[], currency = 'HUF') {
  const posted: Posting[] = [];
  const deps = {
    organization: async () => ({ organization_id: 'org-a', modules, currency_id: currency }),
    ledger: {
      entry: async () => null,
      post: async (p: Posting) => {
        posted.push(p);
        return { status: 'posted' as const };
      },
    },
    members: async () => new Map(),
    now: () => new Date('2026-05-01T10:00:00Z'),
  } as unknown as FinanceDeps;
  return { deps, posted };
}

describe('training fees', () => {
  it('post one charge where the financial module is on', async () => {
    const { deps, posted } = depsWith(['training', 'financial']);
    await postTrainingFee(deps, detail);
    expect(posted.map((p) => p.entries.map((e) => [e.entry_id, e.amount, e.transaction_type]))).toEqual([
      [['tf-enr-1', -50_000, 'training_fee']],
    ]);
  });

  it('post nothing without the financial module, for a fee of 0, or in another currency', async () => {
    for (const [modules, fee, currency] of [
      [['training'], 50_000, 'HUF'],
      [['training', 'financial'], 0, 'HUF'],
      [['training', 'financial'], 50_000, 'EUR'],
    ] as const) {
      const { deps, posted } = depsWith([...modules], currency);
      await postTrainingFee(deps, { ...detail, training_fee: fee });
      await reverseTrainingFee(deps, { ...detail, training_fee: fee });
      expect(posted).toEqual([]);
    }
  });
});

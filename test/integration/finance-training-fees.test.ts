import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventDetail, eventSource } from '../../contracts/events.ts';
import { chargeTrainingFees } from '../../functions/finance/events.ts';
import { ledgerStore } from '../../functions/finance/ledger-store.ts';
import { eventIdOf } from '../../functions/platform/events/outbox.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * A programme's training fee reaches the student's ledger through events, not calls (issue 16 §2):
 * training announces `training.enrolled` (and `training.unenrolled` when the enrolment is deleted),
 * finance posts ONE charge per enrolment and ONE reversal — here on a bus that delivers every event
 * TWICE and OUT OF ORDER. A fee of 0 posts nothing.
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ORG = 'org-demo';
const FEE = 2_500_000;

let platform: Platform;
let programme: any;
beforeAll(async () => {
  platform = await startPlatform({ events: { duplicate: true, shuffle: true, seed: 16 } });
  const adopted = await platform.invoke('adoptBuiltinProgramme', {
    sub: ADMIN,
    params: { key: 'launch_winch' },
  });
  expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
  programme = adopted.body;
});
afterAll(async () => {
  await platform?.close();
});

const setFee = async (fee: number) => {
  const updated = await platform.invoke('updateProgramme', {
    sub: ADMIN,
    params: { id: programme.programme_id },
    body: { training_fee: fee, version: programme.version },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  programme = updated.body;
};

const enrol = async () => {
  const created = await platform.invoke('createEnrolment', {
    sub: ADMIN,
    body: {
      user_id: 'user-student',
      programme_id: programme.programme_id,
      instructor_ids: ['user-instructor'],
      training_start_date: '2026-01-01',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await platform.events.drained();
  return created.body as { enrolment_id: string; version: number };
};

/** The student's own statement (profile/transactions), training fees only. */
const statement = async () => {
  const answer = await platform.invoke('searchOwnTransactions', {
    sub: STUDENT,
    body: { from: '2020-01-01', to: '2030-12-31', type: 'training_fee' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items as {
    transaction_id: string;
    amount: number;
    transaction_type: string;
    source: string;
    source_id: string | null;
    reversal_of: string | null;
    reversed_by: string | null;
    currency_id: string;
    date: string;
  }[];
};
const ofEnrolment = async (enrolmentId: string) =>
  (await statement()).filter((i) => i.source_id === enrolmentId);
const balance = async () => (await ledgerStore.balance(ORG, 'user-student'))?.balance ?? 0;

describe("an enrolment's training fee on the student's statement", () => {
  let enrolment: { enrolment_id: string; version: number };
  let before = 0;

  it('enrolling in a programme with a fee posts one charge of that amount, though delivered twice', async () => {
    await setFee(FEE);
    before = await balance();
    enrolment = await enrol();

    const items = await ofEnrolment(enrolment.enrolment_id);
    expect(platform.events.dead).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      amount: -FEE,
      currency_id: 'HUF',
      transaction_type: 'training_fee',
      source: 'training',
      reversal_of: null,
      reversed_by: null,
    });
    expect(await balance()).toBe(before - FEE);
  });

  it('the same event delivered again posts nothing more', async () => {
    const detail: EventDetail<'training.enrolled'> = {
      organization_id: ORG,
      enrolment_id: enrolment.enrolment_id,
      user_id: 'user-student',
      programme_id: programme.programme_id,
      training_fee: FEE,
      currency_id: 'HUF',
      date: (await ofEnrolment(enrolment.enrolment_id))[0]!.date,
    };
    await deliver('training.enrolled', detail);
    await deliver('training.enrolled', detail);

    expect(await ofEnrolment(enrolment.enrolment_id)).toHaveLength(1);
    expect(await balance()).toBe(before - FEE);
  });

  it('deleting the enrolment reverses the charge once', async () => {
    const removed = await platform.invoke('deleteEnrolment', {
      sub: ADMIN,
      params: { id: enrolment.enrolment_id },
      query: { version: String(enrolment.version) },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await platform.events.drained();

    const items = await ofEnrolment(enrolment.enrolment_id);
    expect(platform.events.dead).toEqual([]);
    expect(items).toHaveLength(2);
    const charge = items.find((i) => !i.reversal_of)!;
    const reversal = items.find((i) => i.reversal_of)!;
    expect(reversal).toMatchObject({ amount: FEE, reversal_of: charge.transaction_id });
    expect(charge.reversed_by).toBe(reversal.transaction_id);
    expect(await balance()).toBe(before);
  });

  it('a programme without a fee posts nothing', async () => {
    await setFee(0);
    const free = await enrol();

    expect(await ofEnrolment(free.enrolment_id)).toEqual([]);
    expect(await balance()).toBe(before);
  });
});

describe('in any order', () => {
  const detail = (enrolmentId: string): EventDetail<'training.enrolled'> => ({
    organization_id: ORG,
    enrolment_id: enrolmentId,
    user_id: 'user-student',
    programme_id: programme.programme_id,
    training_fee: 120_000,
    currency_id: 'HUF',
    date: '2026-03-14',
  });

  it('a deletion met before its enrolment posts the charge with its reversal, and the enrolment then nothing', async () => {
    const before = await balance();
    const d = detail('enrolment-out-of-order');
    await deliver('training.unenrolled', d);
    await deliver('training.enrolled', d);
    await deliver('training.unenrolled', d);
    await deliver('training.enrolled', d);

    const items = await ofEnrolment('enrolment-out-of-order');
    expect(items.map((i) => i.amount).sort((a, b) => a - b)).toEqual([-120_000, 120_000]);
    expect(await balance()).toBe(before);
  });
});

/** Hands the finance consumer an event as the bus does (a redelivery of the same natural id). */
async function deliver(type: 'training.enrolled' | 'training.unenrolled', detail: EventDetail<typeof type>) {
  const outcome = await chargeTrainingFees({
    'detail-type': type,
    source: eventSource('training'),
    time: new Date().toISOString(),
    detail: { ...detail, event_id: eventIdOf(type, detail) },
  });
  expect(outcome).toBe('handled');
}

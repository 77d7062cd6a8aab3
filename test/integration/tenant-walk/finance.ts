import { expect } from 'vitest';
import { financeStore } from '../../../functions/finance/finance-store.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/** Organization A's finance items, made by A's people before the walk. */
const a = {
  entryId: '',
  flightId: '',
  tariffId: '',
  scheduleId: '',
  membershipId: '',
  paymentId: 'walk-payment-a',
};
const FINANCE = subOf('finance@demo.windsock.aero');

const schedule = {
  name: 'Walk',
  transaction_type: 'fee',
  amount_source: 'fixed',
  amount: 100_000,
  user_ids: ['user-pilot'],
  membership_types: [],
  cadence: 'monthly',
  day_of_month: 1,
  month: 1,
  start_date: '2026-01-01',
};
const membership = { user_id: 'user-pilot', membership_type: 'regular', start_date: '2026-01-01' };

/**
 * The tenant walk over the finance domain: B's admin names A's entries, flights, tariffs, schedules,
 * memberships, payments and members, and gets 403/404 or a field error — never A's money.
 */
export const financeWalk: WalkArea = {
  async setup(platform) {
    const entry = await platform.invoke('createTransaction', {
      sub: FINANCE,
      body: {
        client_id: '0mhg2k3f1cccccccccc',
        user_id: 'user-pilot',
        transaction_type: 'fee',
        amount: 100_000,
        date: '2026-08-15',
      },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    a.entryId = entry.body.transaction_id;
    const flight = await platform.invoke('createFlight', {
      sub: subOf('admin@demo.windsock.aero'),
      body: {
        plane_id: 'plane-ha-4370',
        takeoff_type_id: 3,
        takeoff_time: '2026-08-16T09:00:00Z',
        landing_time: '2026-08-16T09:30:00Z',
        pic_id: 'user-pilot',
      },
    });
    a.flightId = flight.body.flight_id;
    a.tariffId = (
      await platform.invoke('createTariff', { sub: FINANCE, body: { name: 'Walk' } })
    ).body.tariff_id;
    a.scheduleId = (
      await platform.invoke('createSchedule', { sub: FINANCE, body: schedule })
    ).body.schedule_id;
    a.membershipId = (
      await platform.invoke('createMembership', { sub: FINANCE, body: membership })
    ).body.membership_id;
    await financeStore.createPayment({
      organization_id: 'org-demo',
      payment_id: a.paymentId,
      user_id: 'user-pilot',
      provider: 'stripe',
      status: 'pending',
      amount: 500_000,
      currency_id: 'HUF',
      version: 1,
      created_at: '2026-08-15T10:00:00.000Z',
      updated_at: '2026-08-15T10:00:00.000Z',
    });
    expect([a.flightId, a.tariffId, a.scheduleId, a.membershipId].every(Boolean)).toBe(true);
  },
  ids: {
    getTransaction: () => ({ id: a.entryId }),
    rollbackTransaction: () => ({ id: a.entryId }),
    getMemberStatement: () => ({ user_id: 'user-pilot' }),
    getFlightCharge: () => ({ id: a.flightId }),
    setFlightPayers: () => ({ id: a.flightId }),
    recalculateFlightCharge: () => ({ id: a.flightId }),
    getTariff: () => ({ id: a.tariffId }),
    updateTariff: () => ({ id: a.tariffId }),
    publishTariff: () => ({ id: a.tariffId }),
    deleteTariff: () => ({ id: a.tariffId }),
    simulateTariff: () => ({ id: a.tariffId }),
    getSchedule: () => ({ id: a.scheduleId }),
    updateSchedule: () => ({ id: a.scheduleId }),
    deleteSchedule: () => ({ id: a.scheduleId }),
    recalculateSchedule: () => ({ id: a.scheduleId }),
    getMembership: () => ({ id: a.membershipId }),
    updateMembership: () => ({ id: a.membershipId }),
    deleteMembership: () => ({ id: a.membershipId }),
    getPayment: () => ({ id: a.paymentId }),
    cancelPayment: () => ({ id: a.paymentId }),
  },
  bodies: {
    // A's member in the body: refused as a field B cannot name (422), nothing posted.
    createTransaction: {
      client_id: '0mhg2k3f1dddddddddd',
      user_id: 'user-pilot',
      transaction_type: 'fee',
      amount: 100,
      date: '2026-08-15',
    },
    rollbackTransaction: {},
    searchOwnTransactions: {},
    setFlightPayers: { mode: 'none', payers: [], version: 1 },
    recalculateFlightCharge: { version: 1 },
    createTariff: { name: 'Walk' },
    updateTariff: { name: 'Walk', rules: [], version: 1 },
    publishTariff: { valid_from: '2027-01-01', version: 1 },
    simulateTariff: { from: '2026-01-01', to: '2026-06-30' },
    createSchedule: schedule,
    previewSchedule: schedule,
    updateSchedule: { ...schedule, version: 1 },
    recalculateSchedule: { period: '2026-08', apply: true, version: 1 },
    createMembership: membership,
    updateMembership: { ...membership, version: 1 },
    startPayment: { amount: 5_000, return_origin: 'http://app.windsock.test' },
    cancelPayment: {},
  },
};

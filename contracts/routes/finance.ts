import * as z from 'zod/mini';
import type { Guard, RouteDef } from '../route-types.ts';
import * as finance from '../schemas/finance.ts';
import { deletedOutput, deleteFlightQuery } from '../schemas/flights.ts';
import * as tariffs from '../schemas/tariffs.ts';
import { entityId } from '../validation.ts';

export const transactionList: Guard = { auth: 'user', permission: 'transaction-list', module: 'financial' };
export const transactionEdit: Guard = { auth: 'user', permission: 'transaction-edit', module: 'financial' };
const balanceList: Guard = { auth: 'user', permission: 'balance-list', module: 'financial' };
const membershipList: Guard = { auth: 'user', permission: 'membership-list', module: 'membership' };
const membershipEdit: Guard = { auth: 'user', permission: 'membership-edit', module: 'membership' };
/** A member's own money: their statement, their card top-ups, a flight's charge they pay (checked in the service). */
const ownFinance: Guard = { auth: 'user', module: 'financial' };
/** The daily sheet's cards show payers' standing to those who run the sheet. */
const sheetStanding: Guard = { auth: 'user', permission: 'daily-flight-list', module: 'financial' };

const id = { id: entityId };

/**
 * The finance domain (spec §2 "Finance", issue 14): the ledger and statements, balances, flight
 * charges with their explanations, tariffs and the simulator, scheduled transactions, memberships,
 * card payments and the bookkeeper's exports.
 */
export const financeRoutes = {
  listTransactions: {
    method: 'GET',
    path: '/api/transactions',
    domain: 'finance',
    guard: transactionList,
    query: finance.listTransactionsQuery,
    output: finance.transactionListOutput,
  },
  getTransactionTotals: {
    method: 'GET',
    path: '/api/transactions/totals',
    domain: 'finance',
    guard: transactionList,
    query: finance.transactionTotalsQuery,
    output: finance.transactionTotalsOutput,
  },
  getTransaction: {
    method: 'GET',
    path: '/api/transactions/{id}',
    params: id,
    domain: 'finance',
    guard: transactionList,
    output: finance.transactionOutput,
  },
  createTransaction: {
    method: 'POST',
    path: '/api/transactions',
    domain: 'finance',
    guard: transactionEdit,
    body: finance.createTransactionInput,
    output: finance.transactionOutput,
  },
  rollbackTransaction: {
    method: 'POST',
    path: '/api/transactions/{id}/rollback',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: finance.rollbackInput,
    output: finance.transactionOutput,
  },
  getMemberStatement: {
    method: 'GET',
    path: '/api/members/{user_id}/transactions',
    params: { user_id: entityId },
    domain: 'finance',
    guard: transactionList,
    query: finance.statementQuery,
    output: finance.statementOutput,
  },
  /** Spec §7 POST /api/profile/search-transactions: the member's own statement. */
  searchOwnTransactions: {
    method: 'POST',
    path: '/api/profile/search-transactions',
    domain: 'finance',
    guard: ownFinance,
    body: finance.searchTransactionsInput,
    output: finance.statementOutput,
  },
  listBalances: {
    method: 'GET',
    path: '/api/balances',
    domain: 'finance',
    guard: balanceList,
    query: finance.listBalancesQuery,
    output: finance.balanceListOutput,
  },
  exportBalances: {
    method: 'GET',
    path: '/api/balances/export',
    domain: 'finance',
    guard: balanceList,
    query: finance.balancesExportQuery,
    output: finance.exportOutput,
  },
  exportLedger: {
    method: 'GET',
    path: '/api/ledger/export',
    domain: 'finance',
    guard: transactionList,
    query: finance.ledgerExportQuery,
    output: finance.exportOutput,
  },
  getPayerStanding: {
    method: 'GET',
    path: '/api/finance/standing',
    domain: 'finance',
    guard: sheetStanding,
    query: finance.standingQuery,
    output: finance.standingOutput,
  },

  getFlightCharge: {
    method: 'GET',
    path: '/api/flights/{id}/charge',
    params: id,
    domain: 'finance',
    guard: ownFinance,
    output: finance.flightChargeOutput,
  },
  setFlightPayers: {
    method: 'PUT',
    path: '/api/flights/{id}/charge/payers',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: finance.flightPayersInput,
    output: finance.flightChargeOutput,
  },
  recalculateFlightCharge: {
    method: 'POST',
    path: '/api/flights/{id}/charge/recalculate',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: finance.recalculateChargeInput,
    output: finance.flightChargeOutput,
  },

  listTariffs: {
    method: 'GET',
    path: '/api/tariffs',
    domain: 'finance',
    guard: transactionList,
    output: tariffs.tariffListOutput,
  },
  getTariff: {
    method: 'GET',
    path: '/api/tariffs/{id}',
    params: id,
    domain: 'finance',
    guard: transactionList,
    output: tariffs.tariffOutput,
  },
  createTariff: {
    method: 'POST',
    path: '/api/tariffs',
    domain: 'finance',
    guard: transactionEdit,
    body: tariffs.createTariffInput,
    output: tariffs.tariffOutput,
  },
  updateTariff: {
    method: 'PATCH',
    path: '/api/tariffs/{id}',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: tariffs.updateTariffInput,
    output: tariffs.tariffOutput,
  },
  publishTariff: {
    method: 'POST',
    path: '/api/tariffs/{id}/publish',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: tariffs.publishTariffInput,
    output: tariffs.tariffOutput,
  },
  deleteTariff: {
    method: 'DELETE',
    path: '/api/tariffs/{id}',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    output: deletedOutput,
  },
  simulateTariff: {
    method: 'POST',
    path: '/api/tariffs/{id}/simulate',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: tariffs.simulateTariffInput,
    output: tariffs.simulationOutput,
  },

  listSchedules: {
    method: 'GET',
    path: '/api/scheduled-transactions',
    domain: 'finance',
    guard: transactionList,
    query: finance.listSchedulesQuery,
    output: finance.scheduleListOutput,
  },
  getSchedule: {
    method: 'GET',
    path: '/api/scheduled-transactions/{id}',
    params: id,
    domain: 'finance',
    guard: transactionList,
    output: finance.scheduleOutput,
  },
  createSchedule: {
    method: 'POST',
    path: '/api/scheduled-transactions',
    domain: 'finance',
    guard: transactionEdit,
    body: finance.scheduleInput,
    output: finance.scheduleOutput,
  },
  updateSchedule: {
    method: 'PATCH',
    path: '/api/scheduled-transactions/{id}',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: finance.updateScheduleInput,
    output: finance.scheduleOutput,
  },
  deleteSchedule: {
    method: 'DELETE',
    path: '/api/scheduled-transactions/{id}',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    output: deletedOutput,
  },
  previewSchedule: {
    method: 'POST',
    path: '/api/scheduled-transactions/preview',
    domain: 'finance',
    guard: transactionEdit,
    body: finance.scheduleInput,
    output: finance.schedulePreviewOutput,
  },
  recalculateSchedule: {
    method: 'POST',
    path: '/api/scheduled-transactions/{id}/recalculate',
    params: id,
    domain: 'finance',
    guard: transactionEdit,
    body: finance.recalculateInput,
    output: finance.recalculateOutput,
  },

  listMemberships: {
    method: 'GET',
    path: '/api/memberships',
    domain: 'finance',
    guard: membershipList,
    query: finance.listMembershipsQuery,
    output: finance.membershipListOutput,
  },
  getMembership: {
    method: 'GET',
    path: '/api/memberships/{id}',
    params: id,
    domain: 'finance',
    guard: membershipList,
    output: finance.membershipOutput,
  },
  createMembership: {
    method: 'POST',
    path: '/api/memberships',
    domain: 'finance',
    guard: membershipEdit,
    body: finance.createMembershipInput,
    output: finance.membershipOutput,
  },
  updateMembership: {
    method: 'PATCH',
    path: '/api/memberships/{id}',
    params: id,
    domain: 'finance',
    guard: membershipEdit,
    body: finance.updateMembershipInput,
    output: finance.membershipOutput,
  },
  deleteMembership: {
    method: 'DELETE',
    path: '/api/memberships/{id}',
    params: id,
    domain: 'finance',
    guard: membershipEdit,
    query: deleteFlightQuery,
    output: deletedOutput,
  },

  getPaymentConfig: {
    method: 'GET',
    path: '/api/payments/config',
    domain: 'finance',
    guard: ownFinance,
    output: finance.paymentConfigOutput,
  },
  startPayment: {
    method: 'POST',
    path: '/api/payments',
    domain: 'finance',
    guard: ownFinance,
    body: finance.startPaymentInput,
    output: finance.startPaymentOutput,
  },
  getPayment: {
    method: 'GET',
    path: '/api/payments/{id}',
    params: id,
    domain: 'finance',
    guard: ownFinance,
    output: finance.paymentOutput,
  },
  cancelPayment: {
    method: 'POST',
    path: '/api/payments/{id}/cancel',
    params: id,
    domain: 'finance',
    guard: ownFinance,
    body: z.strictObject({}),
    output: finance.paymentOutput,
  },
  /** Stripe's webhook: public, signed by Stripe over the raw body (functions/finance/payment-service.ts). */
  stripeWebhook: {
    method: 'POST',
    path: '/api/payments/stripe/webhook',
    domain: 'finance',
    guard: { auth: 'public' },
    rawBody: true,
    output: finance.webhookOutput,
  },
} as const satisfies Record<string, RouteDef>;

import type { DomainOps } from '../platform/http/router.ts';
import * as charges from './charge-service.ts';
import * as exports from './export-service.ts';
import { defaultFinanceDeps } from './finance-context.ts';
import * as ledger from './ledger-service.ts';
import * as memberships from './membership-service.ts';
import * as payments from './payment-service.ts';
import * as schedules from './schedule-service.ts';
import * as tariffs from './tariff-service.ts';

const deps = defaultFinanceDeps;
const chargeDeps = charges.defaultChargeDeps;
const paymentDeps = payments.defaultPaymentDeps;
const tariffDeps = tariffs.tariffDeps(deps);
const versionOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** HTTP adaptor of the finance domain: one line per operation, the rules are in the services. */
export const ops: DomainOps<'finance'> = {
  listTransactions: ({ actor, query }) => ledger.listTransactions(deps, actor, query),
  getTransactionTotals: ({ actor, query }) => ledger.transactionTotals(deps, actor, query),
  getTransaction: ({ actor, params }) => ledger.getTransaction(deps, actor, params.id),
  createTransaction: ({ actor, body }) => ledger.createTransaction(deps, actor, body),
  rollbackTransaction: ({ actor, params, body }) =>
    ledger.rollbackTransaction(deps, actor, params.id, body.comment),
  getMemberStatement: ({ actor, params, query }) =>
    ledger.statementOfMember(deps, actor, params.user_id, query),
  searchOwnTransactions: ({ actor, body }) => ledger.ownStatement(deps, actor, body),
  listBalances: ({ actor, query }) => ledger.listBalances(deps, actor, query),
  exportBalances: ({ actor, query }) => exports.balancesExport(deps, actor, query),
  exportLedger: ({ actor, query }) => exports.ledgerExport(deps, actor, query),
  getPayerStanding: ({ actor, query }) => ledger.standings(deps, actor, query.user_ids.split(',')),

  getFlightCharge: ({ actor, params }) => charges.getFlightCharge(chargeDeps, actor, params.id),
  setFlightPayers: ({ actor, params, body }) => charges.setFlightPayers(chargeDeps, actor, params.id, body),
  recalculateFlightCharge: ({ actor, params, body }) =>
    charges.recalculateFlightCharge(chargeDeps, actor, params.id, body.version),

  listTariffs: ({ actor }) => tariffs.listTariffs(deps, actor),
  getTariff: ({ actor, params }) => tariffs.getTariff(deps, actor, params.id),
  createTariff: ({ actor, body }) => tariffs.createTariff(deps, actor, body),
  updateTariff: ({ actor, params, body }) => tariffs.updateTariff(deps, actor, params.id, body),
  publishTariff: ({ actor, params, body }) => tariffs.publishTariff(deps, actor, params.id, body),
  deleteTariff: ({ actor, params }) => tariffs.deleteTariff(deps, actor, params.id),
  simulateTariff: ({ actor, params, body }) => tariffs.simulateTariff(tariffDeps, actor, params.id, body),

  listSchedules: ({ actor, query }) => schedules.listSchedules(deps, actor, query),
  getSchedule: ({ actor, params }) => schedules.getSchedule(deps, actor, params.id),
  createSchedule: ({ actor, body }) => schedules.createSchedule(deps, actor, body),
  updateSchedule: ({ actor, params, body }) => schedules.updateSchedule(deps, actor, params.id, body),
  deleteSchedule: ({ actor, params }) => schedules.deleteSchedule(deps, actor, params.id),
  previewSchedule: ({ actor, body }) => schedules.previewSchedule(deps, actor, body),
  recalculateSchedule: ({ actor, params, body }) =>
    schedules.recalculateSchedule(deps, actor, params.id, body),

  listMemberships: ({ actor, query }) => memberships.listMemberships(deps, actor, query),
  getMembership: ({ actor, params }) => memberships.getMembership(deps, actor, params.id),
  createMembership: ({ actor, body }) => memberships.createMembership(deps, actor, body),
  updateMembership: ({ actor, params, body }) => memberships.updateMembership(deps, actor, params.id, body),
  deleteMembership: ({ actor, params, query }) =>
    memberships.deleteMembership(deps, actor, params.id, versionOf(query.version)),

  getPaymentConfig: ({ actor }) => payments.paymentConfig(paymentDeps, actor),
  startPayment: ({ actor, body }) => payments.startPayment(paymentDeps, actor, body),
  getPayment: ({ actor, params }) => payments.getPayment(paymentDeps, actor, params.id),
  cancelPayment: ({ actor, params }) => payments.cancelPayment(paymentDeps, actor, params.id),
  stripeWebhook: ({ raw }) => payments.stripeWebhook(paymentDeps, raw),
};

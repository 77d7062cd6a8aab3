import { defaultFinanceDeps } from './finance-context.ts';
import { runDueSchedules } from './schedule-service.ts';
import { sendMonthlyStatements } from './statements.ts';

/**
 * The finance domain's scheduled jobs (contracts/schedules.ts; croner locally, EventBridge Scheduler
 * in the cloud). Each is idempotent per (job, period): run twice, it posts and sends once.
 */
type ScheduledEvent = { scheduledTime?: string };
const timeOf = (event: ScheduledEvent) =>
  event.scheduledTime ? new Date(event.scheduledTime) : defaultFinanceDeps.now();

/** Daily: the scheduled (recurring) transactions that are due, in each organization's time zone. */
export const runScheduledTransactions = (event: ScheduledEvent = {}) =>
  runDueSchedules(defaultFinanceDeps, timeOf(event));

/** The 1st of the month: last month's statement to the members who asked for one. */
export const sendStatements = (event: ScheduledEvent = {}) =>
  sendMonthlyStatements(defaultFinanceDeps, timeOf(event));

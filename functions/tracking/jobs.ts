import { allOrganizations } from '../organizations/public.ts';
import { logger } from '../platform/log/logger.ts';
import { type SweepStats, sweepOrganization } from './sweep.ts';

/**
 * Scheduled entries of the tracking domain (contracts/schedules.ts). Each is idempotent per period
 * (docs/ARCHITECTURE.md "Scheduled jobs"): a retried or doubled run changes nothing more.
 */

type ScheduledEvent = { scheduleId: string; scheduledTime: string };

/**
 * Every minute (tracking-sweep): the detector of every quiet OGN device of every organization
 * settles the fixes it still holds back for reorderings, so a tracker switched off right after
 * its landing roll-out still lands its flight (ingest.ts sweepOrganization). An organization
 * without devices has no detector records: one empty Query.
 *
 * Locally croner runs it in the process whose serial queue ingests the batches; the two meet only
 * on the detector's and the proposals' version conditions, as two Lambdas would.
 */
export async function sweepQuietDevices(event: ScheduledEvent) {
  const at = Date.parse(event.scheduledTime);
  if (Number.isNaN(at)) throw new Error(`${event.scheduleId}: invalid scheduledTime ${event.scheduledTime}`);
  const data = await allOrganizations();
  const totals: SweepStats & { organizations: number } = {
    organizations: 0,
    devices: 0,
    swept: 0,
    raced: 0,
    events: 0,
    proposals: 0,
  };
  let failed = 0;
  for (const { organization_id: organizationId } of data) {
    // One organization's failure must not hold the others back; the run fails at the end, so the
    // scheduler retries it (what succeeded finds nothing to do then).
    try {
      const stats = await sweepOrganization(organizationId, at);
      totals.organizations++;
      for (const key of ['devices', 'swept', 'raced', 'events', 'proposals'] as const)
        totals[key] += stats[key];
    } catch (error) {
      failed++;
      logger.error('tracking sweep failed', {
        organization_id: organizationId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (failed > 0) throw new Error(`${event.scheduleId}: ${failed} organization(s) failed`);
  if (totals.swept > 0) logger.info('tracking sweep', { ...totals });
  return totals;
}

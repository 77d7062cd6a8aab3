import { Cron } from 'croner';
import type { ScheduleDef } from '../../contracts/schedules.ts';

type Job = (event: { scheduleId: string; scheduledTime: string }) => Promise<unknown>;

/**
 * Runs the schedule table with croner, as EventBridge Scheduler does in the cloud: each job gets
 * the scheduled time, so a job keyed on (job, period) stays idempotent when it runs twice.
 */
export function startSchedules(
  rows: readonly ScheduleDef[],
  loadJob: (row: ScheduleDef) => Promise<Job> = async (row) => {
    const module = (await import(`../../functions/${row.domain}/jobs.ts`)) as Record<string, Job>;
    const job = module[row.handler];
    if (!job)
      throw new Error(`Schedule ${row.id}: functions/${row.domain}/jobs.ts has no export ${row.handler}`);
    return job;
  },
) {
  const crons = rows.map(
    (row) =>
      new Cron(row.cron, { timezone: row.timezone, protect: true, name: row.id }, async (self: Cron) => {
        const time = (self.currentRun() ?? new Date()).toISOString();
        try {
          const job = await loadJob(row);
          await job({ scheduleId: row.id, scheduledTime: time });
        } catch (error) {
          console.error(`[schedule] ${row.id} failed:`, error instanceof Error ? error.message : error);
        }
      }),
  );
  return {
    jobs: crons.map((c) => ({ id: c.name, next: c.nextRun()?.toISOString() ?? null })),
    stop: () => {
      for (const c of crons) c.stop();
    },
  };
}

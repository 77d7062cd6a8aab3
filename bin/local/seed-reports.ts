import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's saved reports (issue 17 §8): beside the built-in ones (yearly statistics, aircraft
 * utilisation, members' hours — code, every club has them), the winch launches per month with a
 * chart, and the single-seaters' flights one row per flight. Ids are fixed: the tenant walk and the
 * tests use them.
 */
export const DEMO_REPORTS = {
  winchByMonth: 'report-demo-winch',
  singleSeaters: 'report-demo-flights',
} as const;

export async function seedReports(): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const created_by = userIdOf('admin');
  await entities.reportDefinition
    .put({
      organization_id,
      report_id: DEMO_REPORTS.winchByMonth,
      name: 'Csörlős indítások havonta',
      description: 'A csörlővel indított vitorlázórepülések száma és ideje hónaponként.',
      source: 'flights',
      group_by: 'month',
      filters: { takeoff_type_id: 3, kind: 'glider' },
      chart: true,
      created_by,
    })
    .go();
  await entities.reportDefinition
    .put({
      organization_id,
      report_id: DEMO_REPORTS.singleSeaters,
      name: 'HA-4012 repülései',
      description: 'Az egyesület HA-4012 lajstromjelű vitorlázójának minden repülése.',
      source: 'flights',
      group_by: 'none',
      filters: { plane_id: 'plane-ha-4012' },
      chart: false,
      created_by,
    })
    .go();
}

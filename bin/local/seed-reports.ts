import { BUILT_IN_REPORTS } from '../../contracts/schemas/reports.ts';
import { db } from '../../functions/platform/db/service.ts';
import { builtInItem } from '../../functions/reports/report-service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's reports (issue 17 §8): the built-in ones as its items (yearly statistics, aircraft
 * utilisation, members' hours, expiring documents — every other club gets the same items on its
 * first read of the reports), the winch launches per month with a chart, and the single-seaters'
 * flights one row per flight. Ids are fixed: the tenant walk and the tests use them.
 */
export const DEMO_REPORTS = {
  winchByMonth: 'report-demo-winch',
  singleSeaters: 'report-demo-flights',
} as const;

export async function seedReports(): Promise<void> {
  const { entities } = db();
  const organization_id = orgIdOf('demo');
  const created_by = userIdOf('admin');
  for (const id of BUILT_IN_REPORTS)
    await entities.reportDefinition.put(builtInItem(organization_id, id)).go();
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

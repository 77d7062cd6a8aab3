import type { TakeoffType } from './schemas/flight-enums.ts';
import type { RecencyOutput } from './schemas/logbook.ts';

type RuleResult = RecencyOutput['rules'][number];

/**
 * Which of a pilot's recency rules a flight they are about to fly as pilot in command depends on
 * (issue 5 §6): the daily sheet warns (or, by the organization's choice, refuses) when one lapsed.
 * Sailplane flights: SFCL.160(a), SFCL.155 for the launch method (which must be open to the pilot:
 * issue 16 §5), SFCL.160(e) with a passenger;
 * powered flights (aeroplane, TMG): FCL.060 with a passenger; always the medical. Shared by the
 * browser and the Lambda so both say the same.
 */
export function lapsedFor(
  recency: Pick<RecencyOutput, 'rules'>,
  flight: { kind: 'glider' | 'powered'; takeoff_type: TakeoffType; with_passenger: boolean },
): RuleResult[] {
  const applies = (rule: RuleResult) => {
    switch (rule.rule) {
      case 'medical':
        return true;
      case 'sfcl_160a':
        return flight.kind === 'glider';
      case 'sfcl_155':
        return flight.kind === 'glider' && rule.method === flight.takeoff_type;
      case 'sfcl_160e':
        return flight.kind === 'glider' && flight.with_passenger;
      case 'fcl_060':
        return flight.kind === 'powered' && flight.with_passenger;
    }
  };
  // Not current for this flight: a lapsed rule, no medical on record (the card says "not recorded",
  // the sheet still cannot let an unknown medical fly), or passengers for a pilot the passenger rule
  // does not cover (a student, a licence without sailplanes).
  const blocks = (rule: RuleResult) =>
    rule.status === 'lapsed' ||
    (rule.rule === 'medical' && rule.status === 'not_recorded') ||
    (rule.rule === 'sfcl_160e' && rule.status === 'not_applicable');
  const lapsed = recency.rules.filter((rule) => applies(rule) && blocks(rule));
  // SFCL.155(a): a launch method with no result was never opened to the pilot — never launched by
  // it as pilot in command and no launch-method training finished (a student who flew it dual only).
  const methodOpen = recency.rules.some((r) => r.rule === 'sfcl_155' && r.method === flight.takeoff_type);
  if (flight.kind === 'glider' && flight.takeoff_type !== 'tmg' && !methodOpen)
    lapsed.push({
      rule: 'sfcl_155',
      method: flight.takeoff_type,
      privilege_missing: true,
      status: 'lapsed',
      until: null,
      counted: [],
      totals: { launches: 0 },
      required: { launches: 5 },
      needed: {},
    });
  return lapsed;
}

import type { EntityItem } from 'electrodb';
import { db } from '../platform/db/service.ts';
import { type TransactionBuilder, transactWrite } from '../platform/db/writes.ts';
import { notFound } from '../platform/http/errors.ts';
import type { component as componentEntity, plane as planeEntity } from './entities.ts';

/**
 * The counters API for flights (issue 4 §6): what one completed flight adds to its aircraft, the
 * aircraft's installed components and the aircraft's use of that day — written together with the
 * flight in the flight's own TransactWrite, so a flight and the counters never disagree.
 *
 * Flight and engine time in integer minutes, takeoffs and landings as counts. A negative delta takes
 * back what a corrected or deleted flight had added.
 *
 * The plane's `version` is NOT bumped: flights add constantly, and an open plane/{id} form must not
 * get a 409 because a glider landed. The form never sends counter_ or current_ values; a changed
 * start_ reading moves current_ by an ADD too (plane-service.ts), so both kinds of write commute.
 */
export interface CounterDelta {
  flight_minutes: number;
  engine_minutes: number;
  takeoffs: number;
  landings: number;
}

interface PreparedAdvance {
  plane: EntityItem<typeof planeEntity>;
  components: EntityItem<typeof componentEntity>[];
  /** The writes to put inside the caller's TransactWrite. */
  commits: TransactionBuilder;
}

const isZero = (delta: CounterDelta) =>
  delta.flight_minutes === 0 && delta.engine_minutes === 0 && delta.takeoffs === 0 && delta.landings === 0;

/**
 * Reads the aircraft (404 when it is not the organization's) and its installed components (gsi1),
 * and returns the writes that add `delta` to them and to the usage of `date` (yyyy-mm-dd in the
 * organization's time zone). Every write is conditioned on its item existing, except the usage day
 * which is created by its first flight; a component removed meanwhile cancels the transaction (the
 * caller retries with a fresh read).
 */
export async function prepareCounterAdvance(
  organizationId: string,
  planeId: string,
  delta: CounterDelta,
  date: string,
): Promise<PreparedAdvance> {
  const { entities } = db();
  const keys = { organization_id: organizationId, plane_id: planeId };
  const [{ data: plane }, { data: components }] = await Promise.all([
    entities.plane.get(keys).go(),
    entities.component.query.byPlane(keys).go({ pages: 'all' }),
  ]);
  if (!plane) throw notFound();
  const counters = {
    counter_flight: delta.flight_minutes,
    counter_engine: delta.engine_minutes,
    counter_takeoff: delta.takeoffs,
    counter_landing: delta.landings,
  };
  return {
    plane,
    components,
    commits: (e) =>
      isZero(delta)
        ? []
        : [
            e.plane
              .patch(keys)
              .add({
                ...counters,
                current_counter_flight: delta.flight_minutes,
                current_counter_engine: delta.engine_minutes,
                current_counter_takeoff: delta.takeoffs,
                current_counter_landing: delta.landings,
              })
              .commit(),
            ...components.map((c) =>
              e.component
                .patch({ organization_id: organizationId, component_id: c.component_id })
                .add(counters)
                .commit(),
            ),
            e.usageDay
              .update({ ...keys, date })
              .add({
                flight_minutes: delta.flight_minutes,
                engine_minutes: delta.engine_minutes,
                takeoffs: delta.takeoffs,
                landings: delta.landings,
              })
              .commit(),
          ],
  };
}

/** The same, alone in its own TransactWrite (a correction of counters without a flight); 409 on a lost race. */
export async function advanceCounters(
  organizationId: string,
  planeId: string,
  delta: CounterDelta,
  date: string,
): Promise<void> {
  const prepared = await prepareCounterAdvance(organizationId, planeId, delta, date);
  if (!isZero(delta)) await transactWrite(prepared.commits);
}

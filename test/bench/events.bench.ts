import { createEventHandler } from '../../functions/platform/events/consumer.ts';
import { startPlatform } from '../helpers/platform.ts';
import { ms, percentile } from './stats.ts';

const FLIGHTS = 200;
const INSTRUCTOR = 'sub-instructor@demo.windsock.aero';

/**
 * Domain events on the local stack (docs/ARCHITECTURE.md "Domain events"): a timer operator records landed flights one after
 * another; each announces `flight.changed` in its own transaction. Measured per flight: the write
 * (the API call) and the time from the call's start until a consumer holds the event (stream hook →
 * relay → bus → adaptor), so the event's cost is read against the write it rides on.
 */
export async function run() {
  const platform = await startPlatform();
  try {
    const started = new Map<string, number>();
    const received = new Map<string, number>();
    platform.events.subscribe({
      id: 'bench',
      events: ['flight.changed'],
      handler: createEventHandler(['flight.changed'], async (event) => {
        received.set(event.detail.flight_id, performance.now());
      }),
    });
    const writes: number[] = [];
    for (let i = 0; i < FLIGHTS; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(8 + Math.floor(i / 60)).padStart(2, '0');
      const at = performance.now();
      const res = await platform.invoke('createSheetFlight', {
        sub: INSTRUCTOR,
        params: { date: '2026-09-05' },
        body: {
          plane_id: ['plane-ha-4012', 'plane-ha-4370', 'plane-ha-4455'][i % 3],
          takeoff_type_id: 3,
          pic_id: 'user-pilot',
          takeoff_time: `2026-09-05T${hour}:${minute}:00Z`,
          landing_time: `2026-09-05T${hour}:${minute}:30Z`,
        },
      });
      writes.push(performance.now() - at);
      if (res.status !== 200) throw new Error(`flight ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      started.set(res.body.flight_id, at);
    }
    await platform.events.drained();
    const delivered = [...started].map(([id, at]) => (received.get(id) ?? Number.NaN) - at);
    const missing = delivered.filter(Number.isNaN).length;
    const p = (values: number[], q: number) => ms(percentile(values, q));
    console.log(`${FLIGHTS} landed flights on the daily sheet, one after another (local stack in-process)`);
    console.log(`  write (API call)            p50 ${p(writes, 50)}   p99 ${p(writes, 99)}`);
    console.log(
      `  call start → consumer       p50 ${p(delivered, 50)}   p99 ${p(delivered, 99)}   (${FLIGHTS - missing}/${FLIGHTS} delivered, dead ${platform.events.dead.length})`,
    );
  } finally {
    await platform.close();
  }
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../../functions/identity/notifications-service.ts';
import { db } from '../../functions/platform/db/service.ts';
import { createEventHandler, type DomainEvent } from '../../functions/platform/events/consumer.ts';
import { eventItem } from '../../functions/platform/events/outbox.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Domain events end to end on the embedded DynamoDB (docs/ARCHITECTURE.md "Domain events", issue 14 §5): the flights domain
 * announces `flight.changed` in the flight's own transaction, the table's stream carries it through
 * the relay to the local bus, and a consumer registered here (no product consumer exists yet) gets
 * it at least once — twice and out of order when the bus is told to behave at its worst.
 */
const INSTRUCTOR = subOf('instructor@demo.windsock.aero');
const ADMIN = subOf('admin@demo.windsock.aero');
const ORG = 'org-demo';
const DATE = '2026-08-22';

type FlightEvent = DomainEvent<'flight.changed'>;

/** A consumer that records what it is handed (and can be told to fail first). */
function recorder(platform: Platform, id: string, options: { failFirst?: number } = {}) {
  const seen: FlightEvent[] = [];
  let calls = 0;
  const stop = platform.events.subscribe({
    id,
    events: ['flight.changed'],
    handler: createEventHandler(['flight.changed'], async (event) => {
      calls += 1;
      if (calls <= (options.failFirst ?? 0)) throw new Error(`consumer down (${calls})`);
      seen.push(event);
    }),
  });
  return { seen, calls: () => calls, stop };
}

const sheet = (platform: Platform) => ({
  create: (body: Record<string, unknown>) =>
    platform.invoke('createSheetFlight', { sub: INSTRUCTOR, params: { date: DATE }, body }),
  takeOff: (id: string, version: number, at: string) =>
    platform.invoke('takeOffSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE, id },
      body: { at, version },
    }),
  land: (id: string, version: number, at: string) =>
    platform.invoke('landSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE, id },
      body: { at, version },
    }),
  update: (id: string, body: Record<string, unknown>) =>
    platform.invoke('updateSheetFlight', { sub: INSTRUCTOR, params: { date: DATE, id }, body }),
  remove: (id: string, version: number) =>
    platform.invoke('deleteSheetFlight', {
      sub: INSTRUCTOR,
      params: { date: DATE, id },
      query: { version: String(version) },
    }),
});

const winchLaunch = { plane_id: 'plane-ha-4370', takeoff_type_id: 3, pic_id: 'user-pilot' };

describe('flight.changed on the local bus', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });
  let consumer: ReturnType<typeof recorder>;
  beforeEach(() => {
    consumer?.stop();
    consumer = recorder(platform, 'test-recorder');
  });

  const eventsOf = (flightId: string) => consumer.seen.filter((e) => e.detail.flight_id === flightId);

  it('a flight landed on the daily sheet announces `completed` once, with its version; put on and taken off, nothing', async () => {
    // Prepare
    const { create, takeOff, land } = sheet(platform);
    const created = await create(winchLaunch);
    const airborne = await takeOff(created.body.flight_id, 1, '2026-08-22T10:00:00Z');
    await platform.events.drained();
    const beforeLanding = eventsOf(created.body.flight_id).length;

    // Act
    const landed = await land(created.body.flight_id, airborne.body.version, '2026-08-22T10:12:00Z');
    await platform.events.drained();

    // Assess
    expect(landed.status, JSON.stringify(landed.body)).toBe(200);
    expect(beforeLanding).toBe(0);
    expect(eventsOf(created.body.flight_id)).toEqual([
      {
        id: `flight.changed#${ORG}#${created.body.flight_id}#v${landed.body.version}`,
        type: 'flight.changed',
        source: 'windsock.flights',
        time: expect.any(String),
        detail: {
          organization_id: ORG,
          flight_id: created.body.flight_id,
          version: landed.body.version,
          change: 'completed',
          plane_id: 'plane-ha-4370',
          date: DATE,
        },
      },
    ]);
    expect(platform.events.dead).toEqual([]);
  });

  it('a correction announces `corrected` with the new version; the instructor’s acceptance corrects nothing', async () => {
    // Prepare
    const { create, update } = sheet(platform);
    const flight = await create({
      ...winchLaunch,
      pic_id: 'user-student',
      instructor_id: 'user-instructor',
      training: true,
      takeoff_time: '2026-08-22T11:00:00Z',
      landing_time: '2026-08-22T11:07:00Z',
    });

    // Act
    const corrected = await update(flight.body.flight_id, {
      version: 1,
      landing_time: '2026-08-22T11:09:00Z',
    });
    const accepted = await platform.invoke('acceptFlight', {
      sub: INSTRUCTOR,
      params: { id: flight.body.flight_id },
      body: { version: corrected.body.version },
    });
    await platform.events.drained();

    // Assess
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(eventsOf(flight.body.flight_id).map((e) => [e.detail.change, e.detail.version])).toEqual([
      ['completed', 1],
      ['corrected', 2],
    ]);
  });

  it('a deletion announces `deleted` one version past the last; a flight that never landed announces nothing', async () => {
    // Prepare
    const { create, remove } = sheet(platform);
    const landed = await create({
      ...winchLaunch,
      takeoff_time: '2026-08-22T12:00:00Z',
      landing_time: '2026-08-22T12:05:00Z',
    });
    const planned = await create({ ...winchLaunch, plane_id: 'plane-ha-4012' });

    // Act
    const deleted = await remove(landed.body.flight_id, 1);
    const deletedPlanned = await remove(planned.body.flight_id, 1);
    await platform.events.drained();

    // Assess
    expect([deleted.status, deletedPlanned.status]).toEqual([200, 200]);
    expect(eventsOf(landed.body.flight_id).map((e) => [e.detail.change, e.detail.version])).toEqual([
      ['completed', 1],
      ['deleted', 2],
    ]);
    expect(eventsOf(planned.body.flight_id)).toEqual([]);
  });

  it('a retried write announces nothing twice: the landing sent again, the recorded flight replayed', async () => {
    // Prepare
    const { create, land } = sheet(platform);
    const body = {
      ...winchLaunch,
      client_id: `${Date.parse('2026-08-22T13:00:00Z').toString(36).padStart(9, '0')}aa11bb22cc`,
      takeoff_time: '2026-08-22T13:00:00Z',
    };
    const first = await create(body);

    // Act
    const landing = await land(first.body.flight_id, 1, '2026-08-22T13:20:00Z');
    const landingAgain = await land(first.body.flight_id, 1, '2026-08-22T13:20:00Z');
    const replayed = await create(body);
    await platform.events.drained();

    // Assess
    expect([landing.status, landingAgain.status, replayed.status]).toEqual([200, 409, 200]);
    expect(eventsOf(first.body.flight_id).map((e) => e.detail.change)).toEqual(['completed']);
  });

  it('the same event written twice is refused the second time with the rest of its transaction', async () => {
    // Prepare
    const item = eventItem('flight.changed', {
      organization_id: ORG,
      flight_id: 'flight-outbox-probe',
      version: 4,
      change: 'corrected',
      plane_id: 'plane-ha-4370',
      date: DATE,
    });
    const write = () =>
      db()
        .transaction.write(({ domainEvent, dueNotice }) => [
          domainEvent.create(item).commit(),
          dueNotice
            .put({ organization_id: ORG, date: DATE, subject: `probe#${Math.random()}`, ttl: 1 })
            .commit(),
        ])
        .go();

    // Act
    const first = await write();
    const second = await write();
    await platform.events.drained();

    // Assess
    expect([first.canceled, second.canceled]).toEqual([false, true]);
    expect(eventsOf('flight-outbox-probe').map((e) => e.id)).toEqual([item.event_id]);
    const notices = await db().entities.dueNotice.query.byDay({ organization_id: ORG, date: DATE }).go();
    expect(notices.data.filter((n) => n.subject.startsWith('probe#'))).toHaveLength(1);
  });

  it('a consumer that fails twice gets the event on its third try; one that always fails leaves it dead, not lost', async () => {
    // Prepare
    const flaky = recorder(platform, 'test-flaky', { failFirst: 2 });
    const broken = recorder(platform, 'test-broken', { failFirst: 1_000 });
    const { create } = sheet(platform);

    // Act
    const flight = await create({
      ...winchLaunch,
      takeoff_time: '2026-08-22T14:00:00Z',
      landing_time: '2026-08-22T14:06:00Z',
    });
    await platform.events.drained();
    flaky.stop();
    broken.stop();

    // Assess
    const id = `flight.changed#${ORG}#${flight.body.flight_id}#v1`;
    expect(flaky.calls()).toBe(3);
    expect(flaky.seen.map((e) => e.id)).toEqual([id]);
    expect(broken.calls()).toBe(3);
    expect(platform.events.dead).toEqual([
      expect.objectContaining({ subscription: 'test-broken', eventId: id, attempts: 3, reason: 'failed' }),
    ]);
  });

  it('an admin recording a landed flight afterwards announces it too (flight/glider)', async () => {
    // Act
    const res = await platform.invoke('createFlight', {
      sub: ADMIN,
      body: { ...winchLaunch, takeoff_time: '2026-08-20T09:00:00Z', landing_time: '2026-08-20T09:30:00Z' },
    });
    await platform.events.drained();

    // Assess
    expect(res.status).toBe(200);
    expect(eventsOf(res.body.flight_id).map((e) => [e.detail.change, e.detail.date])).toEqual([
      ['completed', '2026-08-20'],
    ]);
  });
});

describe('an idempotent consumer when every event comes twice and out of order', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ events: { duplicate: true, shuffle: true, seed: 20260822 } });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('ends with one effect per event: a notification keyed by the event id', async () => {
    // Prepare: the consumer tells the pilot in command, once per event (notify() with a natural key).
    const deliveries: string[] = [];
    platform.events.subscribe({
      id: 'test-notify-pilot',
      events: ['flight.changed'],
      handler: createEventHandler(['flight.changed'], async (event) => {
        deliveries.push(event.id);
        await notify('user-pilot', {
          kind: 'flight',
          message_key: 'flight_changed_probe',
          params: { flight_id: event.detail.flight_id, change: event.detail.change },
          key: event.id,
        });
      }),
    });
    const { create, update, remove } = sheet(platform);

    // Act: three landed flights, one corrected, one deleted — five events.
    const flights = [];
    for (const hour of ['09', '10', '11'])
      flights.push(
        await create({
          ...winchLaunch,
          takeoff_time: `2026-08-22T${hour}:00:00Z`,
          landing_time: `2026-08-22T${hour}:10:00Z`,
        }),
      );
    const [a, b] = flights.map((f) => f.body.flight_id as string);
    await update(a!, { version: 1, landing_time: '2026-08-22T09:15:00Z' });
    await remove(b!, 1);
    await platform.events.drained();

    // Assess
    expect(deliveries).toHaveLength(10);
    expect(new Set(deliveries).size).toBe(5);
    const notes = (
      await db().entities.notification.query.byPerson({ user_id: 'user-pilot' }).go({ pages: 'all' })
    ).data.filter((n) => n.message === 'flight_changed_probe');
    expect(notes).toHaveLength(5);
    expect(notes.map((n) => `${n.params.flight_id}:${n.params.change}`).sort()).toEqual(
      [
        `${a}:completed`,
        `${a}:corrected`,
        `${b}:completed`,
        `${b}:deleted`,
        `${flights[2]!.body.flight_id}:completed`,
      ].sort(),
    );
    expect(platform.events.dead).toEqual([]);
  });
});

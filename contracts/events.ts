import * as z from 'zod/mini';
import type { Domain } from './domains.ts';

/**
 * Domain events, defined once (docs/ARCHITECTURE.md "Domain events"): where one domain's change must cause
 * another's, the first announces it and the second reacts, idempotently. The producer writes the
 * event into the same TransactWrite as its change (functions/platform/events/outbox.ts); the
 * table's stream carries it to EventBridge in the cloud (functions/platform/events/relay.ts) and
 * to an in-process bus locally (bin/local/events.ts). Delivery is at least once and in no
 * particular order: a consumer keys its effect on the event's id (or on the version it carries).
 *
 * A detail holds ids, versions and what changed — never personal data (docs/ARCHITECTURE.md "Logs and audit"): a consumer
 * reads what it needs through the owning domain's store.
 */

const id = z.string().check(z.minLength(1), z.maxLength(128));
const version = z.number().check(
  z.refine((value) => Number.isInteger(value), { error: 'invalid_value' }),
  z.positive(),
);
const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** What a flight's change means to those who count landed flights (issue 14 §5). */
const FLIGHT_CHANGES = ['completed', 'corrected', 'deleted'] as const;
export type FlightChange = (typeof FLIGHT_CHANGES)[number];

const flightChanged = z.object({
  organization_id: id,
  flight_id: id,
  /**
   * The flight's version after the change; for `deleted` one past the last stored version, so a
   * deletion orders after every earlier event of the flight.
   */
  version,
  /**
   * `completed`: the flight has landed (or was recorded landed). `corrected`: a landed flight was
   * changed — including back to not landed, after which it counts no more. `deleted`: a flight that
   * counted is gone. A flight that never landed announces nothing.
   */
  change: z.enum(FLIGHT_CHANGES),
  /** The aircraft and operating day after the change (before it, for `deleted`). */
  plane_id: id,
  date: isoDay,
});

/**
 * A student was enrolled in a training programme (issue 16 §2): the fee recorded on the enrolment,
 * for the finance ledger to charge once per enrolment (finance's `finance-training-fees`).
 */
const trainingEnrolled = z.object({
  organization_id: id,
  enrolment_id: id,
  /** The student (an id, never a name). */
  user_id: id,
  programme_id: id,
  /** Integer minor units of `currency_id`; 0: no fee. */
  training_fee: z.number().check(
    z.refine((value) => Number.isSafeInteger(value), { error: 'invalid_value' }),
    z.nonnegative(),
  ),
  currency_id: z.string().check(z.regex(/^[A-Z]{3}$/)),
  date: isoDay,
});

/**
 * An enrolment was deleted (nothing was recorded for it yet): the fee it announced is taken back.
 * It repeats the enrolment's fee, currency and day, so a consumer that meets it before the
 * enrolment's own event can post the charge and its reversal together.
 */
const trainingUnenrolled = z.object({
  ...trainingEnrolled.shape,
  /** The day the enrolment was made (the charge's day), not the day of the deletion. */
  date: isoDay,
});

/**
 * Fuel was dispensed to a pilot (issue 15 §3): the price at the club's fuel price, for the finance
 * ledger to charge once per operation (finance's `finance-fuel-charges`).
 */
const fuelDispensed = z.object({
  organization_id: id,
  operation_id: id,
  /** The pilot charged (an id, never a name). */
  user_id: id,
  /** Integer minor units of `currency_id`, above 0. */
  amount: z.number().check(
    z.refine((value) => Number.isSafeInteger(value), { error: 'invalid_value' }),
    z.positive(),
  ),
  currency_id: z.string().check(z.regex(/^[A-Z]{3}$/)),
  date: isoDay,
});

interface EventDef<Detail extends { organization_id: string }> {
  /** The domain that announces it (EventBridge source `windsock.<domain>`); no other domain may. */
  domain: Domain;
  detail: z.ZodMiniType<Detail>;
  /**
   * The event's natural id after its type (`flight.changed#<org>#<flight>#v<version>`): the same
   * change announced twice is the same item, so a retried write cannot announce twice.
   */
  key: (detail: Detail) => string;
  description: string;
}

const define = <Detail extends { organization_id: string }>(def: EventDef<Detail>) => def;

export const events = {
  'flight.changed': define({
    domain: 'flights',
    detail: flightChanged,
    key: (d) => `${d.organization_id}#${d.flight_id}#v${d.version}`,
    description: 'A flight was completed (landed), corrected after landing, or deleted after landing',
  }),
  'training.enrolled': define({
    domain: 'training',
    detail: trainingEnrolled,
    key: (d) => `${d.organization_id}#${d.enrolment_id}`,
    description: 'A student was enrolled in a training programme, with the training fee to charge',
  }),
  'training.unenrolled': define({
    domain: 'training',
    detail: trainingUnenrolled,
    key: (d) => `${d.organization_id}#${d.enrolment_id}`,
    description: 'An enrolment was deleted: the training fee it announced is taken back',
  }),
  'fuel.dispensed': define({
    domain: 'operations',
    detail: fuelDispensed,
    key: (d) => `${d.organization_id}#${d.operation_id}`,
    description: 'Fuel was dispensed to a pilot, with the price to charge at the club fuel price',
  }),
};

export type EventType = keyof typeof events;
export type EventDetail<T extends EventType> = z.infer<(typeof events)[T]['detail']>;

/** The EventBridge source of a domain's events. */
export const eventSource = (domain: Domain) => `windsock.${domain}`;

/**
 * Who reacts to what: one EventBridge rule per row in the cloud, one subscriber of the local bus.
 * `handler` names an export of `functions/<domain>/events.ts` made with `createEventHandler`
 * (functions/platform/events/consumer.ts). A domain adds its own row; the producer never knows.
 */
export interface SubscriptionDef {
  id: string;
  events: readonly EventType[];
  domain: Domain;
  handler: string;
  description: string;
}

export const subscriptions: readonly SubscriptionDef[] = [
  {
    id: 'finance-flight-charges',
    events: ['flight.changed'],
    domain: 'finance',
    handler: 'chargeFlights',
    description:
      'Prices a landed flight and posts its charge to the payer; a correction reverses and re-posts, a deletion reverses',
  },
  {
    id: 'finance-training-fees',
    events: ['training.enrolled', 'training.unenrolled'],
    domain: 'finance',
    handler: 'chargeTrainingFees',
    description:
      "Posts an enrolment's training fee to the student's balance once; a deleted enrolment reverses it once",
  },
  {
    id: 'finance-fuel-charges',
    events: ['fuel.dispensed'],
    domain: 'finance',
    handler: 'chargeFuel',
    description: "Posts a fuel dispense's price to the pilot's balance once",
  },
];

/**
 * A consumer that throws is tried this many more times (Lambda's asynchronous retries in the cloud,
 * the local bus's backoff locally), then the event goes to the dead-letter queue (locally: logged
 * as dead).
 */
export const CONSUMER_RETRIES = 2;

/** How long an announced event stays in the table: it dedupes a retried write meanwhile (seconds). */
export const EVENT_RETENTION_SECONDS = 3 * 24 * 3600;

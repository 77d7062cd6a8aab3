import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Domain } from '../contracts/domains.ts';
import { CONSUMER_RETRIES, eventSource, events, type SubscriptionDef } from '../contracts/events.ts';
import { OUTBOX_STREAM_FILTER } from '../functions/platform/events/outbox.ts';
import { pascal } from './construct-ids.ts';
import { deadLetterQueue } from './constructs/dead-letter-queue.ts';
import { DomainFunction, type LogLevel, type MailGrant } from './constructs/domain-function.ts';
import { mailFor } from './mail.ts';

interface EventsStackProps extends StackProps {
  stage: string;
  /** The one table, with its stream (NEW_IMAGE) on: the outbox's items reach the relay through it. */
  table: ITable;
  logLevel: LogLevel;
  /** contracts/events.ts in the app; tests pass their own rows. */
  subscriptions: readonly SubscriptionDef[];
  /** The IoT data endpoint: consumers that notify people push the notification live. */
  iotEndpoint?: string;
  /** The app's mail settings, for consumers of domains that mail (lib/mail.ts). */
  mail?: MailGrant;
  /** Where a domain's consumers live; default `functions/<domain>/events.ts`. */
  consumerEntryOf?: (domain: Domain) => string;
}

/** How long the relay keeps trying one stream record before it gives up on it (to its DLQ). */
const RELAY_MAX_RECORD_AGE = Duration.hours(6);

/**
 * Domain events in the cloud (docs/ARCHITECTURE.md "Domain events"): the table's stream, filtered to new outbox items, drives
 * the relay Lambda, which puts each event on the custom bus `windsock-<stage>`; one rule per row of
 * contracts/events.ts `subscriptions` sends the row's event types to its consumer Lambda (the row's
 * export of `functions/<domain>/events.ts`). At least once at every step: the relay retries (and
 * bisects) a failing batch, then records it in its dead-letter queue; a consumer that throws is
 * retried by Lambda, then its event lands in the consumers' dead-letter queue, as does an event the
 * bus could not deliver. The bus archives every event, so a fixed consumer can be replayed.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly relay: DomainFunction;
  readonly relayDeadLetterQueue: Queue;
  readonly consumerDeadLetterQueue?: Queue;
  readonly consumers: ReadonlyMap<string, DomainFunction>;
  readonly rules: ReadonlyMap<string, Rule>;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const consumerEntryOf = props.consumerEntryOf ?? ((domain: Domain) => `functions/${domain}/events.ts`);

    this.bus = new EventBus(this, 'Bus', { eventBusName: `windsock-${props.stage}` });
    this.bus.archive('Archive', {
      description: `windsock ${props.stage}: every domain event, for replay to a fixed consumer`,
      eventPattern: { source: [...new Set(Object.values(events).map((def) => eventSource(def.domain)))] },
      retention: Duration.days(prod ? 90 : 14),
    });

    const retain = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.relayDeadLetterQueue = deadLetterQueue(
      this,
      'RelayDeadLetterQueue',
      'This queue is itself the on-failure destination of the events relay (stream batches it gave up on); nothing consumes it automatically.',
      retain,
    );
    this.relay = new DomainFunction(this, 'Relay', {
      domain: 'platform',
      stage: props.stage,
      entry: 'functions/platform/events/relay.ts',
      description: `windsock ${props.stage} events relay: outbox → EventBridge`,
      table: props.table,
      // The stream brings the items; the relay never reads or writes the table itself.
      tableAccess: 'none',
      logLevel: props.logLevel,
      timeout: Duration.seconds(30),
      environment: { EVENT_BUS_NAME: this.bus.eventBusName },
    });
    this.bus.grantPutEventsTo(this.relay.role);
    this.relay.fn.addEventSource(
      new DynamoEventSource(props.table, {
        // From the oldest record the stream still holds: an event written before the mapping existed still goes.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        filters: [FilterCriteria.filter(OUTBOX_STREAM_FILTER)],
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // A bus outage is retried for hours, not dropped after a few quick tries.
        retryAttempts: 100,
        maxRecordAge: RELAY_MAX_RECORD_AGE,
        onFailure: new SqsDlq(this.relayDeadLetterQueue),
        // One batch per shard at a time: the events of one item stay in order.
        parallelizationFactor: 1,
      }),
    );
    Validations.of(this.relay.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (granted with the stream read by the event source mapping) has no resource-level ' +
        'permission; the stream records themselves are read on this table’s stream ARN only.',
    });

    const consumers = new Map<string, DomainFunction>();
    const rules = new Map<string, Rule>();
    this.consumers = consumers;
    this.rules = rules;
    if (props.subscriptions.length === 0) return;

    const consumerDlq = deadLetterQueue(
      this,
      'ConsumerDeadLetterQueue',
      'This queue is itself the dead-letter queue of the event rules and the consumers’ asynchronous invocations; nothing consumes it automatically.',
      retain,
    );
    this.consumerDeadLetterQueue = consumerDlq;

    for (const row of props.subscriptions) {
      const key = `${row.domain}.${row.handler}`;
      let fn = consumers.get(key);
      if (!fn) {
        const mail = mailFor(row.domain, props.mail);
        fn = new DomainFunction(this, `${pascal(row.domain)}${pascal(row.handler)}Consumer`, {
          domain: row.domain,
          stage: props.stage,
          entry: consumerEntryOf(row.domain),
          handler: row.handler,
          description: `windsock ${props.stage} ${row.domain} events: ${row.handler}`,
          table: props.table,
          // Consumers post charges, credits and notifications: they write.
          tableAccess: 'readWrite',
          logLevel: props.logLevel,
          timeout: Duration.minutes(1),
          ...(props.iotEndpoint && { push: { iotEndpoint: props.iotEndpoint } }),
          ...(mail && { mail }),
        });
        // A consumer that throws: Lambda retries it (the same count as the local bus), then dead-letters it.
        fn.fn.configureAsyncInvoke({
          retryAttempts: CONSUMER_RETRIES,
          maxEventAge: Duration.hours(6),
          onFailure: new SqsDestination(consumerDlq),
        });
        consumers.set(key, fn);
      }
      const rule = new Rule(this, `Rule${pascal(row.id)}`, {
        eventBus: this.bus,
        description: row.description,
        eventPattern: {
          source: [...new Set(row.events.map((type) => eventSource(events[type].domain)))],
          detailType: [...row.events],
        },
        targets: [
          new LambdaFunction(fn.fn, {
            // Delivery to Lambda (throttling, outage): retried, then the event goes to the DLQ.
            retryAttempts: 20,
            maxEventAge: Duration.hours(6),
            deadLetterQueue: consumerDlq,
          }),
        ],
      });
      rules.set(row.id, rule);
    }
  }
}

import { Duration, RemovalPolicy, Stack, type StackProps, TimeZone, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleGroup,
  ScheduleTargetInput,
  TimeWindow,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Domain } from '../contracts/domains.ts';
import type { ScheduleDef } from '../contracts/schedules.ts';
import { pascal } from './construct-ids.ts';
import { deadLetterQueue } from './constructs/dead-letter-queue.ts';
import { DomainFunction, type LogLevel, type MailGrant } from './constructs/domain-function.ts';
import { toEventBridgeCron } from './cron.ts';
import { mailFor } from './mail.ts';

interface SchedulesStackProps extends StackProps {
  stage: string;
  table: ITable;
  logLevel: LogLevel;
  /** contracts/schedules.ts in the app; tests pass their own rows. */
  schedules: readonly ScheduleDef[];
  /** The IoT data endpoint: jobs that notify people push the notification live (docs/ARCHITECTURE.md "Push"). */
  iotEndpoint?: string;
  /** Mail settings, for the jobs of domains that mail (lib/mail.ts). */
  mail?: MailGrant;
  /** Where a domain's scheduled entries live; default `functions/<domain>/jobs.ts`. */
  jobsEntryOf?: (domain: Domain) => string;
}

/** What every job receives: enough to be idempotent per (job, period) (docs/ARCHITECTURE.md "Scheduled jobs"). */
interface ScheduledJobInput {
  scheduleId: string;
  /** The instant the run was scheduled for (ISO 8601, UTC): the same on every retry. */
  scheduledTime: string;
}

/**
 * EventBridge Scheduler for every row of contracts/schedules.ts (croner locally): one Lambda per
 * scheduled entry (domain + exported handler), retries, and a dead-letter queue.
 */
export class SchedulesStack extends Stack {
  readonly scheduleGroup: ScheduleGroup;
  readonly jobFunctions: ReadonlyMap<string, DomainFunction>;
  readonly deadLetterQueue?: Queue;

  constructor(scope: Construct, id: string, props: SchedulesStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const jobsEntryOf = props.jobsEntryOf ?? ((domain: Domain) => `functions/${domain}/jobs.ts`);

    this.scheduleGroup = new ScheduleGroup(this, 'Group', {
      scheduleGroupName: `windsock-${props.stage}`,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const functions = new Map<string, DomainFunction>();
    const targetRoles = new Map<string, Role>();
    this.jobFunctions = functions;
    if (props.schedules.length === 0) return;

    const dlq = deadLetterQueue(
      this,
      'DeadLetterQueue',
      'This queue is itself the dead-letter queue of the scheduler targets; nothing consumes it automatically.',
    );
    this.deadLetterQueue = dlq;

    for (const job of props.schedules) {
      const key = `${job.domain}.${job.handler}`;
      let fn = functions.get(key);
      let role = targetRoles.get(key);
      if (!fn || !role) {
        const mail = mailFor(job.domain, props.mail);
        fn = new DomainFunction(this, `${pascal(job.domain)}${pascal(job.handler)}Job`, {
          domain: job.domain,
          stage: props.stage,
          entry: jobsEntryOf(job.domain),
          handler: job.handler,
          description: `windsock ${props.stage} ${job.domain} jobs: ${job.handler}`,
          table: props.table,
          // Jobs charge memberships, send reminders, expire items: they write.
          tableAccess: 'readWrite',
          logLevel: props.logLevel,
          timeout: Duration.minutes(5),
          ...(props.iotEndpoint && { push: { iotEndpoint: props.iotEndpoint } }),
          ...(mail && { mail }),
        });
        role = new Role(this, `${pascal(job.domain)}${pascal(job.handler)}SchedulerRole`, {
          assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
            conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
          }),
          description: `windsock ${props.stage}: EventBridge Scheduler invokes ${job.domain} ${job.handler}`,
        });
        const functionArn = `<${this.getLogicalId(fn.fn.node.defaultChild as CfnFunction)}.Arn>`;
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${functionArn}:*]`,
          reason:
            'lambda:InvokeFunction on this one function and its versions/aliases (the `:*` qualifier), as ' +
            'granted by grantInvoke; no other function.',
        });
        functions.set(key, fn);
        targetRoles.set(key, role);
      }

      const input: ScheduledJobInput = { scheduleId: job.id, scheduledTime: ContextAttribute.scheduledTime };
      new Schedule(this, `Schedule${pascal(job.id)}`, {
        scheduleGroup: this.scheduleGroup,
        description: job.description,
        schedule: ScheduleExpression.expression(toEventBridgeCron(job.cron), TimeZone.of(job.timezone)),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(fn.fn, {
          role,
          input: ScheduleTargetInput.fromObject(input),
          deadLetterQueue: dlq,
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
        }),
      });
    }
  }
}

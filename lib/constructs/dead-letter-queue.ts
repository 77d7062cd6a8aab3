import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * Where retried work goes when it is given up on (schedule targets, the events relay, event
 * consumers): encrypted, TLS only, kept 14 days for someone to look at. `reason` says whose DLQ it
 * is (cdk-nag asks every queue for a DLQ of its own; a DLQ needs none).
 */
export function deadLetterQueue(
  scope: Construct,
  id: string,
  reason: string,
  removalPolicy?: RemovalPolicy,
): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    ...(removalPolicy && { removalPolicy }),
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason });
  return queue;
}

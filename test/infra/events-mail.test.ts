import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_RETRIES, type SubscriptionDef } from '../../contracts/events.ts';
import { DomainFunction } from '../../lib/constructs/domain-function.ts';
import { EventsStack } from '../../lib/events-stack.ts';
import { mailFor } from '../../lib/mail.ts';
import { asArray, logicalId, nagFindings, resourcesOf, statementsOfRole } from '../helpers/cfn-template.ts';

/**
 * The events stack with subscription rows passed in (the app has none yet), and the mail grant of
 * a DomainFunction: only ses:SendEmail, only on the identity, only from the configured address.
 */
type Json = any;

const MAIL = { identityName: 'mail.example.org', fromAddress: 'noreply@mail.example.org' };

describe('events stack with subscriptions', () => {
  const rows: SubscriptionDef[] = [
    {
      id: 'charge-flights',
      events: ['flight.changed'],
      domain: 'finance',
      handler: 'chargeFlight',
      description: 'Prices and posts a completed, corrected or deleted flight',
    },
    {
      id: 'count-flights',
      events: ['flight.changed'],
      domain: 'operations',
      handler: 'countLaunches',
      description: 'Counts winch launches',
    },
  ];
  let stack: EventsStack;
  let t: Json;

  beforeAll(() => {
    const app = new App();
    const data = new Stack(app, 'Data');
    const table = new Table(data, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      stream: StreamViewType.NEW_IMAGE,
    });
    stack = new EventsStack(app, 'Events', {
      stage: 'test',
      table,
      logLevel: 'INFO',
      subscriptions: rows,
      iotEndpoint: 'example-ats.iot.eu-central-1.amazonaws.com',
      mail: MAIL,
      // Any existing entry exporting `handler` stands in for functions/<domain>/events.ts.
      consumerEntryOf: () => 'functions/identity/handler.ts',
    });
    t = Template.fromStack(stack).toJSON();
  });

  it('has one rule per row on the stage’s bus, matching its types from their own domain, to its consumer', () => {
    // Act
    const rules = resourcesOf(t, 'AWS::Events::Rule').map(([, r]) => r.Properties);
    const busId = logicalId(stack.bus);

    // Assess
    expect(rules).toHaveLength(2);
    for (const [index, rule] of rules.entries()) {
      const consumer = [...stack.consumers.values()][index]!;
      expect(rule.EventBusName).toEqual({ Ref: busId });
      expect(rule.EventPattern).toEqual({ source: ['windsock.flights'], 'detail-type': ['flight.changed'] });
      expect(rule.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [logicalId(consumer.fn), 'Arn'] });
      expect(rule.Targets[0].RetryPolicy.MaximumRetryAttempts).toBe(20);
      expect(rule.Targets[0].DeadLetterConfig.Arn).toEqual({
        'Fn::GetAtt': [logicalId(stack.consumerDeadLetterQueue!), 'Arn'],
      });
    }
  });

  it('retries a failing consumer as the local bus does, then dead-letters it', () => {
    // Act
    const configs = resourcesOf(t, 'AWS::Lambda::EventInvokeConfig').map(([, c]) => c.Properties);

    // Assess
    expect(configs).toHaveLength(2);
    for (const config of configs) {
      expect(config.MaximumRetryAttempts).toBe(CONSUMER_RETRIES);
      expect(config.DestinationConfig.OnFailure.Destination).toEqual({
        'Fn::GetAtt': [logicalId(stack.consumerDeadLetterQueue!), 'Arn'],
      });
    }
  });

  it('feeds the relay only new outbox items from the stream, with bisect, retries and a DLQ', () => {
    // Act
    const [[, mapping]] = resourcesOf(t, 'AWS::Lambda::EventSourceMapping') as [[string, Json]];
    const p = mapping.Properties;

    // Assess
    expect(p.FunctionName).toEqual({ Ref: logicalId(stack.relay.fn) });
    expect(JSON.stringify(p.EventSourceArn)).toContain('StreamArn');
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(JSON.parse(p.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { __edb_e__: { S: ['domainEvent'] } } },
    });
    expect(p.BisectBatchOnFunctionError).toBe(true);
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.MaximumRetryAttempts).toBe(100);
    expect(p.DestinationConfig.OnFailure.Destination).toEqual({
      'Fn::GetAtt': [logicalId(stack.relayDeadLetterQueue), 'Arn'],
    });
  });

  it('lets the relay put events on its bus and read the stream — no table action', () => {
    // Act
    const statements = statementsOfRole(t, logicalId(stack.relay.role));
    const actions = statements.flatMap((s) => asArray(s.Action) as string[]);
    const put = statements.find((s) => asArray(s.Action).includes('events:PutEvents'));
    const env = t.Resources[logicalId(stack.relay.fn)].Properties.Environment.Variables;

    // Assess
    expect(put.Resource).toEqual({ 'Fn::GetAtt': [logicalId(stack.bus), 'Arn'] });
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
    for (const action of ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem'])
      expect(actions).not.toContain(action);
    expect(env.EVENT_BUS_NAME).toEqual({ Ref: logicalId(stack.bus) });
  });

  it('gives SES to the consumers of a domain that mails (finance) and none to the others, and archives the bus', () => {
    // Act
    const sesOf = (domain: string) => {
      const consumer = [...stack.consumers.entries()].find(([key]) => key.startsWith(domain))![1];
      return statementsOfRole(t, logicalId(consumer.role))
        .flatMap((s) => asArray(s.Action) as string[])
        .filter((a) => a.startsWith('ses:'));
    };

    // Assess: lib/mail.ts MAIL_DOMAINS names finance (balance notices, statements), not operations.
    expect(sesOf('finance')).toEqual(['ses:SendEmail']);
    expect(sesOf('operations')).toEqual([]);
    expect(resourcesOf(t, 'AWS::Events::Archive')).toHaveLength(1);
  });

  it('passes cdk-nag', () => {
    expect(nagFindings(stack)).toEqual([]);
  });
});

describe('mail grant', () => {
  it('gives a domain given mail only ses:SendEmail, on the identity, from the configured address', () => {
    // Prepare
    const app = new App();
    const stack = new Stack(app, 'Probe', { env: { account: '111122223333', region: 'eu-central-1' } });
    const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const mailer = new DomainFunction(stack, 'Mailer', {
      domain: 'messages',
      stage: 'test',
      table,
      entry: 'functions/identity/handler.ts',
      mail: MAIL,
    });
    const silent = new DomainFunction(stack, 'Silent', {
      domain: 'identity',
      stage: 'test',
      table,
    });

    // Act
    const t = Template.fromStack(stack).toJSON();
    const ses = statementsOfRole(t, logicalId(mailer.role)).filter((s) =>
      (asArray(s.Action) as string[]).some((a) => a.startsWith('ses:')),
    );
    const silentActions = statementsOfRole(t, logicalId(silent.role)).flatMap((s) => asArray(s.Action));

    // Assess
    expect(ses).toEqual([
      {
        Effect: 'Allow',
        Action: 'ses:SendEmail',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':ses:eu-central-1:111122223333:identity/mail.example.org'],
          ],
        },
        Condition: { StringEquals: { 'ses:FromAddress': 'noreply@mail.example.org' } },
      },
    ]);
    expect(t.Resources[logicalId(mailer.fn)].Properties.Environment.Variables.MAIL_FROM).toBe(
      'Windsock <noreply@mail.example.org>',
    );
    expect(silentActions.filter((a: string) => a.startsWith('ses:'))).toEqual([]);
    expect(t.Resources[logicalId(silent.fn)].Properties.Environment.Variables.MAIL_FROM).toBeUndefined();
  });

  it('is handed only to the domains that mail', () => {
    expect(mailFor('messages', MAIL, ['messages', 'finance'])).toEqual(MAIL);
    expect(mailFor('flights', MAIL, ['messages', 'finance'])).toBeUndefined();
    expect(mailFor('messages', undefined, ['messages'])).toBeUndefined();
  });
});

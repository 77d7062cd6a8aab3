import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  CfnAuthorizer,
  CfnPolicy,
  CfnPolicyPrincipalAttachment,
  CfnThing,
  CfnTopicRule,
} from 'aws-cdk-lib/aws-iot';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { DomainFunction, type LogLevel } from './constructs/domain-function.ts';

/** Where bin/ogn-bridge.ts publishes raw APRS lines (docs/ARCHITECTURE.md "OGN tracking"). */
interface RealtimeStackProps extends StackProps {
  stage: string;
  table: ITable;
  userPool: IUserPool;
  webClient: IUserPoolClient;
  logLevel: LogLevel;
  /**
   * The account's IoT data endpoint (`xxxx-ats.iot.<region>.amazonaws.com`). When absent it is
   * looked up at deploy time (iot:DescribeEndpoint), so no manual step is needed.
   */
  iotEndpoint?: string;
  /**
   * The certificate the OGN bridge connects with (created outside CDK, e.g. `aws iot
   * create-keys-and-certificate`, so its private key never passes through CloudFormation). When
   * given, the bridge's policy is attached to it.
   */
  ognBridgeCertificateArn?: string;
  /** Days the track points of a day are kept (TRACK_RETENTION_DAYS). */
  trackRetentionDays?: number;
}

/**
 * Push and ingest over AWS IoT Core (docs/ARCHITECTURE.md "Push", "OGN tracking"): the custom authorizer that lets a browser holding
 * a Cognito access token subscribe to its own `user/…` and `org/…` topics over MQTT/WebSocket, and
 * the OGN ingest (issue 6): the bridge publishes raw APRS lines to `ogn/beacons/<bridge>`, a topic
 * rule hands each batch to the tracking ingest Lambda (the same ingestBatch the local stack's aedes
 * hook calls).
 */
export class RealtimeStack extends Stack {
  readonly authorizerName: string;
  readonly authorizerFunction: DomainFunction;
  /** The IoT data (ATS) endpoint host name. */
  readonly iotEndpoint: string;
  /** `wss://<endpoint>/mqtt`, for /config.json. */
  readonly mqttUrl: string;
  readonly ingestFunction: DomainFunction;
  readonly ingestRule: CfnTopicRule;
  /** The IoT thing and policy the bridge (bin/ogn-bridge.ts) connects as. */
  readonly ognBridgePolicy: CfnPolicy;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';

    this.authorizerFunction = new DomainFunction(this, 'BrowserAuthorizer', {
      domain: 'identity',
      stage: props.stage,
      entry: 'functions/identity/realtime-authorizer.ts',
      description: `windsock ${props.stage} IoT custom authorizer (browsers)`,
      table: props.table,
      tableAccess: 'read',
      userPool: props.userPool,
      environment: { USER_POOL_CLIENT_ID: props.webClient.userPoolClientId },
      logLevel: props.logLevel,
      // IoT Core waits at most 5 seconds for a custom authorizer.
      timeout: Duration.seconds(5),
    });

    // One item per connection (and refresh) under the person's partition, so that a revocation can
    // end it (functions/identity/realtime-connections.ts): PutItem there and nothing else.
    this.authorizerFunction.role.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['dynamodb:PutItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['person#*'] } },
      }),
    );

    this.authorizerName = `windsock-${props.stage}-browser`;
    const authorizer = new CfnAuthorizer(this, 'BrowserAuthorizerConfig', {
      authorizerName: this.authorizerName,
      authorizerFunctionArn: this.authorizerFunction.fn.functionArn,
      // Browsers cannot sign a token with a key IoT knows; the JWT itself is verified in the Lambda.
      signingDisabled: true,
      status: 'ACTIVE',
      enableCachingForHttp: false,
    });
    this.authorizerFunction.fn.addPermission('IotInvoke', {
      principal: new ServicePrincipal('iot.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceArn: authorizer.attrArn,
      sourceAccount: this.account,
    });

    this.iotEndpoint = props.iotEndpoint ?? this.lookUpIotEndpoint(prod);
    this.mqttUrl = `wss://${this.iotEndpoint}/mqtt`;

    this.ingestFunction = new DomainFunction(this, 'OgnIngest', {
      domain: 'tracking',
      stage: props.stage,
      entry: 'functions/tracking/ingest-handler.ts',
      description: `windsock ${props.stage} OGN ingest (ogn/beacons/#)`,
      table: props.table,
      tableAccess: 'readWrite',
      // Live positions to `org/<id>/live`, proposals to the daily sheet's channel.
      push: { iotEndpoint: this.iotEndpoint },
      environment: {
        ...(props.trackRetentionDays !== undefined && {
          TRACK_RETENTION_DAYS: String(props.trackRetentionDays),
        }),
      },
      logLevel: props.logLevel,
      memorySize: 1024,
      timeout: Duration.seconds(30),
    });
    // A failed invocation (throttled, timed out) is logged by the rule's error action, not retried
    // forever: the next beacons of the same aircraft arrive within seconds anyway.
    const ruleErrors = new LogGroup(this, 'OgnIngestRuleErrors', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const ruleRole = new Role(this, 'OgnIngestRuleRole', {
      assumedBy: new ServicePrincipal('iot.amazonaws.com'),
      description: 'windsock: the OGN topic rule writes its errors to its log group',
    });
    ruleErrors.grantWrite(ruleRole);
    this.ingestRule = new CfnTopicRule(this, 'OgnIngestRule', {
      topicRulePayload: {
        description: 'OGN beacon batches from the bridge to the tracking ingest',
        sql: "SELECT * FROM 'ogn/beacons/#'",
        awsIotSqlVersion: '2016-03-23',
        ruleDisabled: false,
        actions: [{ lambda: { functionArn: this.ingestFunction.fn.functionArn } }],
        errorAction: {
          cloudwatchLogs: { logGroupName: ruleErrors.logGroupName, roleArn: ruleRole.roleArn },
        },
      },
    });
    this.ingestFunction.fn.addPermission('IotRuleInvoke', {
      principal: new ServicePrincipal('iot.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceArn: this.ingestRule.attrArn,
      sourceAccount: this.account,
    });

    // The bridge: one thing, a policy that lets it connect under its own client ids and publish
    // only beacon batches. Its certificate is made outside CloudFormation (see the prop).
    const thing = new CfnThing(this, 'OgnBridgeThing', { thingName: `windsock-${props.stage}-ogn-bridge` });
    const arn = (resource: string, name: string) =>
      this.formatArn({
        service: 'iot',
        resource,
        resourceName: name,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    this.ognBridgePolicy = new CfnPolicy(this, 'OgnBridgePolicy', {
      policyName: `windsock-${props.stage}-ogn-bridge`,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: 'iot:Connect',
            Resource: arn('client', `${thing.thingName}-*`),
          },
          { Effect: 'Allow', Action: 'iot:Publish', Resource: arn('topic', 'ogn/beacons/*') },
        ],
      },
    });
    if (props.ognBridgeCertificateArn) {
      new CfnPolicyPrincipalAttachment(this, 'OgnBridgePolicyAttachment', {
        policyName: this.ognBridgePolicy.policyName!,
        principal: props.ognBridgeCertificateArn,
      }).addDependency(this.ognBridgePolicy);
    }
  }

  /** iot:DescribeEndpoint at deploy time: the endpoint is per account and region. */
  private lookUpIotEndpoint(prod: boolean): string {
    const logGroup = new LogGroup(this, 'IotEndpointLookupLogs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the provider's default AWSLambdaBasicExecutionRole.
    const role = new Role(this, 'IotEndpointLookupRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'windsock: look up the IoT data endpoint at deploy time',
    });
    logGroup.grantWrite(role);
    const call = {
      service: 'IoT',
      action: 'DescribeEndpoint',
      parameters: { endpointType: 'iot:Data-ATS' },
      physicalResourceId: PhysicalResourceId.of('iot-data-ats-endpoint'),
    };
    const lookup = new AwsCustomResource(this, 'IotEndpointLookup', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ effect: Effect.ALLOW, actions: ['iot:DescribeEndpoint'], resources: ['*'] }),
      ]),
      role,
      logGroup,
      installLatestAwsSdk: false,
    });
    const reason =
      'iot:DescribeEndpoint has no resource-level permissions (the IAM service reference lists no resource ' +
      'type for it); the statement allows only this read-only action.';
    Validations.of(lookup).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason });
    return lookup.getResponseField('endpointAddress');
  }
}

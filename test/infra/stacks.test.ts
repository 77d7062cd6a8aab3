import { App, type Environment, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../contracts/domains.ts';
import { subscriptions } from '../../contracts/events.ts';
import { FILE_RESPONSE_HEADERS } from '../../contracts/file-types.ts';
import { routeEntries, routeKey } from '../../contracts/routes.ts';
import { type ScheduleDef, schedules } from '../../contracts/schedules.ts';
import { TABLE_LAYOUT } from '../../functions/platform/db/table.ts';
import { routedDomains, tableAccessFor } from '../../lib/api-stack.ts';
import { DomainFunction } from '../../lib/constructs/domain-function.ts';
import { DataStack } from '../../lib/data-stack.ts';
import { SchedulesStack } from '../../lib/schedules-stack.ts';
import { DEFAULT_TILES_ATTRIBUTION, DEFAULT_TILES_URL, SPA_REWRITE_CODE } from '../../lib/web-stack.ts';
import { buildWindsock, type WindsockStacks } from '../../lib/windsock.ts';
import { actionsOfRole, asArray, logicalId, nagFindings, resourcesOf } from '../helpers/cfn-template.ts';

/** CloudFormation JSON is untyped. */
type Json = any;

const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

interface Synthesized {
  app: App;
  stacks: WindsockStacks;
  assembly?: CloudAssembly;
  error?: unknown;
}

/** Synthesize once per stage: bundling runs esbuild per function, and the assets are cached. */
function synthesize(stage: string, env?: Environment): Synthesized {
  const app = new App({ context: { 'windsock:stage': stage } });
  const stacks = buildWindsock(app, env);
  try {
    return { app, stacks, assembly: app.synth() };
  } catch (error) {
    // A cdk-nag finding fails synthesis; the nag test below lists the findings.
    return { app, stacks, error };
  }
}

const stackList = (s: WindsockStacks): Stack[] => [
  s.data,
  s.auth,
  s.api,
  s.realtime,
  s.schedules,
  s.events,
  s.web,
];

function template(s: Synthesized, stack: Stack): Json {
  if (s.error) throw s.error;
  return Template.fromStack(stack).toJSON();
}

/** Allow statements of every IAM policy, managed policy and inline role policy in a template. */
function allowStatements(t: Json): Json[] {
  const statements: Json[] = [];
  for (const [, r] of Object.entries(t.Resources as Record<string, Json>)) {
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') {
      statements.push(...r.Properties.PolicyDocument.Statement);
    }
    if (r.Type === 'AWS::IAM::Role') {
      for (const policy of r.Properties.Policies ?? []) statements.push(...policy.PolicyDocument.Statement);
    }
  }
  return statements.filter((s) => s.Effect === 'Allow');
}

let testStage: Synthesized;
let prodStage: Synthesized;

beforeAll(() => {
  testStage = synthesize('test');
  prodStage = synthesize('prod');
});

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged finding in any stack, in a test and in the prod stage', () => {
    // Act
    const findings = { test: nagFindings(testStage.app), prod: nagFindings(prodStage.app) };

    // Assess
    expect(findings).toEqual({ test: [], prod: [] });
    expect(testStage.error).toBeUndefined();
    expect(prodStage.error).toBeUndefined();
  });

  // `npx cdk synth` binds the stacks to the CLI's region (us-east-1 without AWS config) and, with
  // credentials, to the account: findings then name them instead of `<AWS::Region>` tokens (issue 11 §11).
  it.each([
    ['a concrete region (the CLI without AWS config)', { region: 'us-east-1' }],
    [
      'a concrete account and region (the CLI with credentials)',
      { account: '123456789012', region: 'eu-central-1' },
    ],
  ])('has no unacknowledged finding with %s', (_label, env) => {
    // Act
    const bound = synthesize('test', env);

    // Assess
    expect(nagFindings(bound.app)).toEqual([]);
    expect(bound.error).toBeUndefined();
  });

  it('acknowledges findings only on resources, each with a reason', () => {
    // Prepare
    const acknowledgements: { path: string; id: string; reason: string; onStack: boolean }[] = [];
    for (const construct of testStage.app.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
          const onStack = Stack.isStack(construct) || construct === testStage.app;
          acknowledgements.push({ path: construct.node.path, id, reason, onStack });
        }
      }
    }

    // Assess
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const ack of acknowledgements) {
      expect(ack.onStack, `${ack.id} acknowledged for a whole stack at ${ack.path}`).toBe(false);
      expect(ack.reason.length, `${ack.id} at ${ack.path} needs a real reason`).toBeGreaterThan(40);
    }
  });

  it('leaves no error annotation in the cloud assembly', () => {
    // Act
    const errors = stackList(testStage.stacks).flatMap((stack) =>
      testStage.assembly!.getStackArtifact(stack.artifactId).messages.filter((m) => m.level === 'error'),
    );

    // Assess
    expect(errors).toEqual([]);
  });
});

describe('api stack', () => {
  it('has exactly one Node 22 ARM64 Lambda per domain with routes', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.api);
    const expected = routedDomains()
      .map((domain) => logicalId(testStage.stacks.api.functions.get(domain)!.fn))
      .sort();

    // Act
    const functions = resourcesOf(t, 'AWS::Lambda::Function');

    // Assess
    expect(functions.map(([id]) => id).sort()).toEqual(expected);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.MemorySize).toBe(512);
      expect(fn.Properties.Timeout).toBe(10);
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'STAGE',
          'TABLE_NAME',
          'USER_POOL_ID',
          'LOG_LEVEL',
          'AWS_NODEJS_CONNECTION_REUSE_ENABLED',
        ]),
      );
    }
  });

  it('has one route per route-table row, JWT-authorized unless public, on its domain function', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.api);
    const integrations = Object.fromEntries(resourcesOf(t, 'AWS::ApiGatewayV2::Integration'));
    const functionOf = (domain: Domain) => logicalId(testStage.stacks.api.functions.get(domain)!.fn);
    const expected = routeEntries
      .map(([, route]) => ({
        key: routeKey(route),
        auth: route.guard.auth === 'public' ? 'NONE' : 'JWT',
        fn: functionOf(route.domain),
      }))
      .sort((a, b) => a.key.localeCompare(b.key));

    // Act
    const actual = resourcesOf(t, 'AWS::ApiGatewayV2::Route')
      .map(([, route]) => {
        const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref;
        return {
          key: route.Properties.RouteKey,
          auth: route.Properties.AuthorizationType,
          fn: integrations[integrationId].Properties.IntegrationUri['Fn::GetAtt'][0],
        };
      })
      .sort((a, b) => a.key.localeCompare(b.key));

    // Assess
    expect(actual).toEqual(expected);
  });

  it('verifies Cognito access tokens of the web client and logs and throttles the stage', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.api);

    // Act
    const [[, authorizer]] = resourcesOf(t, 'AWS::ApiGatewayV2::Authorizer') as [[string, Json]];
    const [[, stage]] = resourcesOf(t, 'AWS::ApiGatewayV2::Stage') as [[string, Json]];

    // Assess
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    const [, issuerParts] = authorizer.Properties.JwtConfiguration.Issuer['Fn::Join'];
    expect(issuerParts.slice(0, 3)).toEqual([
      'https://cognito-idp.',
      { Ref: 'AWS::Region' },
      '.amazonaws.com/',
    ]);
    expect(JSON.stringify(issuerParts[3])).toContain('UserPool');
    expect(JSON.stringify(authorizer.Properties.JwtConfiguration.Audience)).toContain('WebClient');
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: 100,
      ThrottlingBurstLimit: 200,
    });
  });

  it('grants table writes only to domains with a non-GET route', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.api);

    for (const domain of routedDomains()) {
      // Act
      const actions = actionsOfRole(t, logicalId(testStage.stacks.api.functions.get(domain)!.role));

      // Assess
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
      if (tableAccessFor(domain) === 'read')
        expect(actions).not.toEqual(expect.arrayContaining([WRITE_ACTIONS[0]]));
      else expect(actions).toEqual(expect.arrayContaining(WRITE_ACTIONS));
      expect(actions.filter((action) => action.startsWith('s3:'))).toEqual([]);
    }
  });

  it('gives every API function the generated cursor key, resolved from Secrets Manager at deploy', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.api);

    // Act
    const secrets = resourcesOf(t, 'AWS::SecretsManager::Secret');
    const values = resourcesOf(t, 'AWS::Lambda::Function').map(
      ([, fn]) => fn.Properties.Environment.Variables.CURSOR_SECRET,
    );

    // Assess: one generated secret, and each function gets a dynamic reference to it, never a literal.
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(text).toContain('{{resolve:secretsmanager:');
      expect(text).toContain(`"Ref":"${secretId}"`);
    }
  });
});

describe('DomainFunction', () => {
  const build = (props: Partial<ConstructorParameters<typeof DomainFunction>[2]>) => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const table = new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const fn = new DomainFunction(stack, 'Probe', { domain: 'identity', stage: 'test', table, ...props });
    return { t: Template.fromStack(stack).toJSON(), fn };
  };

  it('is read-only on the table unless asked, and never gets Scan', () => {
    // Act
    const readOnly = build({});
    const readWrite = build({ tableAccess: 'readWrite' });

    // Assess
    const readActions = actionsOfRole(readOnly.t, logicalId(readOnly.fn.role));
    expect(readActions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    const writeActions = actionsOfRole(readWrite.t, logicalId(readWrite.fn.role));
    expect(writeActions).toEqual(expect.arrayContaining(WRITE_ACTIONS));
    expect([...readActions, ...writeActions]).not.toContain('dynamodb:Scan');
  });

  it('gets the files bucket only when asked, through the access level it asked for', () => {
    // Prepare
    const app = new App();
    const data = new DataStack(app, 'Data', { stage: 'test', webOrigins: ['https://app.example.org'] });
    const stack = new Stack(app, 'Functions');
    const make = (id: string, files?: 'read' | 'readWrite') =>
      new DomainFunction(stack, id, {
        domain: 'documents',
        stage: 'test',
        table: data.table,
        entry: 'functions/identity/handler.ts',
        ...(files && { files: { grant: data.files, access: files } }),
      });
    const none = make('NoFiles');
    const reader = make('Reader', 'read');
    const writer = make('Writer', 'readWrite');

    // Act
    const t = Template.fromStack(stack).toJSON();
    const role = (fn: DomainFunction) => t.Resources[logicalId(fn.role)].Properties;
    const env = (fn: DomainFunction) => t.Resources[logicalId(fn.fn)].Properties.Environment.Variables;

    // Assess
    expect(role(none).ManagedPolicyArns).toBeUndefined();
    expect(env(none).FILES_BUCKET).toBeUndefined();
    expect(JSON.stringify(role(reader).ManagedPolicyArns)).toContain('FilesReadPolicy');
    expect(JSON.stringify(role(writer).ManagedPolicyArns)).toContain('FilesReadWritePolicy');
    expect(env(writer).FILES_BUCKET).toBeDefined();
    const dataTemplate = Template.fromStack(data).toJSON();
    const [[, readPolicy]] = resourcesOf(dataTemplate, 'AWS::IAM::ManagedPolicy').filter(([id]) =>
      id.startsWith('FilesReadPolicy'),
    ) as [[string, Json]];
    expect(readPolicy.Properties.PolicyDocument.Statement[0].Action).toBe('s3:GetObject');
    expect(nagFindings(app)).toEqual([]);
  });

  it('grants the table and each index by name, no index wildcard', () => {
    // Act
    const { t, fn } = build({});
    const [statement] = resourcesOf(t, 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((s: Json) => asArray(s.Action).includes('dynamodb:Query'));

    // Assess
    expect(JSON.stringify(statement.Resource)).not.toContain('*');
    for (const index of TABLE_LAYOUT.indexes)
      expect(JSON.stringify(statement.Resource)).toContain(`/index/${index.name}`);
    expect(logicalId(fn.logGroup)).toBeDefined();
  });
});

describe('data stack', () => {
  it('builds the table from TABLE_LAYOUT: keys, GSIs, TTL, on-demand, PITR, encryption', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.data);

    // Act
    const [[, table]] = resourcesOf(t, 'AWS::DynamoDB::Table') as [[string, Json]];
    const p = table.Properties;

    // Assess
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_LAYOUT.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_LAYOUT.sortKey, KeyType: 'RANGE' },
    ]);
    expect(
      p.GlobalSecondaryIndexes.map((gsi: Json) => ({
        name: gsi.IndexName,
        partitionKey: gsi.KeySchema[0].AttributeName,
        sortKey: gsi.KeySchema[1].AttributeName,
      })),
    ).toEqual(TABLE_LAYOUT.indexes);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_LAYOUT.ttlAttribute, Enabled: true });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.SSESpecification).toEqual({ SSEEnabled: true });
    expect(p.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(p.DeletionProtectionEnabled).toBe(false);
    expect(table.DeletionPolicy).toBe('Delete');
  });

  it('protects the prod table from deletion and retains it', () => {
    // Act
    const [[, table]] = resourcesOf(template(prodStage, prodStage.stacks.data), 'AWS::DynamoDB::Table') as [
      [string, Json],
    ];

    // Assess
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('lets the web origin POST presigned uploads to the files bucket, which logs its access', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.data);
    const filesId = logicalId(testStage.stacks.data.filesBucket);

    // Act
    const files = t.Resources[filesId].Properties;

    // Assess
    expect(files.CorsConfiguration.CorsRules[0].AllowedMethods).toContain('POST');
    expect(files.LoggingConfiguration.DestinationBucketName).toEqual({
      Ref: logicalId(testStage.stacks.data.logsBucket),
    });
    expect(files.LifecycleConfiguration.Rules.some((r: Json) => r.NoncurrentVersionExpiration)).toBe(true);
  });
});

describe('every stack', () => {
  it('encrypts, versions and blocks public access on every bucket, and requires TLS', () => {
    for (const stack of stackList(testStage.stacks)) {
      // Prepare
      const t = template(testStage, stack);
      const policies = resourcesOf(t, 'AWS::S3::BucketPolicy').map(([, p]) => p.Properties);

      for (const [id, bucket] of resourcesOf(t, 'AWS::S3::Bucket')) {
        // Act
        const p = bucket.Properties;
        const policy = policies.find((candidate) => candidate.Bucket.Ref === id);

        // Assess
        expect(
          p.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
          id,
        ).toBeDefined();
        expect(p.VersioningConfiguration, id).toEqual({ Status: 'Enabled' });
        expect(p.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(JSON.stringify(policy?.PolicyDocument), id).toContain('"aws:SecureTransport":"false"');
      }
    }
  });

  it('gives every Lambda a log group with retention', () => {
    for (const stack of stackList(testStage.stacks)) {
      // Prepare
      const t = template(testStage, stack);

      for (const [id, fn] of resourcesOf(t, 'AWS::Lambda::Function')) {
        // Act
        const logGroup = t.Resources[fn.Properties.LoggingConfig?.LogGroup?.Ref];

        // Assess
        expect(logGroup?.Type, `${stack.stackName}/${id}`).toBe('AWS::Logs::LogGroup');
        expect(logGroup.Properties.RetentionInDays, `${stack.stackName}/${id}`).toBe(30);
      }
    }
    const prodApi = template(prodStage, prodStage.stacks.api);
    for (const [, logGroup] of resourcesOf(prodApi, 'AWS::Logs::LogGroup')) {
      expect(logGroup.Properties.RetentionInDays).toBe(90);
    }
  });

  it('grants no service-wide data action and no data action on every resource', () => {
    for (const stack of stackList(testStage.stacks)) {
      for (const statement of allowStatements(template(testStage, stack))) {
        // Act
        const actions = asArray(statement.Action) as string[];
        const anyResource = asArray(statement.Resource).includes('*');

        // Assess
        expect(actions, stack.stackName).not.toContain('*');
        expect(actions, stack.stackName).not.toContain('dynamodb:*');
        expect(actions, stack.stackName).not.toContain('s3:*');
        if (anyResource) {
          expect(
            actions
              // The events relay's stream read: ListStreams has no resource-level permission (AWS).
              .filter((a) => a !== 'dynamodb:ListStreams')
              .filter((a) => a.startsWith('dynamodb:') || a.startsWith('s3:')),
            `${stack.stackName}: ${actions}`,
          ).toEqual([]);
        }
      }
    }
  });
});

describe('auth stack', () => {
  it('has an email user pool with self sign-up and a secretless web client', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.auth);

    // Act
    const [[, pool]] = resourcesOf(t, 'AWS::Cognito::UserPool') as [[string, Json]];
    const [[, client]] = resourcesOf(t, 'AWS::Cognito::UserPoolClient') as [[string, Json]];

    // Assess
    expect(pool.Properties.UsernameAttributes).toEqual(['email']);
    expect(pool.Properties.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.Properties.AccountRecoverySetting.RecoveryMechanisms).toEqual([
      { Name: 'verified_email', Priority: 1 },
    ]);
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.ExplicitAuthFlows.sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(resourcesOf(t, 'AWS::Cognito::UserPoolIdentityProvider')).toEqual([]);
  });

  it('enforces threat protection (Plus) in prod', () => {
    // Act
    const [[, pool]] = resourcesOf(template(prodStage, prodStage.stacks.auth), 'AWS::Cognito::UserPool') as [
      [string, Json],
    ];

    // Assess
    expect(pool.Properties.UserPoolTier).toBe('PLUS');
    expect(pool.Properties.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    expect(pool.Properties.DeletionProtection).toBe('ACTIVE');
  });
});

describe('realtime stack', () => {
  it('has an active, signing-disabled IoT authorizer that IoT may invoke, with a read-only Lambda', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.realtime);
    const fnId = logicalId(testStage.stacks.realtime.authorizerFunction.fn);

    // Act
    const [[authorizerId, authorizer]] = resourcesOf(t, 'AWS::IoT::Authorizer') as [[string, Json]];
    const permissions = resourcesOf(t, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    const actions = actionsOfRole(t, logicalId(testStage.stacks.realtime.authorizerFunction.role));

    // Assess
    expect(authorizer.Properties).toMatchObject({
      AuthorizerName: 'windsock-test-browser',
      SigningDisabled: true,
      Status: 'ACTIVE',
      AuthorizerFunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
    expect(permissions).toContainEqual(
      expect.objectContaining({
        Principal: 'iot.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [authorizerId, 'Arn'] },
      }),
    );
    expect(t.Resources[fnId].Properties.Environment.Variables.USER_POOL_CLIENT_ID).toBeDefined();
    // Its one write: the note of a connection under the person's partition (issue 11 §3).
    for (const write of WRITE_ACTIONS.filter((action) => action !== 'dynamodb:PutItem'))
      expect(actions).not.toContain(write);
    const put = allowStatements(t).find((s) => asArray(s.Action).includes('dynamodb:PutItem'));
    expect(put.Action).toBe('dynamodb:PutItem');
    expect(put.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['person#*'] } });
  });

  it('lets only the organizations API end browsers’ MQTT connections, and only web-* clients', () => {
    // Prepare
    const api = testStage.stacks.api;
    const t = template(testStage, api);

    // Act
    const holders = routedDomains().filter((domain) =>
      actionsOfRole(t, logicalId(api.functions.get(domain)!.role)).includes('iot:DeleteConnection'),
    );
    const statement = allowStatements(t).find((s) => asArray(s.Action).includes('iot:DeleteConnection'));

    // Assess
    expect(holders).toEqual(['organizations']);
    expect(statement.Action).toBe('iot:DeleteConnection');
    expect(JSON.stringify(statement.Resource)).toMatch(/:client\/web-\*"/);
  });

  it('hands every OGN beacon batch to the tracking ingest, which may write the table and push', () => {
    // Prepare
    const realtime = testStage.stacks.realtime;
    const t = template(testStage, realtime);
    const fnId = logicalId(realtime.ingestFunction.fn);
    const ruleId = logicalId(realtime.ingestRule);

    // Act
    const rule = t.Resources[ruleId].Properties.TopicRulePayload;
    const permissions = resourcesOf(t, 'AWS::Lambda::Permission').map(([, p]) => p.Properties);
    const actions = actionsOfRole(t, logicalId(realtime.ingestFunction.role));

    // Assess
    expect(rule.Sql).toBe("SELECT * FROM 'ogn/beacons/#'");
    expect(rule.Actions).toEqual([{ Lambda: { FunctionArn: { 'Fn::GetAtt': [fnId, 'Arn'] } } }]);
    expect(rule.ErrorAction.CloudwatchLogs).toBeDefined();
    expect(permissions).toContainEqual(
      expect.objectContaining({
        Principal: 'iot.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      }),
    );
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem', 'iot:Publish']),
    );
    expect(actions).not.toContain('dynamodb:Scan');
    expect(t.Resources[fnId].Properties.Environment.Variables.IOT_DATA_ENDPOINT).toBeDefined();
  });

  it('lets the OGN bridge connect as itself and publish beacon batches only', () => {
    // Act
    const t = template(testStage, testStage.stacks.realtime);
    const [[, policy]] = resourcesOf(t, 'AWS::IoT::Policy') as [[string, Json]];

    // Assess
    const statements = policy.Properties.PolicyDocument.Statement as Json[];
    expect(statements.map((s) => s.Action).sort()).toEqual(['iot:Connect', 'iot:Publish']);
    const publish = statements.find((s) => s.Action === 'iot:Publish')!;
    expect(JSON.stringify(publish.Resource)).toContain(':topic/ogn/beacons/*');
    expect(resourcesOf(t, 'AWS::IoT::Thing')).toHaveLength(1);
  });
});

describe('schedules stack', () => {
  it("synthesizes the app's schedule table: one schedule per row, one Lambda per job handler", () => {
    // Act
    const t = template(testStage, testStage.stacks.schedules);

    // Assess
    expect(resourcesOf(t, 'AWS::Scheduler::Schedule')).toHaveLength(schedules.length);
    expect(resourcesOf(t, 'AWS::Lambda::Function')).toHaveLength(
      new Set(schedules.map((row) => `${row.domain}.${row.handler}`)).size,
    );
  });

  it('lets the jobs push the notifications they create (iot:Publish and the endpoint)', () => {
    // Act
    const t = template(testStage, testStage.stacks.schedules);

    // Assess
    const actions = resourcesOf(t, 'AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument.Statement as Json[]).flatMap((st) => [st.Action].flat()),
    );
    expect(actions).toContain('iot:Publish');
    for (const [, fn] of resourcesOf(t, 'AWS::Lambda::Function'))
      expect(fn.Properties.Environment.Variables.IOT_DATA_ENDPOINT).toBeDefined();
  });

  it('maps each row to a schedule with cron, time zone, retries and an encrypted DLQ, one Lambda per entry', () => {
    // Prepare
    const rows: ScheduleDef[] = [
      {
        id: 'membership-fees',
        cron: '30 2 1 * *',
        timezone: 'Europe/Budapest',
        domain: 'finance',
        handler: 'handler',
        description: 'Charge monthly fees',
      },
      {
        id: 'weekday-reminders',
        cron: '0 7 * * 1-5',
        timezone: 'Europe/Budapest',
        domain: 'finance',
        handler: 'handler',
        description: 'Remind about balances',
      },
    ];
    const app = new App();
    const tables = new Stack(app, 'Tables');
    const table = new Table(tables, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const stack = new SchedulesStack(app, 'Schedules', {
      stage: 'test',
      table,
      logLevel: 'INFO',
      schedules: rows,
      // Any existing entry exporting `handler` stands in for functions/finance/jobs.ts.
      jobsEntryOf: () => 'functions/identity/handler.ts',
    });

    // Act
    const t = Template.fromStack(stack).toJSON();
    const schedules = resourcesOf(t, 'AWS::Scheduler::Schedule').map(([, s]) => s.Properties);
    const [[queueId, queue]] = resourcesOf(t, 'AWS::SQS::Queue') as [[string, Json]];

    // Assess
    expect(resourcesOf(t, 'AWS::Lambda::Function')).toHaveLength(1);
    expect(schedules.map((s) => [s.ScheduleExpression, s.ScheduleExpressionTimezone]).sort()).toEqual([
      ['cron(0 7 ? * MON-FRI *)', 'Europe/Budapest'],
      ['cron(30 2 1 * ? *)', 'Europe/Budapest'],
    ]);
    for (const s of schedules) {
      expect(s.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(s.Target.RetryPolicy.MaximumRetryAttempts).toBe(3);
      expect(s.Target.DeadLetterConfig.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
      expect(JSON.parse(s.Target.Input)).toEqual({
        scheduleId: expect.any(String),
        scheduledTime: '<aws.scheduler.scheduled-time>',
      });
    }
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    expect(nagFindings(stack)).toEqual([]);
  });
});

describe('web stack', () => {
  it('serves the bucket through OAC and /api/* through the HTTP API, uncached, all methods', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.web);

    // Act
    const [[, distribution]] = resourcesOf(t, 'AWS::CloudFront::Distribution') as [[string, Json]];
    const config = distribution.Properties.DistributionConfig;
    const s3Origin = config.Origins.find((o: Json) => o.S3OriginConfig);
    const api = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/*');
    const apiOrigin = config.Origins.find((o: Json) => o.Id === api.TargetOriginId);

    // Assess
    expect(resourcesOf(t, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(1);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    expect(config.DefaultRootObject).toBe('index.html');
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('HttpApi');
    expect(config.Logging.Prefix).toBe('cloudfront/');
    expect(config.Restrictions).toBeUndefined();
  });

  it('falls back to index.html for client-side routes only, never for /api/* errors', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.web);
    const [[, distribution]] = resourcesOf(t, 'AWS::CloudFront::Distribution') as [[string, Json]];
    const config = distribution.Properties.DistributionConfig;
    const [[functionId, fn]] = resourcesOf(t, 'AWS::CloudFront::Function') as [[string, Json]];
    const rewrite = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: Json) => Json;
    const uriOf = (uri: string) => rewrite({ request: { uri } }).uri;

    // Assess: the function is on the S3 behavior, not on /api/*, and there are no distribution-wide
    // error responses (they would turn the API's 403/404 into index.html with 200).
    expect(fn.Properties.FunctionCode).toBe(SPA_REWRITE_CODE);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    expect(
      config.CacheBehaviors.find((b: Json) => b.PathPattern === '/api/*').FunctionAssociations,
    ).toBeUndefined();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(uriOf('/')).toBe('/index.html');
    expect(uriOf('/flights/sheet')).toBe('/index.html');
    expect(uriOf('/flight-sheet/2026.05.01')).toBe('/index.html');
    expect(uriOf('/assets/index-4f2a.js')).toBe('/assets/index-4f2a.js');
    expect(uriOf('/config.json')).toBe('/config.json');
    expect(uriOf('/api/profile')).toBe('/api/profile');
  });

  it('sends security headers with a CSP for the app, Cognito, IoT and the tiles', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.web);

    // Act
    const [, policy] = resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy').find(([, p]) =>
      p.Properties.ResponseHeadersPolicyConfig.Comment.endsWith('security headers'),
    )!;
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);

    // Assess
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    for (const part of [
      "default-src 'self'",
      'https://cognito-idp.',
      'wss://',
      'https://tile.openstreetmap.org',
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(part);
    }
  });

  it('serves stored files at /org/* from the files bucket with nosniff and a sandboxing CSP (issue 11 §7)', () => {
    // Prepare
    const t = template(testStage, testStage.stacks.web);
    const [[, distribution]] = resourcesOf(t, 'AWS::CloudFront::Distribution') as [[string, Json]];
    const config = distribution.Properties.DistributionConfig;

    // Act
    const files = config.CacheBehaviors.find((b: Json) => b.PathPattern === '/org/*');
    const origin = config.Origins.find((o: Json) => o.Id === files.TargetOriginId);
    const policies = Object.fromEntries(resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = policies[files.ResponseHeadersPolicyId.Ref].Properties.ResponseHeadersPolicyConfig;
    const requests = Object.fromEntries(resourcesOf(t, 'AWS::CloudFront::OriginRequestPolicy'))[
      files.OriginRequestPolicyId.Ref
    ].Properties.OriginRequestPolicyConfig;

    // Assess: the presigned URL reaches S3 as signed (its query string, S3's own host), nothing cached.
    expect(files.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(files.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(files.FunctionAssociations).toBeUndefined();
    expect(JSON.stringify(origin.DomainName)).toContain('RegionalDomainName');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(origin.OriginAccessControlId).toBeUndefined();
    expect(requests.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(requests.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(headers.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      FILE_RESPONSE_HEADERS['Content-Security-Policy'],
    );
    expect(FILE_RESPONSE_HEADERS['Content-Security-Policy']).toMatch(/(^|; )sandbox($|;)/);
  });

  it('writes /config.json from the stacks it depends on', () => {
    // Act
    const web = testStage.stacks.web;
    const config = web.resolve(web.config);

    // Assess
    expect(config).toMatchObject({
      stage: 'test',
      apiBase: '',
      iotAuthorizerName: testStage.stacks.realtime.authorizerName,
      tilesUrl: DEFAULT_TILES_URL,
      tilesAttribution: DEFAULT_TILES_ATTRIBUTION,
    });
    expect(JSON.stringify(config.mqttUrl)).toMatch(/wss:\/\/.*\/mqtt/);
    expect(config.userPoolId).toBeDefined();
    expect(config.userPoolClientId).toBeDefined();
    expect(
      resourcesOf(template(testStage, web), 'Custom::CDKBucketDeployment').length,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('events stack (the app)', () => {
  it('relays the table stream’s new outbox items to the stage’s bus; one rule and consumer per subscription', () => {
    // Act
    const t = template(testStage, testStage.stacks.events);
    const [[, bus]] = resourcesOf(t, 'AWS::Events::EventBus') as [[string, Json]];
    const [[, mapping]] = resourcesOf(t, 'AWS::Lambda::EventSourceMapping') as [[string, Json]];

    // Assess
    expect(bus.Properties.Name).toBe('windsock-test');
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { __edb_e__: { S: ['domainEvent'] } } },
    });
    expect(resourcesOf(t, 'AWS::Events::Rule')).toHaveLength(subscriptions.length);
    const consumers = new Set(subscriptions.map((row) => `${row.domain}.${row.handler}`));
    expect(resourcesOf(t, 'AWS::Lambda::Function')).toHaveLength(1 + consumers.size);
  });

  it('gives no function of the app SES without windsock:mailFrom', () => {
    for (const stack of stackList(testStage.stacks)) {
      const actions = allowStatements(template(testStage, stack)).flatMap(
        (st) => asArray(st.Action) as string[],
      );
      expect(
        actions.filter((a) => a.startsWith('ses:')),
        stack.stackName,
      ).toEqual([]);
    }
  });
});

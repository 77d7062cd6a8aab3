import { fileURLToPath } from 'node:url';
import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, type IManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import { Construct } from 'constructs';
import type { Domain } from '../../contracts/domains.ts';
import type { Env } from '../../functions/platform/config/env.ts';
import { TABLE_LAYOUT } from '../../functions/platform/db/table.ts';
import { BUNDLE_ALIASES } from '../bundle-aliases.ts';

/** The repository root: entries, the lock file and esbuild's working directory hang off it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Variables parsed by functions/platform/config/env.ts. AWS_REGION is set by Lambda itself. */
type ParsedKey = Exclude<
  keyof Env,
  | 'AWS_REGION'
  | 'DYNAMODB_ENDPOINT'
  | 'S3_ENDPOINT'
  | 'S3_LOCAL_SECRET'
  | 'COGNITO_ENDPOINT'
  | 'COGNITO_LOCAL_SECRET'
  | 'EVENTBRIDGE_ENDPOINT'
  | 'SES_ENDPOINT'
  | 'MAIL_OUTBOX_FILE'
  // Keys never go into a function's environment: the cloud reads them from Secrets Manager.
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_URL'
>;

/**
 * A Lambda's environment. The keys are checked against env.ts at compile time, so a renamed
 * variable breaks the build instead of a cold start.
 */
type FunctionEnvironment = { [K in ParsedKey]?: string } & {
  /** The realtime authorizer checks the token's client (not parsed by env.ts). */
  USER_POOL_CLIENT_ID?: string;
};

export type LogLevel = Env['LOG_LEVEL'];

/**
 * `read`: get, batch get, query. `readWrite` adds put, update, delete, batch write, condition check.
 * `none`: no table action at all (the events relay reads only the table's stream).
 */
export type TableAccess = 'none' | 'read' | 'readWrite';
export type FilesAccess = 'read' | 'readWrite';

/**
 * The files bucket with one managed policy per access level, made next to the bucket (data stack):
 * its object-level wildcard is acknowledged there once, against the bucket's own logical id.
 */
export interface FilesGrant {
  bucket: IBucket;
  read: IManagedPolicy;
  readWrite: IManagedPolicy;
}

/** Mail (docs/ARCHITECTURE.md "Mail"): the verified SES identity and the From address on it (lib/mail.ts). */
export interface MailGrant {
  /** The identity's name: a domain (`mail.example.org`) or an address. */
  identityName: string;
  /** The address every mail is sent from, on that identity. */
  fromAddress: string;
}

interface DomainFunctionProps {
  /** The domain it serves; `platform` for the plumbing no domain owns (the events relay). */
  domain: Domain | 'platform';
  stage: string;
  table: ITable;
  /** Read-only unless asked (STYLE: "grants read-only unless asked"). */
  tableAccess?: TableAccess;
  /** The files bucket, only for a domain that hands out or reads files. */
  files?: { grant: FilesGrant; access: FilesAccess };
  /** Sets USER_POOL_ID. */
  userPool?: IUserPool;
  /**
   * Live push (docs/ARCHITECTURE.md "Push"): iot:Publish on the browsers' `user/*` and `org/*` topics, and the IoT
   * data endpoint as IOT_DATA_ENDPOINT. Only for a domain that pushes. `disconnectBrowsers` adds
   * iot:DeleteConnection on browser clients (`client/web-*`) only, for a domain that takes rights
   * away (issue 11 §3, functions/identity/realtime-connections.ts).
   */
  push?: { iotEndpoint: string; disconnectBrowsers?: boolean };
  /**
   * Mail: `ses:SendEmail` on the configured identity only, from the configured address only, and
   * MAIL_FROM. Only for a domain that mails (lib/mail.ts MAIL_DOMAINS).
   */
  mail?: MailGrant;
  /** Relative to the repository root; default `functions/<domain>/handler.ts`. */
  entry?: string;
  /** Exported function name; default `handler`. */
  handler?: string;
  description?: string;
  memorySize?: number;
  timeout?: Duration;
  logLevel?: LogLevel;
  environment?: FunctionEnvironment;
}

// Scan is deliberately absent: every screen is a key lookup or a Query (docs/ARCHITECTURE.md "Data"). An admin export
// that needs Scan should ask for it here explicitly, not get it with every read grant.
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

// The runtime the local stack and CI run (docs/ARCHITECTURE.md "The local stack": node@22 as a devDependency); bump both together.
const NODE_RUNTIME = Runtime.NODEJS_22_X;

/**
 * One Lambda of the backend, with the defaults fixed in one place: Node 22 on ARM64, ESM bundle by
 * the local esbuild (SDK v3 from the runtime), a log group with retention, an explicit role with
 * only its own log group, read-only table access unless asked, and no bucket access unless asked.
 */
export class DomainFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: DomainFunctionProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const entry = props.entry ?? `functions/${props.domain}/handler.ts`;
    const handler = props.handler ?? 'handler';
    const tableAccess = props.tableAccess ?? 'read';

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // An explicit role instead of AWSLambdaBasicExecutionRole: that managed policy lets the function
    // create and write any log group in the account.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `windsock ${props.stage} ${props.domain} ${handler} (${tableAccess})`,
    });
    this.logGroup.grantWrite(this.role);

    const { table } = props;
    if (tableAccess !== 'none')
      this.role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: tableAccess === 'readWrite' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ,
          // The table and each index by name: no `index/*` wildcard.
          resources: [
            table.tableArn,
            ...TABLE_LAYOUT.indexes.map((index) => `${table.tableArn}/index/${index.name}`),
          ],
        }),
      );

    const environment: FunctionEnvironment & Record<string, string | undefined> = {
      STAGE: props.stage,
      TABLE_NAME: table.tableName,
      LOG_LEVEL: props.logLevel ?? 'INFO',
      // SDK v3 keeps connections alive by default; the variable documents the intent and matters to
      // any v2-era code path.
      AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
      // Stack traces through the bundled source map.
      NODE_OPTIONS: '--enable-source-maps',
    };

    if (props.files) {
      this.role.addManagedPolicy(props.files.grant[props.files.access]);
      environment.FILES_BUCKET = props.files.grant.bucket.bucketName;
    }
    if (props.userPool) environment.USER_POOL_ID = props.userPool.userPoolId;
    if (props.push) {
      const stack = Stack.of(this);
      const topics = ['user/*', 'org/*'].map((name) =>
        stack.formatArn({
          service: 'iot',
          resource: 'topic',
          resourceName: name,
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        }),
      );
      this.role.addToPolicy(
        new PolicyStatement({ effect: Effect.ALLOW, actions: ['iot:Publish'], resources: topics }),
      );
      environment.IOT_DATA_ENDPOINT = props.push.iotEndpoint;
      if (props.push.disconnectBrowsers) {
        // Browsers connect as `web-<userId>-…` (the custom authorizer's policy); the OGN bridge and
        // any other client stay out of reach.
        const browsers = stack.formatArn({
          service: 'iot',
          resource: 'client',
          resourceName: 'web-*',
          arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
        });
        this.role.addToPolicy(
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ['iot:DeleteConnection'],
            resources: [browsers],
          }),
        );
        Validations.of(this.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagResource(stack, browsers)}]`,
          reason:
            'iot:DeleteConnection on browser clients (web-<userId>-<tab>) only: a revocation ends the open ' +
            'connections of whichever person lost rights, so the person is chosen per call, never the bridge.',
        });
      }
      for (const [index, name] of ['user', 'org'].entries()) {
        Validations.of(this.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${nagResource(stack, topics[index]!)}]`,
          reason:
            `iot:Publish on the browsers' ${name}/<id>/… push topics: the person or organization is chosen per ` +
            'message by the service; browsers subscribe only to their own (the IoT custom authorizer).',
        });
      }
    }
    if (props.mail) {
      const identity = Stack.of(this).formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: props.mail.identityName,
      });
      this.role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail'],
          resources: [identity],
          conditions: { StringEquals: { 'ses:FromAddress': props.mail.fromAddress } },
        }),
      );
      environment.MAIL_FROM = `Windsock <${props.mail.fromAddress}>`;
    }
    Object.assign(environment, props.environment);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: `${REPO_ROOT}${entry}`,
      handler,
      description: props.description ?? `windsock ${props.stage} ${props.domain}`,
      runtime: NODE_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: definedOnly(environment),
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}package-lock.json`,
      awsSdkConnectionReuse: false,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        // CommonJS dependencies inside an ESM bundle still call require().
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // The Node 22 runtime ships AWS SDK v3.
        // The Node.js 22 runtime ships the AWS SDK v3 with its @smithy packages.
        externalModules: ['@aws-sdk/*', '@smithy/*'],
        esbuildArgs: Object.fromEntries(
          Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path]),
        ),
        forceDockerBundling: false,
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x on purpose: the local stack, CI and middy 7 run Node 22 (docs/ARCHITECTURE.md "The local stack"); the ' +
        'runtime moves with the node devDependency, not with the newest Lambda runtime.',
    });
  }
}

/**
 * A resource as cdk-nag names it in a finding (`arn:<AWS::Partition>:iot:<AWS::Region>:…`), from the
 * ARN itself: the CLI binds the stacks to a concrete region (us-east-1 without AWS config) and then
 * the finding names that region, so an acknowledgement written with the token form would not match.
 */
const nagResource = (stack: Stack, arn: string): string => flattenCfnReference(stack.resolve(arn));

function definedOnly(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE_LAYOUT } from '../functions/platform/db/table.ts';
import type { FilesGrant } from './constructs/domain-function.ts';

interface DataStackProps extends StackProps {
  stage: string;
  /** Origins allowed to POST presigned uploads to the files bucket (the web app's origin). */
  webOrigins: string[];
}

/**
 * The one table (docs/ARCHITECTURE.md "Data"), the files bucket (presigned POST uploads, docs/ARCHITECTURE.md "Files") and the logs
 * bucket every other bucket and CloudFront write their access logs to.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly filesBucket: Bucket;
  readonly logsBucket: Bucket;
  readonly files: FilesGrant;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Built from the same constant as the local table and the ElectroDB service: they cannot drift.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_LAYOUT.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_LAYOUT.sortKey, type: AttributeType.STRING },
      timeToLiveAttribute: TABLE_LAYOUT.ttlAttribute,
      // The outbox's way out (docs/ARCHITECTURE.md "Domain events"): the events relay reads new event items here.
      stream: StreamViewType.NEW_IMAGE,
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: prod,
      removalPolicy,
    });
    for (const index of TABLE_LAYOUT.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    // CloudFront standard logging writes with ACLs, so this one bucket keeps them enabled
    // (BUCKET_OWNER_PREFERRED: the bucket owner still owns every object).
    this.logsBucket = new Bucket(this, 'LogsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(prod ? 365 : 90) },
        { id: 'expire-noncurrent', noncurrentVersionExpiration: Duration.days(30) },
      ],
      removalPolicy,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination itself; logging it into itself would loop.',
    });

    this.filesBucket = new Bucket(this, 'FilesBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'files/',
      // The browser uploads with a presigned POST straight to the bucket and may read back with a
      // presigned GET (previews); authorization is the signature, never a cookie.
      cors: [
        {
          allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
          allowedOrigins: props.webOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'expire-noncurrent', noncurrentVersionExpiration: Duration.days(prod ? 90 : 30) },
        { id: 'abort-multipart', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      removalPolicy,
    });

    const objects = this.filesBucket.arnForObjects('*');
    const objectWildcard = `AwsSolutions-IAM5[Resource::<${this.getLogicalId(this.filesBucket.node.defaultChild as CfnBucket)}.Arn>/*]`;
    const objectWildcardReason =
      'Object keys are chosen per request under the organization or person prefix (org/{orgId}/…); the ' +
      'tenant is enforced by the presigned POST conditions and the service, not by IAM.';
    const filesRead = new ManagedPolicy(this, 'FilesReadPolicy', {
      description: `windsock ${props.stage}: read objects of the files bucket`,
      statements: [
        new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject'], resources: [objects] }),
      ],
    });
    const filesReadWrite = new ManagedPolicy(this, 'FilesReadWritePolicy', {
      description: `windsock ${props.stage}: read, upload (presigned POST) and delete objects of the files bucket`,
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [objects],
        }),
      ],
    });
    for (const policy of [filesRead, filesReadWrite]) {
      Validations.of(policy).acknowledge({ id: objectWildcard, reason: objectWildcardReason });
    }
    this.files = { bucket: this.filesBucket, read: filesRead, readWrite: filesReadWrite };
  }
}

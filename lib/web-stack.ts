import { existsSync } from 'node:fs';
import {
  Annotations,
  type CfnElement,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Token,
  Validations,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { WebConfig } from '../contracts/config.ts';
import { FILE_KEY_PREFIXES, FILE_RESPONSE_HEADERS } from '../contracts/file-types.ts';
import { REPO_ROOT } from './constructs/domain-function.ts';

/**
 * SPA fallback as a viewer-request function on the S3 behavior only. CloudFront's custom error
 * responses would be the usual answer, but they apply to every behavior: the API's own 403/404
 * (`missing_permissions`, `not_found`) would come back as index.html with 200. A path whose last
 * segment has no file extension is a client-side route; `/assets/x.js` and `/config.json` pass.
 * Dates in routes (`2026.05.01`) are not extensions: an extension starts with a letter.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/api' || uri.indexOf('/api/') === 0) return request;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z][A-Za-z0-9]*$/.test(last)) request.uri = '/index.html';
  return request;
}`;

export const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILES_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

interface CustomDomain {
  domainName: string;
  /** ACM certificate in us-east-1 covering domainName. */
  certificateArn: string;
}

interface WebStackProps extends StackProps {
  stage: string;
  logsBucket: IBucket;
  filesBucket: IBucket;
  /** The HTTP API's host name: CloudFront sends `/api/*` there. */
  apiDomainName: string;
  userPool: IUserPool;
  webClient: IUserPoolClient;
  iotEndpoint: string;
  mqttUrl: string;
  iotAuthorizerName: string;
  /** `{z}/{x}/{y}` template ('' = plain background). */
  tilesUrl: string;
  /** Shown on the map under the tiles. */
  tilesAttribution: string;
  /** Cognito hosted domain (Google sign-in), for the CSP. */
  oauthDomain?: string;
  customDomain?: CustomDomain;
}

/**
 * The web app (docs/ARCHITECTURE.md "The browser"): a private bucket behind CloudFront with Origin Access Control, the API
 * on the same origin under `/api/*`, security headers, and `/config.json` written at deploy time.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly config: WebConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.bucket = new Bucket(this, 'WebBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'web/',
      lifecycleRules: [{ id: 'expire-noncurrent', noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `windsock ${props.stage}: security headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: this.contentSecurityPolicy(props), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(self)',
            override: true,
          },
        ],
      },
    });

    // Stored files (issue 11 §7): downloads come through here as S3 presigned URLs (signed for the
    // bucket's regional host, which CloudFront sends as Host to this origin), so that they answer
    // with nosniff and a sandboxing CSP, which S3 cannot add. No OAC: the signature in the URL is
    // the authorization, and the bucket stays private.
    const fileHeaders = new ResponseHeadersPolicy(this, 'FileHeaders', {
      comment: `windsock ${props.stage}: stored files (nosniff, sandbox)`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: FILE_RESPONSE_HEADERS['Content-Security-Policy'],
          override: true,
        },
      },
    });
    const filesOrigin = new HttpOrigin(props.filesBucket.bucketRegionalDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });
    const fileRequests = new OriginRequestPolicy(this, 'FileRequests', {
      comment: `windsock ${props.stage}: the presigned URL's query string only`,
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });
    const fileBehaviors = Object.fromEntries(
      FILE_KEY_PREFIXES.map((prefix) => [
        `/${prefix}/*`,
        {
          origin: filesOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          // Every presigned URL is unique: nothing to cache.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: fileRequests,
          responseHeadersPolicy: fileHeaders,
          compress: false,
        },
      ]),
    );

    const spaRewrite = new EdgeFunction(this, 'SpaRewrite', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      comment: 'windsock SPA fallback: client-side routes to /index.html',
    });

    const certificate = props.customDomain
      ? Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `windsock ${props.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        // One origin for the browser (docs/ARCHITECTURE.md "The request path"): no CORS on the app's own calls. With caching
        // disabled, AllViewerExceptHostHeader forwards the Authorization header.
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
        ...fileBehaviors,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain &&
        certificate && {
          domainNames: [props.customDomain.domainName],
          certificate,
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }),
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction by design: clubs, pilots and maintenance organisations use it from many countries.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL for now: it bills a fixed monthly fee per stage whatever the traffic, against the ' +
          'pay-per-use goal; the API behind /api/* is JWT-authorized and throttled per stage.',
      },
    );
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain configured: the default *.cloudfront.net certificate, whose minimum protocol CloudFront ' +
          'fixes. With windsock:domainName and windsock:certificateArn the distribution requires TLSv1.2_2021.',
      });
    }

    this.config = {
      stage: props.stage,
      apiBase: '',
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.webClient.userPoolClientId,
      mqttUrl: props.mqttUrl,
      iotAuthorizerName: props.iotAuthorizerName,
      tilesUrl: props.tilesUrl,
      tilesAttribution: props.tilesAttribution,
    };
    this.deploy(prod);

    new CfnOutput(this, 'Url', {
      value: `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'WebBucketName', { value: this.bucket.bucketName });
  }

  /**
   * frontend/dist (when built) and /config.json. Two steps so a browser never gets an index.html
   * whose chunks are not there yet: hashed assets first, then index.html and config.json with
   * `no-cache`, then the invalidation. Old chunks stay (no prune): open tabs still lazy-load them.
   */
  private deploy(prod: boolean): void {
    const dist = `${REPO_ROOT}frontend/dist`;
    const built = existsSync(`${dist}/index.html`);
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the provider's default AWSLambdaBasicExecutionRole.
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'windsock: copy the web app and /config.json into the web bucket',
    });
    logGroup.grantWrite(role);

    const common = { destinationBucket: this.bucket, prune: false, memoryLimit: 512, logGroup, role };
    let assets: BucketDeployment | undefined;
    if (built) {
      assets = new BucketDeployment(this, 'DeployAssets', {
        ...common,
        sources: [Source.asset(dist, { exclude: ['index.html', 'config.json'] })],
      });
    } else {
      Annotations.of(this).addWarningV2(
        'windsock:web-not-built',
        'frontend/dist/index.html not found: only /config.json is deployed. Run `npm run build` before deploying.',
      );
    }
    const entry = new BucketDeployment(this, 'DeployEntry', {
      ...common,
      sources: [
        ...(built ? [Source.asset(dist, { exclude: ['*', '!index.html'] })] : []),
        Source.jsonData('config.json', this.config),
      ],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) entry.node.addDependency(assets);
    this.acknowledgeDeploymentGrants(role);
  }

  /**
   * BucketDeployment grants its handler read on the CDK asset bucket, read/write/delete on the web
   * bucket and CloudFront invalidation, through CDK's grant methods: action wildcards (`s3:GetObject*`,
   * `s3:List*`…) and, for invalidations, every distribution. Acknowledged finding by finding.
   */
  private acknowledgeDeploymentGrants(role: Role): void {
    const copyReason =
      'Granted by BucketDeployment: the copy job needs the CDK asset bucket (read) and the web bucket (read, ' +
      'write, delete objects); the wildcards come from CDK grant methods and stay inside those two buckets.';
    const known = (value: string, placeholder: string) =>
      Token.isUnresolved(value) ? `<${placeholder}>` : value;
    const qualifier = this.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = `cdk-${qualifier}-assets-${known(this.account, 'AWS::AccountId')}-${known(this.region, 'AWS::Region')}`;
    const webBucketArn = `<${this.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>`;
    for (const finding of [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      `Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*`,
      `Resource::${webBucketArn}/*`,
    ]) {
      Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: copyReason });
    }
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Granted by BucketDeployment for its invalidation after the copy: cloudfront:CreateInvalidation and ' +
        'GetInvalidation only, which CDK does not scope to the one distribution.',
    });
    const handler = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "BucketDeployment's copy handler (AWS CLI on Python): aws-cdk-lib picks and upgrades its runtime, not " +
          'this app.',
      });
    }
  }

  private contentSecurityPolicy(props: WebStackProps): string {
    const tiles = tileOrigin(props.tilesUrl);
    const files = `https://${props.filesBucket.bucketRegionalDomainName}`;
    const connect = [
      "'self'",
      `https://cognito-idp.${this.region}.amazonaws.com`,
      `wss://${props.iotEndpoint}`,
      files,
      ...(props.oauthDomain ? [`https://${props.oauthDomain}`] : []),
    ];
    return [
      "default-src 'self'",
      "script-src 'self'",
      // Cloudscape and Leaflet set inline styles.
      "style-src 'self' 'unsafe-inline'",
      // Stored files are shown from this origin (`/org/*`); the bucket itself only takes uploads.
      `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
      "font-src 'self' data:",
      `connect-src ${connect.join(' ')}`,
      "worker-src 'self' blob:",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self'${props.oauthDomain ? ` https://${props.oauthDomain}` : ''}`,
      "frame-ancestors 'none'",
    ].join('; ');
  }
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`. */
function tileOrigin(tilesUrl: string): string | undefined {
  const match = /^(https?:\/\/[^/]+)/.exec(tilesUrl);
  return match ? match[1]!.replace(/\{[a-z]+\}/g, '*') : undefined;
}

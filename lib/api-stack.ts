import { Duration, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { DOMAINS, type Domain } from '../contracts/domains.ts';
import { operationsOf, routeEntries, routeKey } from '../contracts/routes.ts';
import {
  DomainFunction,
  type FilesAccess,
  type FilesGrant,
  type LogLevel,
  type MailGrant,
  type TableAccess,
} from './constructs/domain-function.ts';
import { mailFor } from './mail.ts';

/** A domain writes to the table exactly when one of its routes is not a GET. */
export const tableAccessFor = (domain: Domain): TableAccess =>
  operationsOf(domain).some(([, route]) => route.method !== 'GET') ? 'readWrite' : 'read';

/** Domains that hand out presigned uploads or read stored files (docs/ARCHITECTURE.md "Files"); nobody else gets the bucket. */
const FILES_ACCESS: Partial<Record<Domain, FilesAccess>> = {
  documents: 'readWrite',
  // Fault photos: presigned POST, the check after upload (read the first bytes, delete a bad file).
  aircraft: 'readWrite',
  // Data import: presigned POST, read the uploaded file, delete it once imported.
  reports: 'readWrite',
  // The person's avatar: presigned POST, the check after upload, the old picture deleted; signed GETs.
  identity: 'readWrite',
  // A member's avatar in the club's member view: signed GETs only.
  organizations: 'read',
};

/** Domains that push to browsers (notifications, the refresh channel; docs/ARCHITECTURE.md "Push"): iot:Publish. */
const PUSH_DOMAINS: readonly Domain[] = [
  'identity',
  'organizations',
  'aircraft',
  'flights',
  'finance',
  'documents',
  'messages',
  'operations',
];
/** Domains that take rights away (roles, memberships) and so end browsers' MQTT connections (issue 11 §3). */
const DISCONNECT_DOMAINS: readonly Domain[] = ['organizations'];

/** Domains that manage logins (users: a new member gets one, with a mailed temporary password). */
const USER_POOL_ADMIN: Partial<Record<Domain, readonly string[]>> = {
  organizations: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser'],
  // Data import adds members through organizations' addMember, which creates their logins.
  reports: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser'],
};

/** Domains with at least one route: each gets one Lambda. */
export const routedDomains = (): Domain[] => DOMAINS.filter((domain) => operationsOf(domain).length > 0);

interface ApiStackProps extends StackProps {
  stage: string;
  table: ITable;
  files: FilesGrant;
  userPool: IUserPool;
  webClient: IUserPoolClient;
  /** Origins answered by the CORS preflight. The web app itself calls `/api` on its own origin. */
  webOrigins: string[];
  logLevel: LogLevel;
  /** The IoT data endpoint (realtime stack); without it no domain gets the push grant. */
  iotEndpoint?: string;
  /** Mail settings; only lib/mail.ts MAIL_DOMAINS get them. Without them nobody may mail. */
  mail?: MailGrant;
  /**
   * Card payment (issue 14 §8): the Stripe keys' secret (complete ARN). Only the finance function
   * may read it; without it payments are not configured.
   */
  stripeSecretArn?: string;
}

/**
 * Where a card payment may send the member back to: the web app's origins; with no custom domain
 * (CORS `*`), the CloudFront distribution's own name, which the API cannot know before the web stack.
 */
export const paymentReturnOrigins = (webOrigins: readonly string[]) =>
  webOrigins.includes('*') ? 'https://*.cloudfront.net' : webOrigins.join(',');

/**
 * The HTTP API (docs/ARCHITECTURE.md "The request path"): one Lambda per domain and one route per row of contracts/routes.ts,
 * JWT-authorized by the user pool unless the row is public.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly apiStage: HttpStage;
  /** `<id>.execute-api.<region>.amazonaws.com`, for CloudFront's `/api/*` origin. */
  readonly apiDomainName: string;
  readonly functions: ReadonlyMap<Domain, DomainFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `windsock-${props.stage}`,
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.webOrigins,
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['authorization', 'content-type', 'accept-language'],
        // The token travels in the Authorization header, never in a cookie.
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.apiStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Ids and codes only (docs/ARCHITECTURE.md "Logs and audit"): no bodies, no query strings.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            route: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });
    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));

    const jwt = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
      { authorizerName: 'cognito', jwtAudience: [props.webClient.userPoolClientId] },
    );
    const none = new HttpNoneAuthorizer();

    // The HMAC key sealing list cursors to their caller and query (functions/platform/http/cursor.ts):
    // generated once by Secrets Manager, never in the code or the template; CloudFormation resolves it
    // into the functions' environment at deploy time.
    const cursorSecret = new Secret(this, 'CursorSecret', {
      description: `windsock ${props.stage}: the key that seals API list cursors`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(cursorSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Only seals paging cursors: a new value (a new secret version and a deploy) just makes the ' +
        'cursors handed out before it invalid, which a list answers with 422 and the screen reloads.',
    });

    const functions = new Map<Domain, DomainFunction>();
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const domain of routedDomains()) {
      const filesAccess = FILES_ACCESS[domain];
      const mail = mailFor(domain, props.mail);
      const fn = new DomainFunction(this, `${pascal(domain)}Function`, {
        domain,
        stage: props.stage,
        table: props.table,
        tableAccess: tableAccessFor(domain),
        ...(filesAccess && { files: { grant: props.files, access: filesAccess } }),
        userPool: props.userPool,
        ...(props.iotEndpoint &&
          PUSH_DOMAINS.includes(domain) && {
            push: { iotEndpoint: props.iotEndpoint, disconnectBrowsers: DISCONNECT_DOMAINS.includes(domain) },
          }),
        ...(mail && { mail }),
        logLevel: props.logLevel,
        description: `windsock ${props.stage} ${domain} API`,
        environment: {
          CURSOR_SECRET: cursorSecret.secretValue.unsafeUnwrap(),
          ...(domain === 'finance' && {
            WEB_ORIGINS: paymentReturnOrigins(props.webOrigins),
            ...(props.stripeSecretArn && { STRIPE_SECRET_ARN: props.stripeSecretArn }),
          }),
        },
      });
      if (domain === 'finance' && props.stripeSecretArn)
        Secret.fromSecretCompleteArn(this, 'StripeKeys', props.stripeSecretArn).grantRead(fn.role);
      functions.set(domain, fn);
      const poolActions = USER_POOL_ADMIN[domain];
      if (poolActions) props.userPool.grant(fn.role, ...poolActions);
      // One invoke permission per function for the whole API, not one per route: the Lambda resource
      // policy is limited to 20 kB and a domain will carry dozens of routes.
      integrations.set(
        domain,
        new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn.fn, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
          scopePermissionToRoute: false,
        }),
      );
    }
    this.functions = functions;

    for (const [operation, route] of routeEntries) {
      const integration = integrations.get(route.domain)!;
      const isPublic = route.guard.auth === 'public';
      const httpRoute = new HttpRoute(this, `Route${pascal(operation)}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer: isPublic ? none : jwt,
      });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in contracts/routes.ts (guard.auth 'public'): it answers without sign-in by design.`,
        });
      }
    }
  }
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

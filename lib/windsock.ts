import { Annotations, type App, type Environment, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { subscriptions } from '../contracts/events.ts';
import { schedules } from '../contracts/schedules.ts';
import { isPlainAddress } from '../functions/platform/mail/address.ts';
import { ApiStack } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import type { LogLevel, MailGrant } from './constructs/domain-function.ts';
import { DataStack } from './data-stack.ts';
import { EventsStack } from './events-stack.ts';
import { RealtimeStack } from './realtime-stack.ts';
import { SchedulesStack } from './schedules-stack.ts';
import { DEFAULT_TILES_ATTRIBUTION, DEFAULT_TILES_URL, WebStack } from './web-stack.ts';

/**
 * Context keys (cdk.json or `-c key=value`). Only the stage is needed; everything else has a
 * default that synthesizes offline with no credentials.
 */
const CONTEXT = {
  stage: 'windsock:stage',
  /** Custom domain for the web app + its ACM certificate ARN (us-east-1). Both or neither. */
  domainName: 'windsock:domainName',
  certificateArn: 'windsock:certificateArn',
  /** Comma-separated origins for CORS (API preflight, files bucket); default the custom domain or `*`. */
  corsOrigins: 'windsock:corsOrigins',
  /** Google federation: client id, and the Secrets Manager secret name holding its secret. */
  googleClientId: 'windsock:googleClientId',
  googleClientSecretName: 'windsock:googleClientSecretName',
  authDomainPrefix: 'windsock:authDomainPrefix',
  /** Cognito Plus with threat protection; default on in prod only. */
  threatProtection: 'windsock:threatProtection',
  /** IoT data endpoint; default looked up at deploy time. */
  iotEndpoint: 'windsock:iotEndpoint',
  tilesUrl: 'windsock:tilesUrl',
  /** The tile provider's attribution; default OpenStreetMap's with the default tiles, else none. */
  tilesAttribution: 'windsock:tilesAttribution',
  /** The OGN bridge's IoT certificate ARN (made outside CDK); its policy is attached when set. */
  ognBridgeCertificateArn: 'windsock:ognBridgeCertificateArn',
  /** Days OGN track points are kept; default 90. */
  trackRetentionDays: 'windsock:trackRetentionDays',
  logLevel: 'windsock:logLevel',
  /**
   * Mail (docs/ARCHITECTURE.md "Mail"): the From address (`noreply@mail.example.org`) on a verified SES identity, and
   * that identity's name (default: the address's domain). Unset: no function may send mail.
   */
  mailFrom: 'windsock:mailFrom',
  mailIdentity: 'windsock:mailIdentity',
  /**
   * Card payment (issue 14 §8): the complete ARN of a Secrets Manager secret holding
   * `{ "secret_key": "sk_…", "webhook_secret": "whsec_…" }`. Unset: card payment is not configured.
   */
  stripeSecretArn: 'windsock:stripeSecretArn',
} as const;

export interface WindsockStacks {
  stage: string;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  realtime: RealtimeStack;
  schedules: SchedulesStack;
  events: EventsStack;
  web: WebStack;
}

const LOG_LEVELS: readonly LogLevel[] = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

/**
 * The whole cloud side (docs/ARCHITECTURE.md "The cloud"), with cdk-nag's AwsSolutions pack as a synthesis-time policy
 * validation: a finding that is neither fixed nor acknowledged with a reason fails `cdk synth`.
 * `env` undefined (no credentials) makes every stack environment-agnostic.
 */
export function buildWindsock(app: App, env?: Environment): WindsockStacks {
  // Before any construct exists: server access logs are granted by a bucket policy on the logs bucket,
  // not by switching its ACL (CloudFront logging needs that bucket's ACL mode as it is).
  app.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  // Classic exports/imports between the stacks, chosen explicitly (the default, but unset it warns).
  app.node.setContext('@aws-cdk/core:defaultCrossStackReferences', 'strong');

  const text = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const stage = text(CONTEXT.stage) ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`${CONTEXT.stage} must be lower-case letters, digits and dashes (got "${stage}")`);
  }
  const prod = stage === 'prod';
  const logLevel = (text(CONTEXT.logLevel) ?? 'INFO').toUpperCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`${CONTEXT.logLevel} must be one of ${LOG_LEVELS.join(', ')}`);

  const domainName = text(CONTEXT.domainName);
  const certificateArn = text(CONTEXT.certificateArn);
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(`${CONTEXT.domainName} and ${CONTEXT.certificateArn} go together`);
  }
  const webOrigin = domainName ? `https://${domainName}` : undefined;
  const corsOrigins = text(CONTEXT.corsOrigins)
    ?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean) ?? [webOrigin ?? '*'];
  const googleClientId = text(CONTEXT.googleClientId);
  const threatProtection = (text(CONTEXT.threatProtection) ?? String(prod)) === 'true';

  const mailFrom = text(CONTEXT.mailFrom);
  if (mailFrom && !isPlainAddress(mailFrom))
    throw new Error(`${CONTEXT.mailFrom} must be one plain e-mail address (got "${mailFrom}")`);
  const mail: MailGrant | undefined = mailFrom
    ? { fromAddress: mailFrom, identityName: text(CONTEXT.mailIdentity) ?? mailFrom.split('@')[1]! }
    : undefined;

  const props = { env, terminationProtection: prod };
  const name = (part: string) => `windsock-${stage}-${part}`;

  const data = new DataStack(app, name('data'), { ...props, stage, webOrigins: corsOrigins });
  const auth = new AuthStack(app, name('auth'), {
    ...props,
    stage,
    threatProtection,
    ...(googleClientId && {
      google: {
        clientId: googleClientId,
        clientSecretName: text(CONTEXT.googleClientSecretName) ?? `windsock/${stage}/google-client-secret`,
      },
    }),
    ...(webOrigin && { webOrigin }),
    ...(text(CONTEXT.authDomainPrefix) && { authDomainPrefix: text(CONTEXT.authDomainPrefix) }),
  });
  const iotEndpoint = text(CONTEXT.iotEndpoint);
  const realtime = new RealtimeStack(app, name('realtime'), {
    ...props,
    stage,
    table: data.table,
    userPool: auth.userPool,
    webClient: auth.webClient,
    logLevel,
    ...(iotEndpoint && { iotEndpoint }),
    ...(text(CONTEXT.ognBridgeCertificateArn) && {
      ognBridgeCertificateArn: text(CONTEXT.ognBridgeCertificateArn),
    }),
    ...(text(CONTEXT.trackRetentionDays) && { trackRetentionDays: Number(text(CONTEXT.trackRetentionDays)) }),
  });
  const api = new ApiStack(app, name('api'), {
    ...props,
    stage,
    table: data.table,
    files: data.files,
    userPool: auth.userPool,
    webClient: auth.webClient,
    webOrigins: corsOrigins,
    logLevel,
    iotEndpoint: realtime.iotEndpoint,
    ...(mail && { mail }),
    ...(text(CONTEXT.stripeSecretArn) && { stripeSecretArn: text(CONTEXT.stripeSecretArn) }),
  });
  const scheduled = new SchedulesStack(app, name('schedules'), {
    ...props,
    stage,
    table: data.table,
    logLevel,
    schedules,
    iotEndpoint: realtime.iotEndpoint,
    ...(mail && { mail }),
  });
  const eventing = new EventsStack(app, name('events'), {
    ...props,
    stage,
    table: data.table,
    logLevel,
    subscriptions,
    iotEndpoint: realtime.iotEndpoint,
    ...(mail && { mail }),
  });
  const web = new WebStack(app, name('web'), {
    ...props,
    stage,
    logsBucket: data.logsBucket,
    filesBucket: data.filesBucket,
    apiDomainName: api.apiDomainName,
    userPool: auth.userPool,
    webClient: auth.webClient,
    iotEndpoint: realtime.iotEndpoint,
    mqttUrl: realtime.mqttUrl,
    iotAuthorizerName: realtime.authorizerName,
    tilesUrl: text(CONTEXT.tilesUrl) ?? DEFAULT_TILES_URL,
    tilesAttribution:
      text(CONTEXT.tilesAttribution) ?? (text(CONTEXT.tilesUrl) ? '' : DEFAULT_TILES_ATTRIBUTION),
    ...(auth.oauthDomain && { oauthDomain: auth.oauthDomain }),
    ...(domainName && certificateArn && { customDomain: { domainName, certificateArn } }),
  });

  if (prod && corsOrigins.includes('*')) {
    Annotations.of(data).addWarningV2(
      'windsock:cors-any-origin',
      `CORS allows any origin: set ${CONTEXT.domainName} (or ${CONTEXT.corsOrigins}) for prod.`,
    );
  }

  Tags.of(app).add('project', 'windsock');
  Tags.of(app).add('stage', stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  return { stage, data, auth, api, realtime, schedules: scheduled, events: eventing, web };
}

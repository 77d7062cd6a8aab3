import * as z from 'zod/mini';

/**
 * Lambda environment, parsed once at cold start (docs/ARCHITECTURE.md "Configuration"). A missing or malformed variable stops
 * the function before it serves anything. Business code takes values from here, never process.env.
 */
const envSchema = z.object({
  STAGE: z._default(z.string(), 'local'),
  TABLE_NAME: z.string().check(z.minLength(1)),
  FILES_BUCKET: z._default(z.string(), ''),
  /** Local stack only: the embedded DynamoDB / S3 endpoints. Unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.string()),
  S3_ENDPOINT: z.optional(z.string()),
  /** Local stack only: the secret the local S3 checks signatures against. Unset in AWS. */
  S3_LOCAL_SECRET: z.optional(z.string()),
  AWS_REGION: z._default(z.string(), 'eu-central-1'),
  USER_POOL_ID: z._default(z.string(), ''),
  /** Local stack only: the embedded Cognito (`<origin>/cognito`). Unset in AWS. */
  COGNITO_ENDPOINT: z.optional(z.string()),
  /** Local stack only: the secret admin calls to the embedded Cognito are signed with. Unset in AWS. */
  COGNITO_LOCAL_SECRET: z.optional(z.string()),
  /** The web app client; the realtime authorizer checks access tokens were issued to it. */
  USER_POOL_CLIENT_ID: z._default(z.string(), ''),
  /** The account's IoT data (ATS) endpoint host for live push (docs/ARCHITECTURE.md "Push"); unset locally and in tests. */
  IOT_DATA_ENDPOINT: z.optional(z.string()),
  /** Seconds an actor (memberships, roles) stays cached in a warm container. */
  ACTOR_CACHE_SECONDS: z._default(z.coerce.number(), 5),
  /** Tracking (issue 6): how long a device's latest position stays on the live map, in seconds. */
  LIVE_TTL_SECONDS: z._default(z.coerce.number(), 3600),
  /** Tracking: days the track points of a day are kept (flight route maps read them). */
  TRACK_RETENTION_DAYS: z._default(z.coerce.number(), 90),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']), 'INFO'),
  /** The events relay (docs/ARCHITECTURE.md "Domain events"): the custom EventBridge bus `windsock-<stage>` it puts events on. */
  EVENT_BUS_NAME: z._default(z.string(), ''),
  /** Tests only: a local server standing in for EventBridge. Unset in AWS. */
  EVENTBRIDGE_ENDPOINT: z.optional(z.string()),
  /** Mail (docs/ARCHITECTURE.md "Mail"): the From address of every mail (`Windsock <noreply@…>`); set for mailing domains. */
  MAIL_FROM: z._default(z.string(), ''),
  /** Local stack and tests only: mail is appended to this JSONL file instead of sent. Unset in AWS. */
  MAIL_OUTBOX_FILE: z.optional(z.string()),
  /** Tests only: a local server standing in for SES. Unset in AWS. */
  SES_ENDPOINT: z.optional(z.string()),
  /**
   * HMAC key sealing list cursors to their caller and query (functions/platform/http/cursor.ts): in
   * the cloud a generated secret (api stack), locally a random key per data directory. Only the API
   * functions need it; a list answered without it fails loudly.
   */
  CURSOR_SECRET: z.optional(z.string().check(z.minLength(32))),
  /**
   * Card payments (issue 14 §8). In the cloud the Stripe keys are in Secrets Manager: the secret's
   * ARN (a JSON `{ "secret_key", "webhook_secret" }`), read by the finance functions only. Locally
   * and in tests the keys themselves and the fake Stripe's address (bin/local/stripe.ts). None of
   * them: card payment is not configured, and the screens say so.
   */
  STRIPE_SECRET_ARN: z.optional(z.string()),
  STRIPE_SECRET_KEY: z.optional(z.string()),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string()),
  /** Local stack and tests only: the fake Stripe API (`http://127.0.0.1:<port>`). Unset in AWS. */
  STRIPE_API_URL: z.optional(z.string()),
  /** The web app's origins a payment may send the member back to (comma-separated). */
  WEB_ORIGINS: z._default(z.string(), ''),
});

export type Env = z.infer<typeof envSchema>;

let parsed: Env | undefined;

export const env = (): Env => {
  if (!parsed) {
    const result = envSchema.safeParse(process.env);
    if (!result.success) {
      const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new Error(`Invalid environment: ${fields}`);
    }
    parsed = result.data;
  }
  return parsed;
};

/** Tests and the local stack set the environment before first use; this forgets the cached copy. */
export const resetEnvForTests = () => {
  parsed = undefined;
};

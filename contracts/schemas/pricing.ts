import * as z from 'zod/mini';
import { entityId, userText } from '../validation.ts';
import { packageOutput } from './subscriptions.ts';

/**
 * Pricing and package choice (spec §2 named screen, §9 "aircraft count per package"): the packages
 * on offer, the organization's current one and its use, and its request for another — which a
 * supervisor grants by assigning the package (organization/{id}/subscriptions).
 */

export const packageRequestOutput = z.object({
  package_id: z.string(),
  package_name: z.string(),
  note: z.nullable(z.string()),
  requested_by_name: z.string(),
  requested_at: z.string(),
});
export type PackageRequestOutput = z.infer<typeof packageRequestOutput>;

export const pricingOutput = z.object({
  packages: z.array(packageOutput),
  current: z.object({
    package_id: z.nullable(z.string()),
    package_name: z.nullable(z.string()),
    plane_limit: z.number(),
    general_limit: z.number(),
    glider_limit: z.number(),
  }),
  /** The organization's aircraft per limit bucket (aircraft-enums limitBucketOf). */
  usage: z.object({ total: z.number(), general: z.number(), glider: z.number() }),
  request: z.nullable(packageRequestOutput),
});
export type PricingOutput = z.infer<typeof pricingOutput>;

export const packageRequestInput = z.strictObject({
  package_id: entityId,
  note: z.optional(z.nullable(userText(500, { multiline: true }))),
});
export type PackageRequestInput = z.infer<typeof packageRequestInput>;

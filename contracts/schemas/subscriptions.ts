import * as z from 'zod/mini';
import { CURRENCIES, MAX_MINOR } from '../money.ts';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version,
  whenFieldsValid,
  whole,
} from '../validation.ts';

/**
 * Packages (global: what a subscription gives — aircraft limits — and its monthly price) and an
 * organization's subscriptions to them (organization/{id}/subscriptions, subscription/edit/{id}).
 */

/** A club's fleet: far above any real one, low enough to catch a typo. */
const MAX_LIMIT = 1000;
/** One aircraft limit of a package, a subscription or an organization. */
export const packageLimit = z.number().check(whole, z.nonnegative(), z.maximum(MAX_LIMIT));
const limit = packageLimit;

interface PackageLimits {
  plane_limit: number;
  general_limit: number;
  glider_limit: number;
}

/**
 * Spec §9: a package limits the aircraft in total and separately general/TMG and glider aircraft.
 * A category cap above the total could never be reached: it is refused on the category field.
 */
export const limitErrors = (limits: Partial<PackageLimits>): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const total = limits.plane_limit;
  if (typeof total !== 'number') return errors;
  if (typeof limits.general_limit === 'number' && limits.general_limit > total)
    errors.general_limit = ['too_big'];
  if (typeof limits.glider_limit === 'number' && limits.glider_limit > total)
    errors.glider_limit = ['too_big'];
  return errors;
};

export const limitsRule = <T extends Partial<PackageLimits>>() =>
  z.superRefine<T>(
    (value, ctx) => {
      for (const [field, keys] of Object.entries(limitErrors(value)))
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key, path: [field], input: value });
    },
    { when: whenFieldsValid(['plane_limit', 'general_limit', 'glider_limit']) },
  );

const nullableString = z.nullable(z.string());
const requiredText = (max: number) => userText(max, { min: 1 });
const pageLimit = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/)),
    z.transform((v) => Number(v)),
  ),
);
const cursor = z.optional(pageCursor);

export const packageInput = z
  .strictObject({
    name: requiredText(60),
    plane_limit: limit,
    general_limit: limit,
    glider_limit: limit,
    /** Monthly price in minor units of `currency_id` (spec §9: per month). */
    monthly_price: z.number().check(whole, z.nonnegative(), z.maximum(MAX_MINOR)),
    currency_id: z.enum(CURRENCIES),
    active: z.boolean(),
  })
  .check(limitsRule());
export type PackageInput = z.infer<typeof packageInput>;

export const updatePackageInput = z.strictObject({ ...packageInput.shape, version }).check(limitsRule());
export type UpdatePackageInput = z.infer<typeof updatePackageInput>;

export const packageOutput = z.object({
  package_id: z.string(),
  name: z.string(),
  plane_limit: z.number(),
  general_limit: z.number(),
  glider_limit: z.number(),
  monthly_price: z.number(),
  currency_id: z.string(),
  active: z.boolean(),
  version: z.number(),
});
export type PackageOutput = z.infer<typeof packageOutput>;
export const packagesOutput = z.object({ items: z.array(packageOutput) });

export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An end date before the start date is refused on the end date. */
const datesRule = <T extends { start_date: string; end_date?: string | null }>() =>
  z.superRefine<T>(
    (value, ctx) => {
      if (value.end_date && value.end_date < value.start_date)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['end_date'], input: value });
    },
    { when: whenFieldsValid(['start_date', 'end_date']) },
  );

export const assignPackageInput = z
  .strictObject({
    package_id: entityId,
    start_date: isoDate,
    end_date: z.optional(z.nullable(isoDate)),
  })
  .check(datesRule());
export type AssignPackageInput = z.infer<typeof assignPackageInput>;

export const updateSubscriptionInput = z
  .strictObject({
    start_date: isoDate,
    end_date: z.optional(z.nullable(isoDate)),
    status: z.enum(SUBSCRIPTION_STATUSES),
    plane_limit: limit,
    general_limit: limit,
    glider_limit: limit,
    version,
  })
  .check(limitsRule(), datesRule());
export type UpdateSubscriptionInput = z.infer<typeof updateSubscriptionInput>;

export const subscriptionOutput = z.object({
  subscription_id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  package_id: z.string(),
  package_name: z.string(),
  start_date: z.string(),
  end_date: nullableString,
  status: z.enum(SUBSCRIPTION_STATUSES),
  plane_limit: z.number(),
  general_limit: z.number(),
  glider_limit: z.number(),
  version: z.number(),
});
export type SubscriptionOutput = z.infer<typeof subscriptionOutput>;

export const subscriptionsOutput = z.object({
  organization: z.object({
    organization_id: z.string(),
    organization_name: z.string(),
    short_name: z.string(),
    plane_limit: z.number(),
    general_limit: z.number(),
    glider_limit: z.number(),
    package_id: nullableString,
    package_name: nullableString,
  }),
  items: z.array(subscriptionOutput),
  cursor: nullableString,
});

export const listPageQuery = z.strictObject({ cursor, limit: pageLimit });

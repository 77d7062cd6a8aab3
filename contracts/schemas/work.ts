import * as z from 'zod/mini';
import {
  entityId,
  isoDate,
  cursor as pageCursor,
  userText,
  version as versionNumber,
} from '../validation.ts';
import { MEMBERSHIP_TYPES } from './finance-enums.ts';

/**
 * Work management (spec §3 "Operating day and work": work_name, work_type, work_category,
 * working_hours, leader, workers; §4 locked/unlocked, take or give up organizing, set/unset leader;
 * issue 15 §7). Members record their hours on a work; the work's leader or a checker approves or
 * rejects them. Each member owes the club a yearly number of hours; at the year's close the
 * work-administrator settles it through the ledger (functions/operations/work-balance.ts).
 */

/**
 * Social work fills the member's yearly obligation; normal and professional work is work the club
 * pays for, credited at the organization's normal_work_price / professional_work_price.
 */
export const WORK_CATEGORIES = ['social', 'normal', 'professional'] as const;
export type WorkCategory = (typeof WORK_CATEGORIES)[number];

export const WORK_TYPES = [
  'airfield',
  'hangar',
  'aircraft',
  'vehicles',
  'clubhouse',
  'event',
  'office',
  'other',
] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const HOURS_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type HoursStatus = (typeof HOURS_STATUSES)[number];

/** Years the work screens deal in. */
export const workYear = z.coerce.number().check(z.int(), z.minimum(2000), z.maximum(2199));

/** Hours in quarters of an hour, at most a day's. */
export const workHours = z.number().check(
  z.minimum(0.25),
  z.maximum(24),
  z.refine((h) => Number.isInteger(h * 4), { error: 'invalid_value' }),
);

export const listWorksQuery = z.strictObject({
  year: z.optional(workYear),
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export const yearQuery = z.strictObject({ year: z.optional(workYear) });

export const balancesQuery = z.strictObject({
  year: z.optional(workYear),
  cursor: z.optional(pageCursor),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

export const saveWorkInput = z.strictObject({
  work_name: userText(120, { min: 1 }),
  work_type: z.enum(WORK_TYPES),
  work_category: z.enum(WORK_CATEGORIES),
  date: isoDate,
  /** The planned hours of the work. */
  working_hours: z.nullable(workHours),
  description: z.optional(userText(1000, { multiline: true })),
  /** 0: a new work. */
  version: versionNumber,
});
export type SaveWorkInput = z.infer<typeof saveWorkInput>;

export const lockWorkInput = z.strictObject({ locked: z.boolean(), version: versionNumber });
export const organizeWorkInput = z.strictObject({ organize: z.boolean(), version: versionNumber });
export const setWorkLeaderInput = z.strictObject({ leader_id: z.nullable(entityId), version: versionNumber });

export const recordHoursInput = z.strictObject({
  /** Whose hours: absent for the caller's own; the work's leader and editors record for others. */
  user_id: z.optional(entityId),
  hours: workHours,
  note: z.optional(userText(300)),
  /** The entry's version as read; 0 for a new entry. */
  version: versionNumber,
});
export type RecordHoursInput = z.infer<typeof recordHoursInput>;

export const decideHoursInput = z.strictObject({
  decision: z.enum(['approved', 'rejected']),
  reason: z.optional(userText(300)),
  version: versionNumber,
});
export type DecideHoursInput = z.infer<typeof decideHoursInput>;

export const workSettingsInput = z.strictObject({
  /** Hours a member owes a year unless their membership type says otherwise. */
  obligation_hours: z.number().check(z.int(), z.minimum(0), z.maximum(500)),
  /** Per membership type (finance's): an honorary member may owe none. */
  by_membership_type: z.partialRecord(
    z.enum(MEMBERSHIP_TYPES),
    z.number().check(z.int(), z.minimum(0), z.maximum(500)),
  ),
  version: versionNumber,
});
export type WorkSettingsInput = z.infer<typeof workSettingsInput>;

export const closeWorkYearInput = z.strictObject({ year: workYear });

const nullableString = z.nullable(z.string());

export const hoursEntryOutput = z.object({
  work_id: z.string(),
  user_id: z.string(),
  name: z.string(),
  hours: z.number(),
  note: nullableString,
  status: z.enum(HOURS_STATUSES),
  decided_by_name: nullableString,
  decided_at: nullableString,
  reason: nullableString,
  version: z.number(),
  /** Whether the caller may approve or reject it. */
  can_decide: z.boolean(),
});
export type HoursEntryOutput = z.infer<typeof hoursEntryOutput>;

export const workSummaryOutput = z.object({
  work_id: z.string(),
  work_name: z.string(),
  work_type: z.enum(WORK_TYPES),
  work_category: z.enum(WORK_CATEGORIES),
  date: z.string(),
  working_hours: z.nullable(z.number()),
  leader_id: nullableString,
  leader_name: nullableString,
  locked: z.boolean(),
  version: z.number(),
});

export const workOutput = z.object({
  ...workSummaryOutput.shape,
  description: nullableString,
  /** Everyone with hours on the work. */
  workers: z.array(hoursEntryOutput),
  mine: z.nullable(hoursEntryOutput),
  /** The year of the work was closed: nothing of it changes any more. */
  year_closed: z.boolean(),
  can_edit: z.boolean(),
  can_lead: z.boolean(),
  can_set_leader: z.boolean(),
  /** The editors and the work's leader lock and unlock it. */
  can_lock: z.boolean(),
  can_record: z.boolean(),
});
export type WorkOutput = z.infer<typeof workOutput>;

export const workListOutput = z.object({
  items: z.array(workSummaryOutput),
  cursor: z.nullable(z.string()),
  can_create: z.boolean(),
});

/** A member's year: what they owe, what counts, what the close would post. */
export const workBalanceOutput = z.object({
  user_id: z.string(),
  name: z.string(),
  year: z.number(),
  obligation_hours: z.number(),
  social_hours: z.number(),
  normal_hours: z.number(),
  professional_hours: z.number(),
  pending_hours: z.number(),
  missing_hours: z.number(),
  /** Minor units of currency_id: the charge for missing hours (negative) and the credit for paid work. */
  charge: z.number(),
  credit: z.number(),
  currency_id: z.string(),
});
export type WorkBalanceOutput = z.infer<typeof workBalanceOutput>;

export const myWorkHoursOutput = z.object({
  balance: workBalanceOutput,
  entries: z.array(
    z.object({
      ...hoursEntryOutput.shape,
      work_name: z.string(),
      work_category: z.enum(WORK_CATEGORIES),
      date: z.string(),
    }),
  ),
  year_closed: z.boolean(),
});

export const workBalancesOutput = z.object({
  items: z.array(workBalanceOutput),
  cursor: z.nullable(z.string()),
  year_closed: z.boolean(),
  closed_at: nullableString,
  can_close: z.boolean(),
});

export const workSettingsOutput = z.object({
  obligation_hours: z.number(),
  by_membership_type: z.partialRecord(z.enum(MEMBERSHIP_TYPES), z.number()),
  version: z.number(),
  social_work_price: z.nullable(z.number()),
  normal_work_price: z.nullable(z.number()),
  professional_work_price: z.nullable(z.number()),
  currency_id: z.string(),
  can_edit: z.boolean(),
});

export const workYearCloseOutput = z.object({
  year: z.number(),
  members: z.number(),
  /** Members whose settlement this close posted (a repeated close posts none). */
  posted: z.number(),
  charged: z.number(),
  credited: z.number(),
  currency_id: z.string(),
  /** The organization's ledger takes postings (the financial module is on). */
  ledger: z.boolean(),
  closed_at: z.string(),
});

/** An RFID badge token as the reader types it into the URL. */
export const rfidToken = z
  .string()
  .check(z.minLength(4), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'invalid_value' }));

export const rfidOutput = z.object({
  outcome: z.enum(['signed_in', 'already_signed_in', 'unknown_badge', 'linked']),
  date: z.string(),
  name: nullableString,
  role: nullableString,
  /** Whether the caller's club has an operating day today. */
  operating_day: z.boolean(),
});
export type RfidOutput = z.infer<typeof rfidOutput>;

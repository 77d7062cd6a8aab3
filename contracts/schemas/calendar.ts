import * as z from 'zod/mini';
import { isoDate, whenFieldsValid } from '../validation.ts';

/**
 * iCalendar feeds (issue 15 §9): a member's private feed and the club's operating-day feed, each
 * opened by a secret token in its URL. The token is shown once, when it is made; only its hash is
 * kept, so a lost link is replaced by a new one (the old stops working).
 */

/** A feed token: 32 random bytes, base64url. */
export const feedToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invalid_value' }));

export const calendarFeedStatusOutput = z.object({
  /** Whether a link works now, and since when. */
  active: z.boolean(),
  created_at: z.nullable(z.string()),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusOutput>;

export const calendarFeedCreatedOutput = z.object({
  active: z.literal(true),
  created_at: z.string(),
  /** The new token and the feed's path under the app's origin (`/api/ical/<token>`). */
  token: z.string(),
  path: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedOutput>;

/** The feed itself is text/calendar, not JSON (the route row's `media`). */
export const icalText = z.string();

/** The longest range one calendar read covers (a month view with its edges). */
export const CALENDAR_RANGE_MAX_DAYS = 42;

export const CALENDAR_KINDS = [
  'operating_day',
  'reservation',
  'training_start',
  'quiz_due',
  'document_expiry',
  'validity',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const calendarQuery = z
  .strictObject({
    /** Default: today in the club's time zone. */
    from: z.optional(isoDate),
    /** Default: six days after `from`; at most 42 days after it. */
    to: z.optional(isoDate),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.to >= q.from, {
      error: 'invalid_value',
      path: ['to'],
      when: whenFieldsValid(['from', 'to']),
    }),
  );
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const calendarItem = z.object({
  /** Unique within the answer. */
  key: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  /** The first and last day it covers (club time zone, yyyy-mm-dd). */
  date: z.string(),
  end_date: z.string(),
  /** Wall-clock start and end (`yyyy-mm-ddThh:mm`) of a timed item (a booking); null for whole days. */
  local_start: z.nullable(z.string()),
  local_end: z.nullable(z.string()),
  /**
   * What it is about: an aircraft's registration, a programme's or quiz's name, a document's
   * holder, a licence type or rating; a leader's name for an operating day.
   */
  label: z.string(),
  /** A code the screen translates: a sign-up role, a document type id, `medical`/`licence`/`rating`. */
  detail: z.nullable(z.string()),
  /** `cancelled`, `confirmed`, `waitlisted` (the caller's sign-up), `expiring`, `expired`, `valid`. */
  status: z.nullable(z.string()),
  /** The caller's own: their booking or one they instruct, their sign-up, training, document, papers. */
  mine: z.boolean(),
  /** The screen that shows it in full. */
  href: z.nullable(z.string()),
});
export type CalendarItem = z.infer<typeof calendarItem>;

export const calendarOutput = z.object({
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  items: z.array(calendarItem),
});
export type CalendarOutput = z.infer<typeof calendarOutput>;

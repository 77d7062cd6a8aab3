import * as z from 'zod/mini';
import { cursor, entityId, userText, version, whole } from '../validation.ts';
import { flightOutput } from './flights.ts';
import { proposalOutput } from './tracking.ts';

/** The daily flight sheet (daily-flight, daily-flight/{id}: the id is the day, yyyy-mm-dd). */

/** PUT /api/daily-flights/{date}: open the day's sheet or change its settings; `version` as read (0: new). */
export const saveSheetInput = z.strictObject({
  airport: z.optional(z.nullable(userText(8))),
  status: z.optional(z.enum(['open', 'closed'])),
  leader_id: z.optional(z.nullable(entityId)),
  timer_operator_ids: z.optional(z.array(entityId).check(z.maxLength(20))),
  winch: z.optional(z.nullable(userText(60))),
  tow_plane_ids: z.optional(z.array(entityId).check(z.maxLength(10))),
  notes: z.optional(z.nullable(userText(1000, { multiline: true }))),
  version,
});
export type SaveSheetInput = z.infer<typeof saveSheetInput>;

export const sheetOutput = z.object({
  date: z.string(),
  airport: z.nullable(z.string()),
  status: z.enum(['open', 'closed']),
  leader_id: z.nullable(z.string()),
  timer_operator_ids: z.array(z.string()),
  winch: z.nullable(z.string()),
  tow_plane_ids: z.array(z.string()),
  notes: z.nullable(z.string()),
  /** 0: the day has no sheet yet (it opens with the first save or the first flight). */
  version: z.number(),
});
export type SheetOutput = z.infer<typeof sheetOutput>;

/**
 * GET /api/daily-flights/{date}: the sheet, every flight of the day, and the flights the OGN
 * detector proposes (issue 6 §5): open ones, and confirmed ones whose detected landing the flight
 * does not have yet. Only timer operators (daily-flight-edit) get proposals; others get none.
 */
export const dailySheetOutput = z.object({
  sheet: sheetOutput,
  flights: z.array(flightOutput),
  proposals: z.array(proposalOutput),
  /**
   * The reader may work the sheet (daily-flight-edit): the timer's screen and its live push are
   * theirs; everyone else reads the day (daily-flight/day/{id}) and polls (spec §6).
   */
  can_edit: z.boolean(),
  /**
   * The reader may put a flight whose payer is below the minimum balance on the sheet all the same
   * (the sheet's coordinator or an admin; functions/flights/flight-service.ts mayOverrideBalance).
   */
  can_override_balance: z.boolean(),
  /**
   * The crew signed up for the day's operating day (issue 15 §6; confirmed sign-ups by role): the
   * new-launch panel and the winch log start from them. Empty lists when the day is no operating day.
   */
  day_crew: z.object({
    winch_operator_ids: z.array(z.string()),
    tow_pilot_ids: z.array(z.string()),
    instructor_ids: z.array(z.string()),
  }),
});
export type DailySheetOutput = z.infer<typeof dailySheetOutput>;

export const listSheetsQuery = z.object({
  cursor: z.optional(cursor),
  limit: z.optional(z.coerce.number().check(whole, z.minimum(1), z.maximum(100))),
});
export const sheetListOutput = z.object({ items: z.array(sheetOutput), cursor: z.nullable(z.string()) });

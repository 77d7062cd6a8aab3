import * as z from 'zod/mini';
import { entityId, isoDate, cursor as pageCursor } from '../validation.ts';

/** The organization's activity log (organization/actions): who did what, when, to which item. */

const nullableString = z.nullable(z.string());
const pageLimit = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/)),
    z.transform((v) => Number(v)),
  ),
);
const cursor = z.optional(pageCursor);

export { ACTION_KEYS, type ActionKey } from '../actions.ts';

export const listActionsQuery = z
  .strictObject({
    cursor,
    limit: pageLimit,
    action: z.optional(z.string().check(z.regex(/^[a-z_]+\.[a-z_.]+$/), z.maxLength(60))),
    /** The log viewer: who did it, and what kind of thing it was done to. */
    user_id: z.optional(entityId),
    target_type: z.optional(z.string().check(z.regex(/^[a-z_]+$/), z.maxLength(40))),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.to < value.from)
        ctx.addIssue({ code: 'custom', message: 'too_small', path: ['to'], input: value });
    }),
  );
export type ListActionsQuery = z.infer<typeof listActionsQuery>;

const actionOutput = z.object({
  action_id: z.string(),
  at: z.string(),
  action: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  acting_supervisor_id: nullableString,
  acting_supervisor_name: nullableString,
  target_type: z.string(),
  target_id: z.string(),
  /** What the target is called (a member's name, an aircraft's registration, a role, a flight), when it can be told. */
  target_name: nullableString,
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type ActionOutput = z.infer<typeof actionOutput>;
export const actionsOutput = z.object({
  items: z.array(actionOutput),
  cursor: nullableString,
  /** The organization's time zone: the log shows times in it (YYYY.MM.DD HH:mm). */
  timezone: z.string(),
});

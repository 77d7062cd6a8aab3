import { addDays, dayStartIn } from '../../contracts/calendar.ts';
import type { ActionOutput, ListActionsQuery } from '../../contracts/schemas/activity-log.ts';
import { organizationActions } from '../platform/audit/actions.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { notFound } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { pageSize } from './organization-service.ts';

/**
 * organization/actions: the organization's activity log (functions/platform/audit), newest first,
 * with the names of who acted — ids and action keys are all the log itself keeps.
 */
export async function listActions(deps: OrganizationsDeps, actor: Actor, query: ListActionsQuery) {
  const organizationId = actor.organizationId;
  if (!organizationId || !actor.organization) throw notFound();
  const timeZone = actor.organization.timezone;
  const { items, cursor } = await organizationActions(organizationId, {
    cursor: query.cursor,
    limit: pageSize(query.limit),
    action: query.action,
    // The dates are the organization's calendar days: from the start of `from` to the end of `to`.
    from: query.from ? dayStartIn(query.from, timeZone) : undefined,
    to: query.to ? dayStartIn(addDays(query.to, 1), timeZone) : undefined,
  });
  // Who declined an invitation never joined: the organization knows their e-mail, not their name.
  const named = (a: (typeof items)[number]) => a.action !== 'member.invite_decline';
  const names = new Map(
    [
      ...(
        await deps.persons.persons(
          items.flatMap((a) => [
            ...(named(a) ? [a.user_id] : []),
            ...(a.acting_supervisor_id ? [a.acting_supervisor_id] : []),
          ]),
        )
      ).values(),
    ].map((p) => [p.user_id, displayName(p.first_name, p.last_name, actor.lang)]),
  );
  return {
    items: items.map(
      (a): ActionOutput => ({
        action_id: a.action_id,
        at: a.at,
        action: a.action,
        user_id: a.user_id,
        user_name: (named(a) && names.get(a.user_id)) || '—',
        acting_supervisor_id: a.acting_supervisor_id ?? null,
        acting_supervisor_name: a.acting_supervisor_id ? (names.get(a.acting_supervisor_id) ?? '—') : null,
        target_type: a.target_type,
        target_id: a.target_id,
        details: (a.details as Record<string, unknown> | undefined) ?? null,
      }),
    ),
    cursor,
    timezone: timeZone,
  };
}

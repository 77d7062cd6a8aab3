import { addDays, dayStartIn } from '../../contracts/calendar.ts';
import type { ActionOutput, ListActionsQuery } from '../../contracts/schemas/activity-log.ts';
import { planeNames } from '../aircraft/public.ts';
import { flightLabels } from '../flights/public.ts';
import { messageSubjects } from '../messages/public.ts';
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
    userId: query.user_id,
    targetType: query.target_type,
    // The dates are the organization's calendar days: from the start of `from` to the end of `to`.
    from: query.from ? dayStartIn(query.from, timeZone) : undefined,
    to: query.to ? dayStartIn(addDays(query.to, 1), timeZone) : undefined,
  });
  // Who declined an invitation never joined: the organization knows their e-mail, not their name.
  const named = (a: (typeof items)[number]) => a.action !== 'member.invite_decline';
  const [names, targets] = await Promise.all([
    deps.persons
      .persons(
        items.flatMap((a) => [
          ...(named(a) ? [a.user_id] : []),
          ...(a.acting_supervisor_id ? [a.acting_supervisor_id] : []),
        ]),
      )
      .then(
        (people) =>
          new Map(
            [...people.values()].map((p) => [p.user_id, displayName(p.first_name, p.last_name, actor.lang)]),
          ),
      ),
    targetNames(deps, actor, organizationId, items),
  ]);
  return {
    items: items.map(
      (a): ActionOutput => ({
        action_id: a.action_id,
        at: a.at,
        action: a.action,
        user_id: a.user_id,
        // The daily jobs act as `system` (an aircraft grounded by an expired certificate).
        user_name: a.user_id === 'system' ? 'Windsock' : (named(a) && names.get(a.user_id)) || '—',
        acting_supervisor_id: a.acting_supervisor_id ?? null,
        acting_supervisor_name: a.acting_supervisor_id ? (names.get(a.acting_supervisor_id) ?? '—') : null,
        target_type: a.target_type,
        target_id: a.target_id,
        target_name: targets.get(a.action_id) ?? null,
        details: (a.details as Record<string, unknown> | undefined) ?? null,
      }),
    ),
    cursor,
    timezone: timeZone,
  };
}

/** Target types whose id is a person's: the members the organization acted on. */
const PERSON_TARGETS = new Set(['member', 'person', 'user', 'pilot_info', 'permit']);

/**
 * The log viewer names what each action was done to (issue 17 §6): a member by name, a role by its
 * name, an aircraft, a fault or a document of one by the registration, a flight by aircraft and day,
 * a message by its subject — read in a few batched reads, never one per line. An invitation's person
 * is left unnamed (they are not the organization's until they accept), as in "who".
 */
async function targetNames(
  deps: OrganizationsDeps,
  actor: Actor,
  organizationId: string,
  items: { action_id: string; action: string; target_type: string; target_id: string; details?: unknown }[],
): Promise<Map<string, string>> {
  const detail = (a: { details?: unknown }, key: string) => {
    const value = (a.details as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  const invitation = (action: string) => action.startsWith('member.invite');
  const personOf = (a: (typeof items)[number]) =>
    PERSON_TARGETS.has(a.target_type) && !invitation(a.action)
      ? a.target_id
      : a.target_type === 'document' && detail(a, 'source_type') === 'person'
        ? detail(a, 'holder_id')
        : undefined;
  const planeOf = (a: (typeof items)[number]) =>
    a.target_type === 'plane'
      ? a.target_id
      : a.target_type === 'document' && detail(a, 'source_type') === 'plane'
        ? detail(a, 'holder_id')
        : detail(a, 'plane_id');
  const personIds = items.flatMap((a) => personOf(a) ?? []);
  const planeIds = items.flatMap((a) => planeOf(a) ?? []);
  const flightIds = items.filter((a) => a.target_type === 'flight').map((a) => a.target_id);
  const messageIds = items.filter((a) => a.target_type === 'message').map((a) => a.target_id);
  const [people, roles, planes, flights, messages] = await Promise.all([
    deps.persons.persons(personIds),
    items.some((a) => a.target_type === 'role') ? deps.roles.roles(organizationId) : Promise.resolve([]),
    planeNames(organizationId, planeIds),
    flightLabels(organizationId, flightIds),
    messageSubjects(organizationId, messageIds),
  ]);
  const personNames = new Map(
    [...people.values()].map((p) => [p.user_id, displayName(p.first_name, p.last_name, actor.lang)]),
  );
  const roleNames = new Map(roles.map((r) => [r.role_id, r.role_name]));
  const named = new Map<string, string>();
  for (const a of items) {
    const person = personOf(a);
    const plane = planeOf(a);
    const name =
      (person && personNames.get(person)) ||
      (a.target_type === 'role' && roleNames.get(a.target_id)) ||
      (a.target_type === 'flight' && flights.get(a.target_id)) ||
      (a.target_type === 'message' && messages.get(a.target_id)) ||
      (a.target_type === 'organization' &&
        a.target_id === organizationId &&
        actor.organization?.organization_name) ||
      (plane && planes.get(plane)) ||
      undefined;
    if (name) named.set(a.action_id, name);
  }
  return named;
}

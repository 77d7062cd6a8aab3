import type { Lang } from '../../contracts/langs.ts';
import { displayName } from '../platform/auth/actor.ts';
import type { OrganizationsDeps } from './deps.ts';

/** One line of an activity log: what it acted on. */
export interface ActionTarget {
  organization_id: string;
  target_type: string;
  target_id: string;
}

/** Aircraft and roles are the organization's own: their ids are only unique within it. */
const keyOf = (t: ActionTarget) =>
  t.target_type === 'plane' || t.target_type === 'role'
    ? `${t.target_type}:${t.organization_id}:${t.target_id}`
    : `${t.target_type}:${t.target_id}`;

/**
 * Names for the items a page of activity log lines acted on (issue 13 §7): members by name, aircraft
 * by registration, roles and organizations by name — read in batches (one BatchGet of people, one
 * Query of each organization's fleet and roles, one BatchGet of organizations), never a read per
 * line. Items of other kinds (flights, faults, components…) keep no name: the page shows their id.
 */
export async function actionTargetNames(
  deps: OrganizationsDeps,
  lines: readonly ActionTarget[],
  lang: Lang,
): Promise<(line: ActionTarget) => string | null> {
  const of = (type: string) => [
    ...new Set(lines.filter((l) => l.target_type === type).map((l) => l.target_id)),
  ];
  const organizationsOf = (types: string[]) =>
    [...new Set(lines.filter((l) => types.includes(l.target_type)).map((l) => l.organization_id))].filter(
      (id) => id !== 'personal',
    );
  const [people, planes, roles, organizations] = await Promise.all([
    of('person').length > 0 ? deps.persons.persons(of('person')) : new Map(),
    Promise.all(
      organizationsOf(['plane']).map(async (id) =>
        (await deps.fleet(id)).map((p) => ({ ...p, organization_id: id })),
      ),
    ),
    Promise.all(
      organizationsOf(['role']).map(async (id) =>
        (await deps.roles.roles(id)).map((r) => ({ ...r, organization_id: id })),
      ),
    ),
    of('organization').length > 0 ? deps.organizations.organizations(of('organization')) : [],
  ]);
  const names = new Map<string, string>();
  for (const p of people.values())
    names.set(`person:${p.user_id}`, displayName(p.first_name, p.last_name, lang));
  for (const plane of planes.flat())
    names.set(`plane:${plane.organization_id}:${plane.plane_id}`, plane.reg_num);
  for (const role of roles.flat()) names.set(`role:${role.organization_id}:${role.role_id}`, role.role_name);
  for (const o of organizations) names.set(`organization:${o.organization_id}`, o.organization_name);
  return (line) => names.get(keyOf(line)) ?? null;
}

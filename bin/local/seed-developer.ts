import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The developer and debugger roles of the demo club (spec §6 route-guard roles `develop`,
 * `debugger`), held by the supervisor: the developer pages (new, validation, ct) and the debug
 * page are there to see on first start.
 */
export async function seedDeveloperRoles(): Promise<void> {
  const organization_id = orgIdOf('demo');
  const { entities } = db();
  await entities.role
    .put({
      organization_id,
      role_id: 'developer',
      role_name: 'Fejlesztő',
      guard_role: 'develop',
      permissions: [],
    })
    .go();
  await entities.role
    .put({
      organization_id,
      role_id: 'debugger',
      role_name: 'Hibakereső',
      guard_role: 'debugger',
      permissions: [],
    })
    .go();
  await entities.membership
    .patch({ user_id: userIdOf('supervisor'), organization_id })
    .append({ role_ids: ['developer', 'debugger'] })
    .go();
}

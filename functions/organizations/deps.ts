import { fleet } from '../aircraft/public.ts';
import { type NotifyInput, notify, realtimeRightsChanged } from '../identity/public.ts';
import { isKnownAirport } from '../operations/public.ts';
import { forgetActor } from '../platform/auth/actor.ts';
import { publishRefresh } from '../platform/events/push.ts';
import { type MembershipStore, membershipStore } from './membership-store.ts';
import { type OrganizationStore, organizationStore } from './organization-store.ts';
import { type PersonStore, personStore } from './person-store.ts';
import { type RoleStore, roleStore } from './role-store.ts';
import { type SubscriptionStore, subscriptionStore } from './subscription-store.ts';
import { type TypeListStore, typeListStore } from './type-list-store.ts';

/**
 * What the organizations domain's services work with (docs/ARCHITECTURE.md "A service"): its stores,
 * the clock, and the effects it has on other domains and on open sessions. Every service function
 * takes it first, `(deps, actor, …input)`; a test passes its own.
 */
export interface OrganizationsDeps {
  organizations: OrganizationStore;
  persons: PersonStore;
  memberships: MembershipStore;
  roles: RoleStore;
  subscriptions: SubscriptionStore;
  typeLists: TypeListStore;
  now: () => Date;
  /** Tells a person something (identity's notifications). */
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  /** These people's rights were narrowed: their open live connections must follow (identity). */
  rightsChanged: (userIds: readonly string[]) => Promise<void>;
  /** Makes the person's open tabs reload the profile (a new organization to switch to). */
  refresh: (userId: string) => Promise<void>;
  /** The next request of this login resolves its actor afresh (this container's cache). */
  forgetActor: (sub: string) => void;
  /** Whether an ICAO code names a reference airport (identity's airports). */
  isKnownAirport: (icao: string) => Promise<boolean>;
  /** The organization's aircraft, one Query (aircraft's fleet): the activity log names them. */
  fleet: (organizationId: string) => Promise<readonly { plane_id: string; reg_num: string }[]>;
}

export const organizationsDeps: OrganizationsDeps = {
  organizations: organizationStore,
  persons: personStore,
  memberships: membershipStore,
  roles: roleStore,
  subscriptions: subscriptionStore,
  typeLists: typeListStore,
  now: () => new Date(),
  // Called through, not captured: identity's public module imports this domain's too.
  notify: (userId, input) => notify(userId, input),
  rightsChanged: (userIds) => realtimeRightsChanged(userIds),
  refresh: (userId) => publishRefresh(userId, 'membership_changed'),
  forgetActor: (sub) => forgetActor(sub),
  isKnownAirport: (icao) => isKnownAirport(icao),
  fleet: (organizationId) => fleet(organizationId),
};

import { todayIn } from '../../contracts/calendar.ts';
import type { Lang } from '../../contracts/langs.ts';
import type { Permission } from '../../contracts/permissions.ts';
import { notify } from '../identity/public.ts';
import {
  allMemberIds,
  type MemberPerson,
  memberIdsPage,
  membersByIds,
  type OrganizationFinance,
  organizationFinance,
} from '../organizations/public.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import { missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { type FinanceStore, financeStore, type StoredMembership } from './finance-store.ts';
import { type LedgerStore, ledgerStore } from './ledger-store.ts';

/**
 * What the finance services work with (STYLE: rules take their dependencies): the stores, the
 * organization's settings and members (through the organizations domain's public functions), the
 * clock, and how a person is told.
 */
export interface FinanceDeps {
  ledger: LedgerStore;
  store: FinanceStore;
  organization: (organizationId: string) => Promise<OrganizationFinance | null>;
  members: (organizationId: string, userIds: readonly string[]) => Promise<Map<string, MemberPerson>>;
  memberIdsPage: typeof memberIdsPage;
  allMemberIds: (organizationId: string) => Promise<string[]>;
  notify: typeof notify;
  now: () => Date;
}

export const defaultFinanceDeps: FinanceDeps = {
  ledger: ledgerStore,
  store: financeStore,
  organization: organizationFinance,
  members: membersByIds,
  memberIdsPage,
  allMemberIds,
  notify,
  now: () => new Date(),
};

/** The actor's organization with its finance settings (an actor without one has no finances). */
export async function organizationOf(deps: FinanceDeps, actor: Actor): Promise<OrganizationFinance> {
  if (!actor.organizationId) throw missingPermissions();
  const org = await deps.organization(actor.organizationId);
  if (!org) throw notFound();
  return org;
}

/** The organization's operating day now. */
export const todayOf = (deps: FinanceDeps, org: Pick<OrganizationFinance, 'timezone'>) =>
  todayIn(org.timezone, deps.now());

export const can = (actor: Actor, permission: Permission) => actor.permissions.has(permission);

export const nameOf = (person: Pick<MemberPerson, 'first_name' | 'last_name'> | undefined, lang: Lang) =>
  person ? displayName(person.first_name, person.last_name, lang) : null;

/** A member of the organization, or a 422 on the field that named someone else (tenancy). */
export async function memberOf(deps: FinanceDeps, organizationId: string, userId: string, field = 'user_id') {
  const person = (await deps.members(organizationId, [userId])).get(userId);
  if (!person) throw validationFailed({ [field]: ['invalid_value'] });
  return person;
}

/** The membership that holds on a day: the latest started by then and not ended before it. */
export function membershipOn(memberships: readonly StoredMembership[], date: string) {
  return (
    [...memberships]
      .filter((m) => m.start_date <= date && (!m.end_date || m.end_date >= date))
      .sort(
        (a, b) => b.start_date.localeCompare(a.start_date) || b.membership_id.localeCompare(a.membership_id),
      )[0] ?? null
  );
}

export async function currentMembership(
  deps: FinanceDeps,
  organizationId: string,
  userId: string,
  date: string,
) {
  return membershipOn(await deps.store.memberMemberships(organizationId, userId), date);
}

/** The least balance a member should keep: their membership's, else the organization's (null: none). */
export const balanceMinOf = (
  org: Pick<OrganizationFinance, 'balance_min'>,
  membership: Pick<StoredMembership, 'balance_min'> | null,
): number | null =>
  typeof membership?.balance_min === 'number' ? membership.balance_min : (org.balance_min ?? null);

/** Below the minimum: under it where one is set, else under zero is not counted (no minimum, no warning). */
export const isBelowMinimum = (balance: number, min: number | null) => min !== null && balance < min;

/** A payer's standing on a day: their balance, the minimum that holds for them, and whether it is below. */
export async function standingOf(
  deps: FinanceDeps,
  org: Pick<OrganizationFinance, 'organization_id' | 'balance_min'>,
  userId: string,
  date: string,
) {
  const [balance, membership] = await Promise.all([
    deps.ledger.balance(org.organization_id, userId),
    currentMembership(deps, org.organization_id, userId, date),
  ]);
  const value = balance?.balance ?? 0;
  const min = balanceMinOf(org, membership);
  return {
    balance: value,
    min,
    below: isBelowMinimum(value, min),
    membership,
    low_notified_at: balance?.low_notified_at ?? null,
  };
}

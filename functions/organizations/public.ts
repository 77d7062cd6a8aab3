import type { Lang } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import type { BalancePolicy } from '../../contracts/schemas/finance-enums.ts';
import type { CustomPrice } from '../../contracts/schemas/organizations.ts';
import { db } from '../platform/db/service.ts';
import { isMembership } from './entities.ts';

/**
 * What other domains may read of the organizations domain (domain ownership: they never touch its
 * entities). Read-only; tenancy is the caller's organization id, and a member is someone with a
 * membership (active or suspended) of that organization — an invitation is not.
 */

/** The organization's settings the finance domain prices and bills with (spec §3 prices and finance settings). */
export interface OrganizationFinance {
  organization_id: string;
  organization_name: string;
  currency_id: string;
  timezone: string;
  modules: Module[];
  first_takeoff_time: string | null;
  flight_price: number | null;
  motor_price: number | null;
  towing_price: number | null;
  towing_price_altitude: number | null;
  towing_price_extra_charge: number | null;
  winching_price: number | null;
  min_price: number | null;
  multiplier: number | null;
  time_limit: number | null;
  custom_prices: CustomPrice[];
  balance_min: number | null;
  balance_policy: BalancePolicy;
  payment_min: number | null;
  payment_max: number | null;
  full_fee: number | null;
  discount_fee: number | null;
  yearly_membership_fee: number | null;
  balance_notification_on: boolean;
  balance_summary_notification_on: boolean;
}

type StoredOrganization = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof db>['entities']['organization']['get']>['go']>>['data']
>;

const num = (value: number | undefined) => (typeof value === 'number' ? value : null);

const financeOf = (org: StoredOrganization): OrganizationFinance => ({
  organization_id: org.organization_id,
  organization_name: org.organization_name,
  currency_id: org.currency_id,
  timezone: org.timezone,
  modules: [...org.modules],
  first_takeoff_time: org.first_takeoff_time ?? null,
  flight_price: num(org.flight_price),
  motor_price: num(org.motor_price),
  towing_price: num(org.towing_price),
  towing_price_altitude: num(org.towing_price_altitude),
  towing_price_extra_charge: num(org.towing_price_extra_charge),
  winching_price: num(org.winching_price),
  min_price: num(org.min_price),
  multiplier: num(org.multiplier),
  time_limit: num(org.time_limit),
  custom_prices: (org.custom_prices ?? []).map((p: CustomPrice) => ({
    name: p.name,
    amount: p.amount,
    unit: p.unit,
  })),
  balance_min: num(org.balance_min),
  balance_policy: org.balance_policy ?? 'off',
  payment_min: num(org.payment_min),
  payment_max: num(org.payment_max),
  full_fee: num(org.full_fee),
  discount_fee: num(org.discount_fee),
  yearly_membership_fee: num(org.yearly_membership_fee),
  balance_notification_on: org.balance_notification_on === true,
  balance_summary_notification_on: org.balance_summary_notification_on === true,
});

export async function organizationFinance(organizationId: string): Promise<OrganizationFinance | null> {
  const { data } = await db().entities.organization.get({ organization_id: organizationId }).go();
  return data ? financeOf(data) : null;
}

/** Every organization with a module on (a scheduled job's round over the clubs; a Query of the name index). */
export async function organizationsWithModule(module: Module): Promise<OrganizationFinance[]> {
  const { data } = await db().entities.organization.query.byName({}).go({ pages: 'all' });
  return data.filter((org) => org.modules.includes(module)).map(financeOf);
}

/** A member as another domain may see them: names, language and contact choices, birth date. */
export interface MemberPerson {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  lang: Lang;
  birth_date: string | null;
  email_notification_on: boolean;
  balance_notification_on: boolean;
  status: 'active' | 'suspended';
}

/** The members of the organization among these ids (others — not members, invited — are left out). */
export async function membersByIds(organizationId: string, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  const found = new Map<string, MemberPerson>();
  if (unique.length === 0) return found;
  const { entities } = db();
  const { data: memberships } = await entities.membership
    .get(unique.map((user_id) => ({ user_id, organization_id: organizationId })))
    .go();
  const members = memberships.filter(isMembership);
  if (members.length === 0) return found;
  const { data: people } = await entities.person.get(members.map((m) => ({ user_id: m.user_id }))).go();
  const statusOf = new Map(members.map((m) => [m.user_id, m.status as 'active' | 'suspended']));
  for (const p of people)
    found.set(p.user_id, {
      user_id: p.user_id,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email,
      lang: p.lang,
      birth_date: p.birth_date ?? null,
      email_notification_on: p.email_notification_on,
      balance_notification_on: p.balance_notification_on,
      status: statusOf.get(p.user_id) ?? 'active',
    });
  return found;
}

/** One page of the organization's members (active and suspended) in name order: ids only. */
export async function memberIdsPage(organizationId: string, options: { cursor?: string; limit: number }) {
  const { data, cursor } = await db()
    .entities.membership.query.byName({ organization_id: organizationId })
    .where(({ status }, { eq }) => `${eq(status, 'active')} OR ${eq(status, 'suspended')}`)
    .go({ cursor: options.cursor ?? null, count: options.limit });
  return { userIds: data.map((m) => m.user_id), cursor: cursor ?? null };
}

/** Every member's id (active and suspended), in name order. */
export async function allMemberIds(organizationId: string): Promise<string[]> {
  const { data } = await db()
    .entities.membership.query.byName({ organization_id: organizationId })
    .go({ pages: 'all' });
  return data.filter(isMembership).map((m) => m.user_id);
}

import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  CreateMembershipInput,
  MembershipOutput,
  UpdateMembershipInput,
} from '../../contracts/schemas/finance.ts';
import type { MemberPerson, OrganizationFinance } from '../organizations/public.ts';
import { auditRecord } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { transactWrite } from '../platform/db/writes.ts';
import { conflict, notFound } from '../platform/http/errors.ts';
import { can, type FinanceDeps, memberOf, nameOf, organizationOf } from './finance-context.ts';
import type { StoredMembership } from './finance-store.ts';

/**
 * Memberships (spec §3 Membership, issue 14 §7): a member's membership of a type over dates, its
 * fees (posted by the scheduled transactions that name membership fees, where the membership asks
 * for automatic deduction), its minimum balance and what the member is told about their balance.
 */

const OPTIONAL_FIELDS = [
  'membership_name',
  'end_date',
  'membership_fee',
  'discount_fee',
  'full_fee',
  'yearly_membership_fee',
  'balance_min',
] as const;

function outputOf(
  actor: Actor,
  org: OrganizationFinance,
  m: StoredMembership,
  person: MemberPerson | undefined,
  balance: number,
): MembershipOutput {
  const editor = can(actor, 'membership-edit');
  return {
    membership_id: m.membership_id,
    user_id: m.user_id,
    user_name: nameOf(person, actor.lang),
    membership_type: m.membership_type,
    membership_name: m.membership_name ?? null,
    start_date: m.start_date,
    end_date: m.end_date ?? null,
    membership_fee: m.membership_fee ?? null,
    discount_fee: m.discount_fee ?? null,
    full_fee: m.full_fee ?? null,
    yearly_membership_fee: m.yearly_membership_fee ?? null,
    membership_free: m.membership_free,
    automatic_membership_fee_deduction_on: m.automatic_membership_fee_deduction_on,
    balance_min: m.balance_min ?? null,
    balance_notification_on: m.balance_notification_on,
    balance_summary_notification_on: m.balance_summary_notification_on,
    vote: m.vote,
    membership_balance: balance,
    currency_id: org.currency_id,
    version: m.version,
    created_at: m.created_at,
    updated_at: m.updated_at,
    can_edit: editor,
    can_delete: editor,
  };
}

async function outputsOf(
  deps: FinanceDeps,
  actor: Actor,
  org: OrganizationFinance,
  items: StoredMembership[],
) {
  const ids = items.map((m) => m.user_id);
  const [people, balances] = await Promise.all([
    deps.members(org.organization_id, ids),
    deps.ledger.balances(org.organization_id, ids),
  ]);
  return items.map((m) =>
    outputOf(actor, org, m, people.get(m.user_id), balances.get(m.user_id)?.balance ?? 0),
  );
}

/** GET /api/memberships: newest first; by member (their memberships by start) or by type. */
export async function listMemberships(
  deps: FinanceDeps,
  actor: Actor,
  query: { user_id?: string; type?: string; cursor?: string; limit?: number },
) {
  const org = await organizationOf(deps, actor);
  if (query.user_id) {
    const all = (await deps.store.memberMemberships(org.organization_id, query.user_id))
      .filter((m) => !query.type || m.membership_type === query.type)
      .sort((a, b) => b.start_date.localeCompare(a.start_date));
    return {
      items: await outputsOf(deps, actor, org, all),
      cursor: null,
      can_create: can(actor, 'membership-edit'),
    };
  }
  const page = await deps.store.membershipsPage(org.organization_id, {
    type: query.type,
    cursor: query.cursor,
    limit: query.limit ?? 50,
  });
  return {
    items: await outputsOf(deps, actor, org, page.items),
    cursor: page.cursor,
    can_create: can(actor, 'membership-edit'),
  };
}

async function membershipFor(deps: FinanceDeps, org: OrganizationFinance, id: string) {
  const m = await deps.store.membership(org.organization_id, id);
  if (!m) throw notFound();
  return m;
}

export async function getMembership(deps: FinanceDeps, actor: Actor, id: string) {
  const org = await organizationOf(deps, actor);
  const [output] = await outputsOf(deps, actor, org, [await membershipFor(deps, org, id)]);
  return output!;
}

function itemOf(
  base: Pick<StoredMembership, 'organization_id' | 'membership_id' | 'created_at'>,
  input: CreateMembershipInput,
  version: number,
  now: string,
): StoredMembership {
  const item: StoredMembership = {
    ...base,
    user_id: input.user_id,
    membership_type: input.membership_type,
    start_date: input.start_date,
    membership_free: input.membership_free ?? false,
    automatic_membership_fee_deduction_on: input.automatic_membership_fee_deduction_on ?? false,
    balance_notification_on: input.balance_notification_on ?? true,
    balance_summary_notification_on: input.balance_summary_notification_on ?? false,
    vote: input.vote ?? false,
    version,
    updated_at: now,
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = input[field];
    if (value !== null && value !== undefined && value !== '')
      (item as Record<string, unknown>)[field] = value;
  }
  return item;
}

async function write(
  actor: Actor,
  item: StoredMembership,
  readVersion: number,
  action: 'membership.create' | 'membership.update',
) {
  await transactWrite((e) => [
    readVersion === 0
      ? e.financeMembership.create(item).commit()
      : e.financeMembership
          .put(item)
          .where(({ version }, { eq }) => eq(version, readVersion))
          .commit(),
    ...auditRecord(actor, {
      action,
      target_type: 'membership',
      target_id: item.membership_id,
      details: { type: item.membership_type },
      subject_user_id: item.user_id,
    })(e),
  ]);
}

/** POST /api/memberships */
export async function createMembership(deps: FinanceDeps, actor: Actor, input: CreateMembershipInput) {
  const org = await organizationOf(deps, actor);
  await memberOf(deps, org.organization_id, input.user_id);
  const now = deps.now();
  const item = itemOf(
    {
      organization_id: org.organization_id,
      membership_id: timeOrderedId(now.getTime()),
      created_at: now.toISOString(),
    },
    input,
    1,
    now.toISOString(),
  );
  await write(actor, item, 0, 'membership.create');
  return getMembership(deps, actor, item.membership_id);
}

/** PATCH /api/memberships/{id}: the whole record on the version read. */
export async function updateMembership(
  deps: FinanceDeps,
  actor: Actor,
  id: string,
  input: UpdateMembershipInput,
) {
  const org = await organizationOf(deps, actor);
  const current = await membershipFor(deps, org, id);
  if (current.version !== input.version) throw conflict();
  if (input.user_id !== current.user_id) await memberOf(deps, org.organization_id, input.user_id);
  const item = itemOf(current, input, current.version + 1, deps.now().toISOString());
  await write(actor, item, current.version, 'membership.update');
  return getMembership(deps, actor, id);
}

/** DELETE /api/memberships/{id}: a membership recorded by mistake (an ended one keeps its end date instead). */
export async function deleteMembership(
  deps: FinanceDeps,
  actor: Actor,
  id: string,
  version: number | undefined,
) {
  const org = await organizationOf(deps, actor);
  const current = await membershipFor(deps, org, id);
  if (version !== undefined && version !== current.version) throw conflict();
  await transactWrite((e) => [
    e.financeMembership
      .delete({ organization_id: org.organization_id, membership_id: id })
      .where(({ version: v }, { eq }) => eq(v, current.version))
      .commit(),
    ...auditRecord(actor, {
      action: 'membership.delete',
      target_type: 'membership',
      target_id: id,
      subject_user_id: current.user_id,
    })(e),
  ]);
  return { deleted: true as const };
}

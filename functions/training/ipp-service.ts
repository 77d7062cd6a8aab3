import type { EntityItem } from 'electrodb';
import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type {
  CreateSharingInput,
  IppFilterQuery,
  ListSharingsQuery,
  SharingOutput,
  UpdateSharingInput,
} from '../../contracts/schemas/ipp.ts';
import type { ShareState } from '../../contracts/schemas/training-enums.ts';
import { type PlaneSummary, shareablePlaneOf, shareablePlanesOf, sharedOn } from '../aircraft/public.ts';
import {
  activeMembersAmong,
  memberNames,
  memberRating,
  membersWithPermission,
  type OrganizationSummary,
  organizationSummaries,
  organizationSummary,
  organizationsWithModule,
} from '../organizations/public.ts';
import { auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { conflict, domainError, notFound, validationFailed } from '../platform/http/errors.ts';
import { type Clock, defined, organizationOf } from './common.ts';
import { validityOf } from './dto-service.ts';
import { summariesOf } from './enrolment-service.ts';
import type { ippShare } from './entities.ts';
import { orderedTasks, taskOutputOf } from './programme-service.ts';
import type { EnrolmentDeps } from './training-record.ts';

/**
 * IPP sharing between organizations (issue 16 §7). The sharing organization (module `ipp`) names
 * instructors, students, aircraft and programmes for a partner (module `ipp_client`) and a window;
 * the partner sees exactly those, and only while the share is active: between its dates, not
 * closed, the partner still a client, and for an aircraft within its own sharing window (the
 * aircraft's can_be_shared, share_start_date, share_end_date). Every receiving read checks this
 * again, so closing a share removes access at once: 404 on every shared route.
 */

type StoredShare = EntityItem<typeof ippShare>;
export type IppDeps = EnrolmentDeps & Clock;

const DEFAULT_PAGE = 50;

const stateOf = (share: StoredShare, today: string): ShareState => {
  if (share.closed_at) return 'closed';
  if (today < share.start_date) return 'scheduled';
  if (today > share.end_date) return 'ended';
  return 'active';
};

const store = {
  async share(organizationId: string, shareId: string) {
    const { data } = await db()
      .entities.ippShare.get({ organization_id: organizationId, share_id: shareId })
      .go();
    return data;
  },
  async given(organizationId: string, options: { cursor?: string; limit: number }) {
    const { data, cursor } = await db()
      .entities.ippShare.query.byOrganization({ organization_id: organizationId })
      .go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },
  async received(partnerId: string, options: { cursor?: string; limit?: number }) {
    const query = db().entities.ippShare.query.byPartner({ partner_organization_id: partnerId });
    if (options.limit === undefined) {
      const { data } = await query.go({ pages: 'all' });
      return { items: data, cursor: null };
    }
    const { data, cursor } = await query.go({ cursor: options.cursor, limit: options.limit, order: 'desc' });
    return { items: data, cursor: cursor ?? null };
  },
  async save(
    actor: Actor,
    item: StoredShare,
    readVersion: number | null,
    action: 'ipp_share.create' | 'ipp_share.update' | 'ipp_share.close',
  ) {
    await auditedWrite(
      actor,
      {
        action,
        target_type: 'ipp_share',
        target_id: item.share_id,
        details: { partner: item.partner_organization_id },
      },
      (e) => [
        readVersion === null
          ? e.ippShare.create(item).commit()
          : e.ippShare
              .put(item)
              .where(({ version }, { eq }) => eq(version, readVersion))
              .commit(),
      ],
    );
  },
};

const todayOfOrganization = (
  clock: Clock,
  organization: Pick<OrganizationSummary, 'timezone'> | null | undefined,
) => todayIn(organization?.timezone ?? 'UTC', clock.now());

// The sharing organization ------------------------------------------------------------------------------

async function outputOf(deps: IppDeps, actor: Actor, share: StoredShare): Promise<SharingOutput> {
  const [organizations, names, planes, programmes] = await Promise.all([
    organizationSummaries([share.organization_id, share.partner_organization_id]),
    memberNames(share.organization_id, [...share.instructor_ids, ...share.student_ids], actor.lang),
    shareablePlanesOf(share.organization_id),
    deps.programmes.allProgrammes(share.organization_id),
  ]);
  const own = organizations.get(share.organization_id);
  const state = stateOf(share, todayOfOrganization(deps, own));
  const named = (ids: string[], name: (id: string) => string | undefined) =>
    ids.map((id) => ({ id, name: name(id) ?? '—' }));
  return {
    share_id: share.share_id,
    organization_id: share.organization_id,
    organization_name: own?.organization_name ?? '—',
    partner_organization_id: share.partner_organization_id,
    partner_name: organizations.get(share.partner_organization_id)?.organization_name ?? '—',
    start_date: share.start_date,
    end_date: share.end_date,
    state,
    closed_at: share.closed_at ?? null,
    instructors: named(share.instructor_ids, (id) => names.get(id)),
    students: named(share.student_ids, (id) => names.get(id)),
    planes: named(share.plane_ids, (id) => planes.find((p) => p.plane_id === id)?.reg_num),
    programmes: named(
      share.programme_ids,
      (id) => programmes.find((p) => p.programme_id === id)?.training_name,
    ),
    note: share.note ?? null,
    version: share.version,
    can_edit: state !== 'closed' && state !== 'ended',
    can_close: state !== 'closed',
  };
}

export async function listSharings(deps: IppDeps, actor: Actor, query: ListSharingsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await store.given(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  return { items: await Promise.all(page.items.map((s) => outputOf(deps, actor, s))), cursor: page.cursor };
}

/** Organizations that may receive shares: the `ipp_client` module on, not this one. */
export async function listPartners(actor: Actor) {
  const { organizationId } = organizationOf(actor);
  return {
    items: (await organizationsWithModule('ipp_client'))
      .filter((o) => o.organization_id !== organizationId)
      .map((o) => ({
        organization_id: o.organization_id,
        organization_name: o.organization_name,
        short_name: o.short_name,
      })),
  };
}

/** What may be named: instructors, students in a training, aircraft and programmes of this organization. */
export async function listShareables(deps: IppDeps, actor: Actor) {
  const { organizationId } = organizationOf(actor);
  const [instructors, enrolments, planes, programmes] = await Promise.all([
    membersWithPermission(organizationId, 'training-edit-instructor', actor.lang),
    deps.store.enrolments(organizationId, { limit: 500 }),
    shareablePlanesOf(organizationId),
    deps.programmes.allProgrammes(organizationId),
  ]);
  const studentIds = [...new Set(enrolments.items.map((e) => e.user_id))];
  const names = await memberNames(organizationId, studentIds, actor.lang);
  return {
    instructors: instructors.map((i) => ({ id: i.user_id, name: i.name })),
    students: studentIds
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id)! }))
      .sort((a, b) => a.name.localeCompare(b.name, actor.lang)),
    planes: planes.map((p) => ({
      id: p.plane_id,
      name: p.reg_num,
      can_be_shared: p.can_be_shared,
      share_start_date: p.share_start_date,
      share_end_date: p.share_end_date,
    })),
    programmes: programmes.map((p) => ({ id: p.programme_id, name: p.training_name })),
  };
}

/** The named items must be this organization's: members, aircraft that may be shared, programmes. */
async function checkItems(
  deps: IppDeps,
  organizationId: string,
  items: Pick<CreateSharingInput, 'instructor_ids' | 'student_ids' | 'plane_ids' | 'programme_ids'>,
) {
  const errors: Record<string, string[]> = {};
  const members = await activeMembersAmong(organizationId, [...items.instructor_ids, ...items.student_ids]);
  if (items.instructor_ids.some((id) => !members.has(id))) errors.instructor_ids = ['invalid_value'];
  if (items.student_ids.some((id) => !members.has(id))) errors.student_ids = ['invalid_value'];
  const planes = new Map((await shareablePlanesOf(organizationId)).map((p) => [p.plane_id, p]));
  for (const id of items.plane_ids) {
    const plane = planes.get(id);
    if (!plane) errors.plane_ids = ['invalid_value'];
    else if (!plane.can_be_shared && !errors.plane_ids) errors.plane_ids = ['not_shareable'];
  }
  const programmes = new Set(
    (await deps.programmes.allProgrammes(organizationId)).map((p) => p.programme_id),
  );
  if (items.programme_ids.some((id) => !programmes.has(id))) errors.programme_ids = ['invalid_value'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export async function createSharing(deps: IppDeps, actor: Actor, input: CreateSharingInput) {
  const { organizationId } = organizationOf(actor);
  const partner = await organizationSummary(input.partner_organization_id);
  if (!partner || partner.organization_id === organizationId || !partner.modules.includes('ipp_client'))
    throw validationFailed({ partner_organization_id: ['invalid_value'] });
  await checkItems(deps, organizationId, input);
  const now = deps.now().toISOString();
  const share = defined({
    organization_id: organizationId,
    share_id: timeOrderedId(deps.now().getTime()),
    partner_organization_id: partner.organization_id,
    start_date: input.start_date,
    end_date: input.end_date,
    instructor_ids: [...new Set(input.instructor_ids)],
    student_ids: [...new Set(input.student_ids)],
    plane_ids: [...new Set(input.plane_ids)],
    programme_ids: [...new Set(input.programme_ids)],
    note: input.note,
    created_by: actor.userId,
    version: 1,
    created_at: now,
    updated_at: now,
  }) as StoredShare;
  await store.save(actor, share, null, 'ipp_share.create');
  return outputOf(deps, actor, share);
}

async function ownShare(actor: Actor, shareId: string) {
  const { organizationId } = organizationOf(actor);
  const share = await store.share(organizationId, shareId);
  if (!share) throw notFound();
  return share;
}

export async function getSharing(deps: IppDeps, actor: Actor, shareId: string) {
  return outputOf(deps, actor, await ownShare(actor, shareId));
}

export async function updateSharing(deps: IppDeps, actor: Actor, shareId: string, input: UpdateSharingInput) {
  const before = await ownShare(actor, shareId);
  if (before.version !== input.version) throw conflict();
  if (before.closed_at) throw domainError('not_editable');
  const merged = {
    instructor_ids: input.instructor_ids ?? before.instructor_ids,
    student_ids: input.student_ids ?? before.student_ids,
    plane_ids: input.plane_ids ?? before.plane_ids,
    programme_ids: input.programme_ids ?? before.programme_ids,
  };
  await checkItems(deps, before.organization_id, merged);
  const start = input.start_date ?? before.start_date;
  const end = input.end_date ?? before.end_date;
  if (end < start) throw validationFailed({ end_date: ['too_small'] });
  const after = {
    ...before,
    ...Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, [...new Set(v)]])),
    start_date: start,
    end_date: end,
    version: before.version + 1,
    updated_at: deps.now().toISOString(),
  } as StoredShare;
  if (input.note === null) delete after.note;
  else if (input.note !== undefined) after.note = input.note;
  await store.save(actor, after, before.version, 'ipp_share.update');
  return outputOf(deps, actor, after);
}

/** Spec §4 "Share … can be closed": from this moment the partner reads nothing of it. */
export async function closeSharing(deps: IppDeps, actor: Actor, shareId: string, version: number) {
  const before = await ownShare(actor, shareId);
  if (before.version !== version) throw conflict();
  if (before.closed_at) throw domainError('not_editable');
  const now = deps.now().toISOString();
  const after = { ...before, closed_at: now, version: before.version + 1, updated_at: now };
  await store.save(actor, after, before.version, 'ipp_share.close');
  return outputOf(deps, actor, after);
}

// The receiving organization ----------------------------------------------------------------------------

interface ActiveShare {
  share: StoredShare;
  provider: OrganizationSummary;
  today: string;
}

/**
 * The shares active for the caller's organization right now: a share of a provider that still has
 * the `ipp` module, to an organization that still has `ipp_client`, between its dates, not closed.
 */
async function activeShares(deps: IppDeps, actor: Actor, shareId?: string): Promise<ActiveShare[]> {
  const { organizationId } = organizationOf(actor);
  if (!actor.modules.has('ipp_client')) return [];
  const received = (await store.received(organizationId, {})).items.filter(
    (s) => shareId === undefined || s.share_id === shareId,
  );
  const providers = await organizationSummaries(received.map((s) => s.organization_id));
  const active: ActiveShare[] = [];
  for (const share of received) {
    const provider = providers.get(share.organization_id);
    if (!provider?.modules.includes('ipp')) continue;
    const today = todayOfOrganization(deps, provider);
    if (stateOf(share, today) === 'active') active.push({ share, provider, today });
  }
  return active;
}

/** One active share of the caller's organization, or 404 (closed, over, not yet, or not theirs). */
async function activeShare(deps: IppDeps, actor: Actor, shareId: string) {
  const [found] = await activeShares(deps, actor, shareId);
  if (!found) throw notFound();
  return found;
}

export async function listOrganizations(deps: IppDeps, actor: Actor, query: ListSharingsQuery) {
  const { organizationId } = organizationOf(actor);
  const page = await store.received(organizationId, {
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  const active = new Map((await activeShares(deps, actor)).map((a) => [a.share.share_id, a]));
  return {
    items: page.items
      .filter((s) => active.has(s.share_id))
      .map((s) => {
        const { provider } = active.get(s.share_id)!;
        return {
          share_id: s.share_id,
          organization_id: s.organization_id,
          organization_name: provider.organization_name,
          short_name: provider.short_name,
          start_date: s.start_date,
          end_date: s.end_date,
          instructors: s.instructor_ids.length,
          students: s.student_ids.length,
          planes: s.plane_ids.length,
          programmes: s.programme_ids.length,
        };
      }),
    cursor: page.cursor,
  };
}

const filtered = (shares: ActiveShare[], query: IppFilterQuery) =>
  shares.filter((a) => !query.share_id || a.share.share_id === query.share_id);

export async function listInstructors(deps: IppDeps, actor: Actor, query: IppFilterQuery) {
  const items = [];
  for (const { share, provider, today } of filtered(await activeShares(deps, actor), query)) {
    const names = await memberNames(share.organization_id, share.instructor_ids, actor.lang);
    for (const id of share.instructor_ids) {
      if (!names.has(id)) continue;
      const rating = await memberRating(share.organization_id, id, 'fis');
      items.push({
        share_id: share.share_id,
        organization_name: provider.organization_name,
        user_id: id,
        name: names.get(id)!,
        fis: validityOf(rating, today),
      });
    }
  }
  return { items };
}

/** A shared student's trainings in the programmes the same share names, and no other. */
async function sharedTrainings(deps: IppDeps, actor: Actor, share: StoredShare, userId: string) {
  const enrolments = (await deps.store.ofStudent(share.organization_id, userId)).filter((e) =>
    share.programme_ids.includes(e.programme_id),
  );
  const summaries = await summariesOf(deps, actor, enrolments, share.organization_id);
  return summaries.map((s) => ({
    enrolment_id: s.enrolment_id,
    training_name: s.training_name,
    status: s.status,
    training_start_date: s.training_start_date,
    tasks_total: s.tasks_total,
    tasks_done: s.tasks_done,
  }));
}

export async function listStudents(deps: IppDeps, actor: Actor, query: IppFilterQuery) {
  const items = [];
  for (const { share, provider } of filtered(await activeShares(deps, actor), query)) {
    const names = await memberNames(share.organization_id, share.student_ids, actor.lang);
    for (const id of share.student_ids) {
      if (!names.has(id)) continue;
      items.push({
        share_id: share.share_id,
        organization_name: provider.organization_name,
        user_id: id,
        name: names.get(id)!,
        trainings: await sharedTrainings(deps, actor, share, id),
      });
    }
  }
  return { items };
}

const planeOutput = (share: StoredShare, provider: OrganizationSummary, p: PlaneSummary) => ({
  share_id: share.share_id,
  organization_name: provider.organization_name,
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_type: p.plane_type,
  model: p.model,
  seats: p.seats,
  functional: p.functional,
  share_start_date: p.share_start_date,
  share_end_date: p.share_end_date,
});

export async function listPlanes(deps: IppDeps, actor: Actor, query: IppFilterQuery) {
  const items = [];
  for (const { share, provider, today } of filtered(await activeShares(deps, actor), query)) {
    const planes = await shareablePlanesOf(share.organization_id);
    for (const p of planes)
      if (share.plane_ids.includes(p.plane_id) && sharedOn(p, today))
        items.push(planeOutput(share, provider, p));
  }
  return { items };
}

async function programmeOutput(
  deps: IppDeps,
  share: StoredShare,
  provider: OrganizationSummary,
  programmeId: string,
) {
  const programme = await deps.programmes.programme(share.organization_id, programmeId);
  if (!programme) return null;
  const tasks = orderedTasks(programme, await deps.programmes.tasks(share.organization_id, programmeId));
  return {
    share_id: share.share_id,
    organization_name: provider.organization_name,
    programme_id: programme.programme_id,
    training_name: programme.training_name,
    kind: programme.kind,
    launch_method: programme.launch_method ?? null,
    task_count: tasks.length,
    min_total_minutes: programme.min_total_minutes,
    min_dual_minutes: programme.min_dual_minutes,
    min_solo_minutes: programme.min_solo_minutes,
    min_launches: programme.min_launches,
    tasks: tasks.map((t, index) => taskOutputOf(t, index + 1)),
  };
}

export async function listTrainings(deps: IppDeps, actor: Actor, query: IppFilterQuery) {
  const items = [];
  for (const { share, provider } of filtered(await activeShares(deps, actor), query))
    for (const id of share.programme_ids) {
      const programme = await programmeOutput(deps, share, provider, id);
      if (programme) {
        const { tasks: _tasks, ...summary } = programme;
        items.push(summary);
      }
    }
  return { items };
}

export async function getShare(deps: IppDeps, actor: Actor, shareId: string) {
  const { share, provider } = await activeShare(deps, actor, shareId);
  const output = await outputOf(deps, actor, share);
  return {
    share_id: share.share_id,
    organization_name: provider.organization_name,
    start_date: share.start_date,
    end_date: share.end_date,
    instructors: output.instructors,
    students: output.students,
    planes: output.planes,
    programmes: output.programmes,
    note: share.note ?? null,
  };
}

export async function getInstructor(deps: IppDeps, actor: Actor, shareId: string, userId: string) {
  const { share, provider, today } = await activeShare(deps, actor, shareId);
  if (!share.instructor_ids.includes(userId)) throw notFound();
  const names = await memberNames(share.organization_id, [userId], actor.lang);
  if (!names.has(userId)) throw notFound();
  return {
    share_id: share.share_id,
    organization_name: provider.organization_name,
    user_id: userId,
    name: names.get(userId)!,
    fis: validityOf(await memberRating(share.organization_id, userId, 'fis'), today),
  };
}

export async function getStudent(deps: IppDeps, actor: Actor, shareId: string, userId: string) {
  const { share, provider } = await activeShare(deps, actor, shareId);
  if (!share.student_ids.includes(userId)) throw notFound();
  const names = await memberNames(share.organization_id, [userId], actor.lang);
  if (!names.has(userId)) throw notFound();
  return {
    share_id: share.share_id,
    organization_name: provider.organization_name,
    user_id: userId,
    name: names.get(userId)!,
    trainings: await sharedTrainings(deps, actor, share, userId),
  };
}

export async function getPlane(deps: IppDeps, actor: Actor, shareId: string, planeId: string) {
  const { share, provider, today } = await activeShare(deps, actor, shareId);
  if (!share.plane_ids.includes(planeId)) throw notFound();
  const plane = await shareablePlaneOf(share.organization_id, planeId);
  if (!plane || !sharedOn(plane, today)) throw notFound();
  return planeOutput(share, provider, plane);
}

export async function getTraining(deps: IppDeps, actor: Actor, shareId: string, programmeId: string) {
  const { share, provider } = await activeShare(deps, actor, shareId);
  if (!share.programme_ids.includes(programmeId)) throw notFound();
  const programme = await programmeOutput(deps, share, provider, programmeId);
  if (!programme) throw notFound();
  return programme;
}

import { randomUUID } from 'node:crypto';
import { todayIn } from '../../contracts/calendar.ts';
import { FILE_FEATURES, type FileType } from '../../contracts/file-types.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { FaultSeverity, PlaneStatus } from '../../contracts/schemas/aircraft-enums.ts';
import {
  type AddPhotoInput,
  type CloseFaultInput,
  type CreateFaultInput,
  extensionOf,
  type FaultOutput,
  type ListFaultsQuery,
  MAX_FAULT_PHOTOS,
  MAX_PHOTO_BYTES,
  type PhotoError,
  type PhotoUploadInput,
  type UpdateFaultInput,
} from '../../contracts/schemas/faults.ts';
import { type NotifyInput, notify } from '../identity/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { contentDisposition, SNIFF_BYTES, sniffFileType } from '../platform/files/file-types.ts';
import * as files from '../platform/files/s3.ts';
import { conflict, missingPermissions, notFound, validationFailed } from '../platform/http/errors.ts';
import { logger } from '../platform/log/logger.ts';
import {
  type FaultPhoto,
  type FaultStore,
  type FaultWrite,
  faultStore,
  type PlaneState,
  type PlaneWrite,
  type StoredFault,
} from './fault-store.ts';

/**
 * Fault reports (spec §2): any member reports, technical operators edit and close. A grounding
 * fault makes the aircraft `inoperable` in the same TransactWrite as the report; closing the last
 * open grounding fault gives it back the status it had before (kept on the fault as status_before).
 */
export interface FaultDeps {
  store: FaultStore;
  files: Pick<
    typeof files,
    'presignedPost' | 'presignedGetUrl' | 'objectSize' | 'objectStart' | 'deleteObject' | 'storeAs'
  >;
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  now: () => Date;
}

export const faultDeps: FaultDeps = {
  store: faultStore,
  files,
  notify: (userId, input) => notify(userId, input),
  now: () => new Date(),
};

const DEFAULT_PAGE = 25;
/** A notification carries the start of the description, not a page of it. */
const NOTIFY_TEXT = 140;

type FaultActor = Pick<
  Actor,
  'userId' | 'userName' | 'organizationId' | 'organization' | 'actingSupervisorId' | 'roles'
>;

const organizationOf = (actor: FaultActor) => {
  // The route guard requires the fault-report module, so there is a current organization.
  if (!actor.organizationId) throw notFound();
  return actor.organizationId;
};

const isTechnical = (actor: FaultActor) => actor.roles.has('technical_operator');

/** The day in the organization's time zone (an aircraft's history is read in local days). */
const localDate = (now: Date, actor: FaultActor) => todayIn(actor.organization?.timezone ?? 'UTC', now);

const faultLink = (faultId: string) => `/plane-fault/view/${faultId}/`;

function faultView(
  fault: StoredFault,
  actor: FaultActor,
  urls: ReadonlyMap<string, string> = new Map(),
): FaultOutput {
  const open = fault.status === 'open';
  return {
    fault_id: fault.fault_id,
    plane_id: fault.plane_id,
    reg_num: fault.reg_num,
    description: fault.description,
    severity: fault.severity,
    status: fault.status,
    photos: fault.photos.map((photo) => ({ ...photo, url: urls.get(photo.key) ?? null })),
    photo_count: fault.photos.length,
    reported_by: fault.reported_by,
    reported_by_name: fault.reported_by_name,
    reported_at: fault.reported_at,
    status_before: fault.status_before ?? null,
    closed_by: fault.closed_by ?? null,
    closed_by_name: fault.closed_by_name ?? null,
    closed_at: fault.closed_at ?? null,
    closing_comment: fault.closing_comment ?? null,
    version: fault.version,
    can_edit: open && isTechnical(actor),
    can_add_photos:
      open &&
      fault.photos.length < MAX_FAULT_PHOTOS &&
      (isTechnical(actor) || fault.reported_by === actor.userId),
  };
}

/**
 * What grounding does to the aircraft. Already inoperable because of another open grounding fault:
 * that fault's status_before is the one to restore, so the new fault remembers it too. Inoperable
 * for some other reason: it stays inoperable when this fault closes.
 */
function grounding(plane: PlaneState, openGrounding: StoredFault[]) {
  const statusBefore: PlaneStatus =
    plane.status === 'inoperable'
      ? (openGrounding.find((f) => f.status_before)?.status_before ?? 'inoperable')
      : plane.status;
  const write: PlaneWrite =
    plane.status === 'inoperable'
      ? // No change, but a close restoring the status at the same moment must lose (version check).
        { plane_id: plane.plane_id, version: plane.version }
      : { plane_id: plane.plane_id, version: plane.version, status: 'inoperable' };
  return { statusBefore, write };
}

/**
 * What ending a grounding fault (closed, or no longer grounding) does: while another grounding
 * fault is open the aircraft stays inoperable (and that fault must still be open when we commit);
 * the last one gives back status_before if the aircraft is still inoperable.
 */
function release(fault: StoredFault, plane: PlaneState | null, openGrounding: StoredFault[]) {
  const others = openGrounding.filter((f) => f.fault_id !== fault.fault_id);
  if (others.length > 0) return { stillOpen: others.map((f) => f.fault_id) };
  if (plane?.status !== 'inoperable') return {};
  const restore = fault.status_before;
  if (!restore || restore === 'inoperable') return {};
  return {
    plane: { plane_id: plane.plane_id, version: plane.version, status: restore } satisfies PlaneWrite,
  };
}

const statusChange = (from: PlaneStatus, write: PlaneWrite | undefined): Record<string, string> =>
  write?.status && write.status !== from ? { status_from: from, status_to: write.status } : {};

async function tellAll(userIds: readonly string[], input: NotifyInput, deps: FaultDeps) {
  // After the commit and best effort: the fault is recorded whether or not a notification fails.
  const results = await Promise.allSettled(userIds.map((userId) => deps.notify(userId, input)));
  for (const result of results)
    if (result.status === 'rejected')
      logger.warn('fault notification failed', { kind: input.message_key, key: input.key });
}

const notifyText = (description: string) =>
  description.length > NOTIFY_TEXT ? `${description.slice(0, NOTIFY_TEXT - 1)}…` : description;

async function existing(actor: FaultActor, faultId: string, deps: FaultDeps) {
  const fault = await deps.store.fault(organizationOf(actor), faultId);
  if (!fault) throw notFound();
  return fault;
}

/** How a stored photo is served: its sniffed type, inline (images only; issue 11 §7). */
const photoServing = (photo: FaultPhoto) => ({
  contentType: photo.content_type as FileType,
  contentDisposition: contentDisposition(photo.content_type as FileType, photo.name),
});

async function withUrls(fault: StoredFault, actor: FaultActor, deps: FaultDeps) {
  const urls = new Map(
    await Promise.all(
      fault.photos.map(
        async (photo) =>
          [photo.key, await deps.files.presignedGetUrl(photo.key, photoServing(photo))] as const,
      ),
    ),
  );
  return faultView(fault, actor, urls);
}

// ---- reads ----------------------------------------------------------------------------------

export async function listFaults(deps: FaultDeps, actor: FaultActor, query: ListFaultsQuery) {
  const page = await deps.store.page(organizationOf(actor), {
    status: query.status,
    plane_id: query.plane_id,
    cursor: query.cursor,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  return { items: page.items.map((fault) => faultView(fault, actor)), cursor: page.cursor };
}

/** Any member of the organization may read its faults (a notification links here); photos as short-lived URLs. */
export async function getFault(deps: FaultDeps, actor: FaultActor, faultId: string) {
  return withUrls(await existing(actor, faultId, deps), actor, deps);
}

// ---- writes ---------------------------------------------------------------------------------

export async function createFault(deps: FaultDeps, actor: FaultActor, input: CreateFaultInput) {
  const organizationId = organizationOf(actor);
  const plane = await deps.store.plane(organizationId, input.plane_id);
  if (!plane) throw notFound();
  const now = deps.now();
  const faultId = timeOrderedId(now.getTime());
  const ground =
    input.severity === 'grounding'
      ? grounding(plane, await deps.store.openGroundingFaults(organizationId, plane.plane_id))
      : undefined;
  const fault: StoredFault = {
    organization_id: organizationId,
    fault_id: faultId,
    plane_id: plane.plane_id,
    reg_num: plane.reg_num,
    description: input.description,
    severity: input.severity,
    status: 'open',
    photos: [],
    reported_by: actor.userId,
    reported_by_name: actor.userName,
    reported_at: now.toISOString(),
    ...(ground && { status_before: ground.statusBefore }),
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await deps.store.write(actor, {
    organizationId,
    create: fault,
    plane: ground?.write,
    event: {
      plane_id: plane.plane_id,
      event_id: timeOrderedId(now.getTime()),
      kind: 'fault_reported',
      date: localDate(now, actor),
      details: { fault_id: faultId, severity: input.severity, ...statusChange(plane.status, ground?.write) },
    },
    audit: {
      action: 'fault.create',
      target_type: 'fault',
      target_id: faultId,
      details: { plane_id: plane.plane_id, severity: input.severity },
    },
  });

  const operators = (await deps.store.technicalOperators(organizationId)).filter((id) => id !== actor.userId);
  await tellAll(
    operators,
    {
      kind: 'fault',
      message_key: input.severity === 'grounding' ? 'fault_grounding' : 'fault_reported',
      params: { reg_num: plane.reg_num, description: notifyText(input.description) },
      link: faultLink(faultId),
      key: `fault:${faultId}:reported`,
    },
    deps,
  );
  return faultView(fault, actor);
}

/**
 * A technical operator corrects the description or the severity of an open fault. Becoming
 * grounding grounds the aircraft; no longer grounding releases it as closing would.
 */
export async function updateFault(
  deps: FaultDeps,
  actor: FaultActor,
  faultId: string,
  input: UpdateFaultInput,
) {
  const organizationId = organizationOf(actor);
  const fault = await existing(actor, faultId, deps);
  if (fault.status !== 'open') throw validationFailed({ status: ['read_only'] });
  if (fault.version !== input.version) throw conflict();
  const severity: FaultSeverity = input.severity ?? fault.severity;
  const set: Partial<StoredFault> = {
    ...(input.description !== undefined && { description: input.description }),
    severity,
  };
  const change: FaultWrite = {
    organizationId,
    update: { fault_id: faultId, version: input.version, set },
    audit: {
      action: 'fault.update',
      target_type: 'fault',
      target_id: faultId,
      details: { plane_id: fault.plane_id, severity },
    },
  };
  const wasGrounding = fault.severity === 'grounding';
  if (wasGrounding !== (severity === 'grounding')) {
    const [plane, openGrounding] = await Promise.all([
      deps.store.plane(organizationId, fault.plane_id),
      deps.store.openGroundingFaults(organizationId, fault.plane_id),
    ]);
    if (wasGrounding) Object.assign(change, release(fault, plane, openGrounding));
    else if (plane) {
      const ground = grounding(plane, openGrounding);
      set.status_before = ground.statusBefore;
      change.plane = ground.write;
    }
    if (plane && change.plane?.status) {
      const now = deps.now();
      change.event = {
        plane_id: plane.plane_id,
        event_id: timeOrderedId(now.getTime()),
        kind: 'status_changed',
        date: localDate(now, actor),
        details: { fault_id: faultId, severity, ...statusChange(plane.status, change.plane) },
      };
    }
  }
  await deps.store.write(actor, change);
  return withUrls({ ...fault, ...set, version: input.version + 1 }, actor, deps);
}

export async function closeFault(
  deps: FaultDeps,
  actor: FaultActor,
  faultId: string,
  input: CloseFaultInput,
) {
  const organizationId = organizationOf(actor);
  const fault = await existing(actor, faultId, deps);
  if (fault.status !== 'open' || fault.version !== input.version) throw conflict();
  const now = deps.now();
  const [plane, openGrounding] =
    fault.severity === 'grounding'
      ? await Promise.all([
          deps.store.plane(organizationId, fault.plane_id),
          deps.store.openGroundingFaults(organizationId, fault.plane_id),
        ])
      : [null, []];
  const released = fault.severity === 'grounding' ? release(fault, plane, openGrounding) : {};
  const set: Partial<StoredFault> = {
    status: 'closed',
    closed_by: actor.userId,
    closed_by_name: actor.userName,
    closed_at: now.toISOString(),
    closing_comment: input.closing_comment,
  };
  await deps.store.write(actor, {
    organizationId,
    update: { fault_id: faultId, version: input.version, set },
    ...released,
    event: {
      plane_id: fault.plane_id,
      event_id: timeOrderedId(now.getTime()),
      kind: 'fault_closed',
      date: localDate(now, actor),
      details: {
        fault_id: faultId,
        severity: fault.severity,
        ...(plane ? statusChange(plane.status, released.plane) : {}),
      },
    },
    audit: {
      action: 'fault.close',
      target_type: 'fault',
      target_id: faultId,
      details: { plane_id: fault.plane_id, severity: fault.severity },
    },
  });

  if (fault.reported_by !== actor.userId)
    await tellAll(
      [fault.reported_by],
      {
        kind: 'fault',
        message_key: 'fault_closed',
        params: { reg_num: fault.reg_num, description: notifyText(fault.description) },
        link: faultLink(faultId),
        key: `fault:${faultId}:closed`,
      },
      deps,
    );
  return withUrls({ ...fault, ...set, version: input.version + 1 }, actor, deps);
}

// ---- photos ---------------------------------------------------------------------------------

/** Photos of an open fault: its reporter (right after reporting, from the phone) or a technical operator. */
function photosAllowed(actor: FaultActor, fault: StoredFault) {
  if (!isTechnical(actor) && fault.reported_by !== actor.userId) throw missingPermissions();
  if (fault.status !== 'open') throw validationFailed({ status: ['read_only'] });
}

const photoPrefix = (organizationId: string, faultId: string) => `org/${organizationId}/faults/${faultId}/`;
const photoError = (reason: PhotoError) => validationFailed({ file: [reason] });

export async function createPhotoUpload(
  deps: FaultDeps,
  actor: FaultActor,
  faultId: string,
  input: PhotoUploadInput,
) {
  const organizationId = organizationOf(actor);
  const fault = await existing(actor, faultId, deps);
  photosAllowed(actor, fault);
  if (fault.photos.length >= MAX_FAULT_PHOTOS) throw photoError('photo_limit');
  const extension = extensionOf(input.name) === 'jpeg' ? 'jpg' : extensionOf(input.name);
  const key = `${photoPrefix(organizationId, faultId)}${randomUUID()}.${extension}`;
  // The declared type is one of the photo types (the schema); S3 stores exactly that until the
  // check after the upload replaces it with what the bytes are.
  const post = await deps.files.presignedPost({
    key,
    contentType: input.content_type,
    maxBytes: MAX_PHOTO_BYTES,
  });
  return { ...post, key, max_bytes: MAX_PHOTO_BYTES };
}

/**
 * The upload is done: check what really arrived (size, first bytes) before the fault points at it.
 * A bad file is deleted and the user told why.
 */
export async function addPhoto(deps: FaultDeps, actor: FaultActor, faultId: string, input: AddPhotoInput) {
  const organizationId = organizationOf(actor);
  const fault = await existing(actor, faultId, deps);
  photosAllowed(actor, fault);
  const prefix = photoPrefix(organizationId, faultId);
  const name = input.key.slice(prefix.length);
  // Only a key this fault handed out: another fault's or organization's object is never adopted.
  if (!input.key.startsWith(prefix) || !/^[0-9a-f-]{36}\.[a-z]{3,4}$/.test(name))
    throw validationFailed({ key: ['invalid_value'] });
  if (fault.photos.some((photo) => photo.key === input.key)) return withUrls(fault, actor, deps);

  const size = await deps.files.objectSize(input.key);
  if (size === null) throw photoError('photo_missing');
  const refuse = async (reason: PhotoError) => {
    await deps.files.deleteObject(input.key);
    return photoError(reason);
  };
  if (size === 0 || size > MAX_PHOTO_BYTES) throw await refuse('photo_too_large');
  const contentType = sniffFileType(
    await deps.files.objectStart(input.key, SNIFF_BYTES),
    FILE_FEATURES.faultPhoto,
  );
  if (!contentType) throw await refuse('photo_not_an_image');
  if (fault.photos.length >= MAX_FAULT_PHOTOS) throw await refuse('photo_limit');

  const photo: FaultPhoto = { key: input.key, name: input.name, size, content_type: contentType };
  try {
    // Stored under the type its bytes show, never the one the uploader declared.
    await deps.files.storeAs(input.key, photoServing(photo));
    await deps.store.appendPhoto(actor, organizationId, faultId, photo, {
      action: 'fault.photo_add',
      target_type: 'fault',
      target_id: faultId,
      details: { plane_id: fault.plane_id, size },
    });
  } catch (error) {
    // Closed or full meanwhile: the object would belong to nothing.
    await deps.files.deleteObject(input.key);
    throw error;
  }
  return withUrls({ ...fault, photos: [...fault.photos, photo] }, actor, deps);
}

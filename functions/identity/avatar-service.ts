import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { FILE_FEATURES, FILE_TYPES } from '../../contracts/file-types.ts';
import type { avatarUploadInput } from '../../contracts/schemas/identity.ts';
import { MAX_AVATAR_BYTES } from '../../contracts/schemas/identity.ts';
import { avatarUrl, ownAvatarKey, setOwnAvatar } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { contentDisposition, SNIFF_BYTES, sniffFileType } from '../platform/files/file-types.ts';
import * as files from '../platform/files/s3.ts';
import { validationFailed } from '../platform/http/errors.ts';

type AvatarUploadInput = z.infer<typeof avatarUploadInput>;

/**
 * The person's picture (spec §3 Profile avatar, §5 "An avatar upload accepts any image, one file";
 * issue 17). The browser scales a photo down and posts it straight to S3 with a presigned POST under
 * `person/<id>/avatar/`; then the picture is checked — at most MAX_AVATAR_BYTES, a raster image by
 * its first bytes, whatever its name says — stored under what it is and made the avatar; the one it
 * replaces is deleted. It is the person's own data: the club sees it only while they are an active
 * member (organizations' member view), like the rest of it.
 */
export interface AvatarDeps {
  files: Pick<typeof files, 'presignedPost' | 'objectSize' | 'objectStart' | 'deleteObject' | 'storeAs'>;
  currentKey: typeof ownAvatarKey;
  save: typeof setOwnAvatar;
  url: typeof avatarUrl;
}

export const avatarDeps: AvatarDeps = {
  files,
  currentKey: ownAvatarKey,
  save: setOwnAvatar,
  url: avatarUrl,
};

type AvatarActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;

export const avatarPrefix = (userId: string) => `person/${userId}/avatar/`;

/** The name (`<uuid>.<ext>`) of a key this person was handed for their picture, or null. */
export function avatarKeyName(userId: string, key: string): string | null {
  const prefix = avatarPrefix(userId);
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  return /^[0-9a-f-]{36}\.[a-z]{3,4}$/.test(name) ? name : null;
}

const uploadError = (key = 'could_not_upload_the_file') => validationFailed({ file: [key] });

/** The extension a declared image type gets (the schema has checked it is an image type). */
const extensionOfDeclared = (contentType: string) =>
  Object.values(FILE_TYPES).find((info) => (info.declared as readonly string[]).includes(contentType))
    ?.extensions[0] ?? 'jpg';

export async function createAvatarUpload(deps: AvatarDeps, actor: AvatarActor, input: AvatarUploadInput) {
  const key = `${avatarPrefix(actor.userId)}${randomUUID()}.${extensionOfDeclared(input.content_type)}`;
  const post = await deps.files.presignedPost({
    key,
    contentType: input.content_type,
    maxBytes: MAX_AVATAR_BYTES,
  });
  return { ...post, key, max_bytes: MAX_AVATAR_BYTES };
}

/**
 * The uploaded picture becomes the avatar: only a key this person was handed; a file that is too
 * large, not an image, or another image than it was declared (the key's extension) is deleted and
 * refused (422). Stored under the type its bytes show.
 */
export async function setAvatar(deps: AvatarDeps, actor: AvatarActor, key: string) {
  // Spec §5: submitting with no file selected.
  if (key.trim() === '') throw validationFailed({ key: ['please_select_a_file'] });
  const name = avatarKeyName(actor.userId, key);
  if (!name) throw validationFailed({ key: ['invalid_value'] });
  const current = await deps.currentKey(actor.userId);
  if (current === key) return { avatar: await deps.url(key) };
  const size = await deps.files.objectSize(key);
  if (size === null) throw uploadError();
  const refuse = async (reason: string) => {
    await deps.files.deleteObject(key);
    return uploadError(reason);
  };
  if (size === 0 || size > MAX_AVATAR_BYTES) throw await refuse('too_big');
  const type = sniffFileType(await deps.files.objectStart(key, SNIFF_BYTES), FILE_FEATURES.avatar);
  const extension = name.slice(name.lastIndexOf('.') + 1);
  if (!type || !(FILE_TYPES[type].extensions as readonly string[]).includes(extension))
    throw await refuse('could_not_upload_the_file');
  await deps.files.storeAs(key, {
    contentType: type,
    contentDisposition: contentDisposition(type, 'avatar'),
  });
  try {
    await deps.save(actor, key, current);
  } catch (error) {
    // Changed meanwhile (another tab): the picture would belong to nothing.
    await deps.files.deleteObject(key);
    throw error;
  }
  if (current) await deps.files.deleteObject(current);
  return { avatar: await deps.url(key) };
}

export async function removeAvatar(deps: AvatarDeps, actor: AvatarActor) {
  const current = await deps.currentKey(actor.userId);
  if (current) {
    await deps.save(actor, null, current);
    await deps.files.deleteObject(current);
  }
  return { avatar: null };
}

import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '../../contracts/schemas/identity.ts';
import {
  type AvatarDeps,
  avatarKeyName,
  removeAvatar,
  setAvatar,
} from '../../functions/identity/avatar-service.ts';
import { HttpError } from '../../functions/platform/http/errors.ts';

/** The avatar's rules (spec §5: any image, one file): what is adopted, what is refused and deleted. */
const PNG_START = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const actor = { userId: 'user-pilot', organizationId: 'org-demo', actingSupervisorId: null };
const KEY = 'person/user-pilot/avatar/11111111-1111-4111-8111-111111111111.png';
const OLD = 'person/user-pilot/avatar/22222222-2222-4222-8222-222222222222.jpg';

function fakeDeps(object: { size: number | null; start: Uint8Array }, current: string | null = OLD) {
  const deleted: string[] = [];
  const saved: (string | null)[] = [];
  const deps: AvatarDeps = {
    files: {
      presignedPost: async () => ({ url: 'u', fields: {} }),
      objectSize: async () => object.size,
      objectStart: async () => object.start,
      deleteObject: async (key) => {
        deleted.push(key);
      },
      storeAs: async () => undefined,
    },
    currentKey: async () => current,
    save: async (_self, key) => {
      saved.push(key);
    },
    url: async (key) => (key ? `https://files/${key}` : null),
  };
  return { deps, deleted, saved };
}

const errorsOf = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    if (error instanceof HttpError) return error.errors;
    throw error;
  }
  return null;
};

describe('the avatar', () => {
  it('adopts only a key handed out for the person’s own pictures', () => {
    expect(avatarKeyName('user-pilot', KEY)).toBe('11111111-1111-4111-8111-111111111111.png');
    expect(avatarKeyName('user-pilot', KEY.replace('user-pilot', 'user-admin'))).toBeNull();
    expect(avatarKeyName('user-pilot', 'person/user-pilot/avatar/../documents/x.png')).toBeNull();
  });

  it('replaces the old picture with a checked image and deletes the old one', async () => {
    const { deps, deleted, saved } = fakeDeps({ size: 100, start: PNG_START });
    const out = await setAvatar(deps, actor, KEY);
    expect(out).toEqual({ avatar: `https://files/${KEY}` });
    expect(saved).toEqual([KEY]);
    expect(deleted).toEqual([OLD]);
  });

  it('refuses and deletes a file too large, not an image, or another image than declared', async () => {
    for (const [object, reason] of [
      [{ size: MAX_AVATAR_BYTES + 1, start: PNG_START }, 'too_big'],
      [{ size: 100, start: new TextEncoder().encode('<svg/>') }, 'could_not_upload_the_file'],
      [{ size: 100, start: JPEG_START }, 'could_not_upload_the_file'],
    ] as const) {
      const { deps, deleted, saved } = fakeDeps(object);
      expect(await errorsOf(setAvatar(deps, actor, KEY))).toEqual({ file: [reason] });
      expect(deleted).toEqual([KEY]);
      expect(saved).toEqual([]);
    }
  });

  it('says please_select_a_file without a file, and removes the picture', async () => {
    const { deps, deleted, saved } = fakeDeps({ size: 100, start: PNG_START });
    expect(await errorsOf(setAvatar(deps, actor, ''))).toEqual({ key: ['please_select_a_file'] });
    expect(await removeAvatar(deps, actor)).toEqual({ avatar: null });
    expect(saved).toEqual([null]);
    expect(deleted).toEqual([OLD]);
  });
});

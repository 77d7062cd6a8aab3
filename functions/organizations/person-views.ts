import type { EntityItem } from 'electrodb';
import { FILE_TYPES, type FileType } from '../../contracts/file-types.ts';
import {
  LICENCE_TYPES,
  type PersonOutput,
  type PilotInfoOutput,
  PROFILE_TYPES,
  RATINGS,
} from '../../contracts/schemas/people.ts';
import { contentDisposition } from '../platform/files/file-types.ts';
import { presignedGetUrl } from '../platform/files/s3.ts';
import type { person, pilotInfo } from './entities.ts';

/**
 * How a stored person and a stored pilotInfo item are shown: one mapping for profile/edit and
 * profile/pilot-info-edit (the person's own) and for user/{id} and pilot-info/{id} (an admin's view).
 * Values outside the contract's lists (an old profile type, an unknown licence or rating) are left
 * out rather than sent, so the output always satisfies the route's output schema.
 */

type StoredPerson = EntityItem<typeof person>;
type StoredPilotInfo = EntityItem<typeof pilotInfo>;

/** A person's optional text fields (profile/edit, user/{id}, the seed): null or empty removes. */
export const PERSON_TEXT_FIELDS = [
  'phone',
  'mobile',
  'birth_date',
  'birth_place',
  'mother_name',
  'emergency_contact',
  'profile_type',
  'callsign',
  'billing_name',
  'vat_number',
] as const;

export const PERSON_FLAGS = [
  'public_privatedata',
  'newsletter_on',
  'betatester',
  'email_notification_on',
  'push_notification_on',
  'document_expiry_notification_on',
  'balance_notification_on',
  'flight_notification_on',
  'message_notification_on',
  'operating_day_notification_on',
] as const;

export const personOutputOf = (person: StoredPerson): PersonOutput => ({
  user_id: person.user_id,
  email: person.email,
  first_name: person.first_name,
  last_name: person.last_name,
  phone: person.phone ?? null,
  mobile: person.mobile ?? null,
  birth_date: person.birth_date ?? null,
  birth_place: person.birth_place ?? null,
  mother_name: person.mother_name ?? null,
  emergency_contact: person.emergency_contact ?? null,
  profile_avatar: person.profile_avatar ?? null,
  profile_type:
    person.profile_type && PROFILE_TYPES.includes(person.profile_type) ? person.profile_type : null,
  callsign: person.callsign ?? null,
  billing_name: person.billing_name ?? null,
  vat_number: person.vat_number ?? null,
  public_privatedata: person.public_privatedata,
  newsletter_on: person.newsletter_on,
  betatester: person.betatester,
  email_notification_on: person.email_notification_on,
  push_notification_on: person.push_notification_on,
  document_expiry_notification_on: person.document_expiry_notification_on,
  balance_notification_on: person.balance_notification_on,
  flight_notification_on: person.flight_notification_on,
  message_notification_on: person.message_notification_on,
  operating_day_notification_on: person.operating_day_notification_on,
  lang: person.lang,
  version: person.version,
});

/** A person with no pilot data yet gets an empty record at version 0 (the first save creates it). */
export function pilotInfoOutputOf(userId: string, item: StoredPilotInfo | null): PilotInfoOutput {
  const ratings: PilotInfoOutput['ratings'] = {};
  const stored = (item?.ratings ?? {}) as Record<string, { exam_date?: string; valid_until?: string }>;
  for (const rating of RATINGS) {
    const entry = stored[rating];
    if (entry)
      ratings[rating] = { exam_date: entry.exam_date ?? null, valid_until: entry.valid_until ?? null };
  }
  return {
    user_id: userId,
    licences: (item?.licences ?? [])
      .filter((licence) => LICENCE_TYPES.includes(licence.type))
      .map((licence) => ({
        type: licence.type,
        number: licence.number,
        issued_at: licence.issued_at ?? null,
        valid_until: licence.valid_until ?? null,
      })),
    medical_licence_number: item?.medical_licence_number ?? null,
    medical_class: item?.medical_class ?? null,
    medical_valid_until: item?.medical_valid_until ?? null,
    fai_id: item?.fai_id ?? null,
    fai_level: item?.fai_level ?? null,
    mrlsz_id: item?.mrlsz_id ?? null,
    ratings,
    version: item?.version ?? 0,
  };
}

/** The type an avatar's key says (the key's extension is set from its sniffed bytes). */
const avatarTypeOf = (key: string): FileType | null => {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.entries(FILE_TYPES).find(([, info]) =>
    (info.extensions as readonly string[]).includes(extension),
  );
  return found ? (found[0] as FileType) : null;
};

/**
 * A person's avatar as an `<img src>`: a short-lived signed GET of their picture, shown inline
 * (raster images only; the key's extension is what its bytes were). Null without one.
 */
export async function avatarUrl(key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  const type = avatarTypeOf(key);
  if (!type) return null;
  return presignedGetUrl(
    key,
    { contentType: type, contentDisposition: contentDisposition(type, 'avatar') },
    3600,
  );
}

/** A person's output with `profile_avatar` as its picture's URL, not the stored key. */
export const withAvatarUrl = async <T extends { profile_avatar: string | null }>(output: T): Promise<T> => ({
  ...output,
  profile_avatar: await avatarUrl(output.profile_avatar),
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startS3 } from '../../bin/local/s3.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const pilot = subOf('pilot@demo.windsock.aero');
const student = subOf('student@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
/** The seed gives the supervisor no pilot data. */
const supervisor = subOf('supervisor@demo.windsock.aero');

let platform: Platform;
let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  // The avatar goes to the local S3 (presigned POST, signature and policy checked).
  dir = await mkdtemp(join(tmpdir(), 'windsock-avatar-'));
  s3 = await startS3({ dir, buckets: ['windsock-avatar-test'] });
  Object.assign(process.env, {
    FILES_BUCKET: 'windsock-avatar-test',
    S3_ENDPOINT: s3.endpoint,
    S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
  });
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const personEdit = (loaded: any, over: Record<string, unknown> = {}) => ({
  first_name: loaded.first_name,
  last_name: loaded.last_name,
  phone: loaded.phone,
  mobile: loaded.mobile,
  birth_date: loaded.birth_date,
  birth_place: loaded.birth_place,
  mother_name: loaded.mother_name,
  emergency_contact: loaded.emergency_contact,
  profile_type: loaded.profile_type,
  callsign: loaded.callsign,
  billing_name: loaded.billing_name,
  vat_number: loaded.vat_number,
  public_privatedata: loaded.public_privatedata,
  newsletter_on: loaded.newsletter_on,
  betatester: loaded.betatester,
  email_notification_on: loaded.email_notification_on,
  push_notification_on: loaded.push_notification_on,
  document_expiry_notification_on: loaded.document_expiry_notification_on,
  balance_notification_on: loaded.balance_notification_on,
  flight_notification_on: loaded.flight_notification_on,
  message_notification_on: loaded.message_notification_on,
  operating_day_notification_on: loaded.operating_day_notification_on,
  version: loaded.version,
  ...over,
});

describe('profile/edit: GET /api/profile/person and PATCH /api/profile', () => {
  it('gives the signed-in person their own data, e-mail included, and 401 to an anonymous caller', async () => {
    const { status, body } = await platform.invoke('getMyPerson', { sub: pilot });
    const anonymous = await platform.invoke('getMyPerson', {});

    expect(status).toBe(200);
    expect(body.user_id).toBe('user-pilot');
    expect(body.email).toBe('pilot@demo.windsock.aero');
    expect(body.first_name).toBe('Anna');
    expect(body.last_name).toBe('Molnár');
    expect(typeof body.version).toBe('number');
    expect(anonymous.status).toBe(401);
  });

  it('saves the data, clears emptied fields, renames the profile, and logs the change for the person', async () => {
    // Prepare
    const loaded = (await platform.invoke('getMyPerson', { sub: student })).body;
    const first = await platform.invoke('updateMyPerson', {
      sub: student,
      body: personEdit(loaded, { phone: '+36 30 123 4567', birth_place: 'Vác', newsletter_on: true }),
    });

    // Act
    const second = await platform.invoke('updateMyPerson', {
      sub: student,
      body: personEdit(first.body, { first_name: 'Benedek', birth_place: null }),
    });
    const profile = await platform.invoke('getProfile', { sub: student });
    const actions = await platform.invoke('listMyActions', { sub: student });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.phone).toBe('+36 30 123 4567');
    expect(first.body.version).toBe(loaded.version + 1);
    expect(second.status).toBe(200);
    expect(second.body.birth_place).toBeNull();
    expect(second.body.phone).toBe('+36 30 123 4567');
    expect(second.body.newsletter_on).toBe(true);
    expect(second.body.email).toBe('student@demo.windsock.aero');
    expect(profile.body.user_name).toBe('Kiss Benedek');
    // The users list and the address book order members by this.
    const { db } = await import('../../functions/platform/db/service.ts');
    const membership = await db()
      .entities.membership.get({ user_id: 'user-student', organization_id: 'org-demo' })
      .go();
    expect(membership.data?.sort_name).toBe('kiss benedek');
    expect(actions.body.items[0]).toMatchObject({
      action: 'profile.update',
      target_type: 'person',
      target_id: 'user-student',
      organization_id: 'personal',
      acting_supervisor_id: null,
    });
    expect(actions.body.items[0].details.fields).toContain('birth_place');
  });

  it('answers a stale version with 409 and writes nothing', async () => {
    const loaded = (await platform.invoke('getMyPerson', { sub: operator })).body;
    const saved = await platform.invoke('updateMyPerson', {
      sub: operator,
      body: personEdit(loaded, { callsign: 'HA-4001' }),
    });

    const stale = await platform.invoke('updateMyPerson', {
      sub: operator,
      body: personEdit(loaded, { callsign: 'LOST' }),
    });
    const after = (await platform.invoke('getMyPerson', { sub: operator })).body;
    const actions = (await platform.invoke('listMyActions', { sub: operator })).body.items;

    expect(saved.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ code: 'conflict' });
    expect(after.callsign).toBe('HA-4001');
    expect(after.version).toBe(saved.body.version);
    expect(actions.filter((a: any) => a.action === 'profile.update')).toHaveLength(1);
  });

  it('reports each invalid field by its message key, and does not take the e-mail', async () => {
    const loaded = (await platform.invoke('getMyPerson', { sub: pilot })).body;

    const { status, body } = await platform.invoke('updateMyPerson', {
      sub: pilot,
      body: {
        ...personEdit(loaded),
        first_name: '  ',
        birth_date: '2026-02-30',
        phone: 'call me',
        profile_type: 'astronaut',
        version: -1,
        email: 'other@example.org',
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual({
      first_name: ['field_required'],
      birth_date: ['date_format'],
      phone: ['invalid_value'],
      profile_type: ['invalid_value'],
      version: ['too_small'],
      email: ['unknown_field'],
    });
  });
});

describe('profile/pilot-info-edit: GET, PATCH /api/profile/pilot-info', () => {
  const pilotInfo = (version: number, over: Record<string, unknown> = {}) => ({
    licences: [{ type: 'SPL', number: 'HU.FCL.SPL.01234', issued_at: '2019-05-02', valid_until: null }],
    medical_licence_number: 'HU-MED-778',
    medical_class: 'class2',
    medical_valid_until: '2027-03-31',
    fai_id: null,
    fai_level: 'silver',
    mrlsz_id: null,
    ratings: {
      sailplane: { exam_date: '2019-05-02', valid_until: null },
      aerobatics: { exam_date: null, valid_until: null },
    },
    version,
    ...over,
  });

  it('starts empty at version 0, creates on the first save and updates with the version', async () => {
    // Prepare
    const empty = await platform.invoke('getMyPilotInfo', { sub: supervisor });

    // Act
    const created = await platform.invoke('updateMyPilotInfo', { sub: supervisor, body: pilotInfo(0) });
    const updated = await platform.invoke('updateMyPilotInfo', {
      sub: supervisor,
      body: pilotInfo(created.body.version, { medical_valid_until: '2028-03-31', fai_level: null }),
    });
    const reloaded = await platform.invoke('getMyPilotInfo', { sub: supervisor });
    const actions = (await platform.invoke('listMyActions', { sub: supervisor })).body.items;

    // Assess
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ user_id: 'user-supervisor', licences: [], ratings: {}, version: 0 });
    expect(created.status).toBe(200);
    expect(created.body.version).toBe(1);
    expect(created.body.licences).toEqual([
      { type: 'SPL', number: 'HU.FCL.SPL.01234', issued_at: '2019-05-02', valid_until: null },
    ]);
    // A rating with no dates is not kept.
    expect(created.body.ratings).toEqual({ sailplane: { exam_date: '2019-05-02', valid_until: null } });
    expect(updated.body.version).toBe(2);
    expect(reloaded.body.medical_valid_until).toBe('2028-03-31');
    expect(reloaded.body.fai_level).toBeNull();
    expect(actions.map((a: any) => a.action).slice(0, 2)).toEqual(['pilot_info.update', 'pilot_info.update']);
  });

  it('answers a stale version (and a second first save) with 409 and writes nothing', async () => {
    const current = (await platform.invoke('getMyPilotInfo', { sub: supervisor })).body;

    const stale = await platform.invoke('updateMyPilotInfo', {
      sub: supervisor,
      body: pilotInfo(current.version - 1, { medical_licence_number: 'LOST' }),
    });
    const secondCreate = await platform.invoke('updateMyPilotInfo', {
      sub: supervisor,
      body: pilotInfo(0, { medical_licence_number: 'LOST' }),
    });
    const after = (await platform.invoke('getMyPilotInfo', { sub: supervisor })).body;

    expect(stale.status).toBe(409);
    expect(secondCreate.status).toBe(409);
    expect(after.medical_licence_number).toBe(current.medical_licence_number);
    expect(after.version).toBe(current.version);
  });

  it('reports invalid licences, dates and ratings by field path', async () => {
    const { status, body } = await platform.invoke('updateMyPilotInfo', {
      sub: student,
      body: pilotInfo(0, {
        licences: [{ type: 'ATPL', number: '', valid_until: '31.12.2027' }],
        medical_valid_until: '2027/01/01',
        ratings: { warp_drive: { exam_date: null } },
      }),
    });

    expect(status).toBe(422);
    expect(body.errors).toMatchObject({
      'licences.0.type': ['invalid_value'],
      'licences.0.number': ['field_required'],
      'licences.0.valid_until': ['date_format'],
      medical_valid_until: ['date_format'],
    });
    expect(Object.keys(body.errors).some((key) => key.startsWith('ratings'))).toBe(true);
  });
});

describe('profile/actions: GET /api/profile/actions', () => {
  it('pages through the person’s own actions, newest first, and never another person’s', async () => {
    // Prepare: three changes of the pilot's own data
    for (const callsign of ['AM1', 'AM2', 'AM3']) {
      const loaded = (await platform.invoke('getMyPerson', { sub: pilot })).body;
      await platform.invoke('updateMyPerson', { sub: pilot, body: personEdit(loaded, { callsign }) });
    }

    // Act
    const first = await platform.invoke('listMyActions', { sub: pilot, query: { limit: '2' } });
    const second = await platform.invoke('listMyActions', {
      sub: pilot,
      query: { limit: '2', cursor: first.body.cursor },
    });
    const others = await platform.invoke('listMyActions', { sub: operator });
    const rest = second.body.cursor
      ? await platform.invoke('listMyActions', { sub: pilot, query: { cursor: second.body.cursor } })
      : { body: { items: [] } };

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0].action).toBe('profile.update');
    expect(first.body.cursor).toEqual(expect.any(String));
    const all = [...first.body.items, ...second.body.items, ...rest.body.items];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((a: any) => a.action_id)).size).toBe(all.length);
    const times = all.map((a: any) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(others.body.items.every((a: any) => a.target_id === 'user-operator')).toBe(true);
  });

  it('refuses a garbled cursor and a page size out of range with field errors', async () => {
    const garbled = await platform.invoke('listMyActions', { sub: pilot, query: { cursor: 'not-a-cursor' } });
    const tooMany = await platform.invoke('listMyActions', { sub: pilot, query: { limit: '1000' } });

    expect(garbled.status).toBe(422);
    expect(garbled.body.errors).toEqual({ cursor: ['invalid_value'] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ limit: ['too_big'] });
  });
});

describe('the profile picture (avatar)', () => {
  const admin = subOf('admin@demo.windsock.aero');
  const alpine = subOf('admin@alpine.windsock.aero');
  // A 1×1 PNG.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  /** What the browser does: the presigned POST, the file to S3, then the API checks it. */
  async function upload(sub: string, bytes: Buffer, contentType = 'image/png') {
    const grant = await platform.invoke('createAvatarUpload', {
      sub,
      body: { name: 'en.png', content_type: contentType, size: bytes.length },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const form = new FormData();
    for (const [field, value] of Object.entries(grant.body.fields as Record<string, string>))
      form.append(field, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'en.png');
    expect((await fetch(grant.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return {
      key: grant.body.key as string,
      set: await platform.invoke('setAvatar', { sub, body: { key: grant.body.key } }),
    };
  }

  it('is uploaded to S3, checked, shown in the profile and to the club, replaced, and removed', async () => {
    const first = await upload(pilot, PNG);
    expect(first.set.status, JSON.stringify(first.set.body)).toBe(200);
    const shown = await fetch(first.set.body.avatar);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');

    const profile = await platform.invoke('getProfile', { sub: pilot });
    const member = await platform.invoke('getMember', { sub: admin, params: { user_id: 'user-pilot' } });
    const otherClub = await platform.invoke('getMember', { sub: alpine, params: { user_id: 'user-pilot' } });
    expect(profile.body.avatar).toContain(first.key);
    expect(member.body.person.profile_avatar).toContain(first.key);
    expect(otherClub.status).toBe(404);
    // The club's member list shows it in the pilot's row, from the same page read.
    const rowOf = async () =>
      (await platform.invoke('listMembers', { sub: admin, query: { q: 'pilot@demo' } })).body.items.find(
        (m: { user_id: string }) => m.user_id === 'user-pilot',
      );
    expect((await rowOf()).avatar).toContain(first.key);

    const second = await upload(pilot, PNG);
    expect(second.set.status).toBe(200);
    // The replaced picture is gone from S3.
    expect((await fetch(first.set.body.avatar)).status).toBe(404);

    const removed = await platform.invoke('removeAvatar', { sub: pilot });
    expect(removed.body).toEqual({ avatar: null });
    expect((await fetch(second.set.body.avatar)).status).toBe(404);
    expect((await platform.invoke('getMyPerson', { sub: pilot })).body.profile_avatar).toBeNull();
    expect((await rowOf()).avatar).toBeNull();
  });

  it('refuses what is not an image, a picture of someone else’s key and no file at all', async () => {
    const text = await upload(student, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const foreign = await platform.invoke('setAvatar', {
      sub: student,
      body: { key: 'person/user-pilot/avatar/00000000-0000-4000-8000-000000000000.png' },
    });
    const none = await platform.invoke('setAvatar', { sub: student, body: { key: '' } });
    const svgType = await platform.invoke('createAvatarUpload', {
      sub: student,
      body: { name: 'x.svg', content_type: 'image/svg+xml', size: 10 },
    });

    expect(text.set.status).toBe(422);
    expect(text.set.body.errors).toEqual({ file: ['could_not_upload_the_file'] });
    expect(foreign.status).toBe(422);
    expect(none.body.errors).toEqual({ key: ['please_select_a_file'] });
    expect(svgType.body.errors).toEqual({ content_type: ['could_not_upload_the_file'] });
    expect((await platform.invoke('getMyPerson', { sub: student })).body.profile_avatar).toBeNull();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, localS3ClientConfig, startS3 } from '../../bin/local/s3.ts';
import { addDays, todayIn } from '../../contracts/calendar.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Documents with expiry (issue 17 §1) through the API and the real upload path: a pilot's medical
 * from in progress to in force, read by the club's admin only while the pilot is an active member;
 * a renewal that keeps the old one as an earlier version; what a file really is decides; an aircraft
 * certificate that expires grounds the aircraft under the `ground` policy and its renewal frees it.
 */
const BUCKET = 'windsock-files-docs';
/** Tóth Katalin flies as a pilot and has no documents in the demo seed. */
const PILOT = subOf('operator@demo.windsock.aero');
const ADMIN = subOf('admin@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const TECHNICAL = subOf('technical@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');

/** The smallest file a PDF reader and our sniffer take for a PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let dir: string;
let s3: LocalS3;
let client: S3Client;
let platform: Platform;
const today = todayIn('Europe/Budapest');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-documents-'));
  s3 = await startS3({ dir, buckets: [BUCKET] });
  client = new S3Client(localS3ClientConfig(s3));
  Object.assign(process.env, {
    FILES_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
  });
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
  client?.destroy();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

type Where = { source_type: string; holder_id: string };

async function create(sub: string, where: Where, body: Record<string, unknown>) {
  const created = await platform.invoke('createDocument', { sub, params: where, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { document_id: string; version: number; phase: string };
}

/** What the browser does: a presigned POST, the fields and the file, then the API checks it. */
async function upload(
  sub: string,
  where: Where,
  documentId: string,
  name: string,
  bytes: Buffer,
  type = 'application/pdf',
) {
  const params = { ...where, document_id: documentId };
  const grant = await platform.invoke('createDocumentUpload', {
    sub,
    params,
    body: { name, content_type: type, size: bytes.length },
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.body.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const posted = await fetch(grant.body.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  const added = await platform.invoke('addDocumentFile', {
    sub,
    params,
    body: { key: grant.body.key, name },
  });
  return { key: grant.body.key as string, added };
}

async function inForce(sub: string, where: Where, body: Record<string, unknown>) {
  const doc = await create(sub, where, body);
  const { added } = await upload(sub, where, doc.document_id, 'scan.pdf', PDF);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const done = await platform.invoke('completeDocument', {
    sub,
    params: { ...where, document_id: doc.document_id },
    body: { version: added.body.version },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body as { document_id: string; state: string; version: number };
}

const exists = async (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

const pilotDocs = { source_type: 'person', holder_id: 'user-operator' };

describe("a pilot's medical", () => {
  let medicalId = '';

  it('is in progress until its file is uploaded, then valid, and the licence is still missing', async () => {
    const doc = await create(PILOT, pilotDocs, {
      document_type_id: 'medical',
      issue_date: addDays(today, -200),
      expiration_date: addDays(today, 300),
      no_expiry: false,
    });
    expect(doc.phase).toBe('in_progress');

    const early = await platform.invoke('completeDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: doc.document_id },
      body: { version: doc.version },
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ files: ['document_not_uploaded'] });

    const { added } = await upload(PILOT, pilotDocs, doc.document_id, 'medical.pdf', PDF);
    expect(added.status).toBe(200);
    expect(added.body.files).toEqual([
      expect.objectContaining({ name: 'medical.pdf', content_type: 'application/pdf' }),
    ]);
    const done = await platform.invoke('completeDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: doc.document_id },
      body: { version: added.body.version },
    });
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('valid');
    medicalId = doc.document_id;

    const own = await platform.invoke('searchDocuments', { sub: PILOT, body: {} });
    expect(own.status).toBe(200);
    expect(own.body.items.map((d: { document_id: string }) => d.document_id)).toEqual([medicalId]);
    expect(own.body.requirements).toEqual([
      expect.objectContaining({ requirement: 'medical', state: 'valid', document_id: medicalId }),
      expect.objectContaining({ requirement: 'licence', state: 'missing', document_id: null }),
    ]);
  });

  it("is read by the club's admin, not by another member nor by another club", async () => {
    const admin = await platform.invoke('listDocuments', { sub: ADMIN, params: pilotDocs });
    expect(admin.status).toBe(200);
    expect(admin.body.holder.name).toBe('Tóth Katalin');
    expect(admin.body.items[0]).toMatchObject({ document_id: medicalId, state: 'valid', can_edit: true });

    const members = await platform.invoke('listMemberDocuments', { sub: ADMIN });
    const katalin = members.body.items.find((m: { holder_id: string }) => m.holder_id === 'user-operator');
    expect(katalin.requirements.map((r: { state: string }) => r.state)).toEqual(['valid', 'missing']);

    expect((await platform.invoke('listDocuments', { sub: STUDENT, params: pilotDocs })).status).toBe(403);
    expect((await platform.invoke('listDocuments', { sub: ALPINE_ADMIN, params: pilotDocs })).status).toBe(
      404,
    );
    expect(
      (
        await platform.invoke('getDocument', {
          sub: ALPINE_ADMIN,
          params: { ...pilotDocs, document_id: medicalId },
        })
      ).status,
    ).toBe(404);
  });

  it('hands out a short-lived link that serves the PDF as a download', async () => {
    const doc = await platform.invoke('getDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: medicalId },
    });
    const fileId = doc.body.document.files[0].file_id;
    const link = await platform.invoke('getDocumentFile', {
      sub: ADMIN,
      params: { ...pilotDocs, document_id: medicalId, file_id: fileId },
    });
    expect(link.status).toBe(200);
    expect(link.body.inline).toBe(false);
    const served = await fetch(link.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('renewed, replaces the old one, which stays viewable and read-only', async () => {
    const renewed = await inForce(PILOT, pilotDocs, {
      document_type_id: 'medical',
      issue_date: today,
      expiration_date: addDays(today, 700),
      no_expiry: false,
    });
    const detail = await platform.invoke('getDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: renewed.document_id },
    });
    expect(detail.body.document.replaces).toBe(medicalId);
    expect(detail.body.versions).toEqual([
      expect.objectContaining({
        document_id: medicalId,
        state: 'replaced',
        phase: 'replaced',
        can_edit: false,
      }),
    ]);
    const old = await platform.invoke('getDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: medicalId },
    });
    const edit = await platform.invoke('updateDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: medicalId },
      body: { expiration_date: addDays(today, 10), no_expiry: false, version: old.body.document.version },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('not_editable');

    const list = await platform.invoke('listDocuments', { sub: PILOT, params: pilotDocs });
    expect(list.body.items.map((d: { document_id: string }) => d.document_id)).toEqual([renewed.document_id]);

    // Removing the renewal makes the earlier one current again.
    const removed = await platform.invoke('deleteDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: renewed.document_id },
    });
    expect(removed.status).toBe(204);
    const back = await platform.invoke('getDocument', {
      sub: PILOT,
      params: { ...pilotDocs, document_id: medicalId },
    });
    expect(back.body.document).toMatchObject({ phase: 'active', replaced_by: null, state: 'valid' });
  });

  it('refuses a text file named .pdf and deletes it', async () => {
    const doc = await create(PILOT, pilotDocs, { document_type_id: 'other', no_expiry: true });
    const { key, added } = await upload(
      PILOT,
      pilotDocs,
      doc.document_id,
      'fake.pdf',
      Buffer.from('<html>hi</html>'),
    );
    expect(added.status).toBe(422);
    expect(added.body.errors).toEqual({ file: ['file_not_accepted'] });
    expect(await exists(key)).toBe(false);
  });

  it('refuses a type that does not belong to a person, and dates that disagree', async () => {
    const plane = await platform.invoke('createDocument', {
      sub: PILOT,
      params: pilotDocs,
      body: {
        document_type_id: 'airworthiness_certificate',
        expiration_date: '2027-01-01',
        no_expiry: false,
      },
    });
    expect(plane.status).toBe(422);
    expect(plane.body.errors).toEqual({ document_type_id: ['invalid_value'] });
    const dates = await platform.invoke('createDocument', {
      sub: PILOT,
      params: pilotDocs,
      body: { document_type_id: 'medical', no_expiry: false },
    });
    expect(dates.status).toBe(422);
    expect(dates.body.errors).toEqual({ expiration_date: ['field_required'] });
  });

  it('is out of the club’s reach once the pilot is suspended (the consent gate)', async () => {
    const member = await platform.invoke('getMember', { sub: ADMIN, params: { user_id: 'user-student' } });
    const suspended = await platform.invoke('setMemberStatus', {
      sub: ADMIN,
      params: { user_id: 'user-student' },
      body: { status: 'suspended', version: member.body.membership.version },
    });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const read = await platform.invoke('listDocuments', {
      sub: ADMIN,
      params: { source_type: 'person', holder_id: 'user-student' },
    });
    expect(read.status).toBe(404);
  });
});

describe('aircraft certificates', () => {
  const plane = { source_type: 'plane', holder_id: 'plane-ha-4370' };
  const status = async () =>
    (await platform.invoke('getPlane', { sub: TECHNICAL, params: { id: 'plane-ha-4370' } })).body.status;

  it('ground the aircraft while one is expired under the ground policy, and the renewal frees it', async () => {
    const org = await platform.invoke('getOwnOrganization', { sub: ADMIN });
    const policy = await platform.invoke('updateOwnOrganization', {
      sub: ADMIN,
      body: {
        organization_name: org.body.organization_name,
        short_name: org.body.short_name,
        timezone: org.body.timezone,
        certificate_expiry_policy: 'ground',
        version: org.body.version,
      },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    expect(await status()).toBe('functional');

    await inForce(TECHNICAL, plane, {
      document_type_id: 'airworthiness_certificate',
      issue_date: addDays(today, -400),
      expiration_date: addDays(today, -3),
      no_expiry: false,
    });
    expect(await status()).toBe('inoperable');
    const overview = await platform.invoke('listPlaneDocuments', { sub: TECHNICAL });
    expect(overview.body.policy).toBe('ground');
    const row = overview.body.items.find((p: { holder_id: string }) => p.holder_id === 'plane-ha-4370');
    expect(
      row.requirements.map((r: { requirement: string; state: string }) => [r.requirement, r.state]),
    ).toEqual([
      ['airworthiness_certificate', 'expired'],
      ['registration_certificate', 'missing'],
      ['insurance', 'missing'],
    ]);

    await inForce(TECHNICAL, plane, {
      document_type_id: 'airworthiness_certificate',
      issue_date: today,
      expiration_date: addDays(today, 365),
      no_expiry: false,
    });
    expect(await status()).toBe('functional');
  });

  it('are not for a pilot to change, nor for another club to read', async () => {
    const write = await platform.invoke('createDocument', {
      sub: PILOT,
      params: plane,
      body: { document_type_id: 'insurance', expiration_date: '2027-01-01', no_expiry: false },
    });
    expect(write.status).toBe(403);
    expect((await platform.invoke('listDocuments', { sub: ALPINE_ADMIN, params: plane })).status).toBe(404);
  });
});

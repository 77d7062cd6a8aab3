import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, localS3ClientConfig, startS3 } from '../../bin/local/s3.ts';
import { DEMO_FAULTS } from '../../bin/local/seed-faults.ts';
import { faultStore } from '../../functions/aircraft/fault-store.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Fault photos through the real upload path: a presigned POST to the local S3 (which holds it to
 * its policy, as S3 does), then the server's check of what arrived — a real JPEG is added to the
 * fault and served as what it is, a text file or an SVG named .jpg is deleted and refused with a
 * message key (issue 11 §7).
 */
const BUCKET = 'windsock-files-test';
const PILOT = subOf('pilot@demo.windsock.aero');
const TECHNICAL = subOf('technical@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');

let dir: string;
let s3: LocalS3;
let client: S3Client;
let platform: Platform;
let faultId: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-fault-photos-'));
  s3 = await startS3({ dir, buckets: [BUCKET] });
  client = new S3Client(localS3ClientConfig(s3));
  // Read by the handlers' environment when startPlatform resets it.
  Object.assign(process.env, {
    FILES_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_LOCAL_SECRET: s3.credentials.secretAccessKey,
  });
  platform = await startPlatform();
  const created = await platform.invoke('createFault', {
    sub: PILOT,
    body: { plane_id: 'plane-ha-4455', severity: 'major', description: 'Kabintető-zár szorul' },
  });
  faultId = created.body.fault_id;
});
afterAll(async () => {
  await platform?.close();
  client?.destroy();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

/** What the browser does: ask for a presigned POST, post the fields and the file, tell the API. */
async function upload(sub: string, name: string, bytes: Buffer, contentType = 'image/jpeg') {
  const grant = await platform.invoke('createFaultPhotoUpload', {
    sub,
    params: { id: faultId },
    body: { name, content_type: contentType, size: bytes.length },
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.body.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), name);
  const posted = await fetch(grant.body.url, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  const added = await platform.invoke('addFaultPhoto', {
    sub,
    params: { id: faultId },
    body: { key: grant.body.key, name },
  });
  return { key: grant.body.key as string, fields: grant.body.fields as Record<string, string>, added };
}

const exists = async (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

describe('fault photos', () => {
  it('hands out a presigned POST scoped to the fault, an image type and 10 MB', async () => {
    // Act
    const grant = await platform.invoke('createFaultPhotoUpload', {
      sub: PILOT,
      params: { id: faultId },
      body: { name: 'IMG_2041.HEIC', content_type: 'image/heic', size: 2_400_000 },
    });

    // Assess
    expect(grant.status).toBe(200);
    expect(grant.body.key).toMatch(new RegExp(`^org/org-demo/faults/${faultId}/[0-9a-f-]{36}\\.heic$`));
    const policy = JSON.parse(Buffer.from(grant.body.fields.Policy, 'base64').toString());
    // Exactly the declared photo type (checked again by the bytes after the upload).
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/heic']);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
  });

  it('adds a real JPEG and gives it back as a presigned GET', async () => {
    // Prepare
    const jpeg = await readFile(new URL('../fixtures/fault-photo.jpg', import.meta.url));

    // Act
    const { key, added } = await upload(PILOT, 'kabinteto.jpg', jpeg);
    const read = await platform.invoke('getFault', { sub: TECHNICAL, params: { id: faultId } });
    const image = await fetch(read.body.photos[0].url);

    // Assess
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.photos).toEqual([
      expect.objectContaining({ key, name: 'kabinteto.jpg', size: jpeg.length, content_type: 'image/jpeg' }),
    ]);
    expect(read.body.photo_count).toBe(1);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('serves a photo as what its bytes are, inline, with nosniff and a sandbox, whatever was declared', async () => {
    // Prepare: a JPEG the browser declared and named as a PNG.
    const jpeg = await readFile(new URL('../fixtures/fault-photo.jpg', import.meta.url));

    // Act
    const { key, added } = await upload(PILOT, 'szárny.png', jpeg, 'image/png');
    const photo = added.body.photos.find((p: { key: string }) => p.key === key);
    const image = await fetch(photo.url);
    const stored = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

    // Assess
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(photo.content_type).toBe('image/jpeg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('content-disposition')).toBe(
      `inline; filename="sz_rny.jpg"; filename*=UTF-8''sz%C3%A1rny.jpg`,
    );
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    // The stored object says so too, not only the download.
    expect(stored.ContentType).toBe('image/jpeg');
  });

  it('refuses an SVG: declared as one at the presign, and named .jpg after the upload', async () => {
    // Prepare
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>');

    // Act
    const declared = await platform.invoke('createFaultPhotoUpload', {
      sub: PILOT,
      params: { id: faultId },
      body: { name: 'wing.svg', content_type: 'image/svg+xml', size: svg.length },
    });
    const disguised = await upload(PILOT, 'wing.jpg', svg, 'image/jpeg');

    // Assess
    expect(declared.status).toBe(422);
    expect(declared.body.errors).toEqual({ name: ['invalid_value'], content_type: ['invalid_value'] });
    expect(disguised.added.status).toBe(422);
    expect(disguised.added.body.errors).toEqual({ file: ['photo_not_an_image'] });
    expect(await exists(disguised.key)).toBe(false);
  });

  it('deletes a text file named .jpg and refuses it with a message key', async () => {
    // Act
    const { key, added } = await upload(PILOT, 'not-a-photo.jpg', Buffer.from('hello, I am only text\n'));
    const read = await platform.invoke('getFault', { sub: PILOT, params: { id: faultId } });

    // Assess
    expect(added.status).toBe(422);
    expect(added.body.errors).toEqual({ file: ['photo_not_an_image'] });
    expect(await exists(key)).toBe(false);
    expect(read.body.photos.map((p: { key: string }) => p.key)).not.toContain(key);
  });

  it("refuses a key outside the fault's folder and another member's upload", async () => {
    // Act
    const foreign = await platform.invoke('addFaultPhoto', {
      sub: PILOT,
      params: { id: faultId },
      body: {
        key: `org/org-demo/faults/${DEMO_FAULTS.vario}/00000000-0000-4000-8000-000000000000.jpg`,
        name: 'x.jpg',
      },
    });
    const stranger = await platform.invoke('createFaultPhotoUpload', {
      sub: STUDENT,
      params: { id: faultId },
      body: { name: 'x.jpg', content_type: 'image/jpeg', size: 100 },
    });
    const tooBig = await platform.invoke('createFaultPhotoUpload', {
      sub: PILOT,
      params: { id: faultId },
      body: { name: 'x.jpg', content_type: 'image/jpeg', size: 11 * 1024 * 1024 },
    });
    const notImage = await platform.invoke('createFaultPhotoUpload', {
      sub: PILOT,
      params: { id: faultId },
      body: { name: 'x.pdf', content_type: 'application/pdf', size: 100 },
    });

    // Assess
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ key: ['invalid_value'] });
    expect(stranger.status).toBe(403);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ size: ['too_big'] });
    expect(notImage.body.errors).toEqual({ name: ['invalid_value'], content_type: ['invalid_value'] });
  });

  it('refuses a ninth photo in the write itself (the list check is not the only guard)', async () => {
    // Prepare
    const photo = (n: number) => ({ key: `k${n}`, name: `${n}.jpg`, size: 1, content_type: 'image/jpeg' });
    const { data: full } = await db()
      .entities.fault.create({
        organization_id: 'org-demo',
        fault_id: 'fault-full',
        plane_id: 'plane-ha-4455',
        reg_num: 'HA-4455',
        description: 'x',
        severity: 'minor',
        reported_by: 'user-pilot',
        reported_by_name: 'Molnár Anna',
        photos: Array.from({ length: 8 }, (_, n) => photo(n)),
      })
      .go();
    const actor = { userId: 'user-pilot', organizationId: 'org-demo', actingSupervisorId: null };
    const audit = { action: 'fault.photo_add' as const, target_type: 'fault', target_id: 'fault-full' };

    // Act
    const results = await Promise.allSettled([
      faultStore.appendPhoto(actor, 'org-demo', full.fault_id, photo(9), audit),
      faultStore.appendPhoto(actor, 'org-demo', full.fault_id, photo(10), audit),
    ]);

    // Assess
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: { status: 409 } });
    expect((await faultStore.fault('org-demo', 'fault-full'))?.photos).toHaveLength(8);
  });
});

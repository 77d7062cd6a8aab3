import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, localS3ClientConfig, startS3 } from '../../bin/local/s3.ts';

const BUCKET = 'windsock-documents';

let dir: string;
let s3: LocalS3;
let client: S3Client;

async function download(key: string, from = client): Promise<Buffer> {
  const { Body } = await from.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await Body!.transformToByteArray());
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'windsock-s3-'));
  s3 = await startS3({ dir, port: 0, buckets: [BUCKET, 'windsock-uploads'] });
  client = new S3Client(localS3ClientConfig(s3));
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('local S3', () => {
  it('creates the configured buckets', async () => {
    // Act
    const head = client.send(new HeadBucketCommand({ Bucket: 'windsock-uploads' }));

    // Assess
    await expect(head).resolves.toBeDefined();
  });

  it('returns a binary body byte for byte', async () => {
    // Prepare
    const body = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(64 * 1024),
    ]);

    // Act
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'medical/scan.pdf',
        Body: body,
        ContentType: 'application/pdf',
      }),
    );
    const { ContentType } = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'medical/scan.pdf' }),
    );

    // Assess
    expect((await download('medical/scan.pdf')).equals(body)).toBe(true);
    expect(ContentType).toBe('application/pdf');
  });

  it('stores a streamed upload uncorrupted', async () => {
    // Prepare
    const parts = [randomBytes(100_000), randomBytes(50_000)];

    // Act
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'streamed.bin',
        Body: Readable.from(parts),
        ContentLength: 150_000,
      }),
    );

    // Assess
    expect((await download('streamed.bin')).equals(Buffer.concat(parts))).toBe(true);
  });

  it('accepts a browser upload through a presigned POST', async () => {
    // Prepare
    const { url, fields } = await createPresignedPost(client, {
      Bucket: BUCKET,
      Key: 'uploads/photo.jpg',
      Conditions: [['content-length-range', 0, 1_000_000]],
      Expires: 60,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([Buffer.from('jpeg bytes')]), 'photo.jpg');

    // Act
    const response = await fetch(url, { method: 'POST', body: form });

    // Assess
    expect(response.status).toBeLessThan(300);
    expect((await download('uploads/photo.jpg')).toString()).toBe('jpeg bytes');
  });

  it('keeps buckets and objects across a restart', async () => {
    // Prepare
    const restartDir = await mkdtemp(join(tmpdir(), 'windsock-s3-restart-'));
    const first = await startS3({ dir: restartDir, buckets: [BUCKET] });
    const one = new S3Client(localS3ClientConfig(first));
    await one.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'kept.txt', Body: 'still here' }));
    one.destroy();
    await first.close();

    // Act
    const second = await startS3({ dir: restartDir, buckets: [BUCKET] });
    const two = new S3Client(localS3ClientConfig(second));
    const body = await download('kept.txt', two);
    two.destroy();
    await second.close();
    await rm(restartDir, { recursive: true, force: true });

    // Assess
    expect(body.toString()).toBe('still here');
  });
});

describe('local S3 is not an open door (issue 11 §9)', () => {
  /** A browser's form post with the presigned fields, some of them changed. */
  async function post(
    url: string,
    fields: Record<string, string>,
    file: Buffer,
    change: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, ...change })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)]), 'photo.jpg');
    const response = await fetch(url, { method: 'POST', body: form });
    return { status: response.status, body: await response.text() };
  }

  const grant = (expires = 60) =>
    createPresignedPost(client, {
      Bucket: BUCKET,
      Key: 'org/o1/faults/f1/photo.jpg',
      Conditions: [
        ['eq', '$Content-Type', 'image/jpeg'],
        ['content-length-range', 1, 100],
      ],
      Fields: { 'Content-Type': 'image/jpeg' },
      Expires: expires,
    });

  it('holds a browser upload to its signed policy: key, content type, size, fields, expiry', async () => {
    // Prepare
    const { url, fields } = await grant();
    const expired = await grant(-1);
    const tampered = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString());
    tampered.conditions = tampered.conditions.map((c: unknown) =>
      typeof c === 'object' && c && 'key' in c ? { key: 'org/o2/x.jpg' } : c,
    );

    // Act
    const attempts = {
      anotherOrganization: await post(url, fields, Buffer.from('x'), { key: 'org/o2/faults/f9/photo.jpg' }),
      anotherType: await post(url, fields, Buffer.from('x'), { 'Content-Type': 'image/svg+xml' }),
      tooLarge: await post(url, fields, randomBytes(101)),
      extraField: await post(url, fields, Buffer.from('x'), { 'x-amz-meta-owner': 'me' }),
      expired: await post(expired.url, expired.fields, Buffer.from('x')),
      rewrittenPolicy: await post(url, fields, Buffer.from('x'), {
        key: 'org/o2/x.jpg',
        Policy: Buffer.from(JSON.stringify(tampered)).toString('base64'),
      }),
      asGranted: await post(url, fields, Buffer.from('jpeg bytes')),
    };

    // Assess
    expect(Object.fromEntries(Object.entries(attempts).map(([name, r]) => [name, r.status]))).toEqual({
      anotherOrganization: 403,
      anotherType: 403,
      tooLarge: 403,
      extraField: 403,
      expired: 403,
      rewrittenPolicy: 403,
      asGranted: 204,
    });
    expect(attempts.anotherOrganization.body).toContain('<Code>AccessDenied</Code>');
    expect(await download('org/o1/faults/f1/photo.jpg').then(String)).toBe('jpeg bytes');
    await expect(download('org/o2/faults/f9/photo.jpg')).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(download('org/o2/x.jpg')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it.each([
    ['a parent segment', 'org/o1/../../escape.txt'],
    ['an encoded parent segment', 'org/o1/%2e%2e/%2E%2E/escape.txt'],
    ['a dot segment', 'org/./o1/x.txt'],
    ['a backslash', 'org\\..\\escape.txt'],
    ['a control character', 'org/o1/x%00.txt'],
  ])('refuses a key with %s, signed or in a form', async (_, key) => {
    // Prepare
    const { url, fields } = await createPresignedPost(client, {
      Bucket: BUCKET,
      Key: 'org/o1/ok.txt',
      Expires: 60,
    });

    // Act
    const put = await client
      .send(new PutObjectCommand({ Bucket: BUCKET, Key: decodeURIComponent(key), Body: 'x' }))
      .then(
        () => 200,
        (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
      );
    // As sent, not as a URL parser would normalize it (fetch drops `..` and turns `\\` into `/`).
    const raw = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(s3.endpoint);
      const req = request({ hostname, port, method: 'PUT', path: `/${BUCKET}/${key}` }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('x');
    });
    const form = await post(url, fields, Buffer.from('x'), { key: decodeURIComponent(key) });

    // Assess
    expect([put, raw, form.status]).toEqual([400, 400, 403]);
    expect(existsSync(join(dirname(dir), 'escape.txt'))).toBe(false);
    expect(existsSync(join(dir, 'escape.txt'))).toBe(false);
  });

  it('refuses requests without a valid signature: anonymous, a guessed secret, an expired presign', async () => {
    // Prepare
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'org/o1/secret.txt', Body: 'private' }));
    const guessed = new S3Client({
      ...localS3ClientConfig(s3),
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

    // Act
    const anonymous = await fetch(`${s3.endpoint}/${BUCKET}/org/o1/secret.txt`);
    const anonymousWrite = await fetch(`${s3.endpoint}/${BUCKET}/org/o1/secret.txt`, {
      method: 'PUT',
      body: 'mine',
    });
    const withGuess = await guessed
      .send(new GetObjectCommand({ Bucket: BUCKET, Key: 'org/o1/secret.txt' }))
      .then(
        () => 200,
        (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
      );
    guessed.destroy();

    // Assess
    expect([anonymous.status, anonymousWrite.status, withGuess]).toEqual([403, 403, 403]);
    expect((await download('org/o1/secret.txt')).toString()).toBe('private');
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  client = new S3Client(localS3ClientConfig(s3.endpoint));
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
    const one = new S3Client(localS3ClientConfig(first.endpoint));
    await one.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'kept.txt', Body: 'still here' }));
    one.destroy();
    await first.close();

    // Act
    const second = await startS3({ dir: restartDir, buckets: [BUCKET] });
    const two = new S3Client(localS3ClientConfig(second.endpoint));
    const body = await download('kept.txt', two);
    two.destroy();
    await second.close();
    await rm(restartDir, { recursive: true, force: true });

    // Assess
    expect(body.toString()).toBe('still here');
  });
});

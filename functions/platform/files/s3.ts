import type * as S3Sdk from '@aws-sdk/client-s3';
import { env } from '../config/env.ts';

/**
 * The files bucket (DESIGN §6): browsers upload straight to S3 with a presigned POST scoped to one
 * key, the API checks the object after the upload (s3rver does not enforce POST policies, and a
 * content type is only the browser's claim), and reads go out as short-lived presigned GETs.
 *
 * The SDK is loaded on first use, not at cold start: most requests of a domain never touch a file.
 */
interface Loaded {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
  /** `http://127.0.0.1:4569` locally; unset in AWS. */
  endpoint: string | undefined;
  region: string;
}

let loaded: { identity: string; value: Promise<Loaded> } | undefined;

const s3 = (): Promise<Loaded> => {
  const { S3_ENDPOINT: endpoint, AWS_REGION: region } = env();
  const identity = `${endpoint ?? ''}|${region}`;
  // Tests start S3 on a new port per file: a changed endpoint gets a new client.
  if (loaded?.identity !== identity) {
    const value = import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      endpoint,
      region,
      client: new sdk.S3Client(
        endpoint
          ? {
              endpoint,
              region,
              forcePathStyle: true,
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
              // s3rver stores the aws-chunked framing of a checksummed upload as the content (DESIGN §11).
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
            }
          : { region },
      ),
    }));
    loaded = { identity, value };
  }
  return loaded.value;
};

const bucket = () => {
  const name = env().FILES_BUCKET;
  if (!name) throw new Error('FILES_BUCKET is not set');
  return name;
};

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * A browser upload of exactly one object: the key is fixed, the content type must start with
 * `contentTypePrefix`, the size must be within 1..maxBytes (S3 enforces these; s3rver does not).
 */
export async function presignedPost(options: {
  key: string;
  contentType: string;
  contentTypePrefix: string;
  maxBytes: number;
  expiresSeconds?: number;
}): Promise<PresignedPost> {
  const [{ client }, { createPresignedPost }] = await Promise.all([
    s3(),
    import('@aws-sdk/s3-presigned-post'),
  ]);
  const { url, fields } = await createPresignedPost(client, {
    Bucket: bucket(),
    Key: options.key,
    Conditions: [
      ['starts-with', '$Content-Type', options.contentTypePrefix],
      ['content-length-range', 1, options.maxBytes],
    ],
    Fields: { 'Content-Type': options.contentType },
    Expires: options.expiresSeconds ?? 600,
  });
  return { url, fields };
}

/** A GET of one object that works for `expiresSeconds` without credentials (an <img src>). */
export async function presignedGetUrl(key: string, expiresSeconds = 900): Promise<string> {
  const [{ client, endpoint, region }, { SignatureV4 }] = await Promise.all([
    s3(),
    import('@smithy/signature-v4'),
  ]);
  const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
  const base = endpoint
    ? new URL(`${endpoint.replace(/\/$/, '')}/${bucket()}${path}`)
    : new URL(`https://${bucket()}.s3.${region}.amazonaws.com${path}`);
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: client.config.credentials,
    sha256: client.config.sha256,
    // The path is encoded once above; S3 signs it as sent.
    uriEscapePath: false,
    applyChecksum: false,
  });
  // S3 signs presigned GETs with an unsigned payload; the header only tells the signer so.
  const contentHash = 'x-amz-content-sha256';
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: base.protocol,
      hostname: base.hostname,
      ...(base.port && { port: Number(base.port) }),
      path: base.pathname,
      query: {},
      headers: { host: base.host, [contentHash]: 'UNSIGNED-PAYLOAD' },
    },
    {
      expiresIn: expiresSeconds,
      unsignableHeaders: new Set([contentHash]),
      unhoistableHeaders: new Set([contentHash]),
    },
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== null) query.append(name, item);
  }
  return `${base.origin}${base.pathname}?${query.toString()}`;
}

/** The object's size, or null when there is none under the key. */
export async function objectSize(key: string): Promise<number | null> {
  const { sdk, client } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The first `count` bytes of an object (a ranged GET: a 10 MB photo is not read to check its type). */
export async function objectStart(key: string, count: number): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const { Body } = await client.send(
    new sdk.GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${count - 1}` }),
  );
  const bytes = Body ? await Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, count);
}

export async function deleteObject(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

const isMissing = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

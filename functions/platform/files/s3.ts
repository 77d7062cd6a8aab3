import type * as S3Sdk from '@aws-sdk/client-s3';
import { FILE_KEY_PREFIXES, type FileType } from '../../../contracts/file-types.ts';
import { env } from '../config/env.ts';

/**
 * The files bucket (docs/ARCHITECTURE.md "Files"): browsers upload straight to S3 with a presigned POST scoped to one
 * key and one declared type, the API checks the object after the upload (a content type is only the
 * browser's claim) and stores it under the type its bytes show, and reads go out as short-lived
 * presigned GETs that name the Content-Type and Content-Disposition S3 answers with (issue 11 §7).
 *
 * In AWS those GETs go through the web app's CloudFront at `/<prefix>/…` (relative URLs, same
 * origin), which adds FILE_RESPONSE_HEADERS (nosniff, a sandboxing CSP) that S3 itself cannot;
 * locally the local S3 adds them (bin/local/s3.ts).
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
              // The local S3 checks signatures against a secret it makes at each start (bin/local/s3.ts).
              credentials: { accessKeyId: 'local', secretAccessKey: env().S3_LOCAL_SECRET ?? 'local' },
              // s3rver stores the aws-chunked framing of a checksummed upload as the content (docs/ARCHITECTURE.md "The local stack").
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

interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * A browser upload of exactly one object: the key is fixed, the content type is the one declared
 * (which the caller has checked against the feature's list), the size within 1..maxBytes (S3
 * enforces the policy; so does the local S3).
 */
export async function presignedPost(options: {
  key: string;
  contentType: string;
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
      ['eq', '$Content-Type', options.contentType],
      ['content-length-range', 1, options.maxBytes],
    ],
    Fields: { 'Content-Type': options.contentType },
    Expires: options.expiresSeconds ?? 600,
  });
  return { url, fields };
}

/** How a download is answered: the sniffed type and the disposition (see contentDisposition()). */
interface ServeAs {
  contentType: FileType;
  contentDisposition: string;
}

/**
 * A GET of one object that works for `expiresSeconds` without credentials (an <img src>), answered
 * with the given Content-Type and Content-Disposition whatever the object's metadata says. In AWS a
 * path on the web app's origin (CloudFront `/<prefix>/*`); locally the local S3's URL.
 */
export async function presignedGetUrl(key: string, serveAs: ServeAs, expiresSeconds = 900): Promise<string> {
  const [{ client, endpoint, region }, { SignatureV4 }] = await Promise.all([
    s3(),
    import('@smithy/signature-v4'),
  ]);
  if (!FILE_KEY_PREFIXES.some((prefix) => key.startsWith(`${prefix}/`)))
    throw new Error('a file key outside the served prefixes');
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
      // S3 answers with these instead of the stored metadata (signed, so nobody can change them).
      query: {
        'response-content-type': serveAs.contentType,
        'response-content-disposition': serveAs.contentDisposition,
      },
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
  // Percent-encoded as SigV4 canonicalizes it (RFC 3986), which S3 and the local S3 both accept.
  const search = query.toString().replace(/\+/g, '%20');
  return endpoint ? `${base.origin}${base.pathname}?${search}` : `${base.pathname}?${search}`;
}

/**
 * Stores the object under the type its bytes show (issue 11 §7: never the uploader's declared
 * type): a copy onto itself with the metadata replaced.
 */
export async function storeAs(key: string, serveAs: ServeAs): Promise<void> {
  const { sdk, client } = await s3();
  const Bucket = bucket();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket,
      Key: key,
      CopySource: `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: serveAs.contentType,
      ContentDisposition: serveAs.contentDisposition,
    }),
  );
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

/** Stores bytes under a key as the given type: the demo seed's files (users upload with presigned POSTs). */
export async function putObject(key: string, body: Uint8Array, serveAs: ServeAs): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: serveAs.contentType,
      ContentDisposition: serveAs.contentDisposition,
    }),
  );
}

/** Whether this stage has a files bucket (the tests without a local S3 have none). */
export const hasFilesBucket = () => env().FILES_BUCKET !== '';

export async function deleteObject(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

const isMissing = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

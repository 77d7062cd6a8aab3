/**
 * Local S3: s3rver storing objects under a directory, with the buckets created on start, behind a
 * small front server that does what s3rver leaves out and real S3 does (issue 11 §7, §9):
 *
 * - every request is SigV4-signed (header or presigned query) with the credentials this instance
 *   makes at start (s3rver lets anonymous requests through and does not check SigV4 at all);
 * - a browser's POST upload is held to its signed policy: expiry, bucket, the exact key (or its
 *   prefix), the content type and the size range (s3rver ignores the policy);
 * - keys with `.` or `..` segments, backslashes or control characters are refused (s3rver would
 *   store them as paths under its directory);
 * - an object's GET answers with FILE_RESPONSE_HEADERS, which CloudFront adds in AWS, and with the
 *   Content-Type/Content-Disposition the presigned URL names (s3rver does that part).
 *
 * FOR ONE DEVELOPER'S MACHINE ONLY: it listens on 127.0.0.1 and keeps everything on disk in clear.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { FILE_RESPONSE_HEADERS } from '../../contracts/file-types.ts';
import { signingKey, verifySigV4 } from './sigv4.ts';

export interface LocalS3 {
  endpoint: string;
  /** What a client of this instance signs with (the secret is made at each start). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

interface StartS3Options {
  dir: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  buckets: string[];
}

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs?: string[] }[];
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};

/** The access key id every local S3 client uses; s3rver only needs to know it exists. */
const ACCESS_KEY_ID = 'local';
DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY_ID, 'checked-by-the-front-server');

/** A browser upload larger than this is refused before its policy is read (S3 allows 5 GB; we need 10 MB). */
const MAX_POST_BYTES = 64 * 1024 * 1024;
/** S3's own key length limit, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

/**
 * The browser uploads with a presigned POST straight to this server (another port than the web
 * app) and shows photos from presigned GETs, as from the cloud bucket (lib/data-stack.ts `cors`).
 */
const BROWSER_CORS = `<CORSConfiguration><CORSRule>
<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startS3(opts: StartS3Options): Promise<LocalS3> {
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.dir, { recursive: true });
  const credentials = { accessKeyId: ACCESS_KEY_ID, secretAccessKey: randomBytes(24).toString('base64url') };
  const backend = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: opts.dir,
    silent: true,
    // Existing buckets and their objects are kept.
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [BROWSER_CORS] })),
  });
  const { port: backendPort } = await backend.run();
  const secretOf = (keyId: string) =>
    keyId === credentials.accessKeyId ? credentials.secretAccessKey : undefined;

  const sockets = new Set<Socket>();
  const front = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('local s3:', error);
      if (!res.headersSent) refuse(res, 500, 'InternalError', 'We encountered an internal error.');
      else res.destroy();
    });
  });
  front.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = req.url ?? '/';
    const at = raw.indexOf('?');
    const path = at < 0 ? raw : raw.slice(0, at);
    const query = at < 0 ? '' : raw.slice(at + 1);
    const [, bucketPart = '', ...keyParts] = path.split('/');
    const key = keyParts.length > 0 ? safeDecode(keyParts.join('/')) : '';
    if (key === null || (key !== '' && !isSafeKey(key)))
      return refuse(res, 400, 'InvalidArgument', 'The key is not one this server stores.');
    const copySource = req.headers['x-amz-copy-source'];
    if (typeof copySource === 'string') {
      const source = safeDecode(copySource.replace(/^\//, '').split('?')[0] ?? '');
      if (source === null || !isSafeKey(source.slice(source.indexOf('/') + 1)))
        return refuse(res, 400, 'InvalidArgument', 'The copy source is not a key this server stores.');
    }
    // CORS preflights carry no credentials, as with S3.
    if (req.method === 'OPTIONS') return proxy(req, res, undefined, false);

    const formUpload =
      req.method === 'POST' &&
      keyParts.length === 0 &&
      query === '' &&
      /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (formUpload) {
      const body = await readBody(req, MAX_POST_BYTES);
      if (!body)
        return refuse(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      const problem = await postPolicyProblem(req, body, safeDecode(bucketPart) ?? '');
      if (problem) return refuse(res, 403, 'AccessDenied', problem);
      return proxy(req, res, body, false);
    }

    const signed = verifySigV4({ method: req.method ?? 'GET', path, query, headers: req.headers }, secretOf);
    if (!signed) return refuse(res, 403, 'AccessDenied', 'Access Denied');
    return proxy(req, res, undefined, key !== '' && (req.method === 'GET' || req.method === 'HEAD'));
  }

  /** Why a POST upload breaks its policy (as S3 would refuse it), or null when it keeps to it. */
  async function postPolicyProblem(
    req: IncomingMessage,
    body: Buffer,
    bucket: string,
  ): Promise<string | null> {
    let form: FormData;
    try {
      form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return 'The body of your POST request is not well-formed multipart/form-data.';
    }
    const fields = new Map<string, string>();
    let fileSize: number | undefined;
    for (const [name, value] of form.entries()) {
      if (name === 'file') fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
      else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    }
    const policyText = fields.get('policy') ?? '';
    const credential = fields.get('x-amz-credential') ?? '';
    const [keyId = '', day = '', region = '', service = ''] = credential.split('/');
    const secret = secretOf(keyId);
    if (!policyText || !secret || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
      return 'Invalid according to Policy: no signed policy';
    const expected = createHmac('sha256', signingKey(secret, day, region, service))
      .update(policyText)
      .digest('hex');
    if (expected !== fields.get('x-amz-signature'))
      return 'The request signature we calculated does not match the signature you provided.';
    let policy: { expiration?: string; conditions?: unknown[] };
    try {
      policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
    } catch {
      return 'Invalid Policy: the policy is not JSON';
    }
    if (!(Date.parse(policy.expiration ?? '') > Date.now()))
      return 'Invalid according to Policy: Policy expired.';
    if (fileSize === undefined) return 'POST requires exactly one file upload per request.';
    const key = fields.get('key') ?? '';
    if (!key || !isSafeKey(key)) return 'The key is not one this server stores.';

    const fieldValue = (name: string) => (name === 'bucket' ? bucket : (fields.get(name) ?? ''));
    const named = new Set<string>();
    for (const condition of policy.conditions ?? []) {
      if (Array.isArray(condition)) {
        const [op, field, value, max] = condition as [unknown, unknown, unknown, unknown];
        if (op === 'content-length-range') {
          if (!(fileSize >= Number(field) && fileSize <= Number(value)))
            return 'Your proposed upload is outside the size the policy allows';
          continue;
        }
        const name = String(field).replace(/^\$/, '').toLowerCase();
        named.add(name);
        const actual = fieldValue(name);
        if (op === 'eq' && actual !== String(value))
          return `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${String(value)}"]`;
        if (op === 'starts-with' && !actual.startsWith(String(value)))
          return `Invalid according to Policy: Policy Condition failed: ["starts-with", "$${name}", "${String(value)}"]`;
        if (op !== 'eq' && op !== 'starts-with')
          return `Invalid Policy: unknown condition ${String(op)} ${String(max ?? '')}`;
      } else if (condition && typeof condition === 'object') {
        for (const [field, value] of Object.entries(condition)) {
          const name = field.toLowerCase();
          named.add(name);
          if (fieldValue(name) !== String(value))
            return `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${String(value)}"]`;
        }
      }
    }
    // S3: every form field but these must be named by a condition.
    for (const name of fields.keys()) {
      if (['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-')) continue;
      if (!named.has(name)) return `Invalid according to Policy: Extra input fields: ${name}`;
    }
    if (!named.has('key')) return 'Invalid according to Policy: the policy names no key';
    return null;
  }

  function proxy(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, download: boolean) {
    return new Promise<void>((resolve, reject) => {
      const upstream = forward(
        {
          host: '127.0.0.1',
          port: backendPort,
          method: req.method,
          path: req.url,
          headers: body ? { ...req.headers, 'content-length': String(body.length) } : req.headers,
        },
        (answer) => {
          const headers: OutgoingHttpHeaders = { ...answer.headers };
          if (download && (answer.statusCode ?? 500) < 300) Object.assign(headers, FILE_RESPONSE_HEADERS);
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', reject);
        },
      );
      upstream.on('error', reject);
      if (body) upstream.end(body);
      else req.pipe(upstream);
    });
  }

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port ?? 0, host, () => {
      front.off('error', reject);
      resolve();
    });
  });
  const { port } = front.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://${host}:${port}`,
    credentials,
    close: () => {
      closing ??= (async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => front.close(() => resolve()));
        await backend.close();
      })();
      return closing;
    },
  };
}

/**
 * A key S3 would store as given but the file system would not: no `.`/`..` segments (path
 * traversal under s3rver's directory), no backslash, no control character, no leading slash, and
 * within S3's length.
 */
function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    Buffer.byteLength(key) <= MAX_KEY_BYTES &&
    !key.startsWith('/') &&
    !key.includes('\\') &&
    ![...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) &&
    key.split('/').every((segment) => segment !== '.' && segment !== '..')
  );
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function refuse(res: ServerResponse, status: number, code: string, message: string) {
  const escaped = message.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(status, {
    'content-type': 'application/xml',
    // As the bucket's CORS rule would: the browser may read why its upload was refused.
    'access-control-allow-origin': '*',
  });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escaped}</Message></Error>`,
  );
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The S3Client configuration every local caller (handlers, seeding, tests) must use. */
export function localS3ClientConfig(s3: Pick<LocalS3, 'endpoint' | 'credentials'>): S3ClientConfig {
  return {
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'eu-central-1',
    credentials: s3.credentials,
    // s3rver stores the aws-chunked framing of a checksummed streaming upload as the object's content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * Checks AWS Signature Version 4 on requests to the local stand-ins (issue 11 §9): the embedded
 * Cognito's admin calls and every request to the local S3. cognito-local checks no signature and
 * s3rver skips SigV4 ("unimplemented"), so without this anyone who can reach the port is admin.
 *
 * Header auth (`Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`) and
 * query auth (presigned URLs: `X-Amz-Algorithm`, `X-Amz-Credential`, …, `X-Amz-Signature`), as
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv.html describes them; S3 does not
 * encode the path a second time, and neither does any other service we front (single path segment).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded, without the query. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  /** SHA-256 hex of the body, when the caller has it (header auth then checks x-amz-content-sha256 against it). */
  bodyHash?: string;
}

interface Verified {
  accessKeyId: string;
  /** The headers the signature covers (lower case). */
  signedHeaders: string[];
}

/** How far a header-signed request's date may be from now; a presigned URL has its own expiry. */
const SKEW_MS = 15 * 60_000;
/** SigV4 presigned URLs live at most 7 days. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 canonicalizes query names and values. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, '%20'));

/** `20260601T101500Z` → epoch ms (NaN when malformed). */
const amzTime = (value: string) =>
  Date.parse(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** The signing key of a credential scope: `AWS4<secret>` → date → region → service → aws4_request. */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  let key = hmac(`AWS4${secret}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return key;
}

/**
 * The signer's access key id when the signature is valid for `secretOf(accessKeyId)` (and, for
 * header auth, fresh; for query auth, unexpired); null for an unsigned, malformed or wrong one.
 */
export function verifySigV4(
  request: SignedRequest,
  secretOf: (accessKeyId: string) => string | undefined,
  now = Date.now(),
): Verified | null {
  try {
    return verify(request, secretOf, now);
  } catch {
    // A malformed percent-escape or the like: not a valid signature.
    return null;
  }
}

function verify(
  request: SignedRequest,
  secretOf: (accessKeyId: string) => string | undefined,
  now: number,
): Verified | null {
  const params = request.query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    }) as [string, string][];
  const param = (name: string) => params.find(([key]) => key === name)?.[1];
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };

  let credential: string;
  let signedList: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  const authorization = header('authorization');
  if (param('X-Amz-Algorithm') !== undefined) {
    if (authorization || param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return null;
    credential = param('X-Amz-Credential') ?? '';
    signedList = param('X-Amz-SignedHeaders') ?? '';
    signature = param('X-Amz-Signature') ?? '';
    amzDate = param('X-Amz-Date') ?? '';
    const expires = Number(param('X-Amz-Expires'));
    const at = amzTime(amzDate);
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return null;
    if (!(at <= now + SKEW_MS && now <= at + expires * 1000)) return null;
    payloadHash = param('X-Amz-Content-Sha256') ?? header('x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD';
  } else {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization ?? '',
      );
    if (!match) return null;
    [, credential = '', signedList = '', signature = ''] = match;
    amzDate = header('x-amz-date') ?? '';
    if (!(Math.abs(now - amzTime(amzDate)) <= SKEW_MS)) return null;
    const declared = header('x-amz-content-sha256');
    if (declared !== undefined && request.bodyHash !== undefined && !declared.startsWith('UNSIGNED')) {
      if (declared !== request.bodyHash) return null;
    }
    payloadHash = declared ?? request.bodyHash ?? '';
    if (!payloadHash) return null;
  }

  const [accessKeyId = '', day = '', region = '', service = '', terminator] = credential.split('/');
  const secret = secretOf(accessKeyId);
  const signedHeaders = signedList.split(';');
  if (
    secret === undefined ||
    terminator !== 'aws4_request' ||
    !amzDate.startsWith(day) ||
    !signedHeaders.includes('host') ||
    !/^[0-9a-f]{64}$/.test(signature)
  )
    return null;

  const canonicalQuery = params
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(header(name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    canonicalHeaders,
    signedList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const expected = hmac(signingKey(secret, day, region, service), stringToSign);
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? { accessKeyId, signedHeaders } : null;
}

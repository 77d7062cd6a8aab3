import { createHash, createHmac } from 'node:crypto';
import type { SignatureV4 } from '@smithy/signature-v4';
import { env } from '../config/env.ts';

/**
 * One AWS API call as a SigV4-signed `fetch`, with the function's own credentials (Lambda's
 * environment). For the two small calls the backend makes often — IoT Data `Publish` (push.ts) and
 * EventBridge `PutEvents` (events/eventbridge.ts) — instead of a whole SDK client in every bundle.
 * The signer is loaded on the first call, not at cold start.
 */

/** SHA-256 for the SigV4 signer from node:crypto (no extra dependency). */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(typeof data === 'string' ? data : toBuffer(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const toBuffer = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

const signers = new Map<string, SignatureV4>();

async function signerFor(service: string) {
  let signer = signers.get(service);
  if (!signer) {
    const [{ SignatureV4: Signer }, { fromEnv }] = await Promise.all([
      import('@smithy/signature-v4'),
      import('@aws-sdk/credential-provider-env'),
    ]);
    signer = new Signer({ service, region: env().AWS_REGION, credentials: fromEnv(), sha256: Sha256 });
    signers.set(service, signer);
  }
  return signer;
}

export interface SignedRequest {
  /** Default POST. */
  method?: 'POST' | 'DELETE';
  /** The signing name: `iotdata`, `events`. */
  service: string;
  /** A bare host (`xxxx-ats.iot.eu-central-1.amazonaws.com`) or a full URL (a test's local server). */
  endpoint: string;
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** Sends the request signed for the service; the caller reads the answer. */
export async function signedFetch(request: SignedRequest): Promise<Response> {
  const signer = await signerFor(request.service);
  const base = new URL(
    /^https?:\/\//.test(request.endpoint) ? request.endpoint : `https://${request.endpoint}`,
  );
  const method = request.method ?? 'POST';
  const signed = await signer.sign({
    method,
    protocol: base.protocol,
    hostname: base.hostname,
    ...(base.port && { port: Number(base.port) }),
    path: request.path,
    ...(request.query && { query: request.query }),
    headers: { host: base.host, ...request.headers },
    ...(request.body !== undefined && { body: request.body }),
  });
  // fetch sets Host itself (the signed value: the same host).
  const { host: _host, ...headers } = signed.headers;
  const search = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return fetch(`${base.origin}${request.path}${search}`, {
    method,
    headers,
    ...(request.body !== undefined && { body: request.body }),
    signal: AbortSignal.timeout(request.timeoutMs),
  });
}

import { createHash, createHmac } from 'node:crypto';
import type { SignatureV4 } from '@smithy/signature-v4';
import { env } from '../config/env.ts';

/**
 * One request to the AWS IoT data plane (the account's `…-ats.iot.<region>.amazonaws.com`), SigV4
 * signed for `iotdata` with the function's role — what @aws-sdk/client-iot-data-plane sends; that
 * client is not a dependency here. Used for Publish (push.ts) and DeleteConnection (revocation).
 */
export interface IotDataRequest {
  method: 'POST' | 'DELETE';
  /** Already percent-encoded: `/topics/user%2Fu1%2Frefresh`. */
  path: string;
  query: Record<string, string>;
  body?: string;
}

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

let signer: SignatureV4 | undefined;

/** Sends the request; answers the HTTP status (the caller decides what a 404 means). */
export async function iotDataRequest(endpoint: string, request: IotDataRequest): Promise<number> {
  // Loaded on the first call, not at cold start.
  if (!signer) {
    const [{ SignatureV4: Signer }, { fromEnv }] = await Promise.all([
      import('@smithy/signature-v4'),
      import('@aws-sdk/credential-provider-env'),
    ]);
    signer = new Signer({
      service: 'iotdata',
      region: env().AWS_REGION,
      credentials: fromEnv(),
      sha256: Sha256,
    });
  }
  // The IoT endpoint is a bare host name; a full URL (a test's local server) is taken as it is.
  const base = new URL(/^https?:\/\//.test(endpoint) ? endpoint : `https://${endpoint}`);
  const signed = await signer.sign({
    method: request.method,
    protocol: base.protocol,
    hostname: base.hostname,
    ...(base.port && { port: Number(base.port) }),
    path: request.path,
    query: request.query,
    headers: {
      host: base.host,
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(request.body !== undefined && { body: request.body }),
  });
  // fetch sets Host itself (the signed value: the same host).
  const { host: _host, ...headers } = signed.headers;
  const query = new URLSearchParams(request.query).toString();
  const response = await fetch(`${base.origin}${request.path}${query ? `?${query}` : ''}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined && { body: request.body }),
    signal: AbortSignal.timeout(3000),
  });
  await response.body?.cancel();
  return response.status;
}

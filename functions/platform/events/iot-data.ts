import { signedFetch } from '../aws/signed-fetch.ts';

/**
 * One request to the AWS IoT data plane (the account's `…-ats.iot.<region>.amazonaws.com`), SigV4
 * signed for `iotdata` with the function's role — what @aws-sdk/client-iot-data-plane sends; that
 * client is not a dependency here. Used for Publish (push.ts) and DeleteConnection (revocation).
 */
interface IotDataRequest {
  method: 'POST' | 'DELETE';
  /** Already percent-encoded: `/topics/user%2Fu1%2Frefresh`. */
  path: string;
  query: Record<string, string>;
  body?: string;
}

/** Sends the request; answers the HTTP status (the caller decides what a 404 means). */
export async function iotDataRequest(endpoint: string, request: IotDataRequest): Promise<number> {
  const response = await signedFetch({
    service: 'iotdata',
    endpoint,
    method: request.method,
    path: request.path,
    query: request.query,
    headers: request.body !== undefined ? { 'content-type': 'application/json' } : {},
    ...(request.body !== undefined && { body: request.body }),
    timeoutMs: 3000,
  });
  await response.body?.cancel();
  return response.status;
}

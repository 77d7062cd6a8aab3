import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for one AWS API (IoT Data, EventBridge, SES): it records every
 * request as the SDK or our signed fetch sends it and answers what the test says, so the cloud
 * path of a module runs without AWS and without mocking the client.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type StandInAnswer = (request: RecordedRequest) => { status: number; body: unknown };

/** Credentials as Lambda hands them to a function (with a session token); any values are accepted. */
export const STAND_IN_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
  AWS_SESSION_TOKEN: 'session-token',
};

export async function startAwsStandIn(answer: StandInAnswer = () => ({ status: 200, body: {} })) {
  const requests: RecordedRequest[] = [];
  let reply = answer;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const { status, body: answerBody } = reply(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Answers the following requests differently. */
    answer(next: StandInAnswer) {
      reply = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

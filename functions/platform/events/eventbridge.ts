import { signedFetch } from '../aws/signed-fetch.ts';
import { env } from '../config/env.ts';

/** One entry of EventBridge `PutEvents` (at most 10 per call, 256 kB together). */
export interface BusEntry {
  Source: string;
  DetailType: string;
  /** JSON text. */
  Detail: string;
  /** ISO instant of the change. */
  Time: string;
  EventBusName: string;
}

/** Per entry, in order: its EventBridge id, or why it was refused. */
export type BusResult = { EventId: string } | { ErrorCode: string; ErrorMessage?: string };

export type PutEvents = (entries: BusEntry[]) => Promise<BusResult[]>;

/**
 * EventBridge `PutEvents` as @aws-sdk/client-eventbridge sends it (JSON 1.1, `AWSEvents.PutEvents`,
 * SigV4 for `events`), without that client in the bundle. A refused call throws; a partly refused
 * one answers each entry's outcome, for the relay to retry the rest.
 */
export const putEvents: PutEvents = async (entries) => {
  const { EVENTBRIDGE_ENDPOINT, AWS_REGION } = env();
  const response = await signedFetch({
    service: 'events',
    endpoint: EVENTBRIDGE_ENDPOINT ?? `events.${AWS_REGION}.amazonaws.com`,
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSEvents.PutEvents',
    },
    body: JSON.stringify({
      Entries: entries.map((entry) => ({ ...entry, Time: Date.parse(entry.Time) / 1000 })),
    }),
    timeoutMs: 5000,
  });
  const answer = (await response.json().catch(() => ({}))) as { Entries?: BusResult[]; __type?: string };
  if (!response.ok || !Array.isArray(answer.Entries) || answer.Entries.length !== entries.length)
    throw Object.assign(
      new Error(`EventBridge PutEvents answered ${response.status} ${answer.__type ?? ''}`),
      {
        name: 'PutEventsFailed',
      },
    );
  return answer.Entries;
};

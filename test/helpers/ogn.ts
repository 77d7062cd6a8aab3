import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SimStream } from '../../bin/local/ogn-sim.ts';
import { receiverOf } from '../../bin/ogn-bridge/aprs.ts';
import type { BeaconBatch } from '../../contracts/schemas/tracking.ts';
import { dynamo, tableName } from '../../functions/platform/db/client.ts';

/**
 * Simulated beacon streams cut into beacon batches as harshly as delivery can: one batch per
 * receiver per `windowMs` of receive time (the bridge puts every receiver's lines of a flush in one
 * batch, bin/ogn-bridge/batcher.ts; two bridges, or a resend, split them like this), stamped with
 * its first line's receive instant — so the same beacon heard twice arrives in two batches.
 */
export function batchesOf(stream: Pick<SimStream, 'lines' | 'at'>, windowMs = 1000): BeaconBatch[] {
  const batches: BeaconBatch[] = [];
  const open = new Map<string, { window: number; batch: BeaconBatch }>();
  stream.lines.forEach((line, i) => {
    const at = stream.at[i]!;
    const receiver = receiverOf(line) ?? '?';
    const window = Math.floor(at / windowMs);
    let current = open.get(receiver);
    if (!current || current.window !== window) {
      current = { window, batch: { lines: [], received_at: new Date(at).toISOString() } };
      open.set(receiver, current);
      batches.push(current.batch);
    }
    current.batch.lines.push(line);
  });
  return batches;
}

/** Streams merged into one, lines in receive order. */
export function merged(...streams: Pick<SimStream, 'lines' | 'at'>[]): Pick<SimStream, 'lines' | 'at'> {
  const all = streams.flatMap((s) => s.lines.map((line, i) => ({ line, at: s.at[i]! })));
  all.sort((a, b) => a.at - b.at);
  return { lines: all.map((x) => x.line), at: all.map((x) => x.at) };
}

/**
 * At-least-once delivery as the network and the bridge produce it: batches received within the
 * same `windowMs` arrive in any order (a deterministic shuffle), and every `every`-th is delivered
 * twice (a resend after a reconnect).
 */
export function redelivered(
  batches: readonly BeaconBatch[],
  options: { windowMs?: number; every?: number; seed?: number } = {},
) {
  const windowMs = options.windowMs ?? 2000;
  const every = options.every ?? 3;
  let seed = options.seed ?? 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const groups = new Map<number, BeaconBatch[]>();
  for (const batch of batches) {
    const key = Math.floor(Date.parse(batch.received_at) / windowMs);
    groups.set(key, [...(groups.get(key) ?? []), batch]);
  }
  const out: BeaconBatch[] = [];
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(key)!;
    for (let i = group.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j]!, group[i]!];
    }
    group.forEach((batch, i) => {
      out.push(batch);
      if ((out.length + i) % every === 0) out.push(batch);
    });
  }
  return out;
}

/** Every item of a partition, as stored (consistent reads, all pages): what the ingest left. */
export async function partitionItems(pk: string): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

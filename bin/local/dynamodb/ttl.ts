import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Backend } from './backend.ts';
import {
  type AttributeMap,
  createMutex,
  isConditionalFailure,
  type Json,
  type Mutex,
  pick,
  validationError,
} from './wire.ts';

/**
 * Time to live, which dynalite 4 lacks: UpdateTimeToLive/DescribeTimeToLive per table (kept in
 * `<dir>/ttl.json`) and a sweep that deletes expired items as DynamoDB does, some time after.
 */

// DynamoDB leaves items alone whose TTL lies more than five years in the past.
const TTL_MAX_AGE_SECONDS = 5 * 365 * 24 * 3600;

interface TtlSetting {
  AttributeName: string;
  Enabled: boolean;
}

async function loadTtlSettings(file: string): Promise<[string, TtlSetting][]> {
  try {
    return Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, TtlSetting>);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

export async function timeToLive(backend: Backend, exclusive: Mutex, ttlFile: string | undefined) {
  const { call, keySchema } = backend;
  const ttlSettings = new Map<string, TtlSetting>(ttlFile ? await loadTtlSettings(ttlFile) : []);
  const sweepOneAtATime = createMutex();

  async function updateTimeToLive(input: Json): Promise<Json> {
    const table = String(input.TableName);
    const spec = input.TimeToLiveSpecification as Partial<TtlSetting> | undefined;
    if (typeof spec?.AttributeName !== 'string' || typeof spec.Enabled !== 'boolean') {
      throw validationError('TimeToLiveSpecification needs AttributeName and Enabled');
    }
    await call('DescribeTable', { TableName: table });
    const current = ttlSettings.get(table);
    if (spec.Enabled && current?.Enabled) throw validationError('TimeToLive is already enabled');
    if (!spec.Enabled && !current?.Enabled) throw validationError('TimeToLive is already disabled');
    const setting = { AttributeName: spec.AttributeName, Enabled: spec.Enabled };
    ttlSettings.set(table, setting);
    await saveTtlSettings();
    return { TimeToLiveSpecification: setting };
  }

  async function describeTimeToLive(input: Json): Promise<Json> {
    const table = String(input.TableName);
    await call('DescribeTable', { TableName: table });
    const setting = ttlSettings.get(table);
    return {
      TimeToLiveDescription: setting?.Enabled
        ? { TimeToLiveStatus: 'ENABLED', AttributeName: setting.AttributeName }
        : { TimeToLiveStatus: 'DISABLED' },
    };
  }

  async function saveTtlSettings(): Promise<void> {
    if (!ttlFile) return;
    await writeFile(`${ttlFile}.tmp`, JSON.stringify(Object.fromEntries(ttlSettings), null, 2));
    await rename(`${ttlFile}.tmp`, ttlFile);
  }

  const sweepExpired = () =>
    sweepOneAtATime(async () => {
      let removed = 0;
      const now = Math.floor(Date.now() / 1000);
      for (const [table, setting] of ttlSettings) {
        if (setting.Enabled) removed += await sweepTable(table, setting.AttributeName, now);
      }
      return removed;
    });

  async function sweepTable(table: string, attribute: string, now: number): Promise<number> {
    let removed = 0;
    const names = await keySchema(table);
    let start: AttributeMap | undefined;
    do {
      const page: { Items?: AttributeMap[]; LastEvaluatedKey?: AttributeMap } = await call('Scan', {
        TableName: table,
        FilterExpression: '#ttl < :now AND #ttl >= :oldest',
        ExpressionAttributeNames: { '#ttl': attribute },
        ExpressionAttributeValues: {
          ':now': { N: String(now) },
          ':oldest': { N: String(now - TTL_MAX_AGE_SECONDS) },
        },
        ExclusiveStartKey: start,
      });
      for (const item of page.Items ?? []) {
        // Conditional on the same expiry, so an item renewed since the scan stays.
        const deleted = await exclusive(() =>
          call('DeleteItem', {
            TableName: table,
            Key: pick(item, names),
            ConditionExpression: '#ttl = :expiry',
            ExpressionAttributeNames: { '#ttl': attribute },
            ExpressionAttributeValues: { ':expiry': item[attribute] },
          }).then(
            () => true,
            (err: unknown) => {
              if (isConditionalFailure(err)) return false;
              throw err;
            },
          ),
        );
        if (deleted) removed++;
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return removed;
  }

  return {
    updateTimeToLive,
    describeTimeToLive,
    sweepExpired,
    /** A table was deleted: its setting goes too. */
    async forgetTable(table: string) {
      if (ttlSettings.delete(table)) await saveTtlSettings();
    },
    /** Waits for a sweep that is running. */
    settled: () => sweepOneAtATime(async () => undefined),
  };
}

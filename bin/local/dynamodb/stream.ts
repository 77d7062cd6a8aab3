import type { AttributeMap } from './wire.ts';

/**
 * A small stand-in for DynamoDB Streams with a Lambda filter (NEW_IMAGE): listeners get the
 * committed INSERTs that match their pattern, once per write — a transaction's in one call, in
 * write order — before the write is answered.
 */

/**
 * An EventBridge-style filter pattern over a stream record, exact values only:
 * `{ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['x'] } } } }`.
 */
export interface StreamFilter {
  [field: string]: readonly (string | number | boolean)[] | StreamFilter;
}

/** The fields of a DynamoDB stream record the local stream fills. */
export interface StreamRecord {
  eventID: string;
  eventName: 'INSERT';
  eventSource: 'aws:dynamodb';
  eventSourceARN: string;
  dynamodb: {
    Keys: AttributeMap;
    NewImage: AttributeMap;
    SequenceNumber: string;
    ApproximateCreationDateTime: number;
    StreamViewType: 'NEW_IMAGE';
  };
}

/** Whether a record (or a part of it) has every value the pattern asks for. */
export function matchesFilter(pattern: StreamFilter, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  return Object.entries(pattern).every(([field, expected]) =>
    Array.isArray(expected)
      ? (expected as unknown[]).includes(object[field])
      : matchesFilter(expected as StreamFilter, object[field]),
  );
}

/** The stream of one local DynamoDB: who listens, and the records handed to them. */
export function insertStream() {
  const listeners = new Set<{ pattern: StreamFilter; listener: (records: StreamRecord[]) => void }>();
  let sequence = 0;

  /** A new item as its stream record (the sequence is taken only when it is emitted). */
  const insertRecord = (table: string, key: AttributeMap, item: AttributeMap): StreamRecord => ({
    eventID: '',
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    eventSourceARN: `arn:aws:dynamodb:local:000000000000:table/${table}/stream/local`,
    dynamodb: {
      Keys: key,
      NewImage: item,
      SequenceNumber: '',
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      StreamViewType: 'NEW_IMAGE',
    },
  });

  return {
    insertRecord,
    get listening() {
      return listeners.size > 0;
    },
    /** Whether some listener follows this record. */
    followed: (record: StreamRecord) => [...listeners].some(({ pattern }) => matchesFilter(pattern, record)),

    /** Hands committed INSERTs to the listeners whose pattern they match; a listener's error is logged. */
    emit(records: StreamRecord[]) {
      if (records.length === 0 || listeners.size === 0) return;
      for (const record of records) {
        sequence += 1;
        record.dynamodb.SequenceNumber = String(sequence).padStart(21, '0');
        record.eventID = `local-${sequence}`;
      }
      for (const { pattern, listener } of listeners) {
        const matching = records.filter((record) => matchesFilter(pattern, record));
        if (matching.length === 0) continue;
        try {
          listener(matching);
        } catch (err) {
          console.error('local dynamodb: stream listener failed', err);
        }
      }
    },

    /** Listens for the INSERTs matching `pattern`; returns a function that stops listening. */
    onInserts(pattern: StreamFilter, listener: (records: StreamRecord[]) => void) {
      const entry = { pattern, listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}

export type InsertStream = ReturnType<typeof insertStream>;

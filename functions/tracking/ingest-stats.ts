/** What an ingest run counts (ingest.ts); no dependencies, so the local queue can import it eagerly. */
export interface IngestStats {
  batches: number;
  lines: number;
  /** Lines the parser rejected. */
  bad: number;
  /** Aircraft positions parsed. */
  positions: number;
  /** Positions already seen (the same beacon from another receiver, a resent batch). */
  duplicates: number;
  /** Positions of devices no organization's aircraft carries. */
  unknown: number;
  /** Track points written (one per organization the device is in). */
  stored: number;
  /** Take-offs and landings detected. */
  events: number;
  /** Proposals created or changed. */
  proposals: number;
  /** Latest positions moved forward (and pushed). */
  live: number;
  /** Positions withheld for the pilot's privacy bit (privacy.ts). */
  hidden: number;
}

/** Counters at zero: one batch's, a queue's or a test's running totals start here. */
export const emptyStats = (): IngestStats => ({
  batches: 0,
  lines: 0,
  bad: 0,
  positions: 0,
  duplicates: 0,
  unknown: 0,
  stored: 0,
  events: 0,
  proposals: 0,
  live: 0,
  hidden: 0,
});

/**
 * Ids that sort by creation time: 9 base-36 digits of epoch milliseconds, then 10 hex characters
 * (random, or derived where an id must be the same on a retry). Lists read newest-first by key, and
 * the daily sheet's browser chooses a flight's id before it is sent (an unsent tap keeps its id), so
 * browser and server make them the same way. They never contain `-` (completion.ts clubEntryId).
 */
export const timeOrderedId = (at: number, suffix = randomHex(5)) =>
  `${Math.max(0, at).toString(36).padStart(9, '0')}${suffix}`;

/** `bytes` random bytes as hex (Web Crypto: the browser's and Node's). */
const randomHex = (bytes: number) =>
  [...globalThis.crypto.getRandomValues(new Uint8Array(bytes))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');

import { randomBytes } from 'node:crypto';

/** Ids that sort by creation time (base-36 milliseconds, then randomness): newest-first lists by key. */
export const timeOrderedId = (at = Date.now(), suffix = randomBytes(5).toString('hex')) =>
  `${at.toString(36).padStart(9, '0')}${suffix}`;

import type { Actor } from './actor.ts';

/**
 * MQTT topics a signed-in person may subscribe to (docs/ARCHITECTURE.md "Push"): their own channel, and their current
 * organization's channels. The local aedes hook and the cloud IoT custom authorizer both use this,
 * so the two cannot differ.
 *
 * Spec §6 "Live push features are for users with daily-flight-edit only": the daily flight sheet's
 * channels (`org/<id>/daily-flight/<date>`) are withheld from everyone else. `org/<id>/#` stays
 * allowed for the other organization channels, so the withheld filter is listed in `deny`: a
 * broker must refuse a subscription to it and must not deliver a message on it through a wider
 * subscription (IoT: Deny on iot:Subscribe and iot:Receive; aedes: authorizeSubscribe and
 * authorizeForward), which `mayReceive` decides for one topic.
 */
export interface RealtimeTopics {
  subscribe: string[];
  deny: string[];
}

/**
 * The organization channels only timer operators (daily-flight-edit) receive: the daily sheet's and
 * the aircraft's live OGN positions (`org/<id>/live`, issue 6).
 */
const TIMER_CHANNELS = ['daily-flight', 'live'] as const;

export const realtimeTopicsFor = (actor: Actor): RealtimeTopics => {
  const subscribe = [`user/${actor.userId}/#`];
  const deny: string[] = [];
  if (actor.organizationId) {
    subscribe.push(`org/${actor.organizationId}/#`);
    // `permissions` may be missing on a partial actor: no permission, no sheet channel.
    if (!actor.permissions?.has('daily-flight-edit'))
      for (const channel of TIMER_CHANNELS) deny.push(`org/${actor.organizationId}/${channel}/#`);
  }
  return { subscribe, deny };
};

/** Whether an MQTT filter (`a/+/b`, `a/#`) matches a topic name (MQTT 3.1.1 §4.7). */
const filterMatches = (filter: string, topic: string): boolean => {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (t[i] === undefined) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
};

/** Whether a message on `topic` may reach this person: allowed by a filter and not withheld. */
export const mayReceive = (topics: RealtimeTopics, topic: string): boolean =>
  topics.subscribe.some((filter) => filterMatches(filter, topic)) &&
  !topics.deny.some((filter) => filterMatches(filter, topic));

/**
 * Whether a subscription filter is allowed: covered by an allowed filter and not one that names
 * only withheld topics (`org/o1/daily-flight/2026-05-01`). A wider one (`org/o1/#`) is allowed;
 * its withheld messages are filtered per message by mayReceive.
 */
export const maySubscribe = (topics: RealtimeTopics, filter: string): boolean =>
  topics.subscribe.some((allowed) => filterMatches(allowed, filter)) &&
  !topics.deny.some((denied) => filterMatches(denied, filter));

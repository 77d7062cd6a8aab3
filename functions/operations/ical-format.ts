/**
 * iCalendar (RFC 5545) text of a feed, as pure functions (issue 15 §9): every event with UID, DTSTAMP
 * and SEQUENCE; times as UTC (`…Z`) or whole days (VALUE=DATE); TEXT values escaped (§3.3.11); lines
 * CRLF-terminated and folded at 75 octets without splitting a UTF-8 character (§3.1).
 */

export type IcalTime = { date: string } | { instant: string };

export interface IcalEvent {
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  /** A whole day (`{ date: 'yyyy-mm-dd' }`, DTEND the day after the last) or a UTC instant. */
  start: IcalTime;
  end: IcalTime;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

export interface PublishedEvent extends IcalEvent {
  sequence: number;
  /** When this version of the event was made (LAST-MODIFIED). */
  modified: string;
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets; a continuation starts
 * with one space. Cuts fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** `2026-07-04T08:00:00.000Z` → `20260704T080000Z`. */
export const utcStamp = (instant: string) => {
  const d = new Date(instant);
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
};

const dateValue = (date: string) => date.replace(/-/g, '');

const timeProperty = (name: 'DTSTART' | 'DTEND', time: IcalTime) =>
  'date' in time ? `${name};VALUE=DATE:${dateValue(time.date)}` : `${name}:${utcStamp(time.instant)}`;

/** A calendar of events; `stamp` is when the feed was made (DTSTAMP of every event). */
export function icalCalendar(input: {
  name: string;
  description?: string;
  stamp: Date;
  events: readonly PublishedEvent[];
}): string {
  const stamp = utcStamp(input.stamp.toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Windsock//Windsock calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...(input.description ? [`X-WR-CALDESC:${escapeText(input.description)}`] : []),
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${utcStamp(event.modified)}`,
      `SEQUENCE:${event.sequence}`,
      timeProperty('DTSTART', event.start),
      timeProperty('DTEND', event.end),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      `STATUS:${event.status}`,
      // A cancelled event no longer blocks the time in the subscriber's calendar.
      `TRANSP:${event.status === 'CANCELLED' || 'date' in event.start ? 'TRANSPARENT' : 'OPAQUE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** What decides whether an event changed (and its SEQUENCE goes up). */
export const fingerprintOf = (event: IcalEvent) =>
  JSON.stringify([
    event.summary,
    event.description ?? '',
    event.location ?? '',
    event.start,
    event.end,
    event.status,
  ]);

export interface TrackedEvent {
  uid: string;
  sequence: number;
  fingerprint: string;
  event: IcalEvent;
  cancelled: boolean;
  updated_at: string;
}

/**
 * The feed's events against what it published before: a new event starts at SEQUENCE 0, a changed
 * one goes one up, one that left the feed is published as CANCELLED (one up, once). Returns the
 * events to publish and the tracked entries to write (only the changed ones).
 */
export function reconcile(
  current: readonly IcalEvent[],
  tracked: readonly TrackedEvent[],
  now: string,
): { publish: PublishedEvent[]; writes: { next: TrackedEvent; previous: TrackedEvent | null }[] } {
  const before = new Map(tracked.map((t) => [t.uid, t]));
  const publish: PublishedEvent[] = [];
  const writes: { next: TrackedEvent; previous: TrackedEvent | null }[] = [];
  const seen = new Set<string>();
  for (const event of current) {
    seen.add(event.uid);
    const fingerprint = fingerprintOf(event);
    const previous = before.get(event.uid) ?? null;
    if (previous && previous.fingerprint === fingerprint) {
      publish.push({ ...event, sequence: previous.sequence, modified: previous.updated_at });
      continue;
    }
    const next: TrackedEvent = {
      uid: event.uid,
      sequence: previous ? previous.sequence + 1 : 0,
      fingerprint,
      event,
      cancelled: event.status === 'CANCELLED',
      updated_at: now,
    };
    writes.push({ next, previous });
    publish.push({ ...event, sequence: next.sequence, modified: now });
  }
  for (const previous of tracked) {
    if (seen.has(previous.uid)) continue;
    if (previous.cancelled) {
      publish.push({ ...previous.event, sequence: previous.sequence, modified: previous.updated_at });
      continue;
    }
    const event: IcalEvent = { ...previous.event, status: 'CANCELLED' };
    const next: TrackedEvent = {
      uid: previous.uid,
      sequence: previous.sequence + 1,
      fingerprint: fingerprintOf(event),
      event,
      cancelled: true,
      updated_at: now,
    };
    writes.push({ next, previous });
    publish.push({ ...event, sequence: next.sequence, modified: now });
  }
  return { publish, writes };
}

import { describe, expect, it } from 'vitest';
import {
  escapeText,
  foldLine,
  type IcalEvent,
  icalCalendar,
  reconcile,
} from '../../functions/operations/ical-format.ts';
import { eventsOf, parseIcal } from '../helpers/ical.ts';

/** The iCalendar text of the feeds (issue 15 §9, RFC 5545) and what a change does to SEQUENCE. */
const event: IcalEvent = {
  uid: 'reservation-1@windsock',
  summary: 'Foglalás: HA-4321',
  start: { instant: '2026-07-04T08:00:00.000Z' },
  end: { instant: '2026-07-04T10:00:00.000Z' },
  status: 'CONFIRMED',
};
const octets = (s: string) => new TextEncoder().encode(s).length;

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets, never inside a UTF-8 character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'Árvíztűrő tükörfúrógép '.repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes UID, DTSTAMP and SEQUENCE on every event, UTC times and whole days, CRLF lines', () => {
    const text = icalCalendar({
      name: 'Windsock; my, calendar',
      stamp: new Date('2026-07-01T12:00:00Z'),
      events: [
        {
          ...event,
          description: 'Oktató: Kiss Péter\nhosszú, nagyon hosszú megjegyzés; '.repeat(3),
          sequence: 2,
          modified: '2026-06-30T10:00:00.000Z',
        },
        {
          uid: 'signup-o1-2026-07-05@windsock',
          summary: 'Repülőnap',
          start: { date: '2026-07-05' },
          end: { date: '2026-07-06' },
          status: 'CANCELLED',
          sequence: 1,
          modified: '2026-07-01T12:00:00.000Z',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    const calendar = parseIcal(text);
    const [booking, signup] = eventsOf(calendar);
    expect(calendar.properties.find((p) => p.name === 'X-WR-CALNAME')?.value).toBe('Windsock; my, calendar');
    expect(booking).toMatchObject({
      UID: 'reservation-1@windsock',
      DTSTAMP: '20260701T120000Z',
      SEQUENCE: '2',
      DTSTART: '20260704T080000Z',
      DTEND: '20260704T100000Z',
      STATUS: 'CONFIRMED',
      SUMMARY: 'Foglalás: HA-4321',
    });
    expect(booking!.DESCRIPTION).toContain('Oktató: Kiss Péter\nhosszú, nagyon hosszú megjegyzés; ');
    expect(signup).toMatchObject({
      DTSTART: '20260705',
      DTEND: '20260706',
      STATUS: 'CANCELLED',
      SEQUENCE: '1',
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20260705');
  });
});

describe('SEQUENCE and cancellations', () => {
  const t0 = '2026-07-01T10:00:00.000Z';
  const t1 = '2026-07-01T11:00:00.000Z';

  it('starts a new event at 0 and keeps the number while nothing changes', () => {
    const first = reconcile([event], [], t0);
    expect(first.publish[0]!.sequence).toBe(0);
    expect(first.writes).toHaveLength(1);
    const again = reconcile([event], [first.writes[0]!.next], t1);
    expect(again.publish[0]).toMatchObject({ sequence: 0, modified: t0 });
    expect(again.writes).toEqual([]);
  });

  it('raises SEQUENCE when the event changes', () => {
    const first = reconcile([event], [], t0).writes[0]!.next;
    const moved = { ...event, end: { instant: '2026-07-04T11:00:00.000Z' } };
    const next = reconcile([moved], [first], t1);
    expect(next.publish[0]).toMatchObject({ sequence: 1, modified: t1 });
    expect(next.writes[0]!.previous).toEqual(first);
  });

  it('keeps an event that left the feed as CANCELLED, raised once, and revives it on return', () => {
    const first = reconcile([event], [], t0).writes[0]!.next;
    const gone = reconcile([], [first], t1);
    expect(gone.publish[0]).toMatchObject({ uid: event.uid, status: 'CANCELLED', sequence: 1 });
    const cancelled = gone.writes[0]!.next;
    expect(cancelled.cancelled).toBe(true);
    const still = reconcile([], [cancelled], '2026-07-02T00:00:00.000Z');
    expect(still.writes).toEqual([]);
    expect(still.publish[0]).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    const back = reconcile([event], [cancelled], '2026-07-02T00:00:00.000Z');
    expect(back.publish[0]).toMatchObject({ status: 'CONFIRMED', sequence: 2 });
  });

  it('raises SEQUENCE when a booking is cancelled in place', () => {
    const first = reconcile([event], [], t0).writes[0]!.next;
    const next = reconcile([{ ...event, status: 'CANCELLED' }], [first], t1);
    expect(next.publish[0]).toMatchObject({ status: 'CANCELLED', sequence: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { connectTarget } from '../../frontend/src/features/notifications/live-push.ts';
import {
  compactInstant,
  idRangeOf,
  notificationIdFor,
} from '../../functions/identity/notifications-service.ts';
import { foldText, messageMatches, renderMessage } from '../../functions/identity/notifications-text.ts';

describe('notification ids', () => {
  it('sort like their creation instants, so one Query lists them by time', () => {
    const ids = ['2026-11-05T23:59:59.999Z', '2026-11-06T00:00:00.000Z', '2026-11-06T00:00:00.001Z'].map(
      (iso) => notificationIdFor(new Date(iso)),
    );
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toMatch(/^20261105T235959999Z-[0-9a-f]{8}$/);
  });

  it('are the same for the same natural key on the same day, and differ on another day or key', () => {
    const morning = notificationIdFor(new Date('2026-11-05T06:00:00Z'), 'medical:u1:30');
    const evening = notificationIdFor(new Date('2026-11-05T21:00:00Z'), 'medical:u1:30');
    const tomorrow = notificationIdFor(new Date('2026-11-06T06:00:00Z'), 'medical:u1:30');
    const other = notificationIdFor(new Date('2026-11-05T06:00:00Z'), 'medical:u2:30');

    expect(evening).toBe(morning);
    expect(tomorrow).not.toBe(morning);
    expect(other).not.toBe(morning);
  });

  it('turn a search’s inclusive days into key bounds that hold every id of those days', () => {
    const { fromId, toId } = idRangeOf('2026-11-05', '2026-11-06');
    const first = notificationIdFor(new Date('2026-11-05T00:00:00.000Z'));
    const last = notificationIdFor(new Date('2026-11-06T23:59:59.999Z'));
    const after = notificationIdFor(new Date('2026-11-07T00:00:00.000Z'));

    expect(fromId).toBe(compactInstant('2026-11-05T00:00:00.000Z'));
    expect(first >= (fromId ?? '')).toBe(true);
    expect(last <= (toId ?? '')).toBe(true);
    expect(after > (toId ?? '')).toBe(true);
  });
});

describe('notification text on the server (the text search)', () => {
  it('renders the person’s language from the browser’s strings, English when a key is missing there', () => {
    expect(renderMessage('hu', 'medical_expired', { date: '2026-11-01' })).toBe(
      'Egészségügyi minősítése lejárt: 2026-11-01.',
    );
    expect(renderMessage('de', 'welcome', { name: 'Lukas' })).toContain('Lukas');
    expect(renderMessage('en', 'no_such_message', {})).toBe('no_such_message');
  });

  it('matches without case and accents, in the text and in the values', () => {
    const notification = {
      message: 'document_expiring',
      params: { document: 'Biztosítási kötvény', date: '2027-02-01' },
    };

    expect(foldText('Érvényesség ÖSSZES')).toBe('ervenyesseg osszes');
    expect(messageMatches('hu', notification, 'HAMAROSAN')).toBe(true);
    expect(messageMatches('hu', notification, 'kotveny')).toBe(true);
    expect(messageMatches('hu', notification, 'expires')).toBe(false);
    expect(messageMatches('en', notification, 'expires')).toBe(true);
  });
});

describe('live push connection (browser)', () => {
  it('connects locally with username jwt and to IoT Core naming the custom authorizer', () => {
    expect(connectTarget('ws://127.0.0.1:3000/mqtt')).toEqual({
      url: 'ws://127.0.0.1:3000/mqtt',
      username: 'jwt',
    });
    expect(
      connectTarget('wss://abc-ats.iot.eu-central-1.amazonaws.com/mqtt', 'windsock-prod-browser'),
    ).toEqual({
      url: 'wss://abc-ats.iot.eu-central-1.amazonaws.com/mqtt?x-amz-customauthorizer-name=windsock-prod-browser',
      username: 'jwt?x-amz-customauthorizer-name=windsock-prod-browser',
    });
  });
});

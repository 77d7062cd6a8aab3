import { describe, expect, it } from 'vitest';
import type { Permission } from '../../contracts/permissions.ts';
import type { Actor } from '../../functions/platform/auth/actor.ts';
import { mayReceive, maySubscribe, realtimeTopicsFor } from '../../functions/platform/auth/realtime.ts';

/**
 * Spec §6 "Live push features are for users with daily-flight-edit only": the daily sheet's channel
 * reaches timer operators; every other organization channel and the person's own stay as they were.
 */
const actor = (permissions: Permission[], organizationId: string | null = 'o-1') =>
  ({ userId: 'u-1', organizationId, permissions: new Set(permissions) }) as unknown as Actor;

const SHEET = 'org/o-1/daily-flight/2026-05-01';

describe('realtime topics and the daily flight sheet', () => {
  it('lets a timer operator receive the sheet, their own channels and the organization’s', () => {
    // Act
    const topics = realtimeTopicsFor(actor(['daily-flight-edit', 'daily-flight-list']));

    // Assess
    expect(topics).toEqual({ subscribe: ['user/u-1/#', 'org/o-1/#'], deny: [] });
    expect(mayReceive(topics, SHEET)).toBe(true);
    expect(maySubscribe(topics, 'org/o-1/daily-flight/2026-05-01')).toBe(true);
    expect(maySubscribe(topics, 'org/o-1/daily-flight/#')).toBe(true);
    expect(mayReceive(topics, 'org/o-1/live')).toBe(true);
  });

  it('withholds the sheet from a member without daily-flight-edit, even through org/<id>/#', () => {
    // Act
    const topics = realtimeTopicsFor(actor(['daily-flight-list']));

    // Assess
    expect(topics.deny).toEqual(['org/o-1/daily-flight/#', 'org/o-1/live/#']);
    expect(maySubscribe(topics, SHEET)).toBe(false);
    // The aircraft's live OGN positions are a live push feature too (issue 6).
    expect(maySubscribe(topics, 'org/o-1/live')).toBe(false);
    expect(mayReceive(topics, 'org/o-1/live')).toBe(false);
    expect(maySubscribe(topics, 'org/o-1/daily-flight/+')).toBe(false);
    expect(maySubscribe(topics, 'org/o-1/#')).toBe(true);
    expect(mayReceive(topics, SHEET)).toBe(false);
    expect(mayReceive(topics, 'org/o-1/daily-flight')).toBe(false);
  });

  it('keeps the other organization channels and the own channels as they were', () => {
    // Act
    const topics = realtimeTopicsFor(actor([]));

    // Assess
    expect(topics.subscribe).toEqual(['user/u-1/#', 'org/o-1/#']);
    expect(mayReceive(topics, 'org/o-1/positions')).toBe(true);
    expect(mayReceive(topics, 'org/o-1/daily-flights-archive/x')).toBe(true);
    expect(mayReceive(topics, 'user/u-1/notifications')).toBe(true);
    expect(mayReceive(topics, 'org/o-2/positions')).toBe(false);
    expect(mayReceive(topics, 'user/u-2/notifications')).toBe(false);
    expect(maySubscribe(topics, 'org/o-2/#')).toBe(false);
  });

  it('gives a person without an organization (or without a permission set) nothing of any organization', () => {
    // Act
    const lone = realtimeTopicsFor(actor([], null));
    const partial = realtimeTopicsFor({ userId: 'u-1', organizationId: 'o-1' } as Actor);

    // Assess
    expect(lone).toEqual({ subscribe: ['user/u-1/#'], deny: [] });
    expect(mayReceive(partial, SHEET)).toBe(false);
  });
});

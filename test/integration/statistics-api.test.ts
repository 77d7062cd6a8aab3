import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Spec §9 statistics over the demo season (bin/local/seed-flights.ts): a pilot's, from the monthly
 * items their landed flights add to, on the profile too; an aircraft's, from its usage days.
 */
const PILOT = subOf('pilot@demo.windsock.aero');
const ADMIN = subOf('admin@demo.windsock.aero');
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const thisYear = new Date().getUTCFullYear();

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('a pilot’s statistics', () => {
  it('shows the season month by month, every year, and the last 12 months with the flights over 3 h', async () => {
    const s = await platform.invoke('getStatistics', {
      sub: PILOT,
      params: { kind: 'glider' },
      query: { year: String(thisYear) },
    });

    expect(s.status).toBe(200);
    expect(s.body.months).toHaveLength(12);
    const yearTotal = s.body.months.reduce((sum: number, m: { minutes: number }) => sum + m.minutes, 0);
    const year = s.body.years.find((y: { year: string }) => y.year === String(thisYear));
    expect(year.minutes).toBe(yearTotal);
    expect(s.body.last_12_months.flights).toBeGreaterThan(20);
    // The demo pilot's cross-country flight of the season.
    expect(s.body.last_12_months.over_3h).toBeGreaterThanOrEqual(1);
  });

  it('the profile carries the last 12 months per kind and together', async () => {
    const [profile, glider, general] = await Promise.all([
      platform.invoke('getProfile', { sub: PILOT }),
      platform.invoke('getStatistics', { sub: PILOT, params: { kind: 'glider' } }),
      platform.invoke('getStatistics', { sub: PILOT, params: { kind: 'general' } }),
    ]);

    expect(profile.body.flight_stat_glider).toMatchObject({
      flights: glider.body.last_12_months.flights,
      minutes: glider.body.last_12_months.minutes,
      over_3h: glider.body.last_12_months.over_3h,
    });
    expect(profile.body.flight_stat.minutes).toBe(
      glider.body.last_12_months.minutes + general.body.last_12_months.minutes,
    );
  });

  it('a year out of range is a field error', async () => {
    const bad = await platform.invoke('getStatistics', {
      sub: PILOT,
      params: { kind: 'glider' },
      query: { year: '12' },
    });
    expect(bad.status).toBe(422);
  });
});

describe('an aircraft’s statistics', () => {
  it('sums its usage days into months and years; the tow plane flew every aerotow', async () => {
    const s = await platform.invoke('getPlaneStatistics', {
      sub: ADMIN,
      params: { id: 'plane-ha-sbx' },
      query: { year: String(thisYear) },
    });

    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const months = s.body.months as { flights: number; engine_minutes: number }[];
    expect(months).toHaveLength(12);
    const year = s.body.years.find((y: { year: string }) => y.year === String(thisYear));
    expect(year.flights).toBe(months.reduce((sum, m) => sum + m.flights, 0));
    expect(year.engine_minutes).toBeGreaterThan(0);
    expect(s.body.last_12_months.takeoffs).toBeGreaterThan(0);
  });

  it('another organization’s aircraft is not found', async () => {
    const other = await platform.invoke('getPlaneStatistics', {
      sub: ALPINE_ADMIN,
      params: { id: 'plane-ha-4012' },
    });
    expect(other.status).toBe(404);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveAirfields } from '../../bin/ogn-bridge/airfields.ts';
import {
  loginLine,
  rangeFilter,
  receiverOf,
  serverNameOf,
  timeOfDayOf,
  topicFor,
  withTimeOfDay,
} from '../../bin/ogn-bridge/aprs.ts';

const LHDK = { name: 'LHDK', latitude: 47.6167, longitude: 19.1433 };
const LOWZ = { name: 'LOWZ', latitude: 47.2925, longitude: 12.7878 };
const GLIDER =
  "FLRDD4012>OGFLR,qAS,LHDK:/120008h4737.00N/01908.65E'090/032/A=000477 !W12! id06DD4012 +1800fpm +0.0rot 30.0dB 0e +0.0kHz gps2x3";

describe('the APRS-IS login', () => {
  it('is a read-only login (passcode -1) with one range term per distinct airfield', () => {
    // Act
    const line = loginLine({
      callsign: 'WSK12AB',
      version: '0.1.0',
      airfields: [LHDK, LOWZ, LHDK],
      radiusKm: 50,
    });

    // Assess
    expect(line).toBe(
      'user WSK12AB pass -1 vers windsock 0.1.0 filter r/47.6167/19.1433/50 r/47.2925/12.7878/50\r\n',
    );
  });

  it('rounds positions to about ten metres and keeps a fractional radius', () => {
    expect(rangeFilter([{ name: 'x', latitude: 47.616_712_3, longitude: -0.000_04 }], 12.25)).toBe(
      'r/47.6167/0/12.3',
    );
  });

  it('refuses a callsign APRS-IS would reject', () => {
    expect(() =>
      loginLine({ callsign: 'windsock bridge', version: '1', airfields: [LHDK], radiusKm: 50 }),
    ).toThrow(/callsign/);
  });
});

describe('airfields from the command line', () => {
  const lookup = async (icao: string) => (icao === 'LHDK' ? LHDK : undefined);

  it('resolves ICAO codes and takes bare or named positions as given', async () => {
    expect(await resolveAirfields('lhdk, 46.5/18.25,LHXX=-12.5/-60', lookup)).toEqual([
      LHDK,
      { name: '46.5/18.25', latitude: 46.5, longitude: 18.25 },
      { name: 'LHXX', latitude: -12.5, longitude: -60 },
    ]);
  });

  it('names the airfield it cannot place', async () => {
    await expect(resolveAirfields('LHDK,LZZZ', lookup)).rejects.toThrow('unknown airfield LZZZ');
    await expect(resolveAirfields('95/10', lookup)).rejects.toThrow('out of range');
  });
});

describe('the receiver of a line', () => {
  it('is the last path element before the colon', () => {
    expect(receiverOf(GLIDER)).toBe('LHDK');
    expect(receiverOf('LHDK>OGNSDR,TCPIP*,qAC,GLIDERN2:/115957h4737.00NI01908.60E&/A=000413')).toBe(
      'GLIDERN2',
    );
    expect(receiverOf('FLRDDA5BA>APRS,qAS,LFMX*:/160829h4415.41N/00600.03E')).toBe('LFMX');
  });

  it('ignores colons and commas in the comment', () => {
    expect(receiverOf('FNT111369>OGNFNT,qAS,LSXI2:>112535h Name="Zaugg, Thomas" a:b,c')).toBe('LSXI2');
  });

  it('is the sender for a line that came to APRS-IS without a receiver', () => {
    expect(receiverOf('MYC78FF44>OGNMYC:>140735h Pilot=RichardHunt')).toBe('MYC78FF44');
  });

  it('is undefined for a line without an APRS header', () => {
    expect(receiverOf('garbage')).toBeUndefined();
    expect(receiverOf('FLRDD4012>OGFLR,qAS,:/120008h')).toBeUndefined();
    expect(receiverOf('FLRDD4012>OGFLR,qAS,')).toBeUndefined();
    expect(receiverOf('>OGFLR,qAS,LHDK:/')).toBeUndefined();
  });

  it('makes a topic level MQTT accepts', () => {
    expect(topicFor('LHDK')).toBe('ogn/beacons/LHDK');
    expect(topicFor('a+b/#')).toBe('ogn/beacons/a_b__');
  });
});

/** The shared corpus lives beside the repository (../shared/ogn), never in it; clones have none. */
const CORPUS = fileURLToPath(new URL('../../../shared/ogn/beacons-sample.expected.jsonl', import.meta.url));
const corpusAbsent = !existsSync(CORPUS);
if (corpusAbsent) console.warn(`OGN bridge routing over the corpus skipped: ${CORPUS} is absent`);

describe.skipIf(corpusAbsent)('routing the shared corpus', () => {
  it('gives every beacon a receiver, the one the reference parser names wherever it names one', () => {
    // Prepare
    const rows = readFileSync(CORPUS, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((row) => JSON.parse(row) as { raw: string; receiver_name?: string | null; aprs_type?: string })
      .filter((row) => !row.raw.startsWith('#'));

    // Act
    const unrouted = rows.filter((row) => !receiverOf(row.raw));
    const disagreeing = rows.filter((row) => row.receiver_name && receiverOf(row.raw) !== row.receiver_name);

    // Assess
    expect(rows.length).toBeGreaterThan(12_000);
    expect(unrouted).toEqual([]);
    // One line whose comment holds ", dl4mea:" fools the reference's regular expression; the path says GLIDERN3.
    expect(disagreeing.map((row) => row.receiver_name)).toEqual(['dl4mea']);
  });
});

describe('server comments', () => {
  it('give the server name from the banner or the login response', () => {
    expect(serverNameOf('# aprsc 2.1.14-g5e22b37 1 May 2026 11:59:55 GMT GLIDERN2 37.187.40.234:14580')).toBe(
      'GLIDERN2',
    );
    expect(serverNameOf('# logresp WSK12AB unverified, server GLIDERN3')).toBe('GLIDERN3');
    expect(serverNameOf('#keepalive')).toBeUndefined();
  });
});

describe('the time stamp of a line', () => {
  it('reads HHMMSSh of positions and statuses', () => {
    expect(timeOfDayOf(GLIDER)).toBe(12 * 3600 + 8);
    expect(timeOfDayOf('LHDK>OGNSDR,TCPIP*,qAC,GLIDERN2:>235958h v0.3.2')).toBe(86_398);
    expect(timeOfDayOf('FLRDD4012>OGFLR,qAS,LHDK:/1200z8h')).toBeUndefined();
    expect(timeOfDayOf('FLRDD4012>OGFLR,qAS,LHDK:/256000h')).toBeUndefined();
  });

  it('can be rewritten, wrapping at midnight, leaving the rest of the line alone', () => {
    const retimed = withTimeOfDay(GLIDER, 86_400 + 3661);
    expect(retimed).toBe(GLIDER.replace('/120008h', '/010101h'));
    expect(withTimeOfDay('no timestamp here', 5)).toBe('no timestamp here');
  });
});

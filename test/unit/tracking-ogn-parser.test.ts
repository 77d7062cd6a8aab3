import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OgnParseError, parse } from '../../functions/tracking/ogn-parser.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The shared corpus lives beside the repository (../shared/ogn), never in it; clones have none. */
const CORPUS_DIR = resolve(ROOT, '../shared/ogn');
const EXPECTED = resolve(CORPUS_DIR, 'beacons-sample.expected.jsonl');
const REFERENCE = new Date('2025-01-15T12:00:00Z');
const KNOTS_TO_KMH = 0.5144 / 0.27778;

const close = (value: number) => expect.closeTo(value, 9);

describe('parse: own fixture, one line of each kind', () => {
  it('reads a FLARM aircraft beacon with the !W! precision enhancement', () => {
    // Prepare
    const line =
      "FLRDDE001>APRS,qAS,EDHX:/101530h5230.12N/01322.34E'180/050/A=002000 !W47! id0ADDE001 +300fpm -2.0rot 12.5dB 1e -3.2kHz gps2x3";

    // Act
    const beacon = parse(line, REFERENCE);

    // Assess
    expect(beacon).toEqual({
      raw_message: line,
      reference_timestamp: '2025-01-15T12:00:00+00:00',
      aprs_type: 'position',
      beacon_type: 'aprs_aircraft',
      name: 'FLRDDE001',
      dstcall: 'APRS',
      relay: null,
      receiver_name: 'EDHX',
      timestamp: '2025-01-15T10:15:30+00:00',
      latitude: close(52 + 30.124 / 60),
      longitude: close(13 + 22.347 / 60),
      symboltable: '/',
      symbolcode: "'",
      track: 180,
      ground_speed: close(50 * KNOTS_TO_KMH),
      altitude: close(609.6),
      comment: 'id0ADDE001 +300fpm -2.0rot 12.5dB 1e -3.2kHz gps2x3',
      address_type: 2,
      aircraft_type: 2,
      'no-tracking': false,
      stealth: false,
      address: 'DDE001',
      climb_rate: close(1.524),
      turn_rate: close(-6),
      signal_quality: 12.5,
      error_count: 1,
      frequency_offset: -3.2,
      gps_quality: { horizontal: 2, vertical: 3 },
    });
  });

  it('reads versions, real address, power and proximity of a southern, western aircraft', () => {
    const beacon = parse(
      'ICA4CA001>APRS,qAS,Rcv1:/235959h3345.60S/07012.30W^090/120/A=-00100 idC54CA001 -050fpm +0.0rot FL012.34 3.0dB 0e +0.1kHz gps1x1 s6.83 h4F rDDA002 -8.5dBm hearAB12 hearCD34',
      REFERENCE,
    );

    expect(beacon).toMatchObject({
      timestamp: '2025-01-15T23:59:59+00:00', // within 12 h after the reference: the same day
      latitude: close(-(33 + 45.6 / 60)),
      longitude: close(-(70 + 12.3 / 60)),
      altitude: close(-30.48),
      address_type: 1,
      aircraft_type: 1,
      'no-tracking': true,
      stealth: true,
      flightlevel: 12.34,
      software_version: 6.83,
      hardware_version: 0x4f,
      real_address: 'DDA002',
      signal_power: -8.5,
      proximity: ['AB12', 'CD34'],
    });
  });

  it('dates a time of day across midnight against the reference', () => {
    const late = new Date('2025-01-15T23:30:00Z');
    const early = new Date('2025-01-16T00:30:00Z');
    const line = (time: string) => `FLRDDE001>APRS,qAS,EDHX:/${time}h5230.12N/01322.34E'180/050/A=002000`;

    expect(parse(line('001500'), late).timestamp).toBe('2025-01-16T00:15:00+00:00');
    expect(parse(line('233000'), early).timestamp).toBe('2025-01-15T23:30:00+00:00');
  });

  it('reads a receiver position and its status (legacy APRS dstcall)', () => {
    const position = parse('Vrsac>APRS,TCPIP*,qAC,GLIDERN4:/120000h4507.00NI02118.00E&/A=000300', REFERENCE);
    const status = parse(
      'Vrsac>APRS,TCPIP*,qAC,GLIDERN4:>120000h v0.2.8.RPI-GPU CPU:0.5 RAM:500.0/900.0MB NTP:1.0ms/-2.5ppm 5.1V 0.6A +48.2C 3/4Acfts[1h] RF:+10-0.5ppm/+1.25dB/+5.0dB@10km[1234]/+9.5dB@10km[3/7]',
      REFERENCE,
    );

    expect(position).toMatchObject({
      beacon_type: 'aprs_receiver',
      relay: 'TCPIP',
      receiver_name: 'GLIDERN4',
      track: null,
      ground_speed: null,
      comment: '',
    });
    expect(status).toMatchObject({
      aprs_type: 'status',
      beacon_type: 'aprs_receiver',
      version: '0.2.8',
      platform: 'RPI-GPU',
      cpu_load: 0.5,
      free_ram: 500,
      total_ram: 900,
      ntp_error: 1,
      rt_crystal_correction: -2.5,
      voltage: 5.1,
      amperage: 0.6,
      cpu_temp: 48.2,
      senders_visible: 3,
      senders_total: 4,
      rec_crystal_correction: 10,
      rec_crystal_correction_fine: -0.5,
      rec_input_noise: 1.25,
      senders_signal: 5,
      senders_messages: 1234,
      good_senders_signal: 9.5,
      good_senders: 3,
      good_and_bad_senders: 7,
    });
  });

  it('reads the OG… destinations: SDR receiver, FLARM, tracker status, FANET status, Naviter', () => {
    expect(
      parse('Rcv2>OGNSDR,TCPIP*,qAC,GLIDERN1:/080000h4700.00NI01900.00E&/A=000400 my antenna', REFERENCE),
    ).toMatchObject({
      beacon_type: 'receiver',
      user_comment: 'my antenna',
    });
    expect(
      parse(
        "FLRDD0001>OGFLR,qAS,Rcv2:/080001h4700.00N/01900.00E'000/000/A=000400 !W00! id06DD0001 +000fpm +0.0rot 20.0dB 0e +1.0kHz gps4x4",
        REFERENCE,
      ),
    ).toMatchObject({ beacon_type: 'flarm', aircraft_type: 1, 'no-tracking': false, frequency_offset: 1 });
    expect(
      parse(
        'OGN000001>OGNTRK,qAS,Rcv2:>080002h h01 v02 8sat/1 150m 1000.5hPa +15.5degC 40% 3.90V 14/-105.0dBm 2/min',
        REFERENCE,
      ),
    ).toMatchObject({
      beacon_type: 'tracker',
      hardware_version: 1,
      software_version: 2,
      gps_satellites: 8,
      gps_quality: 1,
      gps_altitude: 150,
      pressure: 1000.5,
      temperature: 15.5,
      humidity: 40,
      voltage: 3.9,
      transmitter_power: 14,
      noise_level: -105,
      relays: 2,
    });
    expect(
      parse('FNT000001>OGNFNT,qAS,Rcv2:>080003h Name="Club Glider" 11.0dB -2.0kHz 2e', REFERENCE),
    ).toMatchObject({
      beacon_type: 'fanet',
      fanet_name: 'Club Glider',
      signal_quality: 11,
      frequency_offset: -2,
      error_count: 2,
    });
    expect(
      parse(
        "NAV000001>OGNAVI,qAS,NAVITER:/080004h4700.00N/01900.00E'090/010/A=001000 !W11! id0440000001 +100fpm +1.0rot",
        REFERENCE,
      ),
    ).toMatchObject({
      beacon_type: 'naviter',
      address_type: 4,
      aircraft_type: 1,
      address: '000001',
      climb_rate: close(0.508),
      turn_rate: close(3),
    });
  });

  it('reads a weather report, a server line and a server comment', () => {
    expect(
      parse('FNT000002>OGNFNT,qAS,Rcv3:/090000h4700.00N/01900.00E_180/005g010t068h50b10132 ok', REFERENCE),
    ).toMatchObject({
      aprs_type: 'position_weather',
      wind_direction: 180,
      wind_speed: close(5 * KNOTS_TO_KMH),
      wind_speed_peak: close(10 * KNOTS_TO_KMH),
      temperature: close(20),
      humidity: close(0.5),
      barometric_pressure: 10132,
      comment: 'ok',
    });
    expect(
      parse('# aprsc 2.1.10-gd72a17c 3 Mar 2024 07:08:09 GMT GLIDERN9 10.1.2.3:14580', REFERENCE),
    ).toEqual({
      raw_message: '# aprsc 2.1.10-gd72a17c 3 Mar 2024 07:08:09 GMT GLIDERN9 10.1.2.3:14580',
      reference_timestamp: '2025-01-15T12:00:00+00:00',
      aprs_type: 'server',
      version: '2.1.10-gd72a17c',
      timestamp: '2024-03-03T07:08:09',
      server: 'GLIDERN9',
      ip_address: '10.1.2.3',
      port: '14580',
    });
    expect(parse('# logresp NOCALL unverified, server GLIDERN9', REFERENCE)).toMatchObject({
      aprs_type: 'comment',
      comment: '# logresp NOCALL unverified, server GLIDERN9',
    });
  });

  it('rejects what the reference rejects', () => {
    const rejected = [
      "FLRDDE001>APRS-1,qAS,EDHX:/101530h5230.12N/01322.34E'180/050/A=002000", // dstcall with SSID
      "FLRDDE001>APRS,EDHX:/101530h5230.12N/01322.34E'180/050/A=002000", // a one-element path
      "FLRDDE001>APRS,qAS,EDHX:/101590h5230.12N/01322.34E'180/050/A=002000", // second 90
      "FLRDDE001>APRS,qAS,EDHX:/101530h5230.12N/18122.34E'180/050/A=002000", // longitude past 180°
      'FLRDDE001>APRS,qAS,EDHX:>101530hno space after the time',
      "FLR000001>OGFLR,qAS,EDHX:/101530h5230.12N/01322.34E'180/050/A=002000 not an id", // OGFLR needs an id
    ];

    for (const line of rejected) expect(() => parse(line, REFERENCE), line).toThrow(OgnParseError);
  });
});

/** Reference value vs ours: strings and integers exactly, floats within 1e-9 relative, objects deeply. */
const same = (expected: unknown, actual: unknown): boolean => {
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Number.isInteger(expected) && Number.isInteger(actual)) return expected === actual;
    return Math.abs(expected - actual) <= 1e-9 * Math.max(Math.abs(expected), Math.abs(actual));
  }
  if (Array.isArray(expected) && Array.isArray(actual))
    return expected.length === actual.length && expected.every((v, i) => same(v, actual[i]));
  if (expected !== null && actual !== null && typeof expected === 'object' && typeof actual === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    return [...keys].every((k) => k in e && k in a && same(e[k], a[k]));
  }
  return expected === actual;
};

const corpusAbsent = !existsSync(EXPECTED);
if (corpusAbsent)
  console.warn(`OGN corpus agreement skipped: ${CORPUS_DIR} is absent (it is not part of the repository)`);

describe.skipIf(corpusAbsent)('parse: agreement with python-ogn-client 1.3.3 over the shared corpus', () => {
  it('rejects the same lines and yields the same fields for every other line', () => {
    // Prepare: one JSON object per line; `raw` is the input, rejected lines carry `error`.
    // The reference dated time-only beacons against each line's `reference_timestamp`
    // (2025-01-15T12:00:00Z for the whole corpus, README.md); rejected lines have none, so the same.
    const records = readFileSync(EXPECTED, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const disagreements: string[] = [];
    let accepted = 0;
    let rejected = 0;

    // Act
    for (const { raw, ...expected } of records) {
      const reference =
        typeof expected.reference_timestamp === 'string' ? new Date(expected.reference_timestamp) : REFERENCE;
      let actual: Record<string, unknown> | undefined;
      try {
        actual = parse(raw as string, reference);
      } catch (error) {
        if (!(error instanceof OgnParseError)) throw error;
      }
      if ('error' in expected) {
        rejected++;
        if (actual) disagreements.push(`accepted, reference rejects (${expected.error}): ${raw}`);
        continue;
      }
      accepted++;
      if (!actual) {
        disagreements.push(`rejected, reference accepts: ${raw}`);
        continue;
      }
      for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
        if (!(key in actual) || !(key in expected) || !same(expected[key], actual[key])) {
          disagreements.push(
            `${key}: ${JSON.stringify(expected[key])} ≠ ${JSON.stringify(actual[key])} in ${raw}`,
          );
        }
      }
    }

    // Assess
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(accepted + rejected).toBe(records.length);
    expect(rejected).toBe(90);
  });
});

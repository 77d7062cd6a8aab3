import { describe, expect, it } from 'vitest';
import { parse } from '../../functions/tracking/ogn-parser.ts';
import { covers, isPrivateBeacon, markDays, markFor } from '../../functions/tracking/privacy.ts';

/**
 * The pilots' privacy bits (issue 18): read from every kind of device beacon the network relays,
 * and the stretch of a device's data they withhold.
 */
const REFERENCE = new Date('2026-06-13T12:00:30Z');
const flarm = (detail: string) =>
  `FLRDD4012>OGFLR,qAS,LHDK:/120000h4737.00N/01908.60E'090/054/A=001000 !W12! id${detail}DD4012 +198fpm +0.0rot 30.0dB 0e +0.0kHz gps2x3`;
const aprs = (detail: string) =>
  `FLRDD4012>APRS,qAS,LHDK:/120000h4737.00N/01908.60E'090/054/A=001000 !W12! id${detail}DD4012 +198fpm +0.0rot 30.0dB 0e +0.0kHz gps2x3`;
const tracker = (detail: string) =>
  `OGN8E20F0>OGNTRK,qAS,LEMD:/120001h4030.23N/00341.96W'079/000/A=002450 !W44! id${detail}8E20F0 +000fpm +1.1rot 56.9dB 0e +3.1kHz gps3x5`;
const naviter = (flags: string) =>
  `NAV042121>OGNAVI,qAS,NAVITER:/120002h4550.36N/01314.85E'090/152/A=001086 !W47! id${flags}40042121 +000fpm +0.5rot`;

describe('the privacy bits of a beacon', () => {
  it.each([
    ['FLARM, nothing set', flarm('06'), false],
    ['FLARM, no-tracking', flarm('46'), true],
    ['FLARM, stealth', flarm('86'), true],
    ['FLARM, both', flarm('C6'), true],
    ['APRS dstcall, no-tracking', aprs('46'), true],
    ['APRS dstcall, nothing set', aprs('06'), false],
    ['OGN tracker, nothing set', tracker('06'), false],
    ['OGN tracker, no-tracking (read by the parser as aircraft type)', tracker('46'), true],
    ['OGN tracker, stealth', tracker('86'), true],
    ['Naviter, nothing set', naviter('04'), false],
    ['Naviter, do-not-track', naviter('44'), true],
    ['Naviter, stealth', naviter('84'), true],
  ])('%s', (_, line, expected) => {
    expect(isPrivateBeacon(parse(line, REFERENCE))).toBe(expected);
  });
});

describe('what a privacy mark withholds', () => {
  const at = (hhmm: string, day = '2026-06-13') => Date.parse(`${day}T${hhmm}:00Z`);

  it('starts just after the last landing before the bit, and holds for the rest of that day', () => {
    // Act
    const mark = markFor(
      at('14:00'),
      '2026-06-13',
      '2026-06-13',
      [at('11:00'), at('13:20'), at('15:00')],
      null,
    );

    // Assess
    expect(mark).toEqual({ from: at('13:20') + 1, day: '2026-06-13' });
    expect(covers(mark, at('13:20'), '2026-06-13')).toBe(false);
    expect(covers(mark, at('13:21'), '2026-06-13')).toBe(true);
    expect(covers(mark, at('18:00'), '2026-06-13')).toBe(true);
    expect(covers(mark, at('09:00', '2026-06-14'), '2026-06-14')).toBe(false);
    expect(markDays(mark)).toEqual(['2026-06-12', '2026-06-13']);
  });

  it('with no landing known, everything of the device from the day before on', () => {
    const mark = markFor(at('14:00'), '2026-06-13', '2026-06-13', [], null);

    expect(mark.from).toBe(0);
    expect(covers(mark, at('23:00', '2026-06-12'), '2026-06-12')).toBe(true);
  });

  it('is widened by an earlier flagged beacon arriving late, and replaced once its day is over', () => {
    const mark = markFor(at('14:00'), '2026-06-13', '2026-06-13', [at('13:20')], null);

    const earlier = markFor(at('13:00'), '2026-06-13', '2026-06-13', [at('11:00'), at('13:20')], mark);
    const nextDay = markFor(
      at('10:00', '2026-06-14'),
      '2026-06-14',
      '2026-06-14',
      [at('09:30', '2026-06-14')],
      mark,
    );

    expect(earlier).toEqual({ from: at('11:00') + 1, day: '2026-06-13' });
    expect(nextDay).toEqual({ from: at('09:30', '2026-06-14') + 1, day: '2026-06-14' });
  });

  it('without a mark nothing is withheld', () => {
    expect(covers(null, at('14:00'), '2026-06-13')).toBe(false);
  });
});

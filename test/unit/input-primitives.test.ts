import { describe, expect, it } from 'vitest';
import { entityId, isoDate, isoInstant, userText, version } from '../../contracts/validation.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the date primitive (issue 11 §4)', () => {
  it('takes real days and refuses impossible ones instead of moving them', () => {
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(messages(isoDate.safeParse('2026-02-30'))).toEqual(['date_format']);
    expect(messages(isoDate.safeParse('2023-02-29'))).toEqual(['date_format']);
    expect(messages(isoDate.safeParse('2026-04-31'))).toEqual(['date_format']);
    expect(messages(isoDate.safeParse('2026-13-01'))).toEqual(['date_format']);
    expect(messages(isoDate.safeParse('2026-1-01'))).toEqual(['date_format']);
  });

  it('refuses year 0000 and years outside the ones the product deals in', () => {
    expect(messages(isoDate.safeParse('0000-01-01'))).toEqual(['date_format']);
    expect(messages(isoDate.safeParse('1899-12-31'))).toEqual(['too_small']);
    expect(messages(isoDate.safeParse('2200-01-01'))).toEqual(['too_big']);
    expect(isoDate.safeParse('1900-01-01').success).toBe(true);
  });
});

describe('the date-time primitive', () => {
  it('refuses 30 February, 24:00 and a 60th second rather than rolling over', () => {
    expect(messages(isoInstant.safeParse('2026-02-30T10:00:00Z'))).toEqual(['datetime_format']);
    expect(messages(isoInstant.safeParse('2026-08-15T24:00:00Z'))).toEqual(['datetime_format']);
    expect(messages(isoInstant.safeParse('2026-08-15T09:00:60Z'))).toEqual(['datetime_format']);
    expect(messages(isoInstant.safeParse('0000-01-01T00:00Z'))).toEqual(['datetime_format']);
    expect(messages(isoInstant.safeParse('2026-08-15T09:00:00'))).toEqual(['datetime_format']);
  });

  it('gives the UTC instant of an offset, to the millisecond', () => {
    expect(isoInstant.parse('2026-08-15T11:00:00.5+02:00')).toBe('2026-08-15T09:00:00.500Z');
    expect(isoInstant.parse('2026-03-01T00:30-01:00')).toBe('2026-03-01T01:30:00.000Z');
    expect(isoInstant.parse('2024-02-29T23:59Z')).toBe('2024-02-29T23:59:00.000Z');
  });
});

describe('the user text primitive (issue 11 §6)', () => {
  const line = userText(40, { min: 1 });
  const note = userText(40, { multiline: true });

  it('refuses control characters, bidi overrides and isolates, and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0007',
      '\u001b[31m',
      'a\u007f',
      'a\u0085b',
      'HA-\u202eXBS',
      'x\u2066y',
      'x\u2069',
      'a\ud800',
      '\udc00b',
    ])
      expect(messages(line.safeParse(bad)), JSON.stringify(bad)).toContain('invalid_characters');
  });

  it('keeps tab and newline in multi-line text only, and makes Windows line ends \\n', () => {
    expect(messages(line.safeParse('a\tb'))).toEqual(['invalid_characters']);
    expect(messages(line.safeParse('a\nb'))).toEqual(['invalid_characters']);
    expect(note.parse('first\r\nsecond\tthird')).toBe('first\nsecond\tthird');
  });

  it('keeps what people write: accents, emoji, right-to-left text', () => {
    expect(line.parse('  Árvíztűrő tükörfúrógép 🛩  ')).toBe('Árvíztűrő tükörfúrógép 🛩');
    expect(line.parse('שלום')).toBe('שלום');
  });

  it('still says too long and required', () => {
    expect(messages(line.safeParse('x'.repeat(41)))).toEqual(['too_long']);
    expect(messages(line.safeParse('   '))).toEqual(['field_required']);
  });
});

describe('ids and versions', () => {
  it('bounds an id well below a DynamoDB key and to the characters ids have', () => {
    expect(entityId.safeParse('0mhg2k3f1a3f9c2e7d1').success).toBe(true);
    expect(entityId.safeParse('2b1f0c3e-6a2d-4c8e-9d2a-0b7f6c5e4d3a').success).toBe(true);
    expect(messages(entityId.safeParse('x'.repeat(129)))).toEqual(['too_long']);
    expect(messages(entityId.safeParse('#'))).toEqual(['invalid_value']);
    expect(messages(entityId.safeParse('a/b'))).toEqual(['invalid_value']);
  });

  it('refuses a version beyond the integers JavaScript holds exactly', () => {
    expect(version.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(messages(version.safeParse(2 ** 53))).toEqual(['invalid_value']);
    expect(messages(version.safeParse(1e300))).toEqual(['invalid_value']);
    expect(messages(version.safeParse(1.5))).toEqual(['invalid_value']);
  });
});

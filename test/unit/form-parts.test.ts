import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../../frontend/src/components/forms/date-field.tsx';
import { orNull, withoutField } from '../../frontend/src/components/forms/field-errors.ts';

describe('the date field (spec §5: shown YYYY.MM.DD, held as the ISO date the API takes)', () => {
  it('reads what a person types, with dots, dashes, slashes or none', () => {
    expect(parseTypedDate('2026.03.07')).toBe('2026-03-07');
    expect(parseTypedDate('2026.3.7.')).toBe('2026-03-07');
    expect(parseTypedDate('2026-03-07')).toBe('2026-03-07');
    expect(parseTypedDate('2026/03/07')).toBe('2026-03-07');
    expect(parseTypedDate(' 20260307 ')).toBe('2026-03-07');
  });

  it('keeps text that is not a calendar date as typed, so the schema says what is wrong', () => {
    expect(parseTypedDate('2026.02.30')).toBe('2026.02.30');
    expect(parseTypedDate('2026.13.01')).toBe('2026.13.01');
    expect(parseTypedDate('2026.03')).toBe('2026.03');
    expect(parseTypedDate('')).toBe('');
  });
});

describe('field errors', () => {
  it('forgets a changed field and every path below it, and nothing else', () => {
    const errors = {
      licences: ['too_small'],
      'licences.0.number': ['field_required'],
      licence_note: ['too_long'],
      medical_class: ['invalid_value'],
    };
    expect(withoutField(errors, 'licences')).toEqual({
      licence_note: ['too_long'],
      medical_class: ['invalid_value'],
    });
  });

  it('sends an emptied optional input as null, trimmed text as it is', () => {
    expect(orNull('  ')).toBeNull();
    expect(orNull(' HA-4012 ')).toBe('HA-4012');
  });
});

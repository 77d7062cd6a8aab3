import { describe, expect, it } from 'vitest';
import { typeFacts, typeFill } from '../../frontend/src/features/aircraft/type-catalogue.ts';

describe('picking an aircraft type on the plane form', () => {
  it('knows the common club types by their code, however it is typed', () => {
    expect(typeFacts('AS21')).toEqual({ manufacturer: 'Alexander Schleicher', model: 'ASK 21', seats: 2 });
    expect(typeFacts(' c172 ')).toEqual({ manufacturer: 'Cessna', model: '172 Skyhawk', seats: 4 });
    expect(typeFacts('GLID')).toBeUndefined();
  });

  it('fills the empty fields and asks before replacing what the user typed', () => {
    const facts = typeFacts('DG1T');
    if (!facts) throw new Error('DG1T is a known type');
    expect(typeFill({ manufacturer: '', model: '', seats: '' }, facts)).toEqual({
      fill: { manufacturer: 'DG Flugzeugbau', model: 'DG-1000', seats: '2' },
      ask: {},
    });
    expect(typeFill({ manufacturer: 'DG', model: 'DG-1000', seats: '' }, facts)).toEqual({
      fill: { seats: '2' },
      ask: { manufacturer: 'DG Flugzeugbau' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  type Signature,
  type SignedContent,
  sign,
  verifyChain,
} from '../../functions/flights/logbook-signature.ts';

const instructor = { signer_id: 'user-instructor', signer_name: 'Kovács Péter' };
const line = (n: number): SignedContent => ({
  user_id: 'user-student',
  entry_id: `e${n}`,
  kind: 'glider',
  date: `2026-08-1${n}`,
  reg_num: 'HA-4012',
  role: 'dual',
  flight_minutes: 7 + n,
  launches: 1,
  landings: 1,
  training: true,
});

/** Signs lines one after another as the service does, returning the lines and the chain head. */
const signAll = (lines: SignedContent[]) => {
  let chain = { seq: 0, head: '' };
  const signed = lines.map((entry, i) => {
    const signature: Signature = sign(entry, chain, instructor, `2026-08-20T10:0${i}:00.000Z`);
    chain = { seq: signature.seq, head: signature.hash };
    return { ...entry, signature };
  });
  return { signed, head: { seq: chain.seq, hash: chain.head } };
};

describe('logbook signatures', () => {
  it('an untouched chain verifies', () => {
    const { signed, head } = signAll([line(1), line(2), line(3)]);

    expect(verifyChain(signed, head)).toEqual([]);
  });

  it('a changed flight time of a signed line is found', () => {
    const { signed, head } = signAll([line(1), line(2), line(3)]);
    signed[1] = { ...signed[1]!, flight_minutes: 70 };

    expect(verifyChain(signed, head)).toEqual([{ entry_id: 'e2', problem: 'content_changed' }]);
  });

  it('a removed signed line breaks the chain after it', () => {
    const { signed, head } = signAll([line(1), line(2), line(3)]);

    expect(verifyChain([signed[0]!, signed[2]!], head)).toEqual([
      { entry_id: 'e3', problem: 'chain_broken' },
    ]);
  });

  it('a removed last line shows against the stored head', () => {
    const { signed, head } = signAll([line(1), line(2)]);

    expect(verifyChain([signed[0]!], head)).toEqual([{ entry_id: null, problem: 'missing_signature' }]);
  });

  it('a re-signed line with a forged hash does not fit the next one', () => {
    const { signed, head } = signAll([line(1), line(2)]);
    const forged = { ...signed[0]!, flight_minutes: 99 };
    forged.signature = sign(forged, { seq: 0, head: '' }, instructor, signed[0]!.signature.signed_at);

    expect(verifyChain([forged, signed[1]!], head)).toEqual([{ entry_id: 'e2', problem: 'chain_broken' }]);
  });
});

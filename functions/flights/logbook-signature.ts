import { createHash } from 'node:crypto';

/**
 * Tamper-evident signatures of logbook lines (issue 5 §4). An instructor's signature is a hash over
 * the line's content, the signer, the time, its place in the pilot's chain and the previous
 * signature's hash. Changing a signed line, or removing or reordering signed lines, breaks every
 * hash from that point on — `verifyChain` finds where.
 */

/** The fields a signature covers: everything the logbook prints for the line. */
const SIGNED_FIELDS = [
  'user_id',
  'entry_id',
  'kind',
  'date',
  'takeoff_time',
  'landing_time',
  'takeoff_airport',
  'landing_airport',
  'reg_num',
  'plane_type',
  'takeoff_type_id',
  'role',
  'pic_name',
  'instructor_id',
  'flight_minutes',
  'launches',
  'landings',
  'night_minutes',
  'ifr_minutes',
  'training',
  'proficiency_check',
  'remarks',
] as const;

export type SignedContent = Partial<Record<(typeof SIGNED_FIELDS)[number], string | number | boolean | null>>;

export interface Signature {
  signer_id: string;
  signer_name: string;
  signed_at: string;
  seq: number;
  prev_hash: string;
  hash: string;
}

/** One canonical text per line: the covered fields in a fixed order, absent ones as null. */
const canonicalContent = (entry: SignedContent) =>
  JSON.stringify(SIGNED_FIELDS.map((field) => [field, entry[field] ?? null]));

function signatureHash(entry: SignedContent, signature: Omit<Signature, 'hash' | 'signer_name'>): string {
  return createHash('sha256')
    .update(canonicalContent(entry))
    .update('\n')
    .update(JSON.stringify([signature.signer_id, signature.signed_at, signature.seq, signature.prev_hash]))
    .digest('hex');
}

/** The signature of the next line in a chain whose head is `head` after `seq` signatures. */
export function sign(
  entry: SignedContent,
  chain: { seq: number; head: string },
  signer: { signer_id: string; signer_name: string },
  signedAt: string,
): Signature {
  const base = {
    signer_id: signer.signer_id,
    signed_at: signedAt,
    seq: chain.seq + 1,
    prev_hash: chain.head,
  };
  return { ...base, signer_name: signer.signer_name, hash: signatureHash(entry, base) };
}

type ChainProblem = 'content_changed' | 'chain_broken' | 'missing_signature';

/**
 * Checks a pilot's signed lines in chain order. Each must hash to its stored hash (else its content
 * changed) and point at the previous line's hash with the next number (else a signed line was
 * removed or inserted). `head` is the chain head stored with the logbook: a removed last line shows.
 */
export function verifyChain(
  entries: readonly (SignedContent & { signature?: Signature | null })[],
  head: { seq: number; hash: string },
): { entry_id: string | null; problem: ChainProblem }[] {
  const signed = entries
    .filter((e): e is SignedContent & { signature: Signature } => Boolean(e.signature))
    .sort((a, b) => a.signature.seq - b.signature.seq);
  const problems: { entry_id: string | null; problem: ChainProblem }[] = [];
  let prev = '';
  let seq = 0;
  for (const entry of signed) {
    const id = String(entry.entry_id ?? '');
    if (entry.signature.seq !== seq + 1 || entry.signature.prev_hash !== prev)
      problems.push({ entry_id: id, problem: 'chain_broken' });
    if (signatureHash(entry, entry.signature) !== entry.signature.hash)
      problems.push({ entry_id: id, problem: 'content_changed' });
    prev = entry.signature.hash;
    seq = entry.signature.seq;
  }
  if (seq !== head.seq || prev !== head.hash) problems.push({ entry_id: null, problem: 'missing_signature' });
  return problems;
}

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

/**
 * One link of a hash chain (issue 5 §4, reused by training's task checks, issue 16 §3): the signed
 * content as one canonical text, then who signed, when, the link's place and the previous link's
 * hash. Changing the content, or removing or reordering links, breaks every hash from there on.
 */
export function chainedHash(content: string, link: Omit<Signature, 'hash' | 'signer_name'>): string {
  return createHash('sha256')
    .update(content)
    .update('\n')
    .update(JSON.stringify([link.signer_id, link.signed_at, link.seq, link.prev_hash]))
    .digest('hex');
}

/** The next link of a chain whose head is `head` after `seq` links, over canonical `content`. */
export function signChained(
  content: string,
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
  return { ...base, signer_name: signer.signer_name, hash: chainedHash(content, base) };
}

/** The signature of the next line in a chain whose head is `head` after `seq` signatures. */
export function sign(
  entry: SignedContent,
  chain: { seq: number; head: string },
  signer: { signer_id: string; signer_name: string },
  signedAt: string,
): Signature {
  return signChained(canonicalContent(entry), chain, signer, signedAt);
}

export type ChainProblem = 'content_changed' | 'chain_broken' | 'missing_signature';

/**
 * Checks links in chain order: each must hash to its stored hash (else its content changed) and
 * point at the previous link's hash with the next number (else a link was removed or inserted).
 * `head` is the chain head stored apart from the links: a removed last link shows.
 */
export function verifyLinks(
  links: readonly { id: string; content: string; signature: Signature }[],
  head: { seq: number; hash: string },
): { id: string | null; problem: ChainProblem }[] {
  const ordered = [...links].sort((a, b) => a.signature.seq - b.signature.seq);
  const problems: { id: string | null; problem: ChainProblem }[] = [];
  let prev = '';
  let seq = 0;
  for (const link of ordered) {
    if (link.signature.seq !== seq + 1 || link.signature.prev_hash !== prev)
      problems.push({ id: link.id, problem: 'chain_broken' });
    if (chainedHash(link.content, link.signature) !== link.signature.hash)
      problems.push({ id: link.id, problem: 'content_changed' });
    prev = link.signature.hash;
    seq = link.signature.seq;
  }
  if (seq !== head.seq || prev !== head.hash) problems.push({ id: null, problem: 'missing_signature' });
  return problems;
}

/** Checks a pilot's signed lines in chain order (verifyLinks over the lines' canonical content). */
export function verifyChain(
  entries: readonly (SignedContent & { signature?: Signature | null })[],
  head: { seq: number; hash: string },
): { entry_id: string | null; problem: ChainProblem }[] {
  const links = entries
    .filter((e): e is SignedContent & { signature: Signature } => Boolean(e.signature))
    .map((e) => ({ id: String(e.entry_id ?? ''), content: canonicalContent(e), signature: e.signature }));
  return verifyLinks(links, head).map(({ id, problem }) => ({ entry_id: id, problem }));
}

import type { TrainingChainProblem, VerificationOutput } from '../../contracts/schemas/training.ts';
import type { FinishResult, Grade } from '../../contracts/schemas/training-enums.ts';
import { type Signature, signChained, verifyLinks } from '../flights/public.ts';

/**
 * Task checks (issue 16 §3): what an instructor signs, as one canonical text, chained to the
 * training's previous check with the logbook's own hash chain (functions/flights/logbook-signature.ts).
 * A check stored later with another content, a check removed or reordered, or a signed flight whose
 * logbook line changed or went away afterwards: `verifyChecks` finds each.
 */

/** The facts of a flight a check covers: what the logbook prints that the progress counts. */
export const SIGNED_FLIGHT_FIELDS = [
  'entry_id',
  'date',
  'reg_num',
  'takeoff_type_id',
  'role',
  'flight_minutes',
  'launches',
] as const;

export interface SignedFlight {
  entry_id: string;
  date: string;
  reg_num: string;
  takeoff_type_id: number;
  role: string;
  flight_minutes: number;
  launches: number;
  grades: { exercise_id: string; grade: Grade }[];
}

export interface CheckContent {
  enrolment_id: string;
  user_id: string;
  programme_id: string;
  /** null: the training's own finish. */
  task_id: string | null;
  task_name: string | null;
  result: FinishResult;
  comment: string | null;
  /** The minimums the task (or programme) asked for, and what the flights gave. */
  minimums: Record<string, number>;
  flights: SignedFlight[];
}

/** One canonical text: fixed key order, flights by entry id, grades by exercise. */
export function canonicalCheck(content: CheckContent): string {
  const flights = [...content.flights]
    .sort((a, b) => a.entry_id.localeCompare(b.entry_id))
    .map((f) => [
      ...SIGNED_FLIGHT_FIELDS.map((field) => f[field]),
      [...f.grades]
        .sort((a, b) => a.exercise_id.localeCompare(b.exercise_id))
        .map((g) => [g.exercise_id, g.grade]),
    ]);
  const minimums = Object.entries(content.minimums).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    content.enrolment_id,
    content.user_id,
    content.programme_id,
    content.task_id,
    content.task_name,
    content.result,
    content.comment,
    minimums,
    flights,
  ]);
}

/** The flights a canonical text names, as they were signed (none if the text is unreadable). */
export function signedFlightsOf(
  content: string,
): Pick<SignedFlight, (typeof SIGNED_FLIGHT_FIELDS)[number]>[] {
  try {
    const parsed = JSON.parse(content) as unknown[];
    const flights = parsed[8] as unknown[][];
    return flights.map((row) =>
      Object.fromEntries(SIGNED_FLIGHT_FIELDS.map((field, index) => [field, row[index]])),
    ) as Pick<SignedFlight, (typeof SIGNED_FLIGHT_FIELDS)[number]>[];
  } catch {
    return [];
  }
}

export const signCheck = (
  content: CheckContent,
  chain: { seq: number; head: string },
  signer: { signer_id: string; signer_name: string },
  signedAt: string,
): { text: string; signature: Signature } => {
  const text = canonicalCheck(content);
  return { text, signature: signChained(text, chain, signer, signedAt) };
};

export interface StoredCheckLink {
  seq: number;
  content: string;
  signer_id: string;
  signer_name: string;
  signed_at: string;
  prev_hash: string;
  hash: string;
}

/**
 * The checks of one training against the head stored with it, and the signed flights against the
 * logbook as it is now (`lines`: entry id → the line's facts, or null when the line is gone).
 */
export function verifyChecks(
  checks: readonly StoredCheckLink[],
  head: { seq: number; hash: string },
  lines: ReadonlyMap<string, Pick<SignedFlight, (typeof SIGNED_FLIGHT_FIELDS)[number]> | null>,
): VerificationOutput {
  const problems: VerificationOutput['problems'] = verifyLinks(
    checks.map((c) => ({
      id: String(c.seq),
      content: c.content,
      signature: {
        signer_id: c.signer_id,
        signer_name: c.signer_name,
        signed_at: c.signed_at,
        seq: c.seq,
        prev_hash: c.prev_hash,
        hash: c.hash,
      },
    })),
    head,
  ).map(({ id, problem }) => ({ seq: id === null ? null : Number(id), entry_id: null, problem }));
  for (const check of checks) {
    for (const signed of signedFlightsOf(check.content)) {
      const now = lines.get(signed.entry_id);
      let problem: TrainingChainProblem | null = null;
      if (now === null || now === undefined) problem = 'flight_missing';
      else if (SIGNED_FLIGHT_FIELDS.some((field) => now[field] !== signed[field])) problem = 'flight_changed';
      if (problem) problems.push({ seq: check.seq, entry_id: signed.entry_id, problem });
    }
  }
  return { ok: problems.length === 0, checks: checks.length, problems };
}

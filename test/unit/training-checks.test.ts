import { describe, expect, it } from 'vitest';
import {
  type CheckContent,
  type StoredCheckLink,
  signCheck,
  verifyChecks,
} from '../../functions/training/checks.ts';

/**
 * Task checks are chained like the logbook's signatures (issue 16 §3): a check whose stored content
 * changed, a check removed, or a signed flight changed in the logbook afterwards is found.
 */
const flight = (entry_id: string, minutes = 8) => ({
  entry_id,
  date: '2026-06-01',
  reg_num: 'HA-4012',
  takeoff_type_id: 3,
  role: 'dual',
  flight_minutes: minutes,
  launches: 1,
  grades: [{ exercise_id: 'launches-launch', grade: 'satisfactory' as const }],
});
const content = (task: string, flights: ReturnType<typeof flight>[]): CheckContent => ({
  enrolment_id: 'e1',
  user_id: 'user-student',
  programme_id: 'p1',
  task_id: task,
  task_name: task,
  result: 'successful',
  comment: null,
  minimums: { min_dual_launches: 1 },
  flights,
});

function chain(contents: CheckContent[]) {
  const links: StoredCheckLink[] = [];
  let head = { seq: 0, head: '' };
  for (const c of contents) {
    const { text, signature } = signCheck(
      c,
      head,
      { signer_id: 'user-instructor', signer_name: 'Nagy László' },
      '2026-06-01T12:00:00Z',
    );
    links.push({ ...signature, content: text });
    head = { seq: signature.seq, head: signature.hash };
  }
  return { links, head: { seq: head.seq, hash: head.head } };
}

const lines = new Map([
  ['f1', flight('f1')],
  ['f2', flight('f2')],
]);

describe('verifying task checks', () => {
  it('passes an untouched chain', () => {
    const { links, head } = chain([content('t1', [flight('f1')]), content('t2', [flight('f2')])]);
    expect(verifyChecks(links, head, lines)).toEqual({ ok: true, checks: 2, problems: [] });
  });

  it('finds a check whose content was changed afterwards', () => {
    const { links, head } = chain([content('t1', [flight('f1')]), content('t2', [flight('f2')])]);
    links[0] = { ...links[0]!, content: links[0]!.content.replace('successful', 'unsuccessful') };
    expect(verifyChecks(links, head, lines).problems).toContainEqual({
      seq: 1,
      entry_id: null,
      problem: 'content_changed',
    });
  });

  it('finds a removed check, in the middle or at the end', () => {
    const { links, head } = chain([content('t1', [flight('f1')]), content('t2', [flight('f2')])]);
    expect(verifyChecks([links[1]!], head, lines).problems).toContainEqual({
      seq: 2,
      entry_id: null,
      problem: 'chain_broken',
    });
    expect(verifyChecks([links[0]!], head, lines).problems).toContainEqual({
      seq: null,
      entry_id: null,
      problem: 'missing_signature',
    });
  });

  it('finds a signed flight changed or deleted in the logbook since', () => {
    const { links, head } = chain([content('t1', [flight('f1'), flight('f2')])]);
    const changed = new Map([
      ['f1', flight('f1', 9)],
      ['f2', null],
    ]);
    expect(verifyChecks(links, head, changed).problems).toEqual([
      { seq: 1, entry_id: 'f1', problem: 'flight_changed' },
      { seq: 1, entry_id: 'f2', problem: 'flight_missing' },
    ]);
  });
});

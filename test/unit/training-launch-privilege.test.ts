import { describe, expect, it } from 'vitest';
import { lapsedFor } from '../../contracts/recency-check.ts';
import { type RecencyFlight, recencyOf, sfcl155 } from '../../functions/flights/recency.ts';

/**
 * Issue 16 §5: a finished launch-method training opens the method (SFCL.155(a)); the recency engine
 * lists a method once it is open — flown as pilot in command, or opened by training — and the
 * daily sheet's check says when a pilot has no privilege for the launch at all.
 */
let seq = 0;
const flight = (date: string, over: Partial<RecencyFlight> = {}): RecencyFlight => ({
  id: `f${++seq}`,
  date,
  kind: 'glider',
  takeoff_type: 'winch',
  pilot_role: 'dual',
  minutes: 8,
  launches: 1,
  landings: 1,
  with_instructor: true,
  proficiency_check: false,
  ...over,
});
const today = '2026-11-22';
const dualWinch = Array.from({ length: 12 }, () => flight('2026-09-01'));

describe('launch methods opened by training', () => {
  it('does not open a method flown only dual', () => {
    expect(sfcl155(dualWinch, today)).toEqual([]);
  });

  it('opens it with the training, current by the launches flown (dual ones count)', () => {
    const [winch] = sfcl155(dualWinch, today, [{ method: 'winch', granted_on: '2026-09-02' }]);
    expect(winch).toMatchObject({ method: 'winch', opened_on: '2026-09-02', status: 'current' });
  });

  it('opens it without training once flown as pilot in command', () => {
    const [winch] = sfcl155(
      [...dualWinch, flight('2026-10-01', { pilot_role: 'pic', with_instructor: false })],
      today,
    );
    expect(winch).toMatchObject({ method: 'winch', status: 'current' });
    expect(winch?.opened_on).toBeUndefined();
  });

  it('tells the daily sheet that a student without the privilege may not launch solo by it', () => {
    const rules = recencyOf(dualWinch, { medical_valid_until: '2027-06-01' }, today);
    const lapsed = lapsedFor({ rules }, { kind: 'glider', takeoff_type: 'winch', with_passenger: false });
    expect(lapsed).toContainEqual(
      expect.objectContaining({ rule: 'sfcl_155', method: 'winch', privilege_missing: true }),
    );

    const trained = recencyOf(dualWinch, { medical_valid_until: '2027-06-01' }, today, [
      { method: 'winch', granted_on: '2026-09-02' },
    ]);
    const after = lapsedFor(
      { rules: trained },
      { kind: 'glider', takeoff_type: 'winch', with_passenger: false },
    );
    expect(after.filter((r) => r.rule === 'sfcl_155')).toEqual([]);
  });

  it('lists a privilege even for a pilot with no sailplane flights yet', () => {
    const rules = recencyOf([], {}, today, [{ method: 'tow', granted_on: '2026-11-01' }]);
    expect(rules.find((r) => r.rule === 'sfcl_155')).toMatchObject({
      method: 'tow',
      status: 'lapsed',
      needed: { launches: 5 },
    });
  });
});

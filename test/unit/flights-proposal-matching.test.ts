import { describe, expect, it } from 'vitest';
import {
  type MatchableFlight,
  type MatchableProposal,
  matchProposals,
  proposalPending,
} from '../../contracts/proposal-matching.ts';

/**
 * Issue 6 §5: a detected flight lands on the manual entry it is — the same aircraft, taken off
 * within ±10 min of the detection or still waiting — so the timer operator confirms instead of
 * typing, and never gets a second flight for one launch.
 */
const proposal = (id: string, patch: Partial<MatchableProposal> = {}): MatchableProposal => ({
  proposal_id: id,
  plane_id: 'plane-ha-4012',
  status: 'open',
  takeoff_time: '2026-09-20T12:02:10.000Z',
  landing_time: null,
  flight_id: null,
  ...patch,
});

const flight = (id: string, patch: Partial<MatchableFlight> = {}): MatchableFlight => ({
  flight_id: id,
  plane_id: 'plane-ha-4012',
  status: 'planned',
  takeoff_time: null,
  landing_time: null,
  created_at: '2026-09-20T11:30:00.000Z',
  ...patch,
});

describe('matching detected flights to the sheet', () => {
  it('matches the same aircraft taken off within ten minutes, and not one eleven minutes off', () => {
    // Prepare
    const flights = [
      flight('near', { status: 'airborne', takeoff_time: '2026-09-20T12:09:00.000Z' }),
      flight('far', { status: 'airborne', takeoff_time: '2026-09-20T12:13:11.000Z' }),
    ];

    // Act
    const matches = matchProposals([proposal('p1')], flights);
    const tooFar = matchProposals([proposal('p1')], [flights[1]!]);

    // Assess
    expect(matches.get('p1')).toBe('near');
    expect(tooFar.get('p1')).toBeNull();
  });

  it('never matches another aircraft', () => {
    const matches = matchProposals(
      [proposal('p1')],
      [flight('other', { plane_id: 'plane-ha-4370', takeoff_time: '2026-09-20T12:02:10.000Z' })],
    );

    expect(matches.get('p1')).toBeNull();
  });

  it('matches a waiting flight of that aircraft when none took off near the detection', () => {
    const matches = matchProposals([proposal('p1')], [flight('waiting')]);

    expect(matches.get('p1')).toBe('waiting');
  });

  it('prefers a flight the operator tapped near the detected time over a waiting one', () => {
    const matches = matchProposals(
      [proposal('p1')],
      [
        flight('waiting', { created_at: '2026-09-20T12:02:00.000Z' }),
        flight('tapped', { status: 'airborne', takeoff_time: '2026-09-20T12:06:00.000Z' }),
      ],
    );

    expect(matches.get('p1')).toBe('tapped');
  });

  it('gives each flight to one proposal, nearest in time first', () => {
    // Two launches of one glider detected three minutes apart (a failed launch and the relight).
    const matches = matchProposals(
      [
        proposal('first', { takeoff_time: '2026-09-20T12:00:00.000Z' }),
        proposal('second', { takeoff_time: '2026-09-20T12:03:00.000Z' }),
      ],
      [flight('tapped', { status: 'airborne', takeoff_time: '2026-09-20T12:03:20.000Z' }), flight('waiting')],
    );

    expect(matches.get('second')).toBe('tapped');
    expect(matches.get('first')).toBe('waiting');
  });

  it("does not match a flight another proposal was confirmed into; keeps a confirmed one's own flight", () => {
    const flights = [flight('f1', { status: 'airborne', takeoff_time: '2026-09-20T12:02:00.000Z' })];

    const matches = matchProposals(
      [
        proposal('done', { status: 'confirmed', flight_id: 'f1', takeoff_time: '2026-09-20T12:02:00.000Z' }),
        proposal('again', { takeoff_time: '2026-09-20T12:04:00.000Z' }),
      ],
      flights,
    );

    expect(matches.get('done')).toBe('f1');
    expect(matches.get('again')).toBeNull();
  });

  it('a landing whose take-off went unseen matches the airborne flight of that aircraft, not a waiting one', () => {
    const landingOnly = proposal('p-L', { takeoff_time: null, landing_time: '2026-09-20T13:30:00.000Z' });
    const flights = [
      flight('waiting'),
      flight('early', { status: 'airborne', takeoff_time: '2026-09-20T11:00:00.000Z' }),
      flight('late', { status: 'airborne', takeoff_time: '2026-09-20T12:40:00.000Z' }),
    ];

    const matches = matchProposals([landingOnly], flights);

    expect(matches.get('p-L')).toBe('late');
    expect(matchProposals([landingOnly], [flight('waiting')]).get('p-L')).toBeNull();
  });

  it('a dismissed proposal matches nothing and holds no flight', () => {
    const matches = matchProposals(
      [proposal('gone', { status: 'dismissed' }), proposal('p1')],
      [flight('waiting')],
    );

    expect(matches.get('gone')).toBeNull();
    expect(matches.get('p1')).toBe('waiting');
  });
});

describe('what the sheet shows', () => {
  const flights = new Map([
    ['airborne', { landing_time: null }],
    ['landed', { landing_time: '2026-09-20T13:00:00.000Z' }],
  ]);

  it('open proposals, and confirmed ones whose detected landing the flight lacks', () => {
    const landing = '2026-09-20T13:00:00.000Z';

    expect(proposalPending(proposal('p'), flights)).toBe(true);
    expect(
      proposalPending(
        proposal('p', { status: 'confirmed', flight_id: 'airborne', landing_time: landing }),
        flights,
      ),
    ).toBe(true);
    expect(
      proposalPending(
        proposal('p', { status: 'confirmed', flight_id: 'landed', landing_time: landing }),
        flights,
      ),
    ).toBe(false);
    expect(proposalPending(proposal('p', { status: 'confirmed', flight_id: 'airborne' }), flights)).toBe(
      false,
    );
    expect(
      proposalPending(
        proposal('p', { status: 'confirmed', flight_id: 'deleted', landing_time: landing }),
        flights,
      ),
    ).toBe(false);
    expect(proposalPending(proposal('p', { status: 'dismissed' }), flights)).toBe(false);
  });
});

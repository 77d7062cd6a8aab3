import { describe, expect, it } from 'vitest';
import { timeOfDayOf } from '../../bin/ogn-bridge/aprs.ts';
import { readRecording, replay } from '../../bin/ogn-bridge/replay.ts';
import { parse } from '../../functions/tracking/ogn-parser.ts';

const at = (hhmmss: string, receiver = 'LHDK') =>
  `FLRDD4012>OGFLR,qAS,${receiver}:/${hhmmss}h4737.00N/01908.60E'090/000/A=000413 !W12! id06DD4012`;

describe('reading a recording', () => {
  it('times prefixed lines by their receive instant and skips comments and blank lines', () => {
    // Act
    const recording = readRecording(
      [
        `2026-05-01T12:00:00.100Z\t${at('120000')}`,
        '2026-05-01T12:00:00.500Z\t# aprsc 2.1.14 GLIDERN2 1.2.3.4:14580',
        '',
        `2026-05-01T12:00:01.100Z\t${at('120001')}\r`,
      ].join('\n'),
    );

    // Assess
    expect(recording).toEqual([
      {
        line: at('120000'),
        atMs: Date.parse('2026-05-01T12:00:00.100Z'),
        playMs: Date.parse('2026-05-01T12:00:00.100Z'),
      },
      {
        line: at('120001'),
        atMs: Date.parse('2026-05-01T12:00:01.100Z'),
        playMs: Date.parse('2026-05-01T12:00:01.100Z'),
      },
    ]);
  });

  it('times plain lines by their HHMMSSh stamp, across midnight, never backwards', () => {
    // Act
    const recording = readRecording(
      [
        at('235958'),
        at('235959'),
        'LHDK>OGNSDR,TCPIP*,qAC,GLIDERN2:>no stamp',
        at('000001'),
        at('235957'),
      ].join('\n'),
    );

    // Assess: seconds after the first line
    const first = recording[0]?.playMs ?? 0;
    expect(recording.map((r) => (r.playMs - first) / 1000)).toEqual([0, 1, 1, 3, 3]);
    // The late line keeps its own stamp (a receiver's delay), but the replay does not wait for it.
    expect(((recording[4]?.atMs ?? 0) - first) / 1000).toBe(-1);
  });
});

describe('replaying', () => {
  const recording = readRecording(
    [at('120000'), at('120001'), at('120002', 'LHBS'), at('120004')].join('\n'),
  );

  it('at speed 0 sends every line in order at once', async () => {
    const sent: string[] = [];
    const started = Date.now();
    expect(await replay({ recording, speed: 0, onLine: (l) => sent.push(l) })).toBe(4);
    expect(sent).toEqual(recording.map((r) => r.line));
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('at N× takes the recorded span divided by N', async () => {
    // Prepare: 4 s recorded at 20× = 200 ms
    const times: number[] = [];
    const started = Date.now();

    // Act
    await replay({ recording, speed: 20, onLine: () => times.push(Date.now() - started) });

    // Assess
    expect(times[0]).toBeLessThan(100);
    expect(times[1]).toBeGreaterThanOrEqual(45);
    expect(times[3]).toBeGreaterThanOrEqual(195);
    expect(times[3]).toBeLessThan(1000);
  });

  it('with retime stamps the lines so the last one is now and their spacing is kept', async () => {
    // Prepare
    const now = Date.parse('2026-11-22T09:30:00Z');
    const sent: string[] = [];

    // Act
    await replay({ recording, speed: 0, retime: true, now: () => now, onLine: (l) => sent.push(l) });

    // Assess
    expect(sent.map(timeOfDayOf)).toEqual([
      9 * 3600 + 1796,
      9 * 3600 + 1797,
      9 * 3600 + 1798,
      9 * 3600 + 1800,
    ]);
    expect(sent[2]).toContain(',qAS,LHBS:/092958h');
  });

  it('with retime leaves malformed lines malformed: the ingest rejects them as the original', async () => {
    // Prepare: a corpus line the reference parser rejects (90 seconds), one without a stamp, garbage
    const malformed = [
      "OGND4362A>APRS,qAS,Eternoz:/194490h4700.25N/00601.47E'003/063/A=000000 !W22! id07D4362A 0fpm",
      'FLRDD4012>OGFLR,qAS,LHDK:/nonsense',
      'ICA440678>OGFLR,qAS,LHDK:/25h',
      'FLRDD4012>OGFLR,qAS,LHDK:/246000h4737.00N/01908.60E',
    ];
    const mixed = readRecording([at('120000'), ...malformed, at('120004')].join('\n'));
    const sent: string[] = [];

    // Act
    await replay({
      recording: mixed,
      speed: 0,
      retime: true,
      now: () => Date.parse('2026-11-22T09:30:00Z'),
      onLine: (l) => sent.push(l),
    });

    // Assess
    expect(sent.slice(1, 5)).toEqual(malformed);
    expect(sent[0]).toContain(':/092956h');
    expect(sent[5]).toContain(':/093000h');
    for (const line of malformed) expect(() => parse(line, new Date())).toThrow();
  });

  it('loops until aborted and waits for room in the publisher', async () => {
    // Prepare
    const controller = new AbortController();
    let sent = 0;
    let waits = 0;

    // Act
    const total = await replay({
      recording,
      speed: 0,
      loop: true,
      signal: controller.signal,
      room: async () => {
        waits++;
      },
      onLine: () => {
        if (++sent === 10) controller.abort();
      },
    });

    // Assess
    expect(total).toBe(10);
    expect(waits).toBe(10);
  });
});

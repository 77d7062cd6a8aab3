import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isServerLine, timeOfDayOf, withTimeOfDay } from './aprs.ts';

/**
 * Recording format: one APRS line per line, optionally preceded by the instant it was received and
 * a tab (`2026-05-01T12:00:00.123Z<TAB>FLRDD4012>OGFLR,qAS,LHDK:/120000h…`). Lines without that
 * prefix are timed by their own HHMMSSh stamp; lines with neither take the previous line's time.
 * Empty lines and server comments (`#…`) are skipped.
 */
export interface RecordedLine {
  line: string;
  /** When it was received (or stamped), ms since the epoch; for plain lines the date is arbitrary. */
  atMs: number;
  /** `atMs`, never going backwards: the replay clock (a late line is sent without waiting). */
  playMs: number;
}

const DAY = 86_400_000;
const HALF_DAY = DAY / 2;
const RECEIVED_PREFIX = /^(\d{4}-\d\d-\d\dT[^\t]+)\t(.*)$/;

export function readRecording(text: string): RecordedLine[] {
  const recording: RecordedLine[] = [];
  let prev: number | undefined;
  let clock = Number.NEGATIVE_INFINITY;
  for (const raw of text.split('\n')) {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    let at: number | undefined;
    const prefixed = RECEIVED_PREFIX.exec(line);
    if (prefixed) {
      const parsed = Date.parse(prefixed[1] ?? '');
      if (!Number.isNaN(parsed)) {
        at = parsed;
        line = prefixed[2] ?? '';
      }
    }
    if (line.length === 0 || isServerLine(line)) continue;
    if (at === undefined) {
      const seconds = timeOfDayOf(line);
      at = seconds === undefined ? prev : nearestDay(seconds * 1000, prev);
    }
    at ??= 0;
    clock = Math.max(clock, at);
    recording.push({ line, atMs: at, playMs: clock });
    prev = at;
  }
  return recording;
}

/** A time of day placed on the day that puts it nearest `reference` (so 23:59:59 → 00:00:01 moves on). */
function nearestDay(timeOfDayMs: number, reference: number | undefined): number {
  if (reference === undefined) return timeOfDayMs;
  const candidate = Math.floor(reference / DAY) * DAY + timeOfDayMs;
  if (candidate < reference - HALF_DAY) return candidate + DAY;
  if (candidate > reference + HALF_DAY) return candidate - DAY;
  return candidate;
}

interface ReplayOptions {
  recording: RecordedLine[];
  /** N× real time; 0 = as fast as the publisher takes them. */
  speed: number;
  loop?: boolean;
  /**
   * Rewrite each line's HHMMSSh stamp so the replay looks live: the stamps keep their spacing and
   * the last line's equals the wall clock when it is sent (at 1× each line is stamped "now").
   */
  retime?: boolean;
  onLine(line: string): void;
  /** Back-pressure: awaited before each line (the publisher's buffer must not overflow). */
  room?: () => Promise<void>;
  signal?: AbortSignal;
  now?: () => number;
}

/** Plays the recording (again and again with `loop`) and resolves with the number of lines sent. */
export async function replay(opts: ReplayOptions): Promise<number> {
  const { recording, speed } = opts;
  const now = opts.now ?? Date.now;
  const first = recording[0];
  const last = recording.at(-1);
  if (!first || !last) return 0;
  const span = last.playMs - first.playMs;
  let sent = 0;
  try {
    do {
      const start = now();
      // Stamps trail the wall clock by what the speed-up saves, so none lies in the future.
      const lag = speed > 0 ? span * Math.max(0, 1 - 1 / speed) : span;
      const offset = start - lag - first.playMs;
      for (let i = 0; i < recording.length; i++) {
        if (opts.signal?.aborted) return sent;
        const entry = recording[i] as RecordedLine;
        if (speed > 0) {
          const wait = start + (entry.playMs - first.playMs) / speed - now();
          if (wait >= 1) await sleep(wait, undefined, { signal: opts.signal });
        } else if (i % 500 === 499) {
          // Let the batcher's timer and the MQTT socket run between bursts.
          await yieldToEventLoop();
        }
        if (opts.room) await opts.room();
        const line = opts.retime
          ? withTimeOfDay(entry.line, Math.floor((entry.atMs + offset) / 1000))
          : entry.line;
        opts.onLine(line);
        sent++;
      }
    } while (opts.loop && !opts.signal?.aborted);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  }
  return sent;
}

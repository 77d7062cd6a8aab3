import type { TakeoffType } from '../../contracts/schemas/flight-enums.ts';
import { type TakeoffTypeId, takeoffTypeOf } from '../../contracts/schemas/flight-enums.ts';
import type { ProgressOutput } from '../../contracts/schemas/training.ts';
import type { FlightRoleRequirement } from '../../contracts/schemas/training-enums.ts';

/**
 * Progress of a training against its minimums (issue 16 §3), computed live from the logbook lines
 * linked to it: pure, so it is the same for the instructor's screen, the student's and the audit
 * pack. Instruction time is dual (the student under instruction) plus solo (the student as pilot in
 * command, supervised): SFCL.130(a)'s "15 hours of flight instruction … of which 10 hours dual and
 * 2 hours supervised solo". Other seats (passenger, co-pilot) are not instruction.
 */

export interface ProgressLine {
  entry_id: string;
  kind: 'glider' | 'general';
  is_tmg: boolean;
  date: string;
  takeoff_type_id: number;
  role: string;
  flight_minutes: number;
  launches: number;
}

export interface Minimums {
  min_flights?: number;
  min_total_minutes?: number;
  min_dual_minutes?: number;
  min_solo_minutes?: number;
  min_dual_launches?: number;
  min_solo_launches?: number;
  min_launches?: number;
}

const MEASURES = [
  ['min_flights', 'flights'],
  ['min_total_minutes', 'total_minutes'],
  ['min_dual_minutes', 'dual_minutes'],
  ['min_solo_minutes', 'solo_minutes'],
  ['min_dual_launches', 'dual_launches'],
  ['min_solo_launches', 'solo_launches'],
  ['min_launches', 'launches'],
] as const;

const isDual = (line: ProgressLine) => line.role === 'dual';
const isSolo = (line: ProgressLine) => line.role === 'pic';

/** The counters of some lines against minimums; a minimum of 0 (or absent) asks nothing. */
export function progressOf(lines: readonly ProgressLine[], minimums: Minimums): ProgressOutput {
  const taught = lines.filter((l) => isDual(l) || isSolo(l));
  const sum = (of: (l: ProgressLine) => number, which: (l: ProgressLine) => boolean = () => true) =>
    taught.filter(which).reduce((total, l) => total + of(l), 0);
  const counters = {
    flights: taught.length,
    dual_minutes: sum((l) => l.flight_minutes, isDual),
    solo_minutes: sum((l) => l.flight_minutes, isSolo),
    total_minutes: sum((l) => l.flight_minutes),
    dual_launches: sum((l) => l.launches, isDual),
    solo_launches: sum((l) => l.launches, isSolo),
    launches: sum((l) => l.launches),
  };
  const missing: Record<string, number> = {};
  for (const [minimum, counter] of MEASURES) {
    const need = minimums[minimum] ?? 0;
    if (need > 0) missing[counter] = Math.max(0, need - counters[counter]);
  }
  return { ...counters, missing, met: Object.values(missing).every((value) => value === 0) };
}

export interface TaskFit {
  briefing_only: boolean;
  launch_methods: readonly TakeoffType[];
  flight_role: FlightRoleRequirement;
}

/**
 * Whether a logbook line can be part of a task (spec §8 "The flight is not part of the task."):
 * a flight of a sailplane (a TMG counts: Part-SFCL's sailplanes include TMGs), launched by one of the
 * task's methods, flown in the seat the task asks for, on or after the training started. A
 * briefing takes no flight at all.
 */
export function fitsTask(line: ProgressLine, task: TaskFit, trainingStart: string): boolean {
  if (task.briefing_only) return false;
  if (line.date < trainingStart) return false;
  if (line.kind !== 'glider' && !line.is_tmg) return false;
  if (task.launch_methods.length > 0) {
    const id = line.takeoff_type_id;
    if (id < 1 || id > 6 || !task.launch_methods.includes(takeoffTypeOf(id as TakeoffTypeId))) return false;
  }
  switch (task.flight_role) {
    case 'dual':
      return isDual(line);
    case 'solo':
      return isSolo(line);
    default:
      return isDual(line) || isSolo(line);
  }
}

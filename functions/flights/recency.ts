import { addDays, addMonths, daysBetween } from '../../contracts/calendar.ts';
import { SAILPLANE_LAUNCH_METHODS, type TakeoffType } from '../../contracts/schemas/flight-enums.ts';

/**
 * Recency ("continuity") of a pilot, computed from the logbook (issue 5 §6). Pure: the logbook,
 * the medical date and today in, one result per rule out, each with the flights that counted, the
 * last day the pilot is current and what must be flown before then to stay current.
 *
 * Rules (EASA Part-SFCL and Part-FCL):
 * - SFCL.160(a): in the last 24 months, 5 h of flight time in sailplanes as PIC (or dual / solo
 *   under supervision) including 15 launches, and 2 training flights with an instructor; or,
 *   instead, a proficiency check with an examiner in the last 24 months.
 * - SFCL.160(e): passengers only after 3 launches as PIC in sailplanes in the last 90 days.
 * - SFCL.155: each launch method stays open with 5 launches by it in the last 24 months; a method is
 *   open once flown as pilot in command or opened by a finished launch-method training.
 * - FCL.060(b)(1): passengers in aeroplanes and TMGs only after 3 takeoffs and 3 landings as pilot
 *   flying in the last 90 days.
 * - The medical certificate's validity.
 */

export interface RecencyFlight {
  id: string;
  /** yyyy-mm-dd of the takeoff */
  date: string;
  /** Sailplane flights (incl. self-launching sailplanes) or powered: aeroplanes and TMGs (FCL.060). */
  kind: 'glider' | 'powered';
  takeoff_type: TakeoffType;
  /** The pilot's part: pic (incl. solo), dual (under instruction), instructor, or a passenger seat. */
  pilot_role: 'pic' | 'dual' | 'instructor' | 'sic' | 'passenger';
  minutes: number;
  launches: number;
  landings: number;
  /** A training flight with an instructor on board (SFCL.160(a)(1)(ii)). */
  with_instructor: boolean;
  /** A proficiency check with an examiner (SFCL.160(a)(2)). */
  proficiency_check: boolean;
}

export type RecencyRule = 'sfcl_160a' | 'sfcl_160e' | 'sfcl_155' | 'fcl_060' | 'medical';
type RecencyStatus = 'current' | 'lapsing' | 'lapsed' | 'not_applicable' | 'not_recorded';
type Measure = 'minutes' | 'launches' | 'training_flights' | 'takeoffs' | 'landings';

interface RecencyResult {
  rule: RecencyRule;
  /** SFCL.155 only: the launch method this result is for. */
  method?: TakeoffType;
  /** SFCL.155 only: the day a finished training opened the method, when one did. */
  opened_on?: string;
  /** SFCL.155 only: the method was never opened to the pilot (contracts/recency-check.ts). */
  privilege_missing?: boolean;
  status: RecencyStatus;
  /** The last day the pilot is current; null when lapsed or not applicable. */
  until: string | null;
  /** How the rule is met: by the flights, or (SFCL.160(a)) by a proficiency check. */
  via?: 'flights' | 'proficiency_check';
  /** Flight ids that counted, newest first. */
  counted: string[];
  /** What the window holds today, and what the rule requires. */
  totals: Partial<Record<Measure, number>>;
  required: Partial<Record<Measure, number>>;
  /**
   * Lapsed: what is missing now. Current: what must be flown before `until` to be current the
   * day after ("current until 2027-05-14 unless 2 more winch launches").
   */
  needed: Partial<Record<Measure, number>>;
}

/** Lapsing: current, but for at most this many more days (the dashboard's warning). */
const RECENCY_WARNING_DAYS = 30;

interface Requirement {
  measure: Measure;
  need: number;
  value: (flight: RecencyFlight) => number;
}

interface Window {
  /** The window length: a flight on D counts through D + length (the "last 24 months"). */
  months?: number;
  days?: number;
}

const windowEnd = (date: string, window: Window) =>
  window.months !== undefined ? addMonths(date, window.months) : addDays(date, window.days ?? 0);
const windowStart = (today: string, window: Window) =>
  window.months !== undefined ? addMonths(today, -window.months) : addDays(today, -(window.days ?? 0));

const newestFirst = (a: RecencyFlight, b: RecencyFlight) =>
  b.date.localeCompare(a.date) || b.id.localeCompare(a.id);

/**
 * One windowed rule over the flights that qualify for it. For each requirement the flights are
 * summed from the newest back: the flight at which the sum reaches the need fixes how long the
 * requirement holds (its date + the window); the rule holds until the earliest of them. What must
 * be flown to extend it is what falls out of the window on the day after.
 */
function windowed(
  flights: readonly RecencyFlight[],
  today: string,
  window: Window,
  requirements: readonly Requirement[],
): Omit<RecencyResult, 'rule'> {
  const from = windowStart(today, window);
  const inWindow = flights.filter((f) => f.date >= from && f.date <= today).sort(newestFirst);
  const totals: RecencyResult['totals'] = {};
  const required: RecencyResult['required'] = {};
  const needed: RecencyResult['needed'] = {};
  const counted = new Set<string>();
  let until: string | null = null;
  let lapsed = false;

  const holdsUntil: { measure: Measure; date: string; extend: number }[] = [];
  for (const req of requirements) {
    required[req.measure] = req.need;
    const relevant = inWindow.filter((f) => req.value(f) > 0);
    const total = relevant.reduce((sum, f) => sum + req.value(f), 0);
    totals[req.measure] = total;
    for (const f of relevant) counted.add(f.id);
    if (total < req.need) {
      lapsed = true;
      needed[req.measure] = req.need - total;
      continue;
    }
    let sum = 0;
    for (const f of relevant) {
      sum += req.value(f);
      if (sum >= req.need) {
        // Flights newer than the binding one's day stay in the window the day after `until`.
        const kept = relevant.filter((g) => g.date > f.date).reduce((s, g) => s + req.value(g), 0);
        holdsUntil.push({ measure: req.measure, date: windowEnd(f.date, window), extend: req.need - kept });
        break;
      }
    }
  }

  if (!lapsed) {
    until = holdsUntil.reduce((min, h) => (h.date < min ? h.date : min), holdsUntil[0]!.date);
    for (const h of holdsUntil) if (h.date === until) needed[h.measure] = h.extend;
  }
  return {
    status: lapsed ? 'lapsed' : statusUntil(until, today),
    until,
    counted: inWindow.filter((f) => counted.has(f.id)).map((f) => f.id),
    totals,
    required,
    needed,
  };
}

const statusUntil = (until: string | null, today: string): RecencyStatus => {
  if (!until || until < today) return 'lapsed';
  return daysBetween(today, until) <= RECENCY_WARNING_DAYS ? 'lapsing' : 'current';
};

const flewAsPilot = (f: RecencyFlight) => f.pilot_role === 'pic' || f.pilot_role === 'instructor';
const flewOrLearned = (f: RecencyFlight) => flewAsPilot(f) || f.pilot_role === 'dual';
const sailplane = (f: RecencyFlight) => f.kind === 'glider';

/** SFCL.160(a): 5 h incl. 15 launches and 2 training flights in 24 months, or a proficiency check. */
export function sfcl160a(flights: readonly RecencyFlight[], today: string): RecencyResult {
  const qualifying = flights.filter((f) => sailplane(f) && flewOrLearned(f));
  const byFlights = windowed(qualifying, today, { months: 24 }, [
    { measure: 'minutes', need: 300, value: (f) => f.minutes },
    { measure: 'launches', need: 15, value: (f) => f.launches },
    { measure: 'training_flights', need: 2, value: (f) => (f.with_instructor ? 1 : 0) },
  ]);
  const lastCheck = flights
    .filter((f) => sailplane(f) && f.proficiency_check && f.date <= today)
    .sort(newestFirst)[0];
  const checkUntil = lastCheck ? addMonths(lastCheck.date, 24) : null;
  if (checkUntil && checkUntil >= today && (!byFlights.until || checkUntil > byFlights.until)) {
    return {
      rule: 'sfcl_160a',
      ...byFlights,
      status: statusUntil(checkUntil, today),
      until: checkUntil,
      via: 'proficiency_check',
      counted: [lastCheck!.id],
      needed: {},
    };
  }
  return { rule: 'sfcl_160a', ...byFlights, via: 'flights' };
}

/** SFCL.160(e): 3 launches as PIC in sailplanes in the last 90 days before carrying passengers. */
export function sfcl160e(flights: readonly RecencyFlight[], today: string): RecencyResult {
  const qualifying = flights.filter((f) => sailplane(f) && flewAsPilot(f));
  return {
    rule: 'sfcl_160e',
    ...windowed(qualifying, today, { days: 90 }, [
      { measure: 'launches', need: 3, value: (f) => f.launches },
    ]),
  };
}

/** A launch method a finished training opened to the pilot (SFCL.155(a); the launchPrivilege entity). */
export interface LaunchPrivilegeGrant {
  method: TakeoffType;
  /** yyyy-mm-dd */
  granted_on: string;
}

/**
 * SFCL.155: 5 launches by each launch method in 24 months — one result per method that is open to
 * the pilot: flown as pilot in command (the privilege was held), or opened by a finished
 * launch-method training (`privileges`). A method flown only dual was never opened, so it is not
 * listed (contracts/recency-check.ts then says the privilege is missing).
 */
export function sfcl155(
  flights: readonly RecencyFlight[],
  today: string,
  privileges: readonly LaunchPrivilegeGrant[] = [],
): RecencyResult[] {
  const granted = privileges.filter((p) => p.granted_on <= today);
  const opened = new Set([
    ...flights.filter((f) => sailplane(f) && flewAsPilot(f) && f.date <= today).map((f) => f.takeoff_type),
    ...granted.map((p) => p.method),
  ]);
  return SAILPLANE_LAUNCH_METHODS.filter((method) => opened.has(method)).map((method) => {
    const first = granted
      .filter((p) => p.method === method)
      .sort((a, b) => a.granted_on.localeCompare(b.granted_on))[0];
    return {
      rule: 'sfcl_155',
      method,
      ...(first ? { opened_on: first.granted_on } : {}),
      ...windowed(
        flights.filter((f) => sailplane(f) && flewOrLearned(f) && f.takeoff_type === method),
        today,
        { months: 24 },
        [{ measure: 'launches', need: 5, value: (f) => f.launches }],
      ),
    };
  });
}

/** FCL.060(b)(1): 3 takeoffs and 3 landings as pilot flying in 90 days, aeroplanes and TMGs. */
export function fcl060(flights: readonly RecencyFlight[], today: string): RecencyResult {
  const powered = flights.filter((f) => f.kind === 'powered');
  if (powered.length === 0) return notApplicable('fcl_060');
  return {
    rule: 'fcl_060',
    ...windowed(powered.filter(flewAsPilot), today, { days: 90 }, [
      { measure: 'takeoffs', need: 3, value: (f) => f.launches },
      { measure: 'landings', need: 3, value: (f) => f.landings },
    ]),
  };
}

/** The medical certificate: valid through its date; none recorded is said so, not called expired. */
export function medical(validUntil: string | null | undefined, today: string): RecencyResult {
  if (!validUntil) return { ...notApplicable('medical'), status: 'not_recorded' };
  return {
    rule: 'medical',
    status: statusUntil(validUntil, today),
    until: validUntil >= today ? validUntil : null,
    counted: [],
    totals: {},
    required: {},
    needed: {},
  };
}

const notApplicable = (rule: RecencyRule): RecencyResult => ({
  rule,
  status: 'not_applicable',
  until: null,
  counted: [],
  totals: {},
  required: {},
  needed: {},
});

/** What besides the flights decides which rules apply (the person's pilot records). */
export interface RecencyRecords {
  medical_valid_until?: string | null;
  /** The licence types recorded (people.ts LICENCE_TYPES). */
  licence_types?: readonly string[];
  /** The student rating is recorded. */
  student?: boolean;
}

/** The licences that allow carrying passengers in a sailplane. */
const SAILPLANE_LICENCES = new Set(['SPL', 'LAPL', 'glider']);

/**
 * SFCL.160(e) applies to a pilot who may carry passengers in a sailplane: not to a student, nor to a
 * person whose recorded licences hold none for sailplanes (none recorded: it is shown, the club may not
 * have entered them yet).
 */
const carriesSailplanePassengers = (records: RecencyRecords) =>
  !records.student &&
  (!records.licence_types?.length || records.licence_types.some((type) => SAILPLANE_LICENCES.has(type)));

/**
 * Every rule for one pilot: sailplane rules when they fly sailplanes (the passenger rule only for a
 * pilot who may carry passengers), FCL.060 when they fly powered, and the medical.
 */
export function recencyOf(
  flights: readonly RecencyFlight[],
  records: RecencyRecords,
  today: string,
  privileges: readonly LaunchPrivilegeGrant[] = [],
): RecencyResult[] {
  const glides = flights.some(sailplane);
  const passengers = carriesSailplanePassengers(records);
  return [
    ...(glides
      ? [sfcl160a(flights, today), passengers ? sfcl160e(flights, today) : notApplicable('sfcl_160e')]
      : []),
    ...(glides || privileges.length > 0 ? sfcl155(flights, today, privileges) : []),
    records.student ? notApplicable('fcl_060') : fcl060(flights, today),
    medical(records.medical_valid_until, today),
  ];
}

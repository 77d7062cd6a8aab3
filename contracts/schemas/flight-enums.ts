/**
 * The flights domain's closed vocabularies (spec §3 Flight, §4 flight and logbook states).
 */

/**
 * Spec §3 "Takeoff type": numeric ids 1 to 6 in the order self launch, rubber rope, winch, car
 * lift, tow, TMG. The ids are stored; the keys name them in code and in the i18n files.
 */
export const TAKEOFF_TYPES = ['self_launch', 'rubber_rope', 'winch', 'car_lift', 'tow', 'tmg'] as const;
export type TakeoffType = (typeof TAKEOFF_TYPES)[number];
export type TakeoffTypeId = 1 | 2 | 3 | 4 | 5 | 6;
export const takeoffTypeId = (type: TakeoffType) => (TAKEOFF_TYPES.indexOf(type) + 1) as TakeoffTypeId;
export const takeoffTypeOf = (id: TakeoffTypeId): TakeoffType => TAKEOFF_TYPES[id - 1]!;

/** Launch methods of a sailplane (SFCL.155): every takeoff type but the TMG's own takeoff. */
export const SAILPLANE_LAUNCH_METHODS: readonly TakeoffType[] = [
  'self_launch',
  'rubber_rope',
  'winch',
  'car_lift',
  'tow',
];

/** Glider flights (plc_02 aircraft) and general flights (plc_01 aircraft, TMG included). */
export const FLIGHT_KINDS = ['glider', 'general'] as const;
export type FlightKind = (typeof FLIGHT_KINDS)[number];

/** On the daily sheet: waiting at the launch point, in the air, landed. */
export const FLIGHT_STATUSES = ['planned', 'airborne', 'landed'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** Where a flight came from: typed in afterwards, the daily sheet, or an OGN detection (issue 6). */
export const FLIGHT_SOURCES = ['manual', 'daily_sheet', 'ogn'] as const;

export const DAY_NIGHT = ['day', 'night'] as const;
export type DayNight = (typeof DAY_NIGHT)[number];

/** A pilot's part in a flight, as the logbook's columns count it (EASA: PIC, co-pilot, dual, FI). */
export const PILOT_ROLES = ['pic', 'sic', 'dual', 'instructor', 'passenger'] as const;
export type PilotRole = (typeof PILOT_ROLES)[number];

/** Spec §4 "Logbook entry: awaiting signature, then signed"; entries without training are final. */
export const LOGBOOK_STATUSES = ['final', 'awaiting_signature', 'signed'] as const;

export const LOGBOOK_SOURCES = ['club', 'private'] as const;

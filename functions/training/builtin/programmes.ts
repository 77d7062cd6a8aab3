import type { TakeoffType } from '../../../contracts/schemas/flight-enums.ts';
import type {
  BuiltinProgramme,
  FlightRoleRequirement,
  PrivilegeMethod,
  ProgrammeKind,
} from '../../../contracts/schemas/training-enums.ts';

/**
 * The built-in programmes' structure (issue 16 §1); their words are in `<lang>.json` beside this
 * file, keyed the same way. A club adopts one as its own programme and adapts it from there.
 *
 * - `spl`: the SPL course in the order of AMC2 SFCL.130's flight instruction syllabus (exercises 1
 *   to 17), with SFCL.130(a)'s minimums: at least 15 h of flight instruction, of which at least
 *   10 h dual and 2 h supervised solo, and 45 launches and landings (and the cross-country flight
 *   of exercise 17: one solo of at least 50 km or one dual of at least 100 km).
 * - `launch_*`: the extensions of SFCL.155(a): winch and car launch at least 10 launches in dual
 *   instruction and 5 supervised solo; aerotow and self-launch 5 and 5 (self-launch dual may be
 *   flown in a TMG); bungee at least 3 launches, dual or supervised solo. Finishing the launches
 *   task opens the method to the student (the privilege the recency engine reads).
 */
export interface BuiltinTask {
  key: string;
  briefing_only?: boolean;
  launch_methods?: TakeoffType[];
  flight_role?: FlightRoleRequirement;
  min_flights?: number;
  min_dual_minutes?: number;
  min_solo_minutes?: number;
  min_dual_launches?: number;
  min_solo_launches?: number;
  exercises: string[];
  grants_launch_privilege?: PrivilegeMethod;
}

export interface BuiltinProgrammeDef {
  key: BuiltinProgramme;
  kind: ProgrammeKind;
  launch_method?: PrivilegeMethod;
  /** Minutes of theoretical instruction the programme plans. */
  theoretical_time: number;
  min_total_minutes: number;
  min_dual_minutes: number;
  min_solo_minutes: number;
  min_launches: number;
  tasks: BuiltinTask[];
}

const HOUR = 60;

const spl: BuiltinProgrammeDef = {
  key: 'spl',
  kind: 'spl',
  theoretical_time: 0,
  min_total_minutes: 15 * HOUR,
  min_dual_minutes: 10 * HOUR,
  min_solo_minutes: 2 * HOUR,
  min_launches: 45,
  tasks: [
    { key: 'ex1', briefing_only: true, exercises: ['characteristics', 'cockpit', 'systems', 'checklists'] },
    { key: 'ex2', briefing_only: true, exercises: ['parachute', 'system_failure', 'bail_out'] },
    {
      key: 'ex3',
      briefing_only: true,
      exercises: ['documents', 'daily_inspection', 'harness', 'pre_flight_checks'],
    },
    { key: 'ex4', flight_role: 'dual', min_flights: 1, exercises: ['familiarisation', 'lookout'] },
    {
      key: 'ex5',
      flight_role: 'dual',
      min_flights: 2,
      exercises: ['primary_effects', 'secondary_effects', 'airbrakes', 'trim'],
    },
    {
      key: 'ex6',
      flight_role: 'dual',
      min_flights: 2,
      exercises: ['rolling', 'adverse_yaw', 'coordination'],
    },
    { key: 'ex7', flight_role: 'dual', min_flights: 2, exercises: ['attitude', 'speed_control', 'trimming'] },
    { key: 'ex8', flight_role: 'dual', min_flights: 3, exercises: ['entry_exit', 'medium_turns', 'lookout'] },
    {
      key: 'ex9',
      flight_role: 'dual',
      min_flights: 3,
      exercises: ['slow_flight', 'stall_recognition', 'stall_recovery'],
    },
    {
      key: 'ex10',
      flight_role: 'dual',
      min_flights: 2,
      exercises: ['spin_avoidance', 'spin_recovery', 'spiral_dive'],
    },
    {
      key: 'ex11',
      flight_role: 'dual',
      min_dual_launches: 10,
      exercises: ['launch', 'signals', 'launch_failure', 'release'],
    },
    {
      key: 'ex12',
      flight_role: 'dual',
      min_flights: 10,
      exercises: ['circuit', 'approach', 'landing', 'crosswind'],
    },
    { key: 'ex13', flight_role: 'solo', min_flights: 3, exercises: ['solo_circuit', 'solo_landing'] },
    { key: 'ex14', flight_role: 'any', min_flights: 3, exercises: ['steep_turns', 'unusual_attitudes'] },
    {
      key: 'ex15',
      flight_role: 'any',
      min_flights: 3,
      min_solo_minutes: HOUR,
      exercises: ['thermal', 'ridge', 'wave', 'collision_avoidance'],
    },
    {
      key: 'ex16',
      flight_role: 'dual',
      min_flights: 2,
      exercises: ['field_selection', 'field_circuit', 'field_landing'],
    },
    { key: 'ex17', flight_role: 'any', min_flights: 1, exercises: ['planning', 'navigation', 'airspace'] },
  ],
};

const launch = (
  key: BuiltinProgramme,
  method: PrivilegeMethod,
  methods: TakeoffType[],
  dual: number,
  solo: number,
): BuiltinProgrammeDef => ({
  key,
  kind: 'launch_method',
  launch_method: method,
  theoretical_time: HOUR,
  min_total_minutes: 0,
  min_dual_minutes: 0,
  min_solo_minutes: 0,
  min_launches: dual + solo,
  tasks: [
    { key: 'briefing', briefing_only: true, exercises: ['procedure', 'signals', 'failures'] },
    {
      key: 'launches',
      launch_methods: methods,
      flight_role: 'any',
      min_dual_launches: dual,
      min_solo_launches: solo,
      exercises: ['launch', 'failure_practice', 'release'],
      grants_launch_privilege: method,
    },
  ],
});

export const BUILTIN: Record<BuiltinProgramme, BuiltinProgrammeDef> = {
  spl,
  launch_winch: launch('launch_winch', 'winch', ['winch'], 10, 5),
  launch_car: launch('launch_car', 'car_lift', ['car_lift'], 10, 5),
  launch_aerotow: launch('launch_aerotow', 'tow', ['tow'], 5, 5),
  launch_self: launch('launch_self', 'self_launch', ['self_launch', 'tmg'], 5, 5),
  launch_bungee: {
    key: 'launch_bungee',
    kind: 'launch_method',
    launch_method: 'rubber_rope',
    theoretical_time: HOUR,
    min_total_minutes: 0,
    min_dual_minutes: 0,
    min_solo_minutes: 0,
    min_launches: 3,
    tasks: [
      { key: 'briefing', briefing_only: true, exercises: ['procedure', 'signals', 'failures'] },
      {
        key: 'launches',
        launch_methods: ['rubber_rope'],
        flight_role: 'any',
        min_flights: 3,
        exercises: ['launch', 'release'],
        grants_launch_privilege: 'rubber_rope',
      },
    ],
  },
};

/** The words of one built-in programme in one language (`<lang>.json`). */
export interface BuiltinTexts {
  training_name: string;
  description: string;
  tasks: Record<
    string,
    { task_name: string; description: string; acceptance_criteria: string; exercises: Record<string, string> }
  >;
}

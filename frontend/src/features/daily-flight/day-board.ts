import type { FlightOutput } from '../../../../contracts/schemas/flights.ts';
import { groupsOf } from './sheet-state.ts';

/**
 * The day as a member reads it (daily-flight/day/{id}, issue 13 §2): who is in the air, who is
 * next, who has landed — the timer's sheet without its buttons. Pure, so a unit test reads it.
 */
export interface DayBoard {
  /** Longest in the air first; a tug on its way up with a glider is in the air too. */
  airborne: FlightOutput[];
  /** Waiting for their launch, in the order they were put on the sheet. */
  next: FlightOutput[];
  /** Latest landing first. */
  landed: FlightOutput[];
  /** Launches today (aerotows count once: the tug's own flight is not a launch). */
  launches: number;
  /** Flight time of the landed flights, in minutes (tugs aside). */
  minutes: number;
}

/** A tug's flight towing another: not a launch of its own, nor a flight members wait for. */
export const isTug = (flight: FlightOutput) => Boolean(flight.towed_flight_id);

export function dayBoardOf(flights: readonly FlightOutput[]): DayBoard {
  const groups = groupsOf(flights.map((flight) => ({ ...flight, pending: false })));
  const plain = (list: readonly (FlightOutput & { pending: boolean })[], tugs = false) =>
    list.filter((flight) => tugs || !isTug(flight)).map(({ pending: _pending, ...flight }) => flight);
  const landed = plain(groups.landed);
  return {
    airborne: plain(groups.airborne, true),
    next: plain(groups.waiting),
    landed,
    launches: flights.filter((flight) => !isTug(flight) && flight.status !== 'planned').length,
    minutes: landed.reduce((sum, flight) => sum + (flight.flight_time ?? 0), 0),
  };
}

/** Whether the reader is on board: their own flights stand out. */
export const isAboard = (flight: FlightOutput, userId: string) =>
  flight.pic_id === userId || flight.sic_id === userId || flight.instructor_id === userId;

/** How often a reader without the live sheet (spec §6: push is for daily-flight-edit) reloads the day. */
export const DAY_POLL_MS = 30_000;

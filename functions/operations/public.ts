import type { AirportInput } from '../../contracts/schemas/airports.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { airportDeps, createAirport } from './airport-service.ts';
import { airportStore } from './airport-store.ts';
import { operatingDayStore } from './operating-day-store.ts';

/**
 * What other domains may ask of the operations domain (docs/ARCHITECTURE.md "Domains own their
 * data"): the only file of functions/operations/ another domain imports. The daily sheet (flights)
 * reads the day's crew from the operating day's leader and sign-ups. The reference airports are
 * this domain's (issue 15 §1): identity's datasource, organizations' base-airport check and the
 * tracking ingest read them here; reports' import writes them through importAirport.
 */

export interface OperatingDayCrew {
  leader_id: string | null;
  timer_operator_ids: string[];
  winch_operator_ids: string[];
  tow_pilot_ids: string[];
  instructor_ids: string[];
}

/** The crew an operating day brings (its leader, the confirmed sign-ups by role), or null without a day. */
export async function operatingDayCrew(
  organizationId: string,
  date: string,
): Promise<OperatingDayCrew | null> {
  const [day, signups] = await Promise.all([
    operatingDayStore.day(organizationId, date),
    operatingDayStore.signups(organizationId, date),
  ]);
  if (!day) return null;
  const confirmed = (role: string) =>
    signups.filter((s) => s.role === role && s.status === 'confirmed').map((s) => s.user_id);
  return {
    leader_id: day.leader_id ?? null,
    timer_operator_ids: confirmed('timer_operator'),
    winch_operator_ids: confirmed('winch_operator'),
    tow_pilot_ids: confirmed('tow_pilot'),
    instructor_ids: confirmed('instructor'),
  };
}

/** Every reference airport (a few hundred, one partition `ref#airports`). */
export const referenceAirports = () => airportStore.all();

/** The airports' revision: it moves with every change, so a cache of them knows when to reload. */
export const airportsRevision = () => airportStore.revision();

/**
 * Whether `icao` names a reference airport, matched case-blind. An organization's base airport must
 * be one — the OGN ingest takes the base and its neighbours from that list as the club's airfields.
 */
export async function isKnownAirport(icao: string): Promise<boolean> {
  const wanted = icao.trim().toUpperCase();
  if (wanted === '') return false;
  const all = await airportStore.all();
  return all.some((airport) => airport.icao?.toUpperCase() === wanted);
}

/** The ICAO codes of the reference airports, upper case (an import's "already there"). */
export async function airportIcaos(): Promise<Set<string>> {
  return new Set((await airportStore.all()).flatMap((a) => (a.icao ? [a.icao.toUpperCase()] : [])));
}

/** An airport added by a supervisor's import (reports): the airports screen's own rules and write. */
export const importAirport = (actor: Actor, input: AirportInput) => createAirport(airportDeps, actor, input);

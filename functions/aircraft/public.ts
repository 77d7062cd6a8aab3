import { todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { type CreatePlaneInput, isFunctional } from '../../contracts/schemas/aircraft.ts';
import {
  type DueState,
  type FaultSeverity,
  type FaultStatus,
  FLYABLE_STATUSES,
  type PlaneCategory,
  type PlaneStatus,
  type RentType,
} from '../../contracts/schemas/aircraft-enums.ts';
import { type ActionRecord, auditedWrite } from '../platform/audit/actions.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { db } from '../platform/db/service.ts';
import { type TransactionBuilder, transactWrite } from '../platform/db/writes.ts';
import { fleetDues } from './maintenance-due.ts';
import { maintenanceStore } from './maintenance-store.ts';
import { createPlane, planeDeps } from './plane-service.ts';
import { planeStore, type StoredPlane } from './plane-store.ts';

/**
 * What other domains may ask of the aircraft domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/aircraft/ another domain imports. A landed flight adds to its aircraft
 * through the counters API, inside the flight's own TransactWrite; the rest are reads (finance prices
 * a flight with the rental prices of planePrices()); training's IPP shares list an
 * aircraft with its sharing window (spec §3 can_be_shared, share_start_date, share_end_date).
 */

export { type CounterDelta, prepareCounterAdvance } from './counters.ts';
export type { StoredPlane } from './plane-store.ts';

/** One aircraft of the organization (a flight's aircraft, a tow plane), or null. */
export const plane = (organizationId: string, planeId: string) => planeStore.plane(organizationId, planeId);

/** The organization's aircraft as lists and the profile show them (one Query, these attributes). */
export async function fleet(organizationId: string) {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: organizationId })
    .go({
      pages: 'all',
      attributes: [
        'organization_id',
        'plane_id',
        'reg_num',
        'callsign',
        'plane_type',
        'model',
        'plane_category',
        'is_tmg',
        'status',
        'rentable',
        'owner',
        'ogn_id',
      ],
    });
  return data;
}

/** An aircraft carrying an OGN/FLARM device, as the tracking ingest needs it. */
export interface DeviceAircraft {
  organization_id: string;
  plane_id: string;
  reg_num: string;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
}

/** Every organization's aircraft that carries the device (gsi2 `ogn#<address>`). */
export async function aircraftOfDevice(address: string): Promise<DeviceAircraft[]> {
  const { data } = await db()
    .entities.plane.query.byDevice({ ogn_id: address })
    .go({
      pages: 'all',
      attributes: ['organization_id', 'plane_id', 'reg_num', 'plane_category', 'is_tmg', 'ogn_id'],
    });
  // Key matching is case-blind (ElectroDB lower-cases keys); the stored ogn_id decides.
  return data
    .filter((p) => p.ogn_id?.toUpperCase() === address)
    .map((p) => ({
      organization_id: p.organization_id,
      plane_id: p.plane_id,
      reg_num: p.reg_num,
      plane_category: p.plane_category,
      is_tmg: p.is_tmg ?? false,
    }));
}

/** An aircraft as training lists it. */
export interface PlaneSummary {
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  model: string | null;
  seats: number | null;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
  functional: boolean;
  can_be_shared: boolean;
  share_start_date: string | null;
  share_end_date: string | null;
}

const summaryOf = (p: StoredPlane): PlaneSummary => ({
  plane_id: p.plane_id,
  reg_num: p.reg_num,
  plane_type: p.plane_type ?? null,
  model: p.model ?? null,
  seats: p.seats ?? null,
  plane_category: p.plane_category,
  is_tmg: p.is_tmg,
  functional: isFunctional(p.status),
  can_be_shared: p.can_be_shared,
  share_start_date: p.share_start_date ?? null,
  share_end_date: p.share_end_date ?? null,
});

/** Every aircraft of an organization, by registration (a club has a few dozen at most). */
export async function shareablePlanesOf(organizationId: string): Promise<PlaneSummary[]> {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: organizationId })
    .go({ pages: 'all' });
  return data.map(summaryOf).sort((a, b) => a.reg_num.localeCompare(b.reg_num));
}

export async function shareablePlaneOf(
  organizationId: string,
  planeId: string,
): Promise<PlaneSummary | null> {
  const { data } = await db().entities.plane.get({ organization_id: organizationId, plane_id: planeId }).go();
  return data ? summaryOf(data) : null;
}

/** Whether the aircraft's own sharing window (the aircraft issue) holds on `day` (yyyy-mm-dd). */
export const sharedOn = (plane: PlaneSummary, day: string) =>
  plane.can_be_shared &&
  (!plane.share_start_date || plane.share_start_date <= day) &&
  (!plane.share_end_date || day <= plane.share_end_date);

/**
 * What other domains may read of the aircraft domain, and the one change they may ask of it: the
 * documents domain tells how an aircraft's certificates stand (issue 17 §2), and the aircraft domain
 * decides what that does to the aircraft (the fleet overview; grounding by the organization's policy).
 */

export interface PlaneCard {
  plane_id: string;
  reg_num: string;
  plane_category: PlaneCategory;
  status: PlaneStatus;
}

/** The organization's aircraft by registration (the fleet is one Query of the organization's partition). */
export async function planesOf(organizationId: string): Promise<PlaneCard[]> {
  const { data } = await db()
    .entities.plane.query.byOrganization({ organization_id: organizationId })
    .go({ pages: 'all', attributes: ['plane_id', 'reg_num', 'plane_category', 'status'] });
  return data
    .map((p) => ({
      plane_id: p.plane_id,
      reg_num: p.reg_num,
      plane_category: p.plane_category,
      status: p.status,
    }))
    .sort((a, b) => a.reg_num.localeCompare(b.reg_num));
}

/** One aircraft of the organization, or null (another organization's id is not found here). */
export async function planeOf(organizationId: string, planeId: string): Promise<PlaneCard | null> {
  const { data } = await db()
    .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
    .go({ attributes: ['plane_id', 'reg_num', 'plane_category', 'status'] });
  return data
    ? {
        plane_id: data.plane_id,
        reg_num: data.reg_num,
        plane_category: data.plane_category,
        status: data.status,
      }
    : null;
}

/** Registrations by aircraft id (the activity log names aircraft, not ids). */
export async function planeNames(
  organizationId: string,
  planeIds: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(planeIds)];
  if (unique.length === 0) return new Map();
  const { data } = await db()
    .entities.plane.get(unique.map((plane_id) => ({ organization_id: organizationId, plane_id })))
    .go({ attributes: ['plane_id', 'reg_num'] });
  return new Map(data.map((p) => [p.plane_id, p.reg_num]));
}

/** How one certificate requirement of the aircraft stands (documents domain's states). */
export interface CertificateStanding {
  requirement: string;
  state: string;
  expiration_date: string | null;
}

/** Who changed it: a person (a document uploaded or removed) or the daily job. */
export type CertificateActor = Pick<Actor, 'userId' | 'organizationId' | 'actingSupervisorId'>;
export const SYSTEM_ACTOR = (organizationId: string): CertificateActor => ({
  userId: 'system',
  organizationId,
  actingSupervisorId: null,
});

export interface CertificateOutcome {
  /** The aircraft's status now (after grounding or release). */
  status: PlaneStatus;
  grounded: boolean;
  changed: boolean;
}

type StoredStanding = { requirement: string; state: string; expiration_date?: string };
const sameStanding = (a: readonly StoredStanding[], b: readonly StoredStanding[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Records how the aircraft certificates stand and applies the organization's policy: with `ground`,
 * an expired certificate makes a flyable aircraft inoperable (its status kept to give back); when
 * no certificate is expired any more (renewed, or the policy changed), the aircraft gets its status
 * back — unless a grounding fault keeps it inoperable. One version-checked TransactWrite with the
 * aircraft's history event and the activity log; a lost race is a 409, retried by the caller.
 */
export async function recordCertificates(
  actor: CertificateActor,
  organizationId: string,
  planeId: string,
  standing: readonly CertificateStanding[],
  ground: boolean,
  at: { now: Date; timeZone: string },
): Promise<CertificateOutcome | null> {
  const { data: plane } = await db()
    .entities.plane.get({ organization_id: organizationId, plane_id: planeId })
    .go();
  if (!plane) return null;
  const expired = standing.some((s) => s.state === 'expired');
  const wantGrounded = ground && expired;
  const wasGrounded = plane.certificate_grounded === true;
  const certificates = standing.map((s) => ({
    requirement: s.requirement,
    state: s.state,
    ...(s.expiration_date ? { expiration_date: s.expiration_date } : {}),
  }));
  const stored = (plane.certificates ?? []).map((c) => ({
    requirement: c.requirement,
    state: c.state,
    ...(c.expiration_date ? { expiration_date: c.expiration_date } : {}),
  }));
  if (wantGrounded === wasGrounded && sameStanding(stored, certificates))
    return { status: plane.status, grounded: wasGrounded, changed: false };

  let status: PlaneStatus = plane.status;
  let statusBefore: PlaneStatus | undefined = plane.certificate_status_before;
  if (wantGrounded && !wasGrounded && FLYABLE_STATUSES.has(plane.status)) {
    statusBefore = plane.status;
    status = 'inoperable';
  }
  if (!wantGrounded && wasGrounded) {
    const openGrounding = await db()
      .entities.fault.query.byPlane({ organization_id: organizationId, plane_id: planeId })
      .where(({ status: s, severity }, { eq }) => `${eq(s, 'open')} AND ${eq(severity, 'grounding')}`)
      .go({ pages: 'all', attributes: ['fault_id'] });
    if (plane.status === 'inoperable' && statusBefore && openGrounding.data.length === 0)
      status = statusBefore;
    statusBefore = undefined;
  }
  const statusChanged = status !== plane.status;
  const audit: ActionRecord = {
    action: 'plane.certificates',
    target_type: 'plane',
    target_id: planeId,
    organization_id: organizationId,
    details: {
      grounded: wantGrounded,
      expired: standing.filter((s) => s.state === 'expired').map((s) => s.requirement),
      ...(statusChanged ? { status_from: plane.status, status_to: status } : {}),
    },
  };
  const logged = statusChanged || wantGrounded !== wasGrounded;
  const build: TransactionBuilder = ({ plane: planes, aircraftEvent }) => {
    const key = { organization_id: organizationId, plane_id: planeId };
    const base = planes.patch(key).set({ certificates, certificate_grounded: wantGrounded });
    const withBefore = statusBefore
      ? base.set({ certificate_status_before: statusBefore })
      : base.remove(['certificate_status_before']);
    // A status change is an edit of the aircraft (its version moves); the standing alone is not:
    // an open plane form must not 409 because the daily job ran.
    const write = statusChanged ? withBefore.set({ status }).add({ version: 1 }) : withBefore;
    const writes = [write.where(({ version }, { eq }) => eq(version, plane.version)).commit()];
    if (logged) {
      writes.push(
        aircraftEvent
          .put({
            organization_id: organizationId,
            subject_id: planeId,
            plane_id: planeId,
            event_id: timeOrderedId(at.now.getTime()),
            kind: 'status_changed',
            date: todayIn(at.timeZone, at.now),
            user_id: actor.userId,
            details: {
              reason: 'certificate',
              grounded: wantGrounded,
              status_from: plane.status,
              status_to: status,
            },
          })
          .commit(),
      );
    }
    return writes;
  };
  // A grounding or its release is logged with the change; a standing alone is not an action.
  await (logged ? auditedWrite(actor, audit, build) : transactWrite(build));
  return { status, grounded: wantGrounded, changed: true };
}

/** How many aircraft the organization holds per package bucket (the pricing page's use of its limits). */
export async function planeCounts(
  organizationId: string,
): Promise<{ total: number; general: number; glider: number }> {
  const { data } = await db().entities.planeCount.get({ organization_id: organizationId }).go();
  return { total: data?.total ?? 0, general: data?.general ?? 0, glider: data?.glider ?? 0 };
}

/**
 * The soonest thing due on an aircraft as of `today` (its maintenance items, components and own
 * limits, with the forecast from its use): whether it is overdue and the day it falls due, or null
 * when nothing is tracked. A booking until a day on or after `due_date` runs into the maintenance.
 */
export async function maintenanceDueOf(
  organizationId: string,
  planeId: string,
  today: string,
): Promise<{ overdue: boolean; due_date: string | null } | null> {
  const dues = (await fleetDues(maintenanceStore, organizationId, today)).find(
    (d) => d.plane.plane_id === planeId,
  );
  const firsts = (dues?.entries ?? []).filter((e) => e.due.first);
  if (firsts.length === 0) return null;
  const overdue = firsts.some((e) => e.due.state === 'overdue');
  const dates = firsts.map((e) => e.due.due_date).filter((d): d is string => Boolean(d));
  return { overdue, due_date: dates.length > 0 ? dates.sort()[0]! : null };
}

/**
 * Data import (reports domain, issue 17 §5): a new aircraft with every rule of plane/new — the
 * registration not taken, the package's limits, the owner a member — and its activity record.
 */
export const importPlane = (actor: Actor, input: CreatePlaneInput) => createPlane(planeDeps, actor, input);
/** An aircraft as its charges see it: identity and the rental prices (spec §3 Plane, minor units). */
export interface PlanePrices {
  plane_id: string;
  reg_num: string;
  plane_type: string | null;
  plane_category: 'plc_01' | 'plc_02';
  is_tmg: boolean;
  rent_type: RentType | null;
  rent_price_flight: number | null;
  rent_price_motor: number | null;
  rent_price_landing: number | null;
  rent_price_training: number | null;
  /** percent */
  rent_discount: number | null;
  rent_flat_rate: number | null;
}

type Plane = NonNullable<Awaited<ReturnType<typeof planeStore.plane>>>;
const num = (value: number | undefined) => (typeof value === 'number' ? value : null);

const pricesOf = (plane: Plane): PlanePrices => ({
  plane_id: plane.plane_id,
  reg_num: plane.reg_num,
  plane_type: plane.plane_type ?? null,
  plane_category: plane.plane_category,
  is_tmg: plane.is_tmg,
  rent_type: plane.rent_type ?? null,
  rent_price_flight: num(plane.rent_price_flight),
  rent_price_motor: num(plane.rent_price_motor),
  rent_price_landing: num(plane.rent_price_landing),
  rent_price_training: num(plane.rent_price_training),
  rent_discount: num(plane.rent_discount),
  rent_flat_rate: num(plane.rent_flat_rate),
});

/** One aircraft of the organization, or null. */
export async function planePrices(organizationId: string, planeId: string): Promise<PlanePrices | null> {
  const plane = await planeStore.plane(organizationId, planeId);
  return plane ? pricesOf(plane) : null;
}

/** Every aircraft of the organization (a tariff's conditions name them; the simulator prices with them). */
export async function allPlanePrices(organizationId: string): Promise<PlanePrices[]> {
  return (await planeStore.allPlanes(organizationId)).map(pricesOf);
}

/** One due thing of an aircraft as the reports domain's "maintenance" source shows it (issue 17 §4). */
export interface MaintenanceLine {
  plane_id: string;
  reg_num: string;
  /** The maintenance item's or component's name, the registration for the aircraft's own limits. */
  name: string;
  source: 'maintenance' | 'component' | 'plane';
  state: DueState;
  due_date: string | null;
}

/** A fault report as that source counts it. */
export interface FaultLine {
  plane_id: string;
  reg_num: string;
  severity: FaultSeverity;
  status: FaultStatus;
  /** The day it was reported (UTC yyyy-mm-dd). */
  reported_on: string;
}

/**
 * The organization's maintenance as of `today`: every tracked due thing of every aircraft (the
 * fleet overview's computation) and every fault report (one Query of the organization's faults).
 */
export async function maintenanceLines(
  organizationId: string,
  today: string,
): Promise<{ dues: MaintenanceLine[]; faults: FaultLine[] }> {
  const [dues, faults] = await Promise.all([
    fleetDues(maintenanceStore, organizationId, today),
    db().entities.fault.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
  ]);
  return {
    dues: dues.flatMap(({ plane, entries }) =>
      entries
        .filter((e) => e.due.first)
        .map((e) => ({
          plane_id: plane.plane_id,
          reg_num: plane.reg_num,
          name: e.name,
          source: e.source,
          state: e.due.state,
          due_date: e.due.due_date,
        })),
    ),
    faults: faults.data.map((f) => ({
      plane_id: f.plane_id,
      reg_num: f.reg_num,
      severity: f.severity,
      status: f.status,
      reported_on: f.reported_at.slice(0, 10),
    })),
  };
}

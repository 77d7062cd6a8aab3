import { type FuelKind, fuelPrice, meterQuantity, stockAfter } from '../../contracts/fuel-stock.ts';
import type {
  CreateFuelOperationInput,
  FuelOperationOutput,
  FuelSourceOutput,
  FuelSourceType,
  SaveFuelSourceInput,
} from '../../contracts/schemas/fuel.ts';
import { planeOf, planesOf } from '../aircraft/public.ts';
import { isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { lostRace } from '../platform/db/writes.ts';
import { eventItem } from '../platform/events/outbox.ts';
import { found, notFound, validationFailed } from '../platform/http/errors.ts';
import {
  type FuelStore,
  fuelStore,
  idOfDay,
  type OperationWrite,
  type StoredFuelOperation,
  type StoredFuelSource,
  type StoredVehicleTrip,
} from './fuel-store.ts';

/**
 * Fuel operations (issue 15 §3): the registry of tanks and vehicles, and operations by source. A
 * tank's stock moves in the operation's own TransactWrite, on the version read before the check
 * (two dispenses at once: one retries on a fresh read, both count). A dispense from a tank charged
 * to a pilot is announced as `fuel.dispensed` in the same write: finance posts it once.
 */

export interface FuelDeps {
  store: FuelStore;
  now: () => Date;
  plane: (organizationId: string, planeId: string) => Promise<{ plane_id: string; reg_num: string } | null>;
  planes: (organizationId: string) => Promise<{ plane_id: string; reg_num: string }[]>;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
}

export const fuelDeps: FuelDeps = {
  store: fuelStore,
  now: () => new Date(),
  plane: planeOf,
  planes: planesOf,
  isActiveMember,
  names: recordNames,
};

/** Tries of a write that lost its race (a tank's version moved on meanwhile). */
const ATTEMPTS = 6;

export const organizationOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return { id: actor.organizationId, currency: actor.organization.currency_id };
};

const n = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export const sourceOutputOf = (s: StoredFuelSource, currency: string): FuelSourceOutput => ({
  source_id: s.source_id,
  source_type: s.source_type,
  name: s.name,
  fuel_type: s.fuel_type,
  capacity: s.capacity,
  stock: s.source_type === 'tank' ? s.stock : 0,
  price_per_litre: n(s.price_per_litre),
  currency_id: currency,
  vehicle_kind: n(s.vehicle_kind),
  plate: n(s.plate),
  km: n(s.km),
  engine_hours: n(s.engine_hours),
  active: s.active,
  version: s.version,
});

const bySourceName = (a: StoredFuelSource, b: StoredFuelSource) =>
  a.source_type.localeCompare(b.source_type) || a.name.localeCompare(b.name, 'hu');

export async function listFuelSources(deps: FuelDeps, actor: Actor) {
  const org = organizationOf(actor);
  const [sources, planes] = await Promise.all([deps.store.sources(org.id), deps.planes(org.id)]);
  return {
    items: sources.sort(bySourceName).map((s) => sourceOutputOf(s, org.currency)),
    aircraft: planes.map((p) => ({ plane_id: p.plane_id, reg_num: p.reg_num })),
    can_edit: actor.permissions.has('airport-operation-edit'),
  };
}

/** A tank or vehicle added or changed; the stock moves only with operations, so a capacity below it is refused. */
export async function saveFuelSource(
  deps: FuelDeps,
  actor: Actor,
  sourceId: string | null,
  input: SaveFuelSourceInput,
) {
  const org = organizationOf(actor);
  const stored = sourceId ? found(await deps.store.source(org.id, sourceId)) : null;
  const errors: Record<string, string[]> = {};
  if (stored && stored.source_type !== input.source_type) errors.source_type = ['read_only'];
  if (!stored && input.version !== 0) errors.version = ['invalid_value'];
  if (stored && input.capacity < stored.stock) errors.capacity = ['fuel_capacity_below_stock'];
  if (input.source_type === 'vehicle' && !input.vehicle_kind) errors.vehicle_kind = ['field_required'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const at = deps.now().toISOString();
  const tank = input.source_type === 'tank';
  const item: StoredFuelSource = {
    organization_id: org.id,
    source_id: stored?.source_id ?? idOfDay(at.slice(0, 10), deps.now()),
    source_type: input.source_type,
    name: input.name,
    fuel_type: input.fuel_type,
    capacity: input.capacity,
    stock: stored?.stock ?? 0,
    price_per_litre: tank ? (input.price_per_litre ?? undefined) : undefined,
    vehicle_kind: tank ? undefined : (input.vehicle_kind ?? undefined),
    plate: tank ? undefined : input.plate || undefined,
    km: stored?.km,
    engine_hours: stored?.engine_hours,
    active: input.active,
    version: stored ? stored.version : 1,
    created_at: stored?.created_at ?? at,
    updated_at: at,
  };
  await deps.store.saveSource(actor, item, stored ? input.version : 0, {
    action: 'fuel_source.save',
    target_type: 'fuel_source',
    target_id: item.source_id,
    details: { source_type: item.source_type },
  });
  return sourceOutputOf(found(await deps.store.source(org.id, item.source_id)), org.currency);
}

/** The source a path or body names: an aircraft of the fleet, or a tank or vehicle of the registry. */
async function sourceOf(deps: FuelDeps, organizationId: string, type: FuelSourceType, id: string) {
  if (type === 'aircraft') {
    const plane = await deps.plane(organizationId, id);
    return plane ? { name: plane.reg_num, registry: null } : null;
  }
  const source = await deps.store.source(organizationId, id);
  return source?.source_type === type ? { name: source.name, registry: source } : null;
}

async function outputsOf(
  deps: FuelDeps,
  organizationId: string,
  operations: readonly StoredFuelOperation[],
): Promise<FuelOperationOutput[]> {
  const [sources, planes, names] = await Promise.all([
    deps.store.sources(organizationId),
    operations.some((o) => o.source_type === 'aircraft') ? deps.planes(organizationId) : Promise.resolve([]),
    deps.names([...new Set(operations.flatMap((o) => (o.user_id ? [o.user_id] : [])))]),
  ]);
  const sourceNames = new Map(sources.map((s) => [s.source_id, s.name]));
  const regs = new Map(planes.map((p) => [p.plane_id, p.reg_num]));
  return operations.map((o) => {
    const tankId = o.tank_key === '-' ? null : o.tank_key;
    return {
      operation_id: o.operation_id,
      source_type: o.source_type,
      source_id: o.source_id,
      source_name:
        (o.source_type === 'aircraft' ? regs.get(o.source_id) : sourceNames.get(o.source_id)) ?? o.source_id,
      kind: o.kind,
      tank_id: tankId,
      tank_name: tankId ? (sourceNames.get(tankId) ?? tankId) : null,
      fuel_type: o.fuel_type,
      fuel_quantity: o.fuel_quantity,
      fuel_start: n(o.fuel_start),
      fuel_end: n(o.fuel_end),
      date: o.date,
      user_id: n(o.user_id),
      user_name: o.user_id ? (names.get(o.user_id) ?? '') : null,
      amount: n(o.amount),
      currency_id: n(o.currency_id),
      stock_after: n(o.stock_after),
      note: n(o.note),
      created_by: o.created_by,
      created_at: o.created_at,
    };
  });
}

export async function listFuelOperations(
  deps: FuelDeps,
  actor: Actor,
  query: {
    source_type?: FuelSourceType;
    source_id?: string;
    kind?: FuelKind;
    from?: string;
    to?: string;
    cursor?: string;
    limit?: number;
  },
) {
  const org = organizationOf(actor);
  if (query.source_type && query.source_id)
    found(await sourceOf(deps, org.id, query.source_type, query.source_id));
  const page = await deps.store.operations(
    org.id,
    {
      sourceType: query.source_type,
      sourceId: query.source_id,
      kind: query.kind,
      from: query.from,
      to: query.to,
    },
    { cursor: query.cursor, limit: query.limit ?? 50 },
  );
  return { items: await outputsOf(deps, org.id, page.items), cursor: page.cursor };
}

/** What else goes into an operation's write: the trip it was taken on. */
export interface OperationExtras {
  trip?: StoredVehicleTrip;
  vehicle?: OperationWrite['vehicle'];
}

/** The rules of one operation, then its write: the tank's stock on the version read, retried on a lost race. */
export async function recordFuelOperation(
  deps: FuelDeps,
  actor: Actor,
  input: CreateFuelOperationInput,
  extras: OperationExtras = {},
): Promise<StoredFuelOperation> {
  const org = organizationOf(actor);
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    errors[field] ??= [key];
  };
  const source = await sourceOf(deps, org.id, input.source_type, input.source_id);
  if (!source) throw validationFailed({ source_id: ['invalid_value'] });
  if (input.kind !== 'dispense' && input.source_type !== 'tank') add('kind', 'invalid_value');
  if (input.kind !== 'adjustment' && input.fuel_quantity < 0) add('fuel_quantity', 'invalid_value');
  const tankId = input.source_type === 'tank' ? input.source_id : (input.tank_id ?? null);
  if (input.source_type === 'tank' && input.tank_id && input.tank_id !== input.source_id)
    add('tank_id', 'invalid_value');
  if (source.registry && source.registry.fuel_type !== input.fuel_type)
    add('fuel_type', 'fuel_type_mismatch');
  const metered = meterQuantity(input.fuel_start, input.fuel_end);
  if (metered !== null && metered !== Math.abs(input.fuel_quantity)) add('fuel_end', 'fuel_meter_mismatch');
  if (input.user_id) {
    if (input.kind !== 'dispense') add('user_id', 'invalid_value');
    else if (!(await deps.isActiveMember(org.id, input.user_id))) add('user_id', 'invalid_value');
  }
  const firstTank = tankId ? await deps.store.source(org.id, tankId) : null;
  if (tankId && firstTank?.source_type !== 'tank') add('tank_id', 'invalid_value');
  else if (firstTank && firstTank.fuel_type !== input.fuel_type) add('fuel_type', 'fuel_type_mismatch');
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const now = deps.now();
  const operationId = idOfDay(input.date, now);
  const amount =
    firstTank && input.user_id && firstTank.price_per_litre
      ? fuelPrice(input.fuel_quantity, firstTank.price_per_litre)
      : 0;
  for (let attempt = 1; ; attempt++) {
    const tank = tankId && attempt > 1 ? await deps.store.source(org.id, tankId) : firstTank;
    let stock: number | undefined;
    if (tank) {
      const after = stockAfter(tank, input.kind, input.fuel_quantity);
      if ('problem' in after) throw validationFailed({ fuel_quantity: [after.problem] });
      stock = after.stock;
    }
    const operation: StoredFuelOperation = {
      organization_id: org.id,
      operation_id: operationId,
      source_type: input.source_type,
      source_id: input.source_id,
      kind: input.kind,
      tank_key: tank?.source_id ?? '-',
      fuel_type: input.fuel_type,
      fuel_quantity: input.fuel_quantity,
      fuel_start: input.fuel_start ?? undefined,
      fuel_end: input.fuel_end ?? undefined,
      date: input.date,
      user_id: input.user_id ?? undefined,
      amount: amount > 0 ? amount : undefined,
      currency_id: amount > 0 ? org.currency : undefined,
      stock_after: stock,
      note: input.note || undefined,
      created_by: actor.userId,
      version: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    try {
      await deps.store.writeOperation(actor, {
        operation,
        tank:
          tank && stock !== undefined
            ? { source_id: tank.source_id, version: tank.version, stock }
            : undefined,
        event:
          amount > 0 && input.user_id
            ? eventItem(
                'fuel.dispensed',
                {
                  organization_id: org.id,
                  operation_id: operationId,
                  user_id: input.user_id,
                  amount,
                  currency_id: org.currency,
                  date: input.date,
                },
                now,
              )
            : undefined,
        trip: extras.trip ? { ...extras.trip, fuel_operation_id: operationId } : undefined,
        vehicle: extras.vehicle,
        audit: {
          action: 'fuel_operation.create',
          target_type: 'fuel_operation',
          target_id: operationId,
          details: {
            kind: input.kind,
            source_type: input.source_type,
            source_id: input.source_id,
            fuel_quantity: input.fuel_quantity,
            ...(tank ? { tank_id: tank.source_id } : {}),
          },
        },
      });
      return operation;
    } catch (error) {
      // A trip's vehicle moved on too: its readings are re-read by the caller's next try.
      if (!lostRace(error) || attempt >= ATTEMPTS || extras.vehicle) throw error;
    }
  }
}

export async function createFuelOperation(deps: FuelDeps, actor: Actor, input: CreateFuelOperationInput) {
  const org = organizationOf(actor);
  const operation = await recordFuelOperation(deps, actor, input);
  return (await outputsOf(deps, org.id, [operation]))[0]!;
}

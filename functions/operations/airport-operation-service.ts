import { localDateTimeIn, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { landingFee } from '../../contracts/landing-fees.ts';
import type {
  AirportOperationInput,
  AirportOperationOutput,
  FlightPurpose,
} from '../../contracts/schemas/airports.ts';
import { type ChargeToPost, postCharge } from '../finance/public.ts';
import { isActiveMember, recordNames } from '../organizations/public.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { domainError, found, notFound, validationFailed } from '../platform/http/errors.ts';
import { airportOutputOf } from './airport-service.ts';
import { type AirportStore, airportStore, type StoredAirportOperation } from './airport-store.ts';

/**
 * Airport operations (issue 15 §3): arrivals and departures at the club's own airfield (its base
 * airport), visiting and club aircraft alike. The landing fee is computed from the airfield's table
 * (contracts/landing-fees.ts) when the movement is saved, and settled in cash or posted ONCE to the
 * payer's ledger through finance (entry `ao-<operation_id>`, created only where absent); a posted
 * movement is read only.
 */

export interface AirportOperationDeps {
  store: AirportStore;
  now: () => Date;
  isActiveMember: (organizationId: string, userId: string) => Promise<boolean>;
  names: (userIds: readonly string[]) => Promise<Map<string, string>>;
  postCharge: (charge: ChargeToPost) => Promise<'posted' | 'already_posted' | 'not_posted'>;
}

export const airportOperationDeps: AirportOperationDeps = {
  store: airportStore,
  now: () => new Date(),
  isActiveMember,
  names: recordNames,
  postCharge,
};

/** The ledger entry of a movement's fee. */
export const landingFeeEntryId = (operationId: string) => `ao-${operationId}`;

const clubOf = (actor: Actor) => {
  if (!actor.organizationId || !actor.organization) throw notFound();
  return {
    id: actor.organizationId,
    timeZone: actor.organization.timezone,
    base: actor.organization.base_airport,
    currency: actor.organization.currency_id,
  };
};

/** The club's airfield: its base airport as a reference airport (404 without one). */
async function airfieldOf(deps: AirportOperationDeps, actor: Actor) {
  const club = clubOf(actor);
  if (!club.base) throw notFound();
  const wanted = club.base.toUpperCase();
  const airport = (await deps.store.all()).find((a) => a.icao?.toUpperCase() === wanted);
  if (!airport) throw notFound();
  return { club, airport: airportOutputOf(airport) };
}

const editable = (actor: Actor, op: Pick<StoredAirportOperation, 'posted_entry_id'>) =>
  actor.permissions.has('airport-operation-edit') && !op.posted_entry_id;

function outputOf(
  actor: Actor,
  op: StoredAirportOperation,
  names: Map<string, string>,
): AirportOperationOutput {
  return {
    operation_id: op.operation_id,
    airport_icao: op.airport_icao,
    date: op.date,
    movement: op.movement,
    time: op.time,
    registration: op.registration,
    plane_type: op.plane_type ?? null,
    mtow: op.mtow,
    pilot_name: op.pilot_name,
    pilot_id: op.pilot_id ?? null,
    payer_id: op.payer_id ?? null,
    payer_name: op.payer_id ? (names.get(op.payer_id) ?? null) : null,
    purpose: op.purpose,
    payment: op.payment,
    fee: op.fee ?? null,
    currency_id: op.currency_id,
    posted_entry_id: op.posted_entry_id ?? null,
    comment: op.comment ?? null,
    can_edit: editable(actor, op),
    version: op.version,
    updated_at: op.updated_at,
  };
}

async function outputsOf(deps: AirportOperationDeps, actor: Actor, ops: readonly StoredAirportOperation[]) {
  const payers = [...new Set(ops.map((o) => o.payer_id).filter((id): id is string => !!id))];
  const names = payers.length > 0 ? await deps.names(payers) : new Map<string, string>();
  return ops.map((o) => outputOf(actor, o, names));
}

export async function listAirportOperations(
  deps: AirportOperationDeps,
  actor: Actor,
  query: { date?: string; cursor?: string; limit?: number },
) {
  const club = clubOf(actor);
  const date = query.date ?? todayIn(club.timeZone, deps.now());
  const page = await deps.store.operationsOfDay(club.id, date, {
    cursor: query.cursor,
    limit: query.limit ?? 100,
  });
  return {
    date,
    airport_icao: club.base ?? null,
    items: await outputsOf(deps, actor, page.items),
    cursor: page.cursor,
  };
}

async function operationOf(deps: AirportOperationDeps, actor: Actor, operationId: string) {
  return found(await deps.store.operation(clubOf(actor).id, operationId));
}

export async function getAirportOperation(deps: AirportOperationDeps, actor: Actor, operationId: string) {
  const [out] = await outputsOf(deps, actor, [await operationOf(deps, actor, operationId)]);
  return out!;
}

/** The fee of a movement at the club's airfield (the form's preview), in the table's currency. */
export async function previewLandingFee(
  deps: AirportOperationDeps,
  actor: Actor,
  query: { time: string; mtow: number; purpose: FlightPurpose },
) {
  const { club, airport } = await airfieldOf(deps, actor);
  const local = localDateTimeIn(club.timeZone, query.time);
  return {
    fee: landingFee(airport.landing_fees, {
      date: local.slice(0, 10),
      time: local.slice(11, 16),
      mtow: query.mtow,
      purpose: query.purpose,
    }),
    currency_id: airport.fee_currency_id,
  };
}

async function itemOf(
  deps: AirportOperationDeps,
  actor: Actor,
  operationId: string,
  input: AirportOperationInput,
  createdBy: string,
): Promise<StoredAirportOperation> {
  const { club, airport } = await airfieldOf(deps, actor);
  const payer = input.payer_id ?? input.pilot_id ?? null;
  const errors: Record<string, string[]> = {};
  for (const field of ['pilot_id', 'payer_id'] as const) {
    const id = input[field];
    if (id && !(await deps.isActiveMember(club.id, id))) errors[field] = ['invalid_value'];
  }
  if (input.payment === 'ledger' && !payer) errors.payer_id = ['field_required'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const local = localDateTimeIn(club.timeZone, input.time);
  const fee =
    input.payment === 'none'
      ? null
      : landingFee(airport.landing_fees, {
          date: local.slice(0, 10),
          time: local.slice(11, 16),
          mtow: input.mtow,
          purpose: input.purpose,
        });
  return {
    organization_id: club.id,
    date: local.slice(0, 10),
    operation_id: operationId,
    airport_icao: airport.icao ?? club.base!,
    movement: input.movement,
    time: new Date(input.time).toISOString(),
    registration: input.registration.toUpperCase(),
    plane_type: input.plane_type || undefined,
    mtow: input.mtow,
    pilot_name: input.pilot_name,
    pilot_id: input.pilot_id ?? undefined,
    payer_id: input.payment === 'ledger' ? (payer ?? undefined) : undefined,
    purpose: input.purpose,
    payment: input.payment,
    fee: fee ?? undefined,
    currency_id: airport.fee_currency_id,
    comment: input.comment || undefined,
    created_by: createdBy,
    version: input.version,
    created_at: '',
    updated_at: '',
  };
}

/** The fee on the payer's ledger, once; the movement then records the entry and is read only. */
async function settle(deps: AirportOperationDeps, item: StoredAirportOperation) {
  if (item.payment !== 'ledger' || !item.payer_id || !item.fee || item.posted_entry_id) return;
  const entryId = landingFeeEntryId(item.operation_id);
  const outcome = await deps.postCharge({
    organization_id: item.organization_id,
    user_id: item.payer_id,
    entry_id: entryId,
    date: item.date,
    amount: item.fee,
    currency_id: item.currency_id,
    source: 'airport',
    source_id: item.operation_id,
  });
  if (outcome !== 'not_posted') await deps.store.markPosted(item, entryId);
}

export async function createAirportOperation(
  deps: AirportOperationDeps,
  actor: Actor,
  input: AirportOperationInput,
) {
  const operationId = timeOrderedId(deps.now().getTime());
  const item = await itemOf(deps, actor, operationId, input, actor.userId);
  await deps.store.saveOperation(actor, item, null, {
    action: 'airport_operation.create',
    target_type: 'airport_operation',
    target_id: operationId,
  });
  await settle(deps, item);
  return getAirportOperation(deps, actor, operationId);
}

export async function updateAirportOperation(
  deps: AirportOperationDeps,
  actor: Actor,
  operationId: string,
  input: AirportOperationInput,
) {
  const previous = await operationOf(deps, actor, operationId);
  if (previous.posted_entry_id) throw domainError('not_editable');
  const item = await itemOf(deps, actor, operationId, input, previous.created_by);
  await deps.store.saveOperation(
    actor,
    item,
    { ...previous, version: input.version },
    {
      action: 'airport_operation.update',
      target_type: 'airport_operation',
      target_id: operationId,
    },
  );
  await settle(deps, item);
  return getAirportOperation(deps, actor, operationId);
}

export async function deleteAirportOperation(deps: AirportOperationDeps, actor: Actor, operationId: string) {
  const previous = await operationOf(deps, actor, operationId);
  if (previous.posted_entry_id) throw domainError('not_editable');
  await deps.store.deleteOperation(actor, previous, {
    action: 'airport_operation.delete',
    target_type: 'airport_operation',
    target_id: operationId,
  });
  return null;
}

import { addDays, instantIn, localDateTimeIn, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { landingFee } from '../../contracts/landing-fees.ts';
import type { LandingFeeRow, Runway } from '../../contracts/schemas/airports.ts';
import { postCharge } from '../../functions/finance/public.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * Airports and airfield movements (issue 15 §10): the demo club's home field Dunakeszi (LHDK) and
 * two neighbours get their runways and landing-fee tables; the club's airfield has movements
 * today and yesterday — visitors paying cash, a member's fee posted to their account, a tow plane
 * without a fee.
 */
const TZ = 'Europe/Budapest';

const row = (r: Partial<LandingFeeRow> & Pick<LandingFeeRow, 'amount'>): LandingFeeRow => ({
  valid_from: '2025-01-01',
  mtow_min: 0,
  mtow_max: null,
  purpose: 'any',
  time_from: null,
  time_to: null,
  ...r,
});

const FIELDS: { icao: string; runways: Runway[]; fees: LandingFeeRow[] }[] = [
  {
    icao: 'LHDK',
    runways: [
      { designator: '12/30', heading: 119, length: 1000, width: 60, surface: 'grass' },
      { designator: '03/21', heading: 29, length: 600, width: 40, surface: 'grass' },
    ],
    fees: [
      // Up to 750 kg: gliders and motor gliders; training flights cheaper; night landings dearer.
      row({ mtow_max: 750, time_from: '20:00', time_to: '06:00', amount: 600000 }),
      row({ mtow_max: 750, purpose: 'training', amount: 150000 }),
      row({ mtow_max: 750, amount: 250000 }),
      row({ mtow_min: 750, mtow_max: 2000, purpose: 'training', amount: 300000 }),
      row({ mtow_min: 750, mtow_max: 2000, amount: 400000 }),
      row({ mtow_min: 2000, amount: 1000000 }),
    ],
  },
  {
    icao: 'LHFH',
    runways: [{ designator: '15/33', heading: 150, length: 700, width: 50, surface: 'grass' }],
    fees: [row({ mtow_max: 750, amount: 200000 }), row({ mtow_min: 750, amount: 350000 })],
  },
  {
    icao: 'LHBS',
    runways: [
      { designator: '12/30', heading: 120, length: 1050, width: 30, surface: 'asphalt' },
      { designator: '12L/30R', heading: 120, length: 880, width: 60, surface: 'grass' },
    ],
    fees: [
      row({ mtow_max: 1000, amount: 500000 }),
      row({ mtow_min: 1000, mtow_max: 2000, amount: 800000 }),
      row({ mtow_min: 2000, amount: 1500000 }),
    ],
  },
];

interface MovementSeed {
  day: number;
  at: string;
  movement: 'arrival' | 'departure';
  registration: string;
  plane_type: string;
  mtow: number;
  pilot_name: string;
  pilot?: string;
  purpose: 'training' | 'private';
  payment: 'cash' | 'ledger' | 'none';
  comment?: string;
}

const MOVEMENTS: MovementSeed[] = [
  {
    day: -1,
    at: '09:40',
    movement: 'arrival',
    registration: 'D-KOLB',
    plane_type: 'ASK 21',
    mtow: 600,
    pilot_name: 'Jonas Weber',
    purpose: 'private',
    payment: 'cash',
  },
  {
    day: -1,
    at: '15:20',
    movement: 'departure',
    registration: 'D-KOLB',
    plane_type: 'ASK 21',
    mtow: 600,
    pilot_name: 'Jonas Weber',
    purpose: 'private',
    payment: 'none',
    comment: 'A leszállási díjat érkezéskor fizette.',
  },
  {
    day: 0,
    at: '09:15',
    movement: 'departure',
    registration: 'HA-SBX',
    plane_type: 'Aviat Husky',
    mtow: 907,
    pilot_name: 'Csörlő Csapat',
    purpose: 'private',
    payment: 'none',
    comment: 'Vontatógép, saját.',
  },
  {
    day: 0,
    at: '10:05',
    movement: 'arrival',
    registration: 'OM-2410',
    plane_type: 'Zlin Z-226',
    mtow: 820,
    pilot_name: 'Peter Horváth',
    purpose: 'training',
    payment: 'cash',
  },
  {
    day: 0,
    at: '11:30',
    movement: 'arrival',
    registration: 'HA-1265',
    plane_type: 'Grob G 109',
    mtow: 850,
    pilot_name: 'Mészáros Ákos',
    pilot: 'meszaros',
    purpose: 'private',
    payment: 'ledger',
  },
];

export async function seedAirports(): Promise<void> {
  const { entities } = db();
  for (const field of FIELDS) {
    const main = [...field.runways].sort((a, b) => b.length - a.length)[0]!;
    await entities.airport
      .patch({ airport_id: field.icao.toLowerCase() })
      .set({
        runways: field.runways.map(({ width, ...r }) => ({ ...r, ...(width === null ? {} : { width }) })),
        landing_fees: field.fees.map((f) =>
          Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null)),
        ) as never,
        fee_currency_id: 'HUF',
        runway_length: main.length,
        runway_heading: main.heading,
      })
      .go();
  }

  const organization_id = orgIdOf('demo');
  const home = FIELDS[0]!;
  const today = todayIn(TZ);
  for (const [i, m] of MOVEMENTS.entries()) {
    const date = addDays(today, m.day);
    const time = instantIn(date, m.at, TZ);
    const local = localDateTimeIn(TZ, time);
    const fee =
      m.payment === 'none'
        ? null
        : landingFee(home.fees, { date, time: local.slice(11, 16), mtow: m.mtow, purpose: m.purpose });
    const operation_id = timeOrderedId(Date.parse(time), `5eed${i}`);
    const payer = m.pilot ? userIdOf(m.pilot) : undefined;
    let posted: string | undefined;
    if (m.payment === 'ledger' && payer && fee) {
      const outcome = await postCharge({
        organization_id,
        user_id: payer,
        entry_id: `ao-${operation_id}`,
        date,
        amount: fee,
        currency_id: 'HUF',
        source: 'airport',
        source_id: operation_id,
      });
      if (outcome !== 'not_posted') posted = `ao-${operation_id}`;
    }
    await entities.airportOperation
      .put({
        organization_id,
        date,
        operation_id,
        airport_icao: home.icao,
        movement: m.movement,
        time,
        registration: m.registration,
        plane_type: m.plane_type,
        mtow: m.mtow,
        pilot_name: m.pilot_name,
        pilot_id: payer,
        payer_id: m.payment === 'ledger' ? payer : undefined,
        purpose: m.purpose,
        payment: m.payment,
        fee: fee ?? undefined,
        currency_id: 'HUF',
        posted_entry_id: posted,
        comment: m.comment,
        created_by: userIdOf('admin'),
      })
      .go();
  }
}

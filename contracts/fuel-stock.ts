/**
 * Fuel arithmetic (issue 15 §3), the same in the browser and the Lambda. Quantities are litres with
 * at most two decimals; sums are done in centilitres so 0.1 + 0.2 stays 0.3.
 */

export const FUEL_KINDS = ['dispense', 'refill', 'adjustment'] as const;
export type FuelKind = (typeof FUEL_KINDS)[number];

const centi = (litres: number) => Math.round(litres * 100);
const litres = (centilitres: number) => centilitres / 100;

/**
 * How an operation moves its tank's stock: a dispense takes the quantity out, a refill puts it in,
 * an adjustment (a dip reading) adds the signed correction.
 */
export function stockDelta(kind: FuelKind, quantity: number): number {
  if (kind === 'dispense') return -litres(centi(Math.abs(quantity)));
  if (kind === 'refill') return litres(centi(Math.abs(quantity)));
  return litres(centi(quantity));
}

export type StockProblem = 'fuel_stock_insufficient' | 'fuel_capacity_exceeded';

/** The tank's stock after the operation, or why the operation cannot be: below empty or above capacity. */
export function stockAfter(
  tank: { stock: number; capacity: number },
  kind: FuelKind,
  quantity: number,
): { stock: number } | { problem: StockProblem } {
  const next = centi(tank.stock) + centi(stockDelta(kind, quantity));
  if (next < 0) return { problem: 'fuel_stock_insufficient' };
  if (next > centi(tank.capacity)) return { problem: 'fuel_capacity_exceeded' };
  return { stock: litres(next) };
}

/** The quantity a pair of meter readings says (fuel_end − fuel_start), or null without both. */
export function meterQuantity(start: number | null | undefined, end: number | null | undefined) {
  if (start === null || start === undefined || end === null || end === undefined) return null;
  return litres(centi(end) - centi(start));
}

/** The price of a dispense: litres × the price per litre (minor units), rounded to a minor unit. */
export const fuelPrice = (quantity: number, pricePerLitre: number) =>
  Math.round((centi(Math.abs(quantity)) * pricePerLitre) / 100);

import type { PriceRule } from '../../contracts/schemas/tariffs.ts';
import type { OrganizationFinance } from '../organizations/public.ts';
import type { StoredTariff } from './finance-store.ts';
import type { OrganizationPrices, PricingTariff } from './pricing.ts';

/**
 * Which tariff prices a flight, and the organization's price fields as the engine reads them. Pure.
 */

/** The published tariff in force on a day: the latest `valid_from` on or before it (then the latest published). */
export function effectiveTariff<
  T extends Pick<StoredTariff, 'status' | 'valid_from' | 'published_at' | 'tariff_id'>,
>(tariffs: readonly T[], date: string): T | null {
  return (
    tariffs
      .filter((t) => t.status === 'published' && t.valid_from && t.valid_from <= date)
      .sort(
        (a, b) =>
          (b.valid_from ?? '').localeCompare(a.valid_from ?? '') ||
          (b.published_at ?? '').localeCompare(a.published_at ?? '') ||
          b.tariff_id.localeCompare(a.tariff_id),
      )[0] ?? null
  );
}

export const pricingTariffOf = (t: StoredTariff): PricingTariff => ({
  tariff_id: t.tariff_id,
  name: t.name,
  version: t.version,
  valid_from: t.valid_from ?? '',
  rules: (t.rules as PriceRule[]) ?? [],
});

export const organizationPricesOf = (org: OrganizationFinance): OrganizationPrices => ({
  currency_id: org.currency_id,
  flight_price: org.flight_price,
  motor_price: org.motor_price,
  towing_price: org.towing_price,
  towing_price_altitude: org.towing_price_altitude,
  towing_price_extra_charge: org.towing_price_extra_charge,
  winching_price: org.winching_price,
  min_price: org.min_price,
  multiplier: org.multiplier,
  time_limit: org.time_limit,
});

const ruleIdOf = (index: number) => `custom-${index + 1}`;

/**
 * The organization's custom prices (the old flat list {name, amount, unit}) as tariff rules: the
 * migration a first tariff starts from. A price per flight becomes a flat surcharge, per minute or
 * hour a per-minute surcharge — SWITCHED OFF: a custom price named no condition ("Passenger flight"),
 * and on every flight it would charge everyone; the treasurer gives each its conditions and switches
 * it on. Prices per day, month, year or piece are not flight prices (a scheduled transaction posts
 * those) and are left out — `skipped` names them.
 */
export function rulesFromCustomPrices(org: Pick<OrganizationFinance, 'custom_prices'>): {
  rules: PriceRule[];
  skipped: string[];
} {
  const rules: PriceRule[] = [];
  const skipped: string[] = [];
  org.custom_prices.forEach((price, index) => {
    const name = price.name.slice(0, 80) || ruleIdOf(index);
    if (price.unit === 'flight')
      rules.push({
        rule_id: ruleIdOf(index),
        name,
        enabled: false,
        kind: 'flat',
        component: 'surcharge',
        amount: price.amount,
      });
    else if (price.unit === 'minute' || price.unit === 'hour')
      rules.push({
        rule_id: ruleIdOf(index),
        name,
        enabled: false,
        kind: 'per_minute',
        component: 'surcharge',
        rate: price.unit === 'hour' ? Math.round(price.amount / 60) : price.amount,
      });
    else skipped.push(price.name);
  });
  return { rules, skipped };
}

/**
 * Money as the product keeps it (docs/ARCHITECTURE.md "Data": integer minor units with a currency id, 150 HUF = 15000):
 * the currencies, parsing what a person types and showing an amount in their language.
 */

/** Currencies a club keeps its books in (ISO 4217): the euro area and the region's own. */
export const CURRENCIES = [
  'HUF',
  'EUR',
  'CZK',
  'PLN',
  'CHF',
  'GBP',
  'RON',
  'SEK',
  'NOK',
  'DKK',
  'UAH',
  'RSD',
  'USD',
] as const;

/** ISO 4217 exponent: how many minor units make one major unit (all of CURRENCIES: 100). */
const MINOR_DIGITS = 2;

/**
 * `1 500,50` or `1500.5` (what a person types, in any of our languages) → 150050 minor units; an
 * empty text is null, anything else unreadable is NaN (the schema then says invalid_value).
 */
export const parseMoney = (text: string): number | null => {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  if (compact === '') return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return Number.NaN;
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(MINOR_DIGITS, '0'));
  return sign ? -minor : minor;
};

/** 150050 → `1500.5` for an input field (no grouping, a dot; the person may type a comma). */
export const moneyInputText = (minor: number | null | undefined): string => {
  if (minor === null || minor === undefined) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
};

/** 150050 HUF → `1 500,5 Ft` in Hungarian; whole amounts without decimals. */
export const formatMoney = (minor: number | null | undefined, currency: string, locale: string): string => {
  if (minor === null || minor === undefined) return '';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
};

/** Upper bound of one amount: 10 000 000.00 in any currency. */
export const MAX_MINOR = 1_000_000_000;

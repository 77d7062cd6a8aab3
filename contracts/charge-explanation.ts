import type { ChargeExplanation, ChargeLine } from './schemas/tariffs.ts';

/**
 * A charge's explanation in words ("Why 8 450 Ft?"), the same on the flight's screen, the statement
 * line and in the bookkeeper's export: one pure function for the browser and the Lambda, with the
 * `ledger` namespace's texts (`t`) and the money format of the reader's language (`money`).
 */

export type Translate = (key: string, values?: Record<string, string | number>) => string;
export type Money = (minor: number) => string;

const number = (value: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);

/** What the line was priced from: a rule by name, or a price field of the club or the aircraft. */
export function lineSource(line: ChargeLine, t: Translate): string {
  if (line.source === 'rule') return t('ledger:source.rule', { name: line.rule_name ?? line.rule_id ?? '' });
  if (!line.price_field) return t(`ledger:source.${line.source}_only`);
  return t(`ledger:source.${line.source}`, { field: t(`ledger:price_field.${line.price_field}`) });
}

/**
 * The calculation: `47 min × 150 Ft`, `47 min × 6 500 Ft/h`, `2 × 1 500 Ft`, `× 1,5`; '' for a plain
 * amount. Arithmetic reads the same in every language; only the units are words.
 */
export function lineCalculation(line: ChargeLine, t: Translate, money: Money, lang: string): string {
  const minutes = `${number(line.quantity, lang)} ${t('ledger:unit.min')}`;
  switch (line.unit) {
    case 'minute':
      return `${minutes} × ${money(line.rate)}`;
    case 'hour':
      return `${minutes} × ${money(line.rate)}/${t('ledger:unit.h')}`;
    case 'factor':
      return `× ${number(line.rate, lang)}`;
    default:
      return line.component === 'minimum' || line.component === 'rounding'
        ? ''
        : `${number(line.quantity, lang)} × ${money(line.rate)}`;
  }
}

/** What changed the line from quantity × rate: included minutes, caps, a minimum, a discount. */
export function lineNotes(line: ChargeLine, t: Translate, money: Money, lang: string): string[] {
  return line.notes.map((note) => {
    const moneyNote = ['block_price', 'minimum', 'cap_day', 'cap_year', 'flat_rate_day'].includes(note.key);
    return t(`ledger:note.${note.key}`, { value: moneyNote ? money(note.value) : number(note.value, lang) });
  });
}

/** One line: `Flight time — rule “ASK 21 per minute”: 47 min × 150 Ft = 7 050 Ft (first 10 min included)`. */
export function lineText(line: ChargeLine, t: Translate, money: Money, lang: string): string {
  const calculation = lineCalculation(line, t, money, lang);
  const notes = lineNotes(line, t, money, lang);
  const head = `${t(`ledger:component.${line.component}`)} (${lineSource(line, t)})`;
  const tail = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  return calculation
    ? `${head}: ${calculation} = ${money(line.amount)}${tail}`
    : `${head}: ${money(line.amount)}${tail}`;
}

/** The whole explanation on one line (exports): the lines, then the total and the tariff. */
export function explanationSummary(
  explanation: ChargeExplanation,
  t: Translate,
  money: Money,
  lang: string,
): string {
  const lines = explanation.lines.map((line) => lineText(line, t, money, lang));
  const tariff = explanation.tariff
    ? t('ledger:tariff.named', { name: explanation.tariff.name, version: explanation.tariff.version })
    : t('ledger:tariff.base_prices');
  return [...lines, t('ledger:total', { amount: money(explanation.total) }), tariff].join('; ');
}

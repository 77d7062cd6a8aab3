import { addDays } from '../../contracts/calendar.ts';
import { explanationSummary, type Translate } from '../../contracts/charge-explanation.ts';
import { isLang, type Lang } from '../../contracts/langs.ts';
import { formatMoney } from '../../contracts/money.ts';
import type { ExportOutput } from '../../contracts/schemas/finance.ts';
import { TRANSACTION_TYPES } from '../../contracts/schemas/finance-enums.ts';
import type { ChargeExplanation } from '../../contracts/schemas/tariffs.ts';
import cs from '../../frontend/src/locales/cs/ledger.json' with { type: 'json' };
import de from '../../frontend/src/locales/de/ledger.json' with { type: 'json' };
import en from '../../frontend/src/locales/en/ledger.json' with { type: 'json' };
import fr from '../../frontend/src/locales/fr/ledger.json' with { type: 'json' };
import hu from '../../frontend/src/locales/hu/ledger.json' with { type: 'json' };
import it from '../../frontend/src/locales/it/ledger.json' with { type: 'json' };
import pl from '../../frontend/src/locales/pl/ledger.json' with { type: 'json' };
import sk from '../../frontend/src/locales/sk/ledger.json' with { type: 'json' };
import type { Actor } from '../platform/auth/actor.ts';
import { validationFailed } from '../platform/http/errors.ts';
import { type FinanceDeps, nameOf, organizationOf } from './finance-context.ts';
import { allBalanceRows } from './ledger-service.ts';
import { type Cell, CSV_TYPE, csvOf, type Sheet, XLSX_TYPE, xlsxOf } from './spreadsheet.ts';

/**
 * The bookkeeper's exports (issue 14 §10): the ledger of a period per member (opening balance, each
 * type, closing balance), per type, and entry by entry with each flight charge's explanation — as
 * XLSX (three sheets) or CSV (one view) — and the balances or the debtor list. In the reader's
 * language (the `ledger` namespace). Amounts in the currency's major unit as numbers.
 */

const TEXTS: Record<Lang, Record<string, unknown>> = { hu, en, de, sk, cs, pl, fr, it };

export function translator(lang: Lang): Translate {
  const lookup = (texts: Record<string, unknown>, path: string) => {
    let value: unknown = texts;
    for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    return typeof value === 'string' ? value : undefined;
  };
  return (key, values = {}) => {
    const path = key.replace(/^ledger:/, '');
    const template = lookup(TEXTS[lang], path) ?? lookup(TEXTS.en, path) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** Minor units → the major unit as a number (8450 Ft, 12.5 €). */
const major = (minor: number) => minor / 100;

/** At most a year and a day per export. */
const MAX_DAYS = 366;

const fileOf = (name: string, format: 'csv' | 'xlsx', sheets: Sheet[], view: number): ExportOutput =>
  format === 'csv'
    ? {
        filename: `${name}.csv`,
        content_type: CSV_TYPE,
        data: Buffer.from(csvOf(sheets[view]!.rows)).toString('base64'),
      }
    : { filename: `${name}.xlsx`, content_type: XLSX_TYPE, data: xlsxOf(sheets).toString('base64') };

/** GET /api/ledger/export: the period's ledger. CSV carries one view: per member (default), per type, or the entries. */
export async function ledgerExport(
  deps: FinanceDeps,
  actor: Actor,
  query: { from: string; to: string; format: 'csv' | 'xlsx'; view?: 'members' | 'types' | 'entries' },
) {
  if (query.to < query.from) throw validationFailed({ to: ['too_small'] });
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days > MAX_DAYS) throw validationFailed({ to: ['too_big'] });
  const org = await organizationOf(deps, actor);
  const lang = isLang(actor.lang) ? actor.lang : 'hu';
  const t = translator(lang);
  const money = (minor: number) => formatMoney(minor, org.currency_id, lang);
  const monthStart = `${query.from.slice(0, 7)}-01`;
  const [months, before, entries] = await Promise.all([
    deps.ledger.monthsBefore(org.organization_id, query.from.slice(0, 7)),
    query.from > monthStart
      ? deps.ledger.allOrganizationEntries(org.organization_id, monthStart, addDays(query.from, -1))
      : Promise.resolve([]),
    deps.ledger.allOrganizationEntries(org.organization_id, query.from, query.to),
  ]);
  const opening = new Map<string, number>();
  for (const m of months) opening.set(m.user_id, (opening.get(m.user_id) ?? 0) + m.amount);
  for (const e of before) opening.set(e.user_id, (opening.get(e.user_id) ?? 0) + e.amount);
  const userIds = [...new Set([...opening.keys(), ...entries.map((e) => e.user_id)])];
  const people = await deps.members(org.organization_id, userIds);
  const name = (id: string) => nameOf(people.get(id), lang) ?? id;

  const perMember = new Map<string, Map<string, number>>();
  const perType = new Map<string, { count: number; credits: number; debits: number }>();
  for (const e of entries) {
    const sums = perMember.get(e.user_id) ?? new Map<string, number>();
    sums.set(e.transaction_type, (sums.get(e.transaction_type) ?? 0) + e.amount);
    perMember.set(e.user_id, sums);
    const type = perType.get(e.transaction_type) ?? { count: 0, credits: 0, debits: 0 };
    type.count += 1;
    if (e.amount > 0) type.credits += e.amount;
    else type.debits += e.amount;
    perType.set(e.transaction_type, type);
  }
  const types = TRANSACTION_TYPES.filter((type) => perType.has(type));
  const members: Sheet = {
    name: t('export.sheet.members'),
    widths: [28, 14, ...types.map(() => 16), 14],
    rows: [
      [
        t('export.member'),
        t('export.opening'),
        ...types.map((type) => t(`type.${type}`)),
        t('export.closing'),
      ],
      ...userIds
        .sort((a, b) => name(a).localeCompare(name(b), lang))
        .map((id): Cell[] => {
          const open = opening.get(id) ?? 0;
          const sums = perMember.get(id) ?? new Map<string, number>();
          const moved = [...sums.values()].reduce((s, v) => s + v, 0);
          return [
            name(id),
            major(open),
            ...types.map((type) => major(sums.get(type) ?? 0)),
            major(open + moved),
          ];
        }),
    ],
  };
  const typeSheet: Sheet = {
    name: t('export.sheet.types'),
    widths: [24, 10, 16, 16, 16],
    rows: [
      [t('export.type'), t('export.count'), t('export.credits'), t('export.debits'), t('export.net')],
      ...types.map((type): Cell[] => {
        const s = perType.get(type)!;
        return [t(`type.${type}`), s.count, major(s.credits), major(s.debits), major(s.credits + s.debits)];
      }),
    ],
  };
  const entrySheet: Sheet = {
    name: t('export.sheet.entries'),
    widths: [12, 28, 20, 14, 30, 14, 60, 34, 22],
    rows: [
      [
        t('export.date'),
        t('export.member'),
        t('export.type'),
        t('export.amount'),
        t('export.comment'),
        t('export.source'),
        t('export.explanation'),
        t('export.transaction_id'),
        t('export.posted_at'),
      ],
      ...entries.map((e): Cell[] => [
        e.date,
        name(e.user_id),
        t(`type.${e.transaction_type}`),
        major(e.amount),
        e.reversal_of ? t('export.rollback_of', { id: e.reversal_of }) : (e.comment ?? ''),
        t(`source_kind.${e.source}`),
        e.explanation ? explanationSummary(e.explanation as ChargeExplanation, t, money, lang) : '',
        e.entry_id,
        e.created_at,
      ]),
    ],
  };
  const view = { members: 0, types: 1, entries: 2 }[query.view ?? 'members'];
  return fileOf(
    `${t('export.file.ledger')}-${query.from}-${query.to}`,
    query.format,
    [members, typeSheet, entrySheet],
    view,
  );
}

/** GET /api/balances/export: every member's balance, or the debtor list. */
export async function balancesExport(
  deps: FinanceDeps,
  actor: Actor,
  query: { format: 'csv' | 'xlsx'; debtors?: 'true' | 'false' },
) {
  const org = await organizationOf(deps, actor);
  const lang = isLang(actor.lang) ? actor.lang : 'hu';
  const t = translator(lang);
  const debtors = query.debtors === 'true';
  const rows = await allBalanceRows(deps, { ...actor, lang }, org, debtors);
  const sheet: Sheet = {
    name: t(debtors ? 'export.sheet.debtors' : 'export.sheet.balances'),
    widths: [28, 16, 16, 14, 20],
    rows: [
      [
        t('export.member'),
        t('export.balance'),
        t('export.minimum'),
        t('export.below_minimum'),
        t('export.membership_type'),
      ],
      ...rows.map((r): Cell[] => [
        r.user_name,
        major(r.balance),
        r.balance_min === null ? null : major(r.balance_min),
        r.below_minimum ? t('export.yes') : '',
        r.membership_type ? t(`membership_type.${r.membership_type}`) : '',
      ]),
    ],
  };
  return fileOf(t(debtors ? 'export.file.debtors' : 'export.file.balances'), query.format, [sheet], 0);
}

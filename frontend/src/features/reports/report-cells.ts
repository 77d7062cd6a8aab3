import { formatMoney } from '../../../../contracts/money.ts';
import type { ReportCell, ReportColumn } from '../../../../contracts/schemas/reports.ts';
import { formatDate, formatMinutes } from '../../lib/format.ts';
import type { Translate } from '../../lib/i18n-keys.ts';

/** A cell as the screen shows it: durations h:mm, days YYYY.MM.DD, codes translated. */
export function cellText(
  cell: ReportCell,
  column: ReportColumn | undefined,
  t: Translate,
  money?: { currency: string; locale: string },
): string {
  if (cell === null || cell === undefined) return '';
  switch (column?.type) {
    case 'minutes':
      return formatMinutes(Number(cell));
    case 'date':
      return formatDate(String(cell));
    case 'month':
      return String(cell).replace('-', '.');
    case 'launch_method':
      return t(`reports:launch.${cell}`);
    case 'kind':
      return t(`reports:kind.${cell}`);
    case 'transaction_type':
      return t(`ledger:type.${cell}`);
    case 'state':
      return t(`reports:state.${cell}`);
    case 'money':
      return money ? formatMoney(Number(cell), money.currency, money.locale) : String(Number(cell) / 100);
    default:
      return String(cell);
  }
}

export const numeric = (column: ReportColumn) =>
  column.type === 'count' || column.type === 'minutes' || column.type === 'money';

import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { ReportCell, ReportSection } from '../../../../contracts/schemas/reports.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { cellText, numeric } from './report-cells.ts';

/**
 * One section of a report: a bar chart where people would rather look than read (per month, per
 * launch method, per aircraft), then the table. Minutes are charted as hours.
 */
export function ReportSectionView({ section }: { section: ReportSection }) {
  const t = dynamicT(useTranslation(['reports', 'common', 'ledger']).t);
  const title = t(`reports:section.${section.key}`);
  const money = section.currency_id ? { currency: section.currency_id, locale: currentLang() } : undefined;
  const chart = section.chart;
  const valueColumn = chart ? section.columns[chart.value_column] : undefined;
  const hours = valueColumn?.type === 'minutes';
  const series =
    chart && valueColumn && section.rows.length > 0
      ? [
          {
            title: hours
              ? t(`reports:column_hours.${valueColumn.key}`)
              : t(`reports:column.${valueColumn.key}`),
            type: 'bar' as const,
            data: section.rows.map((row) => ({
              x: cellText(row[0] ?? null, section.columns[0], t),
              y: hours
                ? Math.round((Number(row[chart.value_column] ?? 0) / 60) * 10) / 10
                : valueColumn.type === 'money'
                  ? Number(row[chart.value_column] ?? 0) / 100
                  : Number(row[chart.value_column] ?? 0),
            })),
          },
        ]
      : null;
  return (
    <SpaceBetween size="m">
      {series && (
        <Container header={<Header variant="h2">{title}</Header>} data-testid={`report-chart-${section.key}`}>
          <BarChart
            series={series}
            xScaleType="categorical"
            height={220}
            hideFilter
            hideLegend
            empty={<Box color="text-status-inactive">{t('reports:view.no_rows')}</Box>}
            i18nStrings={{ xTickFormatter: (x) => String(x) }}
            ariaLabel={title}
          />
        </Container>
      )}
      <DataTable<{ index: number; cells: ReportCell[] }>
        // One column choice per kind of section (its columns are the same whichever filter ran it).
        id={`report-${section.key}`}
        testId={`report-section-${section.key}`}
        header={
          <Header variant="h2" counter={section.rows.length > 1 ? `(${section.rows.length})` : undefined}>
            {title}
          </Header>
        }
        items={section.rows.map((cells, index) => ({ index, cells }))}
        trackBy="index"
        empty={<Box color="text-status-inactive">{t('reports:view.no_rows')}</Box>}
        // A section of two or three columns has nothing to choose from.
        fixedColumns={section.columns.length <= 3}
        columns={section.columns.map((column, i) => ({
          id: `${column.key}-${i}`,
          header: t(`reports:column.${column.key}`),
          align: numeric(column) ? ('end' as const) : undefined,
          cell: (item: { cells: ReportCell[] }) => cellText(item.cells[i] ?? null, column, t, money),
        }))}
      />
    </SpaceBetween>
  );
}

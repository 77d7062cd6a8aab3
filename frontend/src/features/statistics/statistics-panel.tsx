import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn, DataTable as DataTableComponent } from '../../components/data-table/data-table.tsx';
import { formatMinutes } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import {
  hoursOf,
  monthLabel,
  type StatisticsRow,
  type StatisticsView,
  yearChoices,
} from './statistics-shape.ts';

// The chart library is large: it loads only when a statistics panel is on screen.
const BarChart = lazy(() => import('@cloudscape-design/components/bar-chart'));
// The tables sit in folded sections: they load when one is opened.
// (React.lazy drops the generic item type; the cast gives it back.)
const DataTable = lazy(() =>
  import('../../components/data-table/data-table.tsx').then((module) => ({ default: module.DataTable })),
) as unknown as typeof DataTableComponent;

/** The chart's box while its code loads: the same height, so the page does not jump. */
const CHART_BOX_HEIGHT = 300;

/** How long the chart's place must stay in view: a panel the page only passes while it loads does not count. */
const DWELL_MS = 300;

/**
 * Whether the chart's place has been in view (and stays so): the chart loads when someone looks at
 * it, not with a dashboard whose first screen does not show it.
 */
function useSeen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      clearTimeout(timer);
      if (entries.some((entry) => entry.isIntersecting)) timer = setTimeout(() => setSeen(true), DWELL_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [seen]);
  return { ref, seen };
}

/** A folded section whose content is rendered (and its code loaded) once it is opened. */
function FoldedSection({ header, children }: { header: string; children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <ExpandableSection
      headerText={header}
      variant="footer"
      expanded={expanded}
      onChange={({ detail }) => {
        setExpanded(detail.expanded);
        if (detail.expanded) setOpened(true);
      }}
    >
      {opened && <Suspense fallback={<Spinner />}>{children}</Suspense>}
    </ExpandableSection>
  );
}

interface StatisticsPanelProps {
  header: string;
  description?: string;
  /** Extra controls next to the year (the pilot's glider/powered switch). */
  actions?: ReactNode;
  view: StatisticsView | null;
  year: number;
  onYear: (year: number) => void;
  loading: boolean;
  failed: boolean;
  /** Pilots: flights over 3 hours; aircraft: engine time. */
  variant: 'pilot' | 'aircraft';
  testId: string;
}

/**
 * Spec §9 statistics, the same for a pilot and an aircraft: the year's flight time per month as a
 * bar chart (h:mm), the last 12 months, the months' and the years' tables.
 */
export function StatisticsPanel(props: StatisticsPanelProps) {
  const { t } = useTranslation('statistics');
  const { view, year, variant } = props;
  const thisYear = new Date().getFullYear();
  const years = yearChoices(view, thisYear);
  if (!years.includes(year)) years.push(year);
  const lang = currentLang();

  const columns: DataColumn<StatisticsRow>[] = [
    { id: 'flights', header: t('col.flights'), cell: (r) => r.flights, align: 'end' },
    { id: 'time', header: t('col.time'), cell: (r) => formatMinutes(r.minutes), align: 'end' },
    variant === 'pilot'
      ? { id: 'launches', header: t('col.launches'), cell: (r) => r.launches, align: 'end' }
      : {
          id: 'engine',
          header: t('col.engine'),
          cell: (r) => formatMinutes(r.engine_minutes ?? 0),
          align: 'end',
        },
    ...(variant === 'pilot'
      ? [
          {
            id: 'over_3h',
            header: t('col.over_3h'),
            cell: (r: StatisticsRow) => r.over_3h ?? 0,
            align: 'end' as const,
          },
        ]
      : []),
  ];

  const chart = useSeen();
  const last12 = view?.last12;
  const monthsWithData = view?.months.some((m) => m.flights > 0) ?? false;

  return (
    <Container
      data-testid={props.testId}
      header={
        <Header
          variant="h2"
          description={props.description}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="end">
              {props.actions}
              <FormField label={t('year')}>
                <Select
                  selectedOption={{ value: String(year), label: String(year) }}
                  options={years.map((y) => ({ value: String(y), label: String(y) }))}
                  onChange={({ detail }) => props.onYear(Number(detail.selectedOption.value))}
                  data-testid={`${props.testId}-year`}
                />
              </FormField>
            </SpaceBetween>
          }
        >
          {props.header}
        </Header>
      }
    >
      {props.failed ? (
        <Box color="text-status-error">{t('load_failed')}</Box>
      ) : (
        <SpaceBetween size="l">
          <div data-testid={`${props.testId}-last12`}>
            <Box variant="h3" padding={{ bottom: 'xs' }}>
              {t('last12.header')}
            </Box>
            <ColumnLayout columns={3} variant="text-grid">
              <Figure label={t('last12.time')} value={formatMinutes(last12?.minutes ?? 0)} testId="time" />
              <Figure label={t('last12.flights')} value={String(last12?.flights ?? 0)} testId="flights" />
              {variant === 'pilot' ? (
                <Figure label={t('last12.over_3h')} value={String(last12?.over_3h ?? 0)} testId="over-3h" />
              ) : (
                <Figure
                  label={t('last12.engine')}
                  value={formatMinutes(last12?.engine_minutes ?? 0)}
                  testId="engine"
                />
              )}
            </ColumnLayout>
          </div>
          <div ref={chart.ref} style={{ minHeight: chart.seen ? undefined : CHART_BOX_HEIGHT }}>
            {chart.seen && (
              <Suspense fallback={<Spinner />}>
                <BarChart
                  series={
                    // No bars at all: the chart shows its empty text instead of an axis of zeros.
                    monthsWithData
                      ? [
                          {
                            title: t('chart.series'),
                            type: 'bar',
                            data: (view?.months ?? []).map((m) => ({ x: m.period, y: hoursOf(m.minutes) })),
                            valueFormatter: (hours: number) => formatMinutes(hours * 60),
                          },
                        ]
                      : []
                  }
                  xDomain={(view?.months ?? []).map((m) => m.period)}
                  xScaleType="categorical"
                  ariaLabel={t('chart.title', { year })}
                  xTitle={t('chart.month')}
                  yTitle={t('chart.hours')}
                  height={220}
                  hideFilter
                  hideLegend
                  statusType={props.loading ? 'loading' : 'finished'}
                  loadingText={t('chart.loading')}
                  errorText={t('chart.error')}
                  empty={<Box color="text-status-inactive">{t('chart.empty', { year })}</Box>}
                  i18nStrings={{
                    xTickFormatter: (month) => monthLabel(String(month), lang),
                    yTickFormatter: (hours: number) => formatMinutes(hours * 60),
                  }}
                />
              </Suspense>
            )}
          </div>
          <FoldedSection header={t('months', { year })}>
            <DataTable<StatisticsRow>
              id={`statistics-${variant}-months`}
              fixedColumns
              // Figures compared down their columns: a phone keeps the table and holds the month in view.
              phoneCards={false}
              variant="embedded"
              testId={`${props.testId}-months`}
              columns={[
                { id: 'month', header: t('col.month'), cell: (r) => monthLabel(r.period, lang) },
                ...columns,
              ]}
              items={view?.months ?? []}
              loading={props.loading}
              loadingText={t('chart.loading')}
            />
          </FoldedSection>
          <FoldedSection header={t('years')}>
            <DataTable<StatisticsRow>
              id={`statistics-${variant}-years`}
              fixedColumns
              phoneCards={false}
              variant="embedded"
              testId={`${props.testId}-years`}
              columns={[{ id: 'year', header: t('col.year'), cell: (r) => r.period }, ...columns]}
              items={[...(view?.years ?? [])].reverse()}
              empty={<Box color="text-status-inactive">{t('none')}</Box>}
            />
          </FoldedSection>
        </SpaceBetween>
      )}
    </Container>
  );
}

function Figure(props: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{props.label}</Box>
      <Box variant="awsui-value-large" data-testid={`statistics-${props.testId}`}>
        {props.value}
      </Box>
    </div>
  );
}

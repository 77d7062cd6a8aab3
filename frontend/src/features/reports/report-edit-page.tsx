import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { REPORT_SOURCE_GUARDS } from '../../../../contracts/routes/reports.ts';
import { FLIGHT_KINDS, TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import {
  createReportInput,
  REPORT_SOURCES,
  type ReportGrouping,
  type ReportOutput,
  type ReportSource,
  SOURCE_FILTERS,
  SOURCE_GROUPINGS,
  updateReportInput,
} from '../../../../contracts/schemas/reports.ts';
import { decideAccess } from '../../app/access.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

interface Values {
  name: string;
  description: string;
  source: ReportSource;
  group_by: ReportGrouping;
  plane_id: string;
  member_id: string;
  kind: string;
  takeoff_type_id: string;
  chart: boolean;
}

const FIELDS = ['name', 'description', 'source', 'group_by', 'filters', 'chart'] as const;

const blank: ReportOutput = {
  report_id: 'new',
  built_in: false,
  name: '',
  description: null,
  source: 'flights',
  group_by: 'month',
  filters: {},
  chart: true,
  version: 0,
  updated_at: null,
  can_edit: true,
  can_delete: false,
};

const toValues = (report: ReportOutput): Values => ({
  name: report.name ?? '',
  description: report.description ?? '',
  source: report.source === 'statistics' ? 'flights' : report.source,
  group_by: report.group_by,
  plane_id: report.filters.plane_id ?? '',
  member_id: report.filters.member_id ?? '',
  kind: report.filters.kind ?? '',
  takeoff_type_id: report.filters.takeoff_type_id ? String(report.filters.takeoff_type_id) : '',
  chart: report.chart,
});

/** The groupings a source offers (contracts/schemas/reports.ts): one alone is fixed. */
const groupingsOf = (source: ReportSource): readonly ReportGrouping[] => SOURCE_GROUPINGS[source];
const takes = (source: ReportSource, filter: (typeof SOURCE_FILTERS)[ReportSource][number]) =>
  SOURCE_FILTERS[source].includes(filter);
const groupingOf = (source: ReportSource, groupBy: ReportGrouping): ReportGrouping => {
  const offered = groupingsOf(source);
  return offered.includes(groupBy) ? groupBy : (offered[0] ?? 'month');
};

const toInput = (values: Values, report: ReportOutput) => ({
  name: values.name,
  ...(values.description.trim() ? { description: values.description } : {}),
  source: values.source,
  group_by: groupingOf(values.source, values.group_by),
  // Only the filters the source takes (the ledger and trainings by member, maintenance by aircraft).
  filters: {
    ...(values.plane_id && takes(values.source, 'plane_id') ? { plane_id: values.plane_id } : {}),
    ...(values.member_id && takes(values.source, 'member_id') ? { member_id: values.member_id } : {}),
    ...(values.kind && takes(values.source, 'kind') ? { kind: values.kind } : {}),
    ...(values.takeoff_type_id && takes(values.source, 'takeoff_type_id')
      ? { takeoff_type_id: Number(values.takeoff_type_id) }
      : {}),
  },
  chart: values.chart,
  ...(report.version > 0 ? { version: report.version } : {}),
});

/**
 * `report/{id}` (report-edit): a saved report's definition — its source (flights, aircraft usage,
 * members), grouping, filters (aircraft, member, kind of flight, launch method) and chart. `new`
 * creates one; saving opens it.
 */
export default function ReportEditPage() {
  const t = dynamicT(useTranslation(['reports', 'nav', 'common']).t);
  const { id = 'new' } = useParams();
  const navigate = usePageNavigate();
  const planes = useDatasource('planes');
  const users = useDatasource('users');
  const isNew = id === 'new';
  const back = () => navigate(hrefOf('reports'));
  const { loggedIn, profile } = useStore(session);
  const mayRead = (source: ReportSource) => {
    const guard = REPORT_SOURCE_GUARDS[source];
    return (
      !guard ||
      guard.auth !== 'user' ||
      decideAccess({ layout: 'main', ...guard }, loggedIn ? profile : null).outcome === 'allow'
    );
  };

  const form = useRecordForm({
    load: useCallback(
      () => (isNew ? Promise.resolve(blank) : call('getReport', { params: { id } })),
      [id, isNew],
    ),
    toValues,
    toInput,
    schema: (report: ReportOutput) => (report.version > 0 ? updateReportInput : createReportInput),
    save: (body, report) =>
      report.version > 0
        ? call('updateReport', { params: { id: report.report_id }, body: body as never })
        : call('createReport', { body: body as never }),
    onSaved: (saved) => {
      flash('success', isNew ? 'reports:editor.created' : 'reports:editor.saved');
      navigate(hrefOf('report/export/:id', { id: saved.report_id }));
    },
    onCancel: back,
    // A built-in report, or a reader who may not edit: shown, not saved.
    readOnly: (report: ReportOutput) => !report.can_edit,
    focus: { prefix: 'report', fields: FIELDS },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed header={t('nav:title.report')} onRetry={form.reload}>
        {t('messages:not_found')}
      </LoadFailed>
    );
  if (!form.values || !form.record) return <PageSpinner />;
  const values = form.values;

  const any = { value: '', label: t('reports:editor.any') };
  const pick = (options: { value: string; label: string }[], value: string) =>
    options.find((o) => o.value === value) ?? options[0] ?? null;
  // A source is offered only to who may read its data (the same guard the server applies).
  const sourceOptions = REPORT_SOURCES.filter((s) => mayRead(s) || s === values.source).map((s) => ({
    value: s,
    label: t(`reports:source.${s}`),
  }));
  const groupOptions = groupingsOf(values.source).map((g) => ({
    value: g,
    label: t(`reports:group_by.${g}`),
  }));
  const chooses = groupingsOf(values.source).length > 1;
  const planeOptions = [any, ...planes.items.map((p) => ({ value: p.plane_id, label: p.reg_num }))];
  const memberOptions = [any, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const kindOptions = [any, ...FLIGHT_KINDS.map((k) => ({ value: k, label: t(`reports:kind.${k}`) }))];
  const launchOptions = [
    any,
    ...TAKEOFF_TYPES.map((k, i) => ({ value: String(i + 1), label: t(`reports:launch.${k}`) })),
  ];

  return (
    <RecordFormFrame
      prefix="report"
      header={
        <Header variant="h1">{isNew ? t('reports:editor.title_new') : t('reports:editor.title_edit')}</Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      readOnly={form.readOnly}
      onSubmit={form.submit}
      onCancel={back}
    >
      <SpaceBetween size="l">
        <Container>
          <SpaceBetween size="m">
            <FormField label={t('reports:editor.name')} errorText={form.errorText('name')}>
              <Input
                value={values.name}
                onChange={({ detail }) => form.set('name', detail.value)}
                data-testid="report-name"
              />
            </FormField>
            <FormField label={t('reports:editor.description')} errorText={form.errorText('description')}>
              <Textarea
                value={values.description}
                rows={2}
                onChange={({ detail }) => form.set('description', detail.value)}
                data-testid="report-description"
              />
            </FormField>
            <ColumnLayout columns={2}>
              <FormField label={t('reports:editor.source')} errorText={form.errorText('source')}>
                <Select
                  selectedOption={pick(sourceOptions, values.source)}
                  options={sourceOptions}
                  onChange={({ detail }) => form.set('source', detail.selectedOption.value as ReportSource)}
                  data-testid="report-source"
                />
              </FormField>
              <FormField
                label={t('reports:editor.group_by')}
                errorText={form.errorText('group_by')}
                description={chooses ? undefined : t('reports:editor.group_by_fixed')}
              >
                <Select
                  selectedOption={pick(groupOptions, groupingOf(values.source, values.group_by))}
                  options={groupOptions}
                  disabled={!chooses}
                  onChange={({ detail }) =>
                    form.set('group_by', detail.selectedOption.value as ReportGrouping)
                  }
                  data-testid="report-group_by"
                />
              </FormField>
            </ColumnLayout>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">{t('reports:editor.filters')}</Header>}>
          <ColumnLayout columns={2}>
            {takes(values.source, 'plane_id') && (
              <FormField label={t('reports:editor.plane')} errorText={form.errorText('filters.plane_id')}>
                <Select
                  selectedOption={pick(planeOptions, values.plane_id)}
                  options={planeOptions}
                  filteringType="auto"
                  statusType={planes.loading ? 'loading' : 'finished'}
                  onChange={({ detail }) => form.set('plane_id', detail.selectedOption.value ?? '')}
                  data-testid="report-filters"
                />
              </FormField>
            )}
            {takes(values.source, 'member_id') && (
              <FormField label={t('reports:editor.member')} errorText={form.errorText('filters.member_id')}>
                <Select
                  selectedOption={pick(memberOptions, values.member_id)}
                  options={memberOptions}
                  filteringType="auto"
                  statusType={users.loading ? 'loading' : 'finished'}
                  onChange={({ detail }) => form.set('member_id', detail.selectedOption.value ?? '')}
                  data-testid="report-member"
                />
              </FormField>
            )}
            {takes(values.source, 'kind') && (
              <>
                <FormField label={t('reports:editor.kind')}>
                  <Select
                    selectedOption={pick(kindOptions, values.kind)}
                    options={kindOptions}
                    onChange={({ detail }) => form.set('kind', detail.selectedOption.value ?? '')}
                    data-testid="report-kind"
                  />
                </FormField>
                <FormField label={t('reports:editor.launch_method')}>
                  <Select
                    selectedOption={pick(launchOptions, values.takeoff_type_id)}
                    options={launchOptions}
                    onChange={({ detail }) => form.set('takeoff_type_id', detail.selectedOption.value ?? '')}
                    data-testid="report-launch"
                  />
                </FormField>
              </>
            )}
          </ColumnLayout>
        </Container>
        <Container>
          <FormField label={t('reports:editor.chart')} errorText={form.errorText('chart')}>
            <Toggle
              checked={values.chart}
              onChange={({ detail }) => form.set('chart', detail.checked)}
              data-testid="report-chart"
            >
              {t('reports:editor.chart_description')}
            </Toggle>
          </FormField>
        </Container>
      </SpaceBetween>
    </RecordFormFrame>
  );
}

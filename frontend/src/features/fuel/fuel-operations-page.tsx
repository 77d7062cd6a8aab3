import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../../../contracts/money.ts';
import {
  FUEL_KINDS,
  FUEL_SOURCE_TYPES,
  type FuelKind,
  type FuelOperationOutput,
  type FuelSourceOutput,
  type FuelSourceType,
} from '../../../../contracts/schemas/fuel.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate, formatQuantity } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { OperationModal, SourceModal } from './fuel-modals.tsx';

interface Sources {
  items: FuelSourceOutput[];
  aircraft: { plane_id: string; reg_num: string }[];
  can_edit: boolean;
}

const isSourceType = (value: string | undefined): value is FuelSourceType =>
  (FUEL_SOURCE_TYPES as readonly string[]).includes(value ?? '');

const validDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);

const litres = (value: number | null) => formatQuantity(value, 'l', currentLang());

/**
 * `fuel-operations/{sourcetype?}/{id?}` (spec §2; issue 15 §3): the tanks with their stock, and the
 * fuel operations of every source or of one (a tank, a vehicle, an aircraft), filtered by kind and
 * day; operations are added here, and the registry of tanks and vehicles kept.
 */
export default function FuelOperationsPage() {
  const { t } = useTranslation(['fuel', 'nav', 'common']);
  const navigate = usePageNavigate();
  const params = useParams();
  const sourceType = isSourceType(params.sourcetype) ? params.sourcetype : undefined;
  const sourceId = sourceType ? params.id : undefined;
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const [sources, setSources] = useState<Sources | null>(null);
  const [operations, setOperations] = useState<FuelOperationOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [kind, setKind] = useState<FuelKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<FuelSourceOutput | 'new' | null>(null);
  const [adding, setAdding] = useState(false);

  const loadSources = useCallback(async () => {
    try {
      setSources(await call('listFuelSources'));
    } catch (error) {
      reportFailure(error);
    }
  }, []);
  const loadOperations = useCallback(
    async (after?: string) => {
      setLoading(true);
      try {
        const page = await call('listFuelOperations', {
          query: {
            ...(sourceType ? { source_type: sourceType } : {}),
            ...(sourceId ? { source_id: sourceId } : {}),
            ...(kind ? { kind } : {}),
            ...(validDay(from) ? { from } : {}),
            ...(validDay(to) ? { to } : {}),
            ...(after ? { cursor: after } : {}),
          },
        });
        setOperations((current) => (after ? [...current, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (error) {
        reportFailure(error);
      } finally {
        setLoading(false);
      }
    },
    [sourceType, sourceId, kind, from, to],
  );
  useEffect(() => {
    void loadSources();
  }, [loadSources]);
  useEffect(() => {
    void loadOperations();
  }, [loadOperations]);

  const all = { value: '', label: t('all_sources') };
  const sourceOptions = [
    all,
    ...FUEL_SOURCE_TYPES.map((type) => ({ value: type, label: t(`all_of.${type}`) })),
    ...(sources?.items ?? []).map((s) => ({
      value: `${s.source_type}/${s.source_id}`,
      label: `${t(`source_type.${s.source_type}`)}: ${s.name}`,
    })),
    ...(sources?.aircraft ?? []).map((p) => ({
      value: `aircraft/${p.plane_id}`,
      label: `${t('source_type.aircraft')}: ${p.reg_num}`,
    })),
  ];
  const selected = sourceType ? (sourceId ? `${sourceType}/${sourceId}` : sourceType) : '';
  const kindOptions = [
    { value: '', label: t('all_kinds') },
    ...FUEL_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
  ];
  const tanks = (sources?.items ?? []).filter((s) => s.source_type === 'tank');
  const lang = currentLang();
  const money = (o: FuelOperationOutput) =>
    o.amount !== null && o.currency_id ? formatMoney(o.amount, o.currency_id, lang) : '';

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        actions={
          sources?.can_edit && (
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setEditing('new')} data-testid="fuel-source-new">
                {t('new_source')}
              </Button>
              <Button variant="primary" onClick={() => setAdding(true)} data-testid="fuel-operation-new">
                {t('new_operation')}
              </Button>
            </SpaceBetween>
          )
        }
      >
        {t('nav:title.fuel_operations')}
      </Header>
      <Container header={<Header variant="h2">{t('tanks')}</Header>}>
        {tanks.length === 0 ? (
          <Box color="text-status-inactive">{t('no_tanks')}</Box>
        ) : (
          <ColumnLayout columns={Math.min(3, tanks.length)}>
            {tanks.map((tank) => (
              <SpaceBetween key={tank.source_id} size="xs">
                <ProgressBar
                  value={tank.capacity > 0 ? Math.round((tank.stock / tank.capacity) * 100) : 0}
                  label={`${tank.name} · ${t(`fuel_type.${tank.fuel_type}`)}`}
                  description={t('stock_of', { stock: litres(tank.stock), capacity: litres(tank.capacity) })}
                  data-testid={`tank-stock-${tank.source_id}`}
                />
                {sources?.can_edit && (
                  <Button variant="inline-link" onClick={() => setEditing(tank)}>
                    {t('edit_source')}
                  </Button>
                )}
              </SpaceBetween>
            ))}
          </ColumnLayout>
        )}
      </Container>
      <DataTable<FuelOperationOutput>
        id="fuel-operations"
        testId="fuel-operations-table"
        header={<Header variant="h2">{t('operations')}</Header>}
        filter={
          <ColumnLayout columns={4}>
            <FormField label={t('field.source')}>
              <Select
                selectedOption={sourceOptions.find((o) => o.value === selected) ?? all}
                options={sourceOptions}
                filteringType="auto"
                onChange={({ detail }) =>
                  navigate(
                    `/fuel-operations${detail.selectedOption.value ? `/${detail.selectedOption.value}` : ''}`,
                  )
                }
                data-testid="fuel-source-filter"
              />
            </FormField>
            <FormField label={t('field.kind')}>
              <Select
                selectedOption={kindOptions.find((o) => o.value === kind) ?? null}
                options={kindOptions}
                onChange={({ detail }) => setKind((detail.selectedOption.value ?? '') as FuelKind | '')}
                data-testid="fuel-kind-filter"
              />
            </FormField>
            <FormField label={t('from')}>
              <DateField value={from} onChange={setFrom} testId="fuel-from" />
            </FormField>
            <FormField label={t('to')}>
              <DateField value={to} onChange={setTo} testId="fuel-to" />
            </FormField>
          </ColumnLayout>
        }
        loading={loading && operations.length === 0}
        loadingText={t('common:nav.loading')}
        empty={<Box color="text-status-inactive">{t('empty')}</Box>}
        items={operations}
        trackBy="operation_id"
        footer={
          cursor && (
            <Box textAlign="center">
              <Button onClick={() => void loadOperations(cursor)} loading={loading}>
                {t('more')}
              </Button>
            </Box>
          )
        }
        columns={[
          { id: 'date', header: t('field.date'), cell: (o) => formatDate(o.date) },
          { id: 'kind', header: t('field.kind'), cell: (o) => t(`kind.${o.kind}`) },
          {
            id: 'source',
            header: t('field.source'),
            cell: (o) => `${t(`source_type.${o.source_type}`)}: ${o.source_name}`,
          },
          { id: 'tank', header: t('field.tank_id'), cell: (o) => o.tank_name ?? '' },
          { id: 'fuel_type', header: t('field.fuel_type'), cell: (o) => t(`fuel_type.${o.fuel_type}`) },
          { id: 'quantity', header: t('field.fuel_quantity'), cell: (o) => litres(o.fuel_quantity) },
          {
            id: 'meter',
            header: t('field.meter'),
            cell: (o) =>
              o.fuel_start !== null && o.fuel_end !== null ? `${o.fuel_start} – ${o.fuel_end}` : '',
            hiddenByDefault: true,
          },
          { id: 'stock_after', header: t('field.stock_after'), cell: (o) => litres(o.stock_after) },
          { id: 'user', header: t('field.user_id'), cell: (o) => o.user_name ?? '' },
          { id: 'amount', header: t('field.amount'), cell: money },
          { id: 'note', header: t('field.note'), cell: (o) => o.note ?? '', hiddenByDefault: true },
        ]}
      />
      {editing && sources && (
        <SourceModal
          source={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash('success', 'fuel:source_saved');
            void loadSources();
          }}
        />
      )}
      {adding && sources && (
        <OperationModal
          sourceType={sourceType ?? 'tank'}
          sourceId={sourceId ?? tanks[0]?.source_id ?? ''}
          sources={sources.items}
          aircraft={sources.aircraft}
          timeZone={timeZone}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            flash('success', 'fuel:operation_saved');
            void loadSources();
            void loadOperations();
          }}
        />
      )}
    </SpaceBetween>
  );
}

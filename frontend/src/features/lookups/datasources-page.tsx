import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATASOURCE_TYPES,
  type DatasourceType,
  UNCACHED_DATASOURCES,
} from '../../../../contracts/schemas/lookups.ts';
import { PageLink } from '../../app/links.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { clearDatasources, useDatasource } from '../../lib/datasource.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT, type Translate } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';

/** Where each list is kept up to date (the screen that maintains it, and who may use it). */
const MAINTAINED_AT: Record<DatasourceType, string> = {
  airports: 'airports',
  operators: 'organizations',
  users: 'users',
  planeTypes: 'type-lists',
  roles: 'roles',
  permissions: 'roles',
  documentTypes: 'type-lists',
  airportCountries: 'type-lists',
  planes: 'planes',
};

interface Row {
  id: string;
  name: string;
  detail: string;
}

/**
 * datasources (spec §3 "Datasource types"): every lookup list the pickers offer, as this person in
 * this organization gets it — to check what a picker will show and jump to where the list is kept.
 * Lists are kept in the browser for 15 minutes (the aircraft never): "Load again" forgets them.
 */
export default function DatasourcesPage() {
  const { t } = useTranslation(['lookups', 'nav', 'common']);
  const [active, setActive] = useState<DatasourceType>('users');
  const [generation, setGeneration] = useState(0);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('datasources.description')}
          actions={
            <Button
              iconName="refresh"
              onClick={() => {
                clearDatasources();
                setGeneration((n) => n + 1);
              }}
              data-testid="datasources-reload"
            >
              {t('datasources.reload')}
            </Button>
          }
        >
          {t('nav:title.datasources')}
        </Header>
      }
    >
      <Tabs
        activeTabId={active}
        onChange={({ detail }) => setActive(detail.activeTabId as DatasourceType)}
        data-testid="datasources-tabs"
        tabs={DATASOURCE_TYPES.map((type) => ({
          id: type,
          label: t(`datasources.type.${type}`),
          content: active === type ? <DatasourceTable key={`${type}-${generation}`} type={type} /> : null,
        }))}
      />
    </ContentLayout>
  );
}

function DatasourceTable({ type }: { type: DatasourceType }) {
  const { t } = useTranslation(['lookups', 'people', 'roles', 'common']);
  const lang = currentLang();
  const list = useDatasource(type);
  const [filter, setFilter] = useState('');
  const rows: Row[] = (list.items as Record<string, unknown>[]).map((item) =>
    rowOf(type, item, lang, dynamicT(t)),
  );
  const shown = filter
    ? rows.filter((r) => `${r.id} ${r.name} ${r.detail}`.toLowerCase().includes(filter.toLowerCase()))
    : rows;
  const columns: DataColumn<Row>[] = [
    { id: 'name', header: t('datasources.name'), cell: (r) => r.name },
    { id: 'id', header: t('datasources.code'), cell: (r) => <Box variant="code">{r.id}</Box>, short: true },
    { id: 'detail', header: t('datasources.detail'), cell: (r) => r.detail || '—' },
  ];
  return (
    <DataTable<Row>
      id="datasources"
      fixedColumns
      testId={`datasource-${type}`}
      variant="borderless"
      loading={list.loading}
      loadingText={t('common:nav.loading')}
      items={shown}
      trackBy="id"
      columns={columns}
      empty={<Box color="text-status-inactive">{t('datasources.empty')}</Box>}
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          description={
            <>
              {UNCACHED_DATASOURCES.has(type) ? t('datasources.never_kept') : t('datasources.kept')}{' '}
              <PageLink href={hrefOf(MAINTAINED_AT[type])}>{t('datasources.maintained_at')}</PageLink>
            </>
          }
        >
          {t(`datasources.type.${type}`)}
        </Header>
      }
      filter={
        <TextFilter
          filteringText={filter}
          onChange={({ detail }) => setFilter(detail.filteringText)}
          filteringPlaceholder={t('datasources.filter')}
        />
      }
    />
  );
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);

function rowOf(type: DatasourceType, item: Record<string, unknown>, lang: string, t: Translate): Row {
  switch (type) {
    case 'airports':
      return {
        id: text(item.icao) || text(item.airport_id),
        name: text(item.name),
        detail: [text(item.city), text(item.country)].filter(Boolean).join(', '),
      };
    case 'operators':
      return {
        id: text(item.short_name),
        name: text(item.organization_name),
        detail: text(item.base_airport),
      };
    case 'users':
      return { id: text(item.user_id), name: text(item.name), detail: text(item.callsign) };
    case 'roles':
      return {
        id: text(item.role_id),
        name: text(item.role_name),
        detail: [item.guard_role, item.label]
          .filter(Boolean)
          .map((r) => t(String(r), { ns: 'roles' }))
          .join(', '),
      };
    case 'permissions':
      return {
        id: text(item.key),
        name: t(`permission.${text(item.key)}`, { ns: 'people', defaultValue: text(item.key) }),
        detail: '',
      };
    case 'planes':
      return {
        id: text(item.plane_id),
        name: text(item.reg_num),
        detail: [text(item.plane_type), item.functional ? '' : t('datasources.not_functional')]
          .filter(Boolean)
          .join(' · '),
      };
    default: {
      const names = (item.names ?? {}) as Record<string, string>;
      return {
        id: text(item.code),
        name: names[lang] ?? names.en ?? text(item.code),
        detail: item.active === false ? t('datasources.inactive') : '',
      };
    }
  }
}

import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypeListId } from '../../../../contracts/schemas/type-lists.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

interface ListRow {
  list_id: TypeListId;
  item_count: number;
  active_count: number;
  updated_at: string | null;
}

/** `type-lists` (supervisor): the global lookup lists every organization chooses from. */
export default function TypeListsPage() {
  const { t } = useTranslation(['organizations', 'nav', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [items, setItems] = useState<ListRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    call('listTypeLists')
      .then((result) => setItems(result.items))
      .catch(reportFailure)
      .finally(() => setLoading(false));
  }, []);

  return (
    <DataTable<ListRow>
      id="type-lists"
      testId="type-lists-table"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('type_list.description')}>
          {t('nav:title.type_lists')}
        </Header>
      }
      loading={loading}
      loadingText={t('common:nav.loading')}
      items={items}
      trackBy="list_id"
      empty={<Box color="text-status-inactive">{t('type_list.none')}</Box>}
      columns={[
        {
          id: 'name',
          header: t('type_list.name'),
          cell: (row) => (
            <PageLink
              href={hrefOf('type-list/:id', { id: row.list_id })}
              data-testid={`type-list-${row.list_id}`}
            >
              {t(`lists.${row.list_id}`)}
            </PageLink>
          ),
        },
        { id: 'about', header: t('type_list.about'), cell: (row) => t(`list_about.${row.list_id}`) },
        { id: 'count', header: t('type_list.items'), cell: (row) => row.item_count },
        { id: 'active', header: t('type_list.active_items'), cell: (row) => row.active_count },
        {
          id: 'updated',
          header: t('type_list.updated_at'),
          cell: (row) => formatDateTime(row.updated_at, timeZone) || '—',
        },
      ]}
    />
  );
}

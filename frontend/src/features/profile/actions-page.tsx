import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyActionOutput } from '../../../../contracts/schemas/identity.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

const PAGE = 25;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * `profile/actions`: the person's own activity log (entity `action`, index byActor), newest first,
 * paged by keys. Verbs are translated here; the organizations area's `action.<key>` strings stand in
 * for verbs this screen does not know yet.
 */
export default function ActionsPage() {
  const { t, i18n } = useTranslation(['profile', 'common', 'organizations', 'nav']);
  const [items, setItems] = useState<MyActionOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (from: string | null) => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await call('listMyActions', { query: { limit: PAGE, ...(from ? { cursor: from } : {}) } });
      setItems((previous) => (from ? [...previous, ...page.items] : page.items));
      setCursor(page.cursor);
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  const verb = (key: string) => {
    const own = `profile:actions.verb.${key}`;
    if (i18n.exists(own)) return dynamicT(t)(own);
    const organizations = `organizations:action.${key}`;
    return i18n.exists(organizations) ? dynamicT(t)(organizations) : `${t('actions.unknown')} (${key})`;
  };
  const target = (type: string) => {
    const key = `profile:actions.target.${type}`;
    return i18n.exists(key) ? dynamicT(t)(key) : type;
  };
  const zone = browserZone();

  return (
    <Table
      data-testid="actions-table"
      variant="full-page"
      header={
        <Header
          variant="h1"
          description={t('actions.description')}
          counter={`(${items.length}${cursor ? '+' : ''})`}
        >
          {t('nav:title.profile_actions')}
        </Header>
      }
      loading={loading && items.length === 0}
      loadingText={t('common:nav.loading')}
      items={items}
      trackBy="action_id"
      empty={<Box color="text-status-inactive">{failed ? t('actions.load_failed') : t('actions.empty')}</Box>}
      columnDefinitions={[
        {
          id: 'at',
          header: t('actions.column.at'),
          cell: (item) => <span data-testid="action-at">{formatDateTime(item.at, zone)}</span>,
        },
        {
          id: 'action',
          header: t('actions.column.action'),
          cell: (item) => (
            <span data-testid="action-verb" data-action={item.action}>
              {verb(item.action)}
            </span>
          ),
          isRowHeader: true,
        },
        {
          id: 'organization',
          header: t('actions.column.organization'),
          cell: (item) =>
            item.organization_name ?? (item.organization_id === 'personal' ? t('actions.personal') : '—'),
        },
        { id: 'target', header: t('actions.column.target'), cell: (item) => target(item.target_type) },
        {
          id: 'by',
          header: t('actions.column.by'),
          cell: (item) => (item.acting_supervisor_id ? t('actions.by_supervisor') : t('actions.by_self')),
        },
      ]}
      footer={
        cursor ? (
          <Box textAlign="center">
            <Button onClick={() => void load(cursor)} loading={loading} data-testid="actions-more">
              {t('actions.load_more')}
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyActionOutput } from '../../../../contracts/schemas/identity.ts';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

const PAGE = 25;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
type Whose = 'mine' | 'about_me';

/**
 * `profile/actions`: the person's own activity log (entity `action`, index byActor), and — on the
 * second tab — what organizations changed of their own data (index bySubject, issue 11 §1): "Club X
 * changed your pilot data". Both newest first, paged by keys. Verbs are translated here; the
 * organizations area's `action.<key>` strings stand in for verbs this screen does not know yet.
 */
export default function ActionsPage() {
  const { t } = useTranslation(['profile', 'common', 'organizations']);
  const [tab, setTab] = useState<Whose>('mine');
  return (
    <Tabs
      activeTabId={tab}
      onChange={({ detail }) => setTab(detail.activeTabId as Whose)}
      tabs={[
        { id: 'mine', label: t('actions.tab.mine'), content: <ActionsTable whose="mine" /> },
        { id: 'about_me', label: t('actions.tab.about_me'), content: <ActionsTable whose="about_me" /> },
      ]}
      data-testid="actions-tabs"
    />
  );
}

function ActionsTable({ whose }: { whose: Whose }) {
  const { t, i18n } = useTranslation(['profile', 'common', 'organizations', 'nav']);
  const [items, setItems] = useState<MyActionOutput[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (from: string | null) => {
      setLoading(true);
      setFailed(false);
      try {
        const query = { limit: PAGE, ...(from ? { cursor: from } : {}) };
        const page =
          whose === 'mine'
            ? await call('listMyActions', { query })
            : await call('listActionsAboutMe', { query });
        setItems((previous) => (from ? [...previous, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (error) {
        setFailed(true);
        reportFailure(error);
      } finally {
        setLoading(false);
      }
    },
    [whose],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const verb = (key: string) => {
    const about = `profile:actions.about.verb.${key}`;
    if (whose === 'about_me' && i18n.exists(about)) return dynamicT(t)(about);
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
  const organizationOf = (item: MyActionOutput) =>
    item.organization_name ?? (item.organization_id === 'personal' ? t('actions.personal') : '—');

  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  /** A flight the club recorded or changed, named (issue 13 §7): its date, aircraft and take-off. */
  const flightOf = (item: MyActionOutput) => {
    const d = item.details ?? {};
    if (item.target_type !== 'flight' || typeof d.date !== 'string' || typeof d.reg_num !== 'string')
      return null;
    const what = t('actions.about.flight.what', { date: formatDate(d.date), reg: d.reg_num });
    if (typeof d.takeoff_time !== 'string') return what;
    const at = time.format(new Date(d.takeoff_time));
    return `${what}, ${
      typeof d.takeoff_airport === 'string'
        ? t('actions.about.flight.takeoff', { place: d.takeoff_airport, time: at })
        : t('actions.about.flight.takeoff_time', { time: at })
    }`;
  };
  const verbCell = (item: MyActionOutput) => {
    const flight = whose === 'about_me' ? flightOf(item) : null;
    return (
      <span data-testid="action-verb" data-action={item.action}>
        {verb(item.action)}
        {flight ? <span data-testid="action-flight">{`: ${flight}`}</span> : null}
      </span>
    );
  };
  const columns: DataColumn<MyActionOutput>[] = [
    {
      id: 'at',
      header: t('actions.column.at'),
      cell: (item) => <span data-testid="action-at">{formatDateTime(item.at, zone)}</span>,
    },
    ...(whose === 'about_me'
      ? [
          {
            id: 'organization',
            header: t('actions.column.organization'),
            cell: (item: MyActionOutput) => (
              <span data-testid="action-organization">{organizationOf(item)}</span>
            ),
          },
          { id: 'action', header: t('actions.about.column.what'), cell: verbCell },
        ]
      : [
          { id: 'action', header: t('actions.column.action'), cell: verbCell },
          { id: 'organization', header: t('actions.column.organization'), cell: organizationOf },
          {
            id: 'target',
            header: t('actions.column.target'),
            cell: (item: MyActionOutput) =>
              item.target_name
                ? `${target(item.target_type)}: ${item.target_name}`
                : target(item.target_type),
          },
          {
            id: 'by',
            header: t('actions.column.by'),
            cell: (item: MyActionOutput) =>
              item.acting_supervisor_id ? t('actions.by_supervisor') : t('actions.by_self'),
          },
        ]),
  ];

  return (
    <DataTable
      id="profile-actions"
      testId={whose === 'mine' ? 'actions-table' : 'actions-about-me-table'}
      variant="full-page"
      header={
        <Header
          variant="h1"
          description={whose === 'mine' ? t('actions.description') : t('actions.about.description')}
          counter={`(${items.length}${cursor ? '+' : ''})`}
        >
          {t('nav:title.profile_actions')}
        </Header>
      }
      loading={loading && items.length === 0}
      loadingText={t('common:nav.loading')}
      items={items}
      trackBy="action_id"
      empty={
        <Box color="text-status-inactive">
          {failed
            ? t('actions.load_failed')
            : whose === 'mine'
              ? t('actions.empty')
              : t('actions.about.empty')}
        </Box>
      }
      columns={columns}
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

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';

type TariffList = Awaited<ReturnType<typeof call<'listTariffs'>>>;
type TariffItem = TariffList['items'][number];

/**
 * `tariffs` (transaction-list; our route for issue 14 §3–4): the price lists — drafts, and the
 * published ones with the day each applies from, the one in force today marked. A new draft starts
 * empty, as a copy of another, or from the organization's price fields and custom prices.
 */
export default function TariffsPage() {
  const { t } = useTranslation(['finance', 'nav', 'common']);
  const navigate = usePageNavigate();
  const [list, setList] = useState<TariffList | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call('listTariffs').then(setList, reportFailure);
  }, []);

  const create = async (how: string) => {
    setBusy(true);
    try {
      const copyOf = how.startsWith('copy:') ? how.slice(5) : null;
      const created = await call('createTariff', {
        body: {
          name: t('finance:tariffs.new_name'),
          ...(copyOf && { copy_of: copyOf }),
          ...(how === 'organization' && { from_organization: true }),
        },
      });
      flash('success', 'tariff_saved');
      navigate(hrefOf('tariff/:id', { id: created.tariff_id }));
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const state = (item: TariffItem) =>
    item.status === 'draft' ? (
      <StatusIndicator type="pending">{t('finance:tariffs.draft')}</StatusIndicator>
    ) : item.in_force ? (
      <StatusIndicator type="success">{t('finance:tariffs.in_force')}</StatusIndicator>
    ) : (
      <StatusIndicator type="stopped">{t('finance:tariffs.published')}</StatusIndicator>
    );

  return (
    <DataTable<TariffItem>
      id="tariffs"
      testId="tariffs-table"
      variant="full-page"
      loading={!list}
      loadingText={t('common:nav.loading')}
      items={list?.items ?? []}
      trackBy="tariff_id"
      header={
        <Header
          variant="awsui-h1-sticky"
          description={t('finance:tariffs.description')}
          actions={
            list?.can_create && (
              <ButtonDropdown
                variant="primary"
                loading={busy}
                items={[
                  { id: 'empty', text: t('finance:tariffs.new_empty') },
                  { id: 'organization', text: t('finance:tariffs.new_from_organization') },
                  ...(list.items.length > 0
                    ? [
                        {
                          id: 'copies',
                          text: t('finance:tariffs.new_copy'),
                          items: list.items.map((item) => ({
                            id: `copy:${item.tariff_id}`,
                            text: item.name,
                          })),
                        },
                      ]
                    : []),
                ]}
                onItemClick={({ detail }) => void create(detail.id)}
                data-testid="tariffs-new"
              >
                {t('finance:tariffs.new')}
              </ButtonDropdown>
            )
          }
        >
          {t('nav:title.tariffs')}
        </Header>
      }
      empty={
        <Box color="text-status-inactive">
          {t('finance:tariffs.empty')}
          {list?.can_create && (
            <Box margin={{ top: 's' }}>
              <Button onClick={() => void create('organization')}>
                {t('finance:tariffs.new_from_organization')}
              </Button>
            </Box>
          )}
        </Box>
      }
      columns={[
        {
          id: 'name',
          header: t('finance:field.name'),
          cell: (item) => (
            <PageLink
              href={hrefOf('tariff/:id', { id: item.tariff_id })}
              data-testid={`tariff-open-${item.tariff_id}`}
            >
              {item.name}
            </PageLink>
          ),
        },
        { id: 'state', header: t('finance:tariffs.state'), cell: state },
        {
          id: 'valid_from',
          header: t('finance:tariffs.valid_from'),
          cell: (item) => formatDate(item.valid_from) || '—',
        },
        { id: 'version', header: t('finance:tariffs.version'), cell: (item) => item.version },
      ]}
    />
  );
}

import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../../../contracts/money.ts';
import type { PackageOutput, SubscriptionOutput } from '../../../../contracts/schemas/subscriptions.ts';
import { PageButton, PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { AssignPackageModal } from './assign-package-modal.tsx';
import { PackageModal } from './package-modal.tsx';

type Organization = Awaited<ReturnType<typeof call<'listSubscriptions'>>>['organization'];
const EMPTY = '—';

/**
 * `organization/{id}/subscriptions` (supervisor): the organization's package and limits, its
 * subscription history, "assign package", and the global packages.
 */
export default function OrganizationSubscriptionsPage() {
  const { t } = useTranslation(['organizations', 'nav', 'common']);
  const { id = '' } = useParams();
  const lang = currentLang();
  const [organization, setOrganization] = useState<Organization>();
  const [packages, setPackages] = useState<PackageOutput[]>([]);
  const [packagesLoading, setPackagesLoading] = useState(true);
  const [assigning, setAssigning] = useState(false);
  const [editing, setEditing] = useState<PackageOutput | null | undefined>(undefined);

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listSubscriptions', { params: { id }, query: { cursor, limit: 10 } });
      setOrganization(page.organization);
      return page;
    },
    [id],
  );
  const history = useCursorPages<SubscriptionOutput>(fetchPage, id);

  const loadPackages = useCallback(async () => {
    setPackagesLoading(true);
    try {
      setPackages((await call('listPackages')).items);
    } catch (error) {
      reportFailure(error);
    } finally {
      setPackagesLoading(false);
    }
  }, []);
  useEffect(() => {
    void loadPackages();
  }, [loadPackages]);

  const { items: packageItems, collectionProps } = useCollection(packages, {
    sorting: { defaultState: { sortingColumn: { sortingField: 'plane_limit' } } },
  });

  const limits = (s: { plane_limit: number; general_limit: number; glider_limit: number }) =>
    t('limit.summary', { plane: s.plane_limit, general: s.general_limit, glider: s.glider_limit });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            organization ? t('subscription.description', { name: organization.organization_name }) : undefined
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href={hrefOf('organization/edit/:id', { id })}>
                {t('subscription.edit_organization')}
              </PageButton>
              <Button
                variant="primary"
                disabled={!organization}
                onClick={() => setAssigning(true)}
                data-testid="assign-package"
              >
                {t('assign.open')}
              </Button>
            </SpaceBetween>
          }
        >
          {organization?.organization_name ?? t('nav:title.subscriptions')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('subscription.current')}</Header>}>
          <KeyValuePairs
            columns={4}
            data-testid="subscription-current"
            items={[
              { label: t('column.package'), value: organization?.package_name ?? EMPTY },
              { label: t('limit.plane_limit'), value: organization?.plane_limit ?? EMPTY },
              { label: t('limit.general_limit'), value: organization?.general_limit ?? EMPTY },
              { label: t('limit.glider_limit'), value: organization?.glider_limit ?? EMPTY },
            ]}
          />
        </Container>

        <DataTable<SubscriptionOutput>
          id="subscriptions"
          testId="subscriptions-table"
          variant="container"
          header={<Header variant="h2">{t('subscription.history')}</Header>}
          loading={history.loading}
          loadingText={t('common:nav.loading')}
          items={history.items}
          trackBy="subscription_id"
          empty={<Box color="text-status-inactive">{t('subscription.none')}</Box>}
          pagination={
            <Pagination
              currentPageIndex={history.pageNumber}
              pagesCount={history.pagesCount}
              openEnd={history.hasMore}
              onChange={({ detail }) => history.goTo(detail.currentPageIndex)}
            />
          }
          columns={[
            { id: 'package', header: t('column.package'), cell: (s) => s.package_name },
            { id: 'start', header: t('subscription.start_date'), cell: (s) => formatDate(s.start_date) },
            { id: 'end', header: t('subscription.end_date'), cell: (s) => formatDate(s.end_date) || EMPTY },
            {
              id: 'status',
              header: t('subscription.status'),
              cell: (s) => (
                <StatusIndicator type={s.status === 'active' ? 'success' : 'stopped'}>
                  {t(`status.${s.status}`)}
                </StatusIndicator>
              ),
            },
            { id: 'limits', header: t('subscription.limits'), cell: limits },
            {
              id: 'edit',
              header: t('column.actions'),
              cell: (s) => (
                <PageLink
                  href={hrefOf('subscription/edit/:id', { id: s.subscription_id })}
                  data-testid={`subscription-edit-${s.subscription_id}`}
                  fallback={null}
                >
                  {t('subscription.edit')}
                </PageLink>
              ),
            },
          ]}
        />

        <DataTable<PackageOutput>
          id="subscriptions-2"
          collection={collectionProps}
          testId="packages-table"
          variant="container"
          header={
            <Header
              variant="h2"
              counter={`(${packages.length})`}
              description={t('package.description')}
              actions={
                <Button onClick={() => setEditing(null)} data-testid="package-new">
                  {t('package.new')}
                </Button>
              }
            >
              {t('package.header')}
            </Header>
          }
          loading={packagesLoading}
          loadingText={t('common:nav.loading')}
          items={packageItems}
          trackBy="package_id"
          empty={<Box color="text-status-inactive">{t('package.none')}</Box>}
          columns={[
            {
              id: 'name',
              header: t('package.name'),
              cell: (p) => p.name,
              sortingField: 'name',
            },
            { id: 'limits', header: t('subscription.limits'), cell: limits, sortingField: 'plane_limit' },
            {
              id: 'price',
              header: t('package.monthly_price'),
              cell: (p) =>
                t('package.price_per_month', { price: formatMoney(p.monthly_price, p.currency_id, lang) }),
              sortingField: 'monthly_price',
            },
            {
              id: 'active',
              header: t('package.state'),
              cell: (p) => (
                <StatusIndicator type={p.active ? 'success' : 'stopped'}>
                  {p.active ? t('package.active') : t('package.inactive')}
                </StatusIndicator>
              ),
            },
            {
              id: 'edit',
              header: t('column.actions'),
              cell: (p) => (
                <Button
                  variant="inline-link"
                  onClick={() => setEditing(p)}
                  data-testid={`package-edit-${p.name}`}
                >
                  {t('subscription.edit')}
                </Button>
              ),
            },
          ]}
        />
      </SpaceBetween>

      {assigning && organization ? (
        <AssignPackageModal
          organizationId={id}
          organizationName={organization.organization_name}
          packages={packages}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            setAssigning(false);
            history.restart();
          }}
        />
      ) : null}
      {editing !== undefined ? (
        <PackageModal
          existing={editing}
          onClose={() => {
            setEditing(undefined);
            void loadPackages();
          }}
          onSaved={() => {
            setEditing(undefined);
            void loadPackages();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

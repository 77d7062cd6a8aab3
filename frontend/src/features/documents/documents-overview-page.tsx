import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANE_REQUIREMENTS, type Requirement } from '../../../../contracts/documents.ts';
import type { HolderSummaryOutput } from '../../../../contracts/schemas/documents.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { DocumentStateIndicator } from './document-state.tsx';

const PAGE_SIZE = 25;

/**
 * `documents`: the organization's documents at a glance for its responsible people — each active
 * member's medical and licence, each aircraft's certificates with the organization's policy, and
 * the organization's own documents. Rows open the holder's documents.
 */
export default function DocumentsOverviewPage() {
  const { t } = useTranslation(['documents', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  // The tabs follow the profile's `can` map (spec §3), the API checks again.
  const tabs = [
    ...(profile?.can['user-edit']
      ? [{ id: 'members', label: t('overview.tab_members'), content: <MemberTab /> }]
      : []),
    ...(profile?.can['plane-list']
      ? [{ id: 'planes', label: t('overview.tab_planes'), content: <PlaneTab /> }]
      : []),
  ];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('overview.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() => navigate(hrefOf('documents/:sourcetype/:id?', { sourcetype: 'organization' }))}
                data-testid="documents-organization"
              >
                {t('overview.organization_documents')}
              </Button>
              <Button onClick={() => navigate(hrefOf('profile/documents'))}>
                {t('nav:menu.profile_documents')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('nav:title.documents')}
        </Header>
      }
    >
      {tabs.length > 0 ? (
        <Tabs tabs={tabs} data-testid="documents-overview-tabs" />
      ) : (
        <Box color="text-status-inactive">{t('overview.nothing')}</Box>
      )}
    </ContentLayout>
  );
}

function RequirementCell({ holder, requirement }: { holder: HolderSummaryOutput; requirement: Requirement }) {
  const { t } = useTranslation('documents');
  const found = holder.requirements.find((r) => r.requirement === requirement);
  if (!found) return <Box color="text-status-inactive">{t('overview.not_required')}</Box>;
  return (
    <SpaceBetween size="xxxs">
      <DocumentStateIndicator state={found.state} testId={`overview-${holder.holder_id}-${requirement}`} />
      {found.expiration_date ? (
        <Box variant="small" color="text-body-secondary">
          {formatDate(found.expiration_date)}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

function HolderTable({
  kind,
  fetchPage,
  requirements,
  caption,
}: {
  kind: 'person' | 'plane';
  fetchPage: (cursor: string | undefined) => Promise<{ items: HolderSummaryOutput[]; cursor: string | null }>;
  requirements: readonly Requirement[];
  caption?: React.ReactNode;
}) {
  const { t } = useTranslation(['documents', 'common']);
  const rows = useCursorPages<HolderSummaryOutput>(fetchPage, kind);
  return (
    <DataTable<HolderSummaryOutput>
      id="documents-overview"
      testId={`documents-overview-${kind}`}
      variant="borderless"
      header={caption}
      loading={rows.loading}
      loadingText={t('common:nav.loading')}
      items={rows.items}
      trackBy="holder_id"
      empty={<Box color="text-status-inactive">{t('overview.empty')}</Box>}
      pagination={
        <Pagination
          currentPageIndex={rows.pageNumber}
          pagesCount={rows.pagesCount}
          openEnd={rows.hasMore}
          onChange={({ detail }) => rows.goTo(detail.currentPageIndex)}
        />
      }
      columns={[
        {
          id: 'name',
          header: kind === 'person' ? t('overview.member') : t('overview.plane'),
          cell: (h) => (
            <PageLink
              href={hrefOf('documents/:sourcetype/:id?', { sourcetype: kind, id: h.holder_id })}
              data-testid={`overview-open-${h.holder_id}`}
            >
              {h.name}
            </PageLink>
          ),
        },
        {
          id: 'state',
          header: t('overview.overall'),
          cell: (h) =>
            h.state ? (
              <DocumentStateIndicator state={h.state} testId={`overview-${h.holder_id}-state`} />
            ) : (
              '—'
            ),
        },
        ...requirements.map((requirement) => ({
          id: requirement,
          header: t(`requirement.${requirement}`),
          cell: (h: HolderSummaryOutput) => <RequirementCell holder={h} requirement={requirement} />,
        })),
        { id: 'documents', header: t('overview.documents'), cell: (h) => h.documents },
      ]}
    />
  );
}

function MemberTab() {
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listMemberDocuments', { query: { cursor, limit: PAGE_SIZE } }),
    [],
  );
  return <HolderTable kind="person" fetchPage={fetchPage} requirements={['medical', 'licence']} />;
}

function PlaneTab() {
  const { t } = useTranslation('documents');
  const [policy, setPolicy] = useState<'off' | 'warn' | 'ground' | null>(null);
  const fetchPage = useCallback(async (cursor: string | undefined) => {
    const page = await call('listPlaneDocuments', { query: { cursor, limit: PAGE_SIZE } });
    setPolicy(page.policy);
    return page;
  }, []);
  return (
    <HolderTable
      kind="plane"
      fetchPage={fetchPage}
      requirements={PLANE_REQUIREMENTS}
      caption={
        policy ? (
          <Alert type="info" data-testid="documents-policy">
            {t(`policy.${policy}`)}
          </Alert>
        ) : undefined
      }
    />
  );
}

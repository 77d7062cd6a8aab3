import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportOutput } from '../../../../contracts/schemas/reports.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { reportDescription, reportName } from './report-names.ts';
import { useNarrow } from './use-narrow.ts';

const PAGE_SIZE = 50;

export const viewHref = (report: ReportOutput) => hrefOf('report/export/:id', { id: report.report_id });
export const editHref = (id: string) => hrefOf('report/:id', { id });

/**
 * `reports` (report-list): the built-in reports (yearly statistics, aircraft utilisation, members'
 * hours) and the organization's saved ones. A row opens the report (report/export/{id}); editors
 * create, change and delete saved ones (the API's `can_*` flags decide the buttons).
 */
export default function ReportsPage() {
  const t = dynamicT(useTranslation(['reports', 'nav', 'common']).t);
  const navigate = usePageNavigate();
  const narrow = useNarrow();
  const [canCreate, setCanCreate] = useState(false);
  const [reload, setReload] = useState(0);
  const [deleting, setDeleting] = useState<ReportOutput | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchPage = useCallback(async (cursor: string | undefined) => {
    const page = await call('listReports', { query: { cursor, limit: PAGE_SIZE } });
    setCanCreate(page.can_create);
    return page;
  }, []);
  const reports = useCursorPages<ReportOutput>(fetchPage, String(reload));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await call('deleteReport', {
        params: { id: deleting.report_id },
        query: { version: deleting.version },
      });
      flash('success', 'reports:list.deleted');
      setDeleting(null);
      setReload((n) => n + 1);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('reports:list.description')}
      actions={
        canCreate && (
          <Button
            variant="primary"
            iconName="add-plus"
            onClick={() => navigate(editHref('new'))}
            data-testid="reports-new"
          >
            {t('reports:list.new')}
          </Button>
        )
      }
    >
      {t('nav:title.reports')}
    </Header>
  );
  const name = (report: ReportOutput) => (
    <SpaceBetween size="xxxs">
      <PageLink href={viewHref(report)} data-testid={`report-link-${report.report_id}`}>
        {reportName(report, t)}
      </PageLink>
      <Box variant="small" color="text-body-secondary">
        {reportDescription(report, t)}
      </Box>
    </SpaceBetween>
  );
  const kind = (report: ReportOutput) =>
    report.built_in ? (
      <Badge color="blue">{t('reports:list.built_in')}</Badge>
    ) : (
      <Badge>{t('reports:list.saved')}</Badge>
    );
  const actions = (report: ReportOutput) =>
    report.can_edit || report.can_delete ? (
      <SpaceBetween direction="horizontal" size="xs">
        {report.can_edit && (
          <Button
            variant="inline-link"
            onClick={() => navigate(editHref(report.report_id))}
            data-testid={`report-edit-${report.report_id}`}
          >
            {t('reports:list.edit')}
          </Button>
        )}
        {report.can_delete && (
          <Button
            variant="inline-link"
            onClick={() => setDeleting(report)}
            data-testid={`report-delete-${report.report_id}`}
          >
            {t('reports:list.delete')}
          </Button>
        )}
      </SpaceBetween>
    ) : null;
  const pagination = (
    <Pagination
      currentPageIndex={reports.pageNumber}
      pagesCount={reports.pagesCount}
      openEnd={reports.hasMore}
      onChange={({ detail }) => reports.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('reports:list.empty')}</Box>;

  return (
    <>
      {narrow ? (
        <Cards<ReportOutput>
          data-testid="reports-table"
          variant="full-page"
          header={header}
          pagination={pagination}
          empty={empty}
          loading={reports.loading}
          loadingText={t('common:nav.loading')}
          items={reports.items}
          trackBy="report_id"
          cardDefinition={{
            header: name,
            sections: [
              { id: 'kind', content: kind },
              {
                id: 'source',
                header: t('reports:list.source'),
                content: (r) => t(`reports:source.${r.source}`),
              },
              { id: 'actions', content: actions },
            ],
          }}
        />
      ) : (
        <DataTable<ReportOutput>
          id="reports"
          testId="reports-table"
          variant="full-page"
          header={header}
          pagination={pagination}
          empty={empty}
          loading={reports.loading}
          loadingText={t('common:nav.loading')}
          items={reports.items}
          trackBy="report_id"
          columns={[
            { id: 'name', header: t('reports:list.name'), cell: name },
            { id: 'kind', header: '', cell: kind },
            { id: 'source', header: t('reports:list.source'), cell: (r) => t(`reports:source.${r.source}`) },
            {
              id: 'group_by',
              header: t('reports:list.group_by'),
              cell: (r) => (r.built_in ? '' : t(`reports:group_by.${r.group_by}`)),
            },
            { id: 'actions', header: '', cell: actions },
          ]}
        />
      )}
      <ConfirmModal
        visible={deleting !== null}
        header={t('reports:list.delete')}
        confirmText={t('reports:list.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        testId="report-delete-modal"
      >
        {deleting ? t('reports:list.delete_confirm', { name: reportName(deleting, t) }) : null}
      </ConfirmModal>
    </>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ExportFormat, ReportRunOutput } from '../../../../contracts/schemas/reports.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { reportDescription, reportName } from './report-names.ts';
import { ReportSectionView } from './report-table.tsx';
import { editHref } from './reports-page.tsx';

/** Saves a file the API sent as base64 under its name. */
export function download(file: { filename: string; content_type: string; data: string }) {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from a report's title: letters without accents, digits and dashes. */
const fileSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'report';

const yearOf = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(new Date());

/**
 * `report/export/{id}` (report-list): a report over a period — the current year by default — as
 * charts and tables, exported as a CSV or XLSX file in the reader's language.
 */
export default function ReportViewPage() {
  const t = dynamicT(useTranslation(['reports', 'nav', 'common', 'ledger']).t);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const year = yearOf(profile?.organization?.timezone ?? 'UTC');
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  // The first run asks for the report's own default period (the expiring documents: around today).
  const [chosen, setChosen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [run, setRun] = useState<ReportRunOutput | null>(null);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setErrors({});
    try {
      const answer = await call('runReport', { params: { id }, query: chosen ? { from, to } : {} });
      setRun(answer);
      setFrom(answer.from);
      setTo(answer.to);
      setChosen(true);
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, [id, from, to, chosen]);

  // The first run on opening; later ones on Refresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the report decides the first run
  useEffect(() => {
    void load();
  }, [id]);

  const exportPdf = async () => {
    if (!run) return;
    setExporting(true);
    try {
      // The PDF writer, pdf-lib and the fonts are loaded now, in chunks of their own: nobody who
      // does not export a PDF downloads them.
      const [{ reportPdf }, { loadPdfFonts }] = await Promise.all([
        import('./report-pdf.ts'),
        import('../../lib/pdf/fonts.ts'),
      ]);
      const title = reportName(run.report, t);
      const period = `${formatDate(run.from)} – ${formatDate(run.to)}`;
      const created = new Date();
      const pdf = await reportPdf(
        { run, title, period, t, lang: currentLang(), created },
        await loadPdfFonts(),
      );
      downloadFile(pdf, `${fileSlug(title)}-${run.from}-${run.to}.pdf`, 'application/pdf');
      flash('success', 'reports:view.exported');
    } catch (error) {
      reportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const exportAs = async (format: ExportFormat | 'pdf') => {
    if (format === 'pdf') return exportPdf();
    setExporting(true);
    try {
      download(await call('exportReport', { params: { id }, query: { from, to, format } }));
      flash('success', 'reports:view.exported');
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else reportFailure(error);
    } finally {
      setExporting(false);
    }
  };

  if (!run && loading) return <PageSpinner />;
  const errorOf = (field: string) => errors[field]?.map((key) => t(`messages:${key}`)).join(' ');

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={run ? reportDescription(run.report, t) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {run?.report.can_edit && (
              <Button onClick={() => navigate(editHref(id))} data-testid="report-view-edit">
                {t('reports:view.edit')}
              </Button>
            )}
            <ButtonDropdown
              variant="primary"
              loading={exporting}
              onItemClick={({ detail }) => void exportAs(detail.id as ExportFormat | 'pdf')}
              items={[
                { id: 'xlsx', text: t('reports:view.export_xlsx') },
                { id: 'csv', text: t('reports:view.export_csv') },
                { id: 'pdf', text: t('reports:view.export_pdf'), disabled: !run },
              ]}
              data-testid="report-export"
            >
              {t('reports:view.export')}
            </ButtonDropdown>
          </SpaceBetween>
        }
      >
        {run ? reportName(run.report, t) : t('nav:title.report_export')}
      </Header>
      <Container>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void load();
          }}
        >
          <SpaceBetween direction="horizontal" size="m" alignItems="end">
            <FormField label={t('reports:view.from')} errorText={errorOf('from')}>
              <DateField
                value={from}
                onChange={setFrom}
                invalid={!!errors.from}
                testId="report-from"
                ariaLabel={t('reports:view.from')}
              />
            </FormField>
            <FormField label={t('reports:view.to')} errorText={errorOf('to')}>
              <DateField
                value={to}
                onChange={setTo}
                invalid={!!errors.to}
                testId="report-to"
                ariaLabel={t('reports:view.to')}
              />
            </FormField>
            <Button formAction="submit" loading={loading} data-testid="report-run">
              {t('reports:view.run')}
            </Button>
          </SpaceBetween>
        </form>
      </Container>
      {run?.sections.map((section) => (
        <ReportSectionView key={section.key} section={section} />
      ))}
      {run && run.sections.length === 0 && (
        <Box color="text-status-inactive">{t('reports:view.no_rows')}</Box>
      )}
    </SpaceBetween>
  );
}

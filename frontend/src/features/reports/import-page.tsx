import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionsFor, FILE_FEATURES } from '../../../../contracts/file-types.ts';
import {
  IMPORT_SOURCES,
  IMPORT_TEMPLATES,
  type ImportOutput,
  type ImportRowOutput,
  type ImportSource,
} from '../../../../contracts/schemas/import.ts';
import { useCanOpen } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { postFile } from '../../components/file-upload.tsx';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { asksAgain, importedInRounds, rowsToWrite } from './import-rounds.ts';
import { download } from './report-view-page.tsx';

const ACCEPT = extensionsFor(FILE_FEATURES.report)
  .map((extension) => `.${extension}`)
  .join(',');

/** What a browser that declares nothing for the file most likely has, by its extension. */
const declaredType = (file: File) =>
  file.type ||
  (/\.xlsx$/i.test(file.name)
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : /\.xls$/i.test(file.name)
      ? 'application/vnd.ms-excel'
      : 'text/csv');

type Phase = 'idle' | 'uploading' | 'processing' | 'writing';

/**
 * Data import (spec §7 POST /api/import, §5 report uploads: csv, xls, xlsx, one file; issue 17
 * §5): choose what to import, download its template (the stated fields in their order), pick the
 * file, Check — it is uploaded with a progress bar and every row is checked without writing — then
 * Import, which writes only when every row is good.
 */
export default function ImportPage() {
  // The reference airports are the supervisor's: offered to whoever may open the airports screen.
  const canOpen = useCanOpen();
  const t = dynamicT(useTranslation(['reports', 'messages', 'nav']).t);
  const [source, setSource] = useState<ImportSource>('aircraft');
  const [files, setFiles] = useState<File[]>([]);
  const [key, setKey] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [fileError, setFileError] = useState<string | undefined>();
  const [result, setResult] = useState<ImportOutput | null>(null);

  const reset = (next: Partial<{ files: File[]; source: ImportSource }>) => {
    if (next.files) setFiles(next.files);
    if (next.source) setSource(next.source);
    setKey(null);
    setResult(null);
    setFileError(undefined);
  };

  const errorsOf = (error: unknown) => {
    if (error instanceof FieldErrors) {
      const messages = Object.entries(error.errors).map(([field, keys]) =>
        field === 'import_file'
          ? keys.map((k) => t(`messages:${k}`)).join(' ')
          : `${field}: ${keys.map((k) => t(`messages:${k}`)).join(' ')}`,
      );
      setFileError(messages.join(' · '));
    } else reportFailure(error);
  };

  /** Uploads the file once (with progress), then asks the server. */
  const submit = async (dryRun: boolean) => {
    const file = files[0];
    if (!file) {
      setFileError(t('messages:please_select_a_file'));
      return;
    }
    setFileError(undefined);
    try {
      let uploaded = key;
      if (!uploaded) {
        setPhase('uploading');
        setProgress(0);
        const target = await call('createImportUpload', {
          body: { name: file.name, content_type: declaredType(file), size: file.size },
        });
        await postFile(target, file, (fraction) => setProgress(Math.round(fraction * 100)));
        uploaded = target.key;
        setKey(uploaded);
      }
      setPhase('processing');
      const run = () =>
        call('runImport', {
          body: { import_file: uploaded, sourceType: source, uploadParams: { dry_run: dryRun } },
        });
      let answer = await run();
      if (!dryRun) {
        // A long file is written in rounds; each answers how far it got (import-rounds.ts).
        const created = new Set<number>();
        const total = Math.max(1, rowsToWrite(answer));
        for (let rounds = 1; ; rounds++) {
          for (const row of answer.rows) if (row.status === 'new') created.add(row.row);
          if (!asksAgain(answer, rounds)) break;
          setPhase('writing');
          setProgress(Math.round((created.size / total) * 100));
          answer = await run();
        }
        answer = importedInRounds(answer, created);
      }
      setResult(answer);
      // Imported: the file is gone from the server; the next run needs a new upload.
      if (!dryRun) setKey(null);
    } catch (error) {
      if (error instanceof Error && error.name === 'UploadFailure')
        setFileError(t('messages:could_not_upload_the_file'));
      else errorsOf(error);
    } finally {
      setPhase('idle');
    }
  };

  const template = async (format: 'xlsx' | 'csv') => {
    try {
      download(await call('getImportTemplate', { params: { source }, query: { format } }));
    } catch (error) {
      reportFailure(error);
    }
  };

  const busy = phase !== 'idle';
  const canImport = result?.dry_run === true && result.failed === 0 && result.created > 0 && key !== null;
  const errorText = (row: ImportRowOutput) =>
    Object.entries(row.errors)
      .map(([field, keys]) => `${field}: ${keys.map((k) => t(`messages:${k}`)).join(' ')}`)
      .join(' · ');
  const statusOf = (row: ImportRowOutput) =>
    row.status === 'error' ? (
      <StatusIndicator type="error">{t('reports:import.state.error')}</StatusIndicator>
    ) : row.status === 'new' ? (
      <StatusIndicator type={result?.dry_run ? 'pending' : 'success'}>
        {t('reports:import.state.new')}
      </StatusIndicator>
    ) : (
      <StatusIndicator type="stopped">{t('reports:import.state.unchanged')}</StatusIndicator>
    );

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('reports:import.description')}>
        {t('nav:title.report_import')}
      </Header>
      <Container>
        <SpaceBetween size="l">
          <FormField label={t('reports:import.source')}>
            <SegmentedControl
              selectedId={source}
              onChange={({ detail }) => reset({ source: detail.selectedId as ImportSource })}
              options={IMPORT_SOURCES.filter((s) => s !== 'airports' || canOpen(hrefOf('airports'))).map(
                (s) => ({
                  id: s,
                  text: t(`reports:import.sources.${s}`),
                }),
              )}
              data-testid="import-source"
            />
          </FormField>
          <FormField label={t('reports:import.fields')}>
            <SpaceBetween size="s">
              <Box variant="code" data-testid="import-fields">
                {IMPORT_TEMPLATES[source].join(' · ')}
              </Box>
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="download"
                  onClick={() => void template('xlsx')}
                  data-testid="import-template-xlsx"
                >
                  {t('reports:import.template_xlsx')}
                </Button>
                <Button
                  iconName="download"
                  onClick={() => void template('csv')}
                  data-testid="import-template-csv"
                >
                  {t('reports:import.template_csv')}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </FormField>
          <FormField label={t('reports:import.file')} errorText={fileError}>
            <SpaceBetween size="s">
              <FileInput
                value={files}
                accept={ACCEPT}
                onChange={({ detail }) => reset({ files: detail.value.slice(0, 1) })}
                data-testid="import-file"
              >
                {t('reports:import.choose')}
              </FileInput>
              {files[0] && <Box data-testid="import-file-name">{files[0].name}</Box>}
            </SpaceBetween>
          </FormField>
          {busy && (
            <ProgressBar
              data-testid="import-progress"
              value={phase === 'processing' ? 100 : progress}
              label={phase === 'uploading' ? t('reports:import.uploading') : t('reports:import.processing')}
              status="in-progress"
            />
          )}
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              onClick={() => void submit(true)}
              loading={busy && !canImport}
              disabled={busy}
              data-testid="import-check"
            >
              {t('reports:import.check')}
            </Button>
            <Button
              variant="primary"
              disabled={!canImport || busy}
              onClick={() => void submit(false)}
              data-testid="import-run"
            >
              {t('reports:import.run')}
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
      {result && (
        <SpaceBetween size="m">
          <Alert
            type={result.failed > 0 ? 'error' : result.dry_run ? 'info' : 'success'}
            data-testid="import-message"
          >
            {t(`reports:${result.message}`, {
              created: result.created,
              unchanged: result.unchanged,
              failed: result.failed,
            })}
          </Alert>
          <DataTable<ImportRowOutput>
            id="import-rows"
            fixedColumns
            testId="import-rows"
            items={result.rows}
            trackBy="row"
            columns={[
              { id: 'label', header: t('reports:import.label'), cell: (r) => r.label },
              { id: 'row', header: t('reports:import.row'), cell: (r) => r.row, align: 'end' },
              { id: 'status', header: t('reports:import.status'), cell: statusOf },
              { id: 'errors', header: t('reports:import.errors'), cell: errorText },
            ]}
          />
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}

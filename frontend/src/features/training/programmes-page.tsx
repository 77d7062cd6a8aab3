import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuiltinListOutput, ProgrammeListOutput } from '../../../../contracts/schemas/training.ts';
import { programmeFile } from '../../../../contracts/schemas/training.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { formatMoney, hours } from './training-ui.tsx';

type Programme = ProgrammeListOutput['items'][number];
type Builtin = BuiltinListOutput['items'][number];

export const programmeHref = (id: string) => hrefOf('settings/training/:id', { id });

/**
 * settings/trainings (issue 16 §1): the organization's programmes; a new one from scratch, from a
 * built-in programme (the SPL of AMC2 SFCL.130, the launch methods of SFCL.155) or from a file
 * another club exported.
 */
export default function ProgrammesPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const navigate = usePageNavigate();
  const [builtins, setBuiltins] = useState<Builtin[] | null>(null);
  const [adopting, setAdopting] = useState('');
  const [importError, setImportError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listProgrammes', { query: { cursor, limit: 50 } }),
    [],
  );
  const programmes = useCursorPages<Programme>(fetchPage, 'programmes');

  const openBuiltins = async () => {
    try {
      setBuiltins((await call('listBuiltinProgrammes')).items);
    } catch (error) {
      reportFailure(error);
    }
  };
  const adopt = async (key: Builtin['key']) => {
    setAdopting(key);
    try {
      const created = await call('adoptBuiltinProgramme', { params: { key } });
      flash('success', 'programme_adopted', { values: { name: created.training_name } });
      navigate(programmeHref(created.programme_id));
    } catch (error) {
      reportFailure(error);
    } finally {
      setAdopting('');
    }
  };
  useDialogKeys({ onCancel: () => setBuiltins(null) }, builtins !== null);

  /** A programme file (export of this or another club): checked here by the contract, then by the API. */
  const importFile = async (file: File) => {
    setImportError('');
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      setImportError(t('import.not_json'));
      return;
    }
    const parsed = programmeFile.safeParse(data);
    if (!parsed.success) {
      setImportError(t('import.not_a_programme'));
      return;
    }
    try {
      const created = await call('importProgramme', { body: parsed.data });
      flash('success', 'programme_imported', { values: { name: created.training_name } });
      navigate(programmeHref(created.programme_id));
    } catch (error) {
      if (error instanceof FieldErrors) setImportError(t('import.not_a_programme'));
      else reportFailure(error);
    }
  };

  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('programmes.description')}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            onClick={() => fileInput.current?.click()}
            iconName="upload"
            data-testid="programmes-import"
          >
            {t('programmes.import')}
          </Button>
          <Button onClick={() => void openBuiltins()} data-testid="programmes-builtin">
            {t('programmes.builtin')}
          </Button>
          <Button
            variant="primary"
            iconName="add-plus"
            onClick={() => navigate(programmeHref('new'))}
            data-testid="programmes-new"
          >
            {t('programmes.new')}
          </Button>
        </SpaceBetween>
      }
    >
      {t('nav:title.training_settings')}
    </Header>
  );
  const nameLink = (p: Programme) => (
    <PageLink href={programmeHref(p.programme_id)} data-testid={`programme-link-${p.programme_id}`}>
      {p.training_name}
    </PageLink>
  );
  const empty = <Box color="text-status-inactive">{t('programmes.empty')}</Box>;
  const pagination = (
    <Pagination
      currentPageIndex={programmes.pageNumber}
      pagesCount={programmes.pagesCount}
      openEnd={programmes.hasMore}
      onChange={({ detail }) => programmes.goTo(detail.currentPageIndex)}
    />
  );

  return (
    <SpaceBetween size="m">
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="programmes-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {importError && (
        <Alert
          type="error"
          dismissible
          onDismiss={() => setImportError('')}
          data-testid="programmes-import-error"
        >
          {importError}
        </Alert>
      )}
      <DataTable<Programme>
        id="programmes"
        variant="full-page"
        header={header}
        items={programmes.items}
        loading={programmes.loading}
        loadingText={t('common:nav.loading')}
        empty={empty}
        pagination={pagination}
        trackBy="programme_id"
        testId="programmes-table"
        columns={[
          { id: 'name', header: t('field.training_name'), cell: nameLink },
          { id: 'kind', header: t('field.kind'), cell: (p) => t(`kind.${p.kind}`) },
          {
            id: 'head',
            header: t('field.head_of_training_id'),
            cell: (p) => p.head_of_training_name ?? '—',
          },
          { id: 'tasks', header: t('programmes.tasks'), cell: (p) => p.task_count },
          {
            id: 'fee',
            header: t('field.training_fee'),
            cell: (p) => (p.training_fee > 0 ? formatMoney(p.training_fee, p.currency_id) : '—'),
          },
        ]}
      />
      <Modal
        visible={builtins !== null}
        onDismiss={() => setBuiltins(null)}
        header={t('programmes.builtin_title')}
        size="large"
        data-testid="builtin-modal"
        footer={
          <Box float="right">
            <Button variant="link" onClick={() => setBuiltins(null)}>
              {t('common:action.cancel')}
            </Button>
          </Box>
        }
      >
        <Cards<Builtin>
          items={builtins ?? []}
          trackBy="key"
          cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }]}
          cardDefinition={{
            header: (b) => b.training_name,
            sections: [
              { id: 'description', content: (b) => b.description },
              {
                id: 'minimums',
                content: (b) =>
                  b.min_total_minutes > 0
                    ? t('programmes.builtin_minimums', {
                        total: hours(b.min_total_minutes),
                        dual: hours(b.min_dual_minutes),
                        solo: hours(b.min_solo_minutes),
                        launches: b.min_launches,
                      })
                    : t('programmes.builtin_launches', { launches: b.min_launches }),
              },
              {
                id: 'adopt',
                content: (b) => (
                  <Button
                    onClick={() => void adopt(b.key)}
                    loading={adopting === b.key}
                    disabled={adopting !== '' && adopting !== b.key}
                    data-testid={`builtin-adopt-${b.key}`}
                  >
                    {t('programmes.adopt')}
                  </Button>
                ),
              },
            ],
          }}
        />
      </Modal>
    </SpaceBetween>
  );
}

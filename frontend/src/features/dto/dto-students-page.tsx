import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DtoStudentsOutput } from '../../../../contracts/schemas/dto.ts';
import type { TrainingStatus } from '../../../../contracts/schemas/training-enums.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { TrainingProgressCell, trainingHref } from '../training/planning-page.tsx';
import { TrainingStatusBadge } from '../training/training-ui.tsx';
import { act } from '../training/use-edit.ts';

type Student = DtoStudentsOutput['items'][number];
type Filter = TrainingStatus | 'all';

/**
 * dto/students: the trainings in declared programmes; completed and discontinued ones read-only.
 * Each exports its audit pack as a PDF made in the browser (the shared PDF module, loaded only here).
 */
export default function DtoStudentsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [filter, setFilter] = useState<Filter>('all');
  const [exporting, setExporting] = useState('');
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listDtoStudents', {
        query: { cursor, limit: 50, status: filter === 'all' ? undefined : filter },
      }),
    [filter],
  );
  const students = useCursorPages<Student>(fetchPage, filter);

  const exportPack = async (student: Student) => {
    setExporting(student.enrolment_id);
    await act(async () => {
      const [pack, { auditPackPdf }, { loadPdfFonts }] = await Promise.all([
        call('getDtoAuditPack', { params: { id: student.enrolment_id } }),
        import('./audit-pack-pdf.ts'),
        import('../../lib/pdf/fonts.ts'),
      ]);
      const bytes = await auditPackPdf(await loadPdfFonts(), {
        pack,
        t: dynamicT(t),
        lang: currentLang(),
        timeZone,
        created: new Date(),
      });
      const name = `${student.student_name}-${student.training_name}`.replace(/[^\p{L}\p{N}]+/gu, '-');
      downloadFile(bytes, `${name}.pdf`, 'application/pdf');
    });
    setExporting('');
  };

  return (
    <DataTable<Student>
      id="dto-students"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('dto.students.description')}>
          {t('nav:title.dto_students')}
        </Header>
      }
      filter={
        <SegmentedControl
          selectedId={filter}
          onChange={({ detail }) => setFilter(detail.selectedId as Filter)}
          options={[
            { id: 'all', text: t('planning.all') },
            { id: 'open', text: t('status.open') },
            { id: 'successful', text: t('status.successful') },
            { id: 'unsuccessful', text: t('status.unsuccessful') },
            { id: 'closed', text: t('status.closed') },
          ]}
        />
      }
      pagination={
        <Pagination
          currentPageIndex={students.pageNumber}
          pagesCount={students.pagesCount}
          openEnd={students.hasMore}
          onChange={({ detail }) => students.goTo(detail.currentPageIndex)}
        />
      }
      items={students.items}
      loading={students.loading}
      loadingText={t('common:nav.loading')}
      trackBy="enrolment_id"
      empty={<Box color="text-status-inactive">{t('dto.students.empty')}</Box>}
      testId="dto-students"
      columns={[
        {
          id: 'student',
          header: t('field.student'),
          cell: (s) => <PageLink href={trainingHref(s)}>{s.student_name}</PageLink>,
        },
        { id: 'programme', header: t('field.programme'), cell: (s) => s.training_name },
        {
          id: 'start',
          header: t('field.training_start_date'),
          cell: (s) => formatDate(s.training_start_date),
        },
        {
          id: 'status',
          header: t('field.status'),
          cell: (s) => (
            <SpaceBetween size="xxxs">
              <TrainingStatusBadge status={s.status} />
              {s.read_only && (
                <Box variant="small" color="text-body-secondary">
                  {t('dto.students.read_only')}
                </Box>
              )}
            </SpaceBetween>
          ),
        },
        {
          id: 'progress',
          header: t('planning.progress'),
          cell: (s) => <TrainingProgressCell item={s} />,
          minWidth: 150,
        },
        {
          id: 'pack',
          header: t('dto.students.audit_pack'),
          cell: (s) => (
            <Button
              iconName="download"
              loading={exporting === s.enrolment_id}
              onClick={() => void exportPack(s)}
              data-testid={`dto-pack-${s.enrolment_id}`}
            >
              PDF
            </Button>
          ),
        },
      ]}
    />
  );
}

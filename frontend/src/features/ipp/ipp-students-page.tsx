import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { ippStudentsOutput } from '../../../../contracts/schemas/ipp.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { TrainingStatusBadge } from '../training/training-ui.tsx';
import { ShareFilter, useReceived, useShareFilter } from './ipp-filter.tsx';

type Student = z.infer<typeof ippStudentsOutput>['items'][number];

/** ipp/students: the students partners share, with their trainings in the programmes shared too. */
export default function IppStudentsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const filter = useShareFilter();
  const load = useCallback(
    (shareId: string | undefined) => call('listIppStudents', { query: { share_id: shareId } }),
    [],
  );
  const items = useReceived<Student>(load, filter.shareId);
  return (
    <DataTable<Student>
      id="ipp-students"
      variant="full-page"
      header={<Header variant="awsui-h1-sticky">{t('nav:title.ipp_students')}</Header>}
      filter={<ShareFilter shares={filter.shares} shareId={filter.shareId} onChange={filter.setShareId} />}
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy={(s) => `${s.share_id}-${s.user_id}`}
      empty={<Box color="text-status-inactive">{t('ipp.received.nothing')}</Box>}
      testId="ipp-students"
      columns={[
        { id: 'name', header: t('field.student'), cell: (s) => s.name },
        { id: 'organization', header: t('ipp.field.partner'), cell: (s) => s.organization_name },
        {
          id: 'trainings',
          header: t('ipp.field.programmes'),
          cell: (s) =>
            s.trainings.length === 0 ? (
              '—'
            ) : (
              <SpaceBetween size="xxs">
                {s.trainings.map((tr) => (
                  <SpaceBetween key={tr.enrolment_id} direction="horizontal" size="xs" alignItems="center">
                    <span>{tr.training_name}</span>
                    <TrainingStatusBadge status={tr.status} />
                    <Box variant="small" color="text-body-secondary">
                      {formatDate(tr.training_start_date)} ·{' '}
                      {t('planning.tasks_done', { done: tr.tasks_done, total: tr.tasks_total })}
                    </Box>
                  </SpaceBetween>
                ))}
              </SpaceBetween>
            ),
        },
      ]}
    />
  );
}

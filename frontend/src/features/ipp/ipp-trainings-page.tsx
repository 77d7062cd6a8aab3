import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { ippTrainingOutput, ippTrainingsOutput } from '../../../../contracts/schemas/ipp.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { taskNeeds } from '../training/tasks-page.tsx';
import { hours } from '../training/training-ui.tsx';
import { act } from '../training/use-edit.ts';
import { ShareFilter, useReceived, useShareFilter } from './ipp-filter.tsx';

type Programme = z.infer<typeof ippTrainingsOutput>['items'][number];
type Detail = z.infer<typeof ippTrainingOutput>;

/** ipp/trainings: the programmes partners share, each with its tasks and minimums. */
export default function IppTrainingsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const filter = useShareFilter();
  const load = useCallback(
    (shareId: string | undefined) => call('listIppTrainings', { query: { share_id: shareId } }),
    [],
  );
  const items = useReceived<Programme>(load, filter.shareId);
  const [detail, setDetail] = useState<Detail | null>(null);
  const open = async (p: Programme) => {
    const loaded = await act(() =>
      call('getIppTraining', { params: { share_id: p.share_id, programme_id: p.programme_id } }),
    );
    if (loaded) setDetail(loaded);
  };
  return (
    <>
      <DataTable<Programme>
        id="ipp-trainings"
        variant="full-page"
        header={<Header variant="awsui-h1-sticky">{t('nav:title.ipp_trainings')}</Header>}
        filter={<ShareFilter shares={filter.shares} shareId={filter.shareId} onChange={filter.setShareId} />}
        items={items ?? []}
        loading={!items}
        loadingText={t('common:nav.loading')}
        trackBy={(p) => `${p.share_id}-${p.programme_id}`}
        empty={<Box color="text-status-inactive">{t('ipp.received.nothing')}</Box>}
        testId="ipp-trainings"
        columns={[
          {
            id: 'name',
            header: t('field.training_name'),
            cell: (p) => (
              <Button
                variant="inline-link"
                onClick={() => void open(p)}
                data-testid={`ipp-training-${p.programme_id}`}
              >
                {p.training_name}
              </Button>
            ),
          },
          { id: 'organization', header: t('ipp.field.partner'), cell: (p) => p.organization_name },
          { id: 'kind', header: t('field.kind'), cell: (p) => t(`kind.${p.kind}`) },
          { id: 'tasks', header: t('programmes.tasks'), cell: (p) => p.task_count },
          {
            id: 'minimums',
            header: t('programme.section.minimums'),
            cell: (p) =>
              p.min_total_minutes > 0
                ? t('programmes.builtin_minimums', {
                    total: hours(p.min_total_minutes),
                    dual: hours(p.min_dual_minutes),
                    solo: hours(p.min_solo_minutes),
                    launches: p.min_launches,
                  })
                : t('programmes.builtin_launches', { launches: p.min_launches }),
          },
        ]}
      />
      <Modal
        visible={detail !== null}
        onDismiss={() => setDetail(null)}
        size="large"
        header={detail?.training_name}
      >
        <DataTable
          id="ipp-training-tasks"
          variant="embedded"
          items={detail?.tasks ?? []}
          trackBy="task_id"
          columns={[
            { id: 'position', header: '#', cell: (task) => task.position, width: 56 },
            { id: 'name', header: t('field.task_name'), cell: (task) => task.task_name },
            { id: 'needs', header: t('tasks.needs'), cell: (task) => taskNeeds(dynamicT(t), task) },
          ]}
        />
      </Modal>
    </>
  );
}

import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DtoTrainingsOutput } from '../../../../contracts/schemas/dto.ts';
import { PageLink } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { programmeHref } from '../training/programmes-page.tsx';
import { hours } from '../training/training-ui.tsx';

type Training = DtoTrainingsOutput['items'][number];

/** dto/trainings: the declared programmes, their minimums, and how many students are where. */
export default function DtoTrainingsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const [items, setItems] = useState<Training[] | null>(null);
  useEffect(() => {
    call('listDtoTrainings').then(
      (list) => setItems(list.items),
      (error: unknown) => {
        reportFailure(error);
        setItems([]);
      },
    );
  }, []);
  return (
    <DataTable<Training>
      id="dto-trainings"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('dto.trainings.description')}>
          {t('nav:title.dto_trainings')}
        </Header>
      }
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy="programme_id"
      empty={<Box color="text-status-inactive">{t('dto.trainings.empty')}</Box>}
      testId="dto-trainings"
      columns={[
        {
          id: 'name',
          header: t('field.training_name'),
          cell: (p) => <PageLink href={programmeHref(p.programme_id)}>{p.training_name}</PageLink>,
        },
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
        {
          id: 'students',
          header: t('dto.trainings.students'),
          cell: (p) =>
            (['open', 'successful', 'unsuccessful', 'closed'] as const)
              .map((s) => `${t(`status.${s}`)}: ${p.students[s] ?? 0}`)
              .join(' · '),
        },
      ]}
    />
  );
}

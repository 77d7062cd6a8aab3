import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { EnrolmentOutput, EnrolmentSummary } from '../../../../contracts/schemas/training.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { TrainingProgressCell } from './planning-page.tsx';
import { TrainingStatusBadge } from './training-ui.tsx';
import { TrainingView } from './training-view.tsx';

/**
 * profile/training (issue 16 §4): the student's own trainings in this club — progress per
 * programme and task, the minimum counters, what comes next, the instructors' signatures; with the
 * programme's training_student_edit_on, notes and a self-assessment per task.
 */
export default function OwnTrainingPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const [search, setSearch] = useSearchParams();
  const [items, setItems] = useState<EnrolmentSummary[] | null>(null);
  const [training, setTraining] = useState<EnrolmentOutput | null>(null);
  const chosen = search.get('id') ?? (items?.length === 1 ? items[0]!.enrolment_id : null);

  useEffect(() => {
    call('listOwnTrainings').then(
      (own) => setItems(own.items),
      (error: unknown) => {
        reportFailure(error);
        setItems([]);
      },
    );
  }, []);
  const open = useCallback(async (id: string) => {
    try {
      setTraining(await call('getOwnTraining', { params: { id } }));
    } catch (error) {
      reportFailure(error);
    }
  }, []);
  useEffect(() => {
    if (chosen) void open(chosen);
    else setTraining(null);
  }, [chosen, open]);

  if (!items) return <PageSpinner />;
  return (
    <SpaceBetween size="l">
      <Cards<EnrolmentSummary>
        header={
          <Header variant="h1" description={t('own.description')}>
            {t('nav:title.profile_training')}
          </Header>
        }
        items={items}
        trackBy="enrolment_id"
        selectionType={items.length > 1 ? 'single' : undefined}
        selectedItems={items.filter((i) => i.enrolment_id === chosen)}
        onSelectionChange={({ detail }) => {
          const id = detail.selectedItems[0]?.enrolment_id;
          if (id) setSearch({ id });
        }}
        empty={<Box color="text-status-inactive">{t('own.empty')}</Box>}
        cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }]}
        data-testid="own-trainings"
        cardDefinition={{
          header: (item) => (
            <Link
              onFollow={() => setSearch({ id: item.enrolment_id })}
              data-testid={`own-training-${item.enrolment_id}`}
            >
              {item.training_name}
            </Link>
          ),
          sections: [
            { id: 'status', content: (item) => <TrainingStatusBadge status={item.status} /> },
            { id: 'progress', content: (item) => <TrainingProgressCell item={item} /> },
            {
              id: 'next',
              header: t('planning.next'),
              content: (item) => item.next_task_name ?? '—',
            },
            {
              id: 'since',
              header: t('field.training_start_date'),
              content: (item) => formatDate(item.training_start_date),
            },
          ],
        }}
      />
      {chosen && !training && <PageSpinner />}
      {training && <TrainingView training={training} onChange={setTraining} view="student" />}
    </SpaceBetween>
  );
}

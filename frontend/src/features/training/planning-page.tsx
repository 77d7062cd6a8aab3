import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../../contracts/calendar.ts';
import {
  createEnrolmentInput,
  type EnrolmentSummary,
  type ProgrammeListOutput,
} from '../../../../contracts/schemas/training.ts';
import type { TrainingStatus } from '../../../../contracts/schemas/training-enums.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { TrainingStatusBadge } from './training-ui.tsx';
import { useEdit } from './use-edit.ts';

type Filter = TrainingStatus | 'all';
type Programme = ProgrammeListOutput['items'][number];

export const trainingHref = (e: Pick<EnrolmentSummary, 'user_id' | 'enrolment_id'>) =>
  hrefOf('training/edit/:user_id/:id', { user_id: e.user_id, id: e.enrolment_id });

/** How far a training is: tasks done of all, and whether it is stuck (issue 16 §2). */
export function TrainingProgressCell({ item }: { item: EnrolmentSummary }) {
  const { t } = useTranslation('training');
  return (
    <SpaceBetween size="xxxs">
      <ProgressBar
        value={item.tasks_total === 0 ? 0 : Math.round((item.tasks_done * 100) / item.tasks_total)}
        additionalInfo={t('planning.tasks_done', { done: item.tasks_done, total: item.tasks_total })}
        ariaLabel={t('planning.progress')}
      />
    </SpaceBetween>
  );
}

/**
 * training/planning: students enrolled in programmes with their instructors, start and status; what
 * each one does next, and who is stuck (nothing flown or signed for a month).
 */
export default function PlanningPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const [filter, setFilter] = useState<Filter>('open');
  const [enrolling, setEnrolling] = useState(false);

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listEnrolments', { query: { cursor, limit: 50, status: filter === 'all' ? undefined : filter } }),
    [filter],
  );
  const trainings = useCursorPages<EnrolmentSummary>(fetchPage, filter);

  const studentLink = (item: EnrolmentSummary) => (
    <PageLink href={trainingHref(item)} data-testid={`planning-link-${item.enrolment_id}`}>
      {item.student_name}
    </PageLink>
  );
  const next = (item: EnrolmentSummary) => (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <span>{item.next_task_name ?? '—'}</span>
      {item.stuck && (
        <Badge color="red" data-testid={`planning-stuck-${item.enrolment_id}`}>
          {t('planning.stuck', { days: item.days_idle })}
        </Badge>
      )}
    </SpaceBetween>
  );
  const header = (
    <Header
      variant="awsui-h1-sticky"
      description={t('planning.description')}
      actions={
        <Button
          variant="primary"
          iconName="add-plus"
          onClick={() => setEnrolling(true)}
          data-testid="planning-enrol"
        >
          {t('planning.enrol')}
        </Button>
      }
    >
      {t('nav:title.training_planning')}
    </Header>
  );
  const filterControl = (
    <SegmentedControl
      selectedId={filter}
      onChange={({ detail }) => setFilter(detail.selectedId as Filter)}
      options={[
        { id: 'open', text: t('status.open') },
        { id: 'closed', text: t('status.closed') },
        { id: 'successful', text: t('status.successful') },
        { id: 'unsuccessful', text: t('status.unsuccessful') },
        { id: 'all', text: t('planning.all') },
      ]}
      data-testid="planning-filter"
    />
  );
  const pagination = (
    <Pagination
      currentPageIndex={trainings.pageNumber}
      pagesCount={trainings.pagesCount}
      openEnd={trainings.hasMore}
      onChange={({ detail }) => trainings.goTo(detail.currentPageIndex)}
    />
  );
  const empty = <Box color="text-status-inactive">{t('planning.empty')}</Box>;

  return (
    <>
      <DataTable<EnrolmentSummary>
        id="planning"
        variant="full-page"
        header={header}
        filter={filterControl}
        pagination={pagination}
        items={trainings.items}
        loading={trainings.loading}
        loadingText={t('common:nav.loading')}
        empty={empty}
        trackBy="enrolment_id"
        testId="planning-table"
        columns={[
          { id: 'student', header: t('field.student'), cell: studentLink },
          { id: 'training', header: t('field.programme'), cell: (item) => item.training_name },
          {
            id: 'instructors',
            header: t('field.instructors'),
            cell: (item) => item.instructor_names.join(', ') || '—',
          },
          {
            id: 'start',
            header: t('field.training_start_date'),
            cell: (item) => formatDate(item.training_start_date),
          },
          {
            id: 'status',
            header: t('field.status'),
            cell: (item) => (
              <TrainingStatusBadge status={item.status} testId={`planning-status-${item.enrolment_id}`} />
            ),
          },
          {
            id: 'progress',
            header: t('planning.progress'),
            cell: (item) => <TrainingProgressCell item={item} />,
            minWidth: 160,
          },
          { id: 'next', header: t('planning.next'), cell: next },
          {
            id: 'last',
            header: t('planning.last_activity'),
            cell: (item) => (item.last_activity_date ? formatDate(item.last_activity_date) : '—'),
          },
        ]}
      />
      {enrolling && (
        <EnrolModal
          today={todayIn(timeZone)}
          onClose={() => setEnrolling(false)}
          onEnrolled={(created) => {
            setEnrolling(false);
            flash('success', 'training_enrolled', { values: { name: created.student_name } });
            navigate(trainingHref(created));
          }}
        />
      )}
    </>
  );
}

interface EnrolValues {
  user_id: string;
  programme_id: string;
  instructor_ids: string[];
  training_start_date: string;
}

function EnrolModal({
  today,
  onClose,
  onEnrolled,
}: {
  today: string;
  onClose: () => void;
  onEnrolled: (created: EnrolmentSummary) => void;
}) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const users = useDatasource('users');
  const fetchProgrammes = useCallback(() => call('listProgrammes', { query: { limit: 100 } }), []);
  const programmes = useCursorPages<Programme>(fetchProgrammes, 'enrol-programmes');
  const edit = useEdit<EnrolValues>({
    user_id: '',
    programme_id: '',
    instructor_ids: [],
    training_start_date: today,
  });
  const { values, set, errorText } = edit;
  const submit = async () => {
    let created: EnrolmentSummary | undefined;
    const ok = await edit.save(createEnrolmentInput, values, async (body) => {
      created = await call('createEnrolment', { body });
    });
    if (ok && created) onEnrolled(created);
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  const userOptions = users.items.map((u) => ({ value: u.user_id, label: u.name }));
  const programmeOptions = programmes.items.map((p) => ({ value: p.programme_id, label: p.training_name }));
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('planning.enrol_title')}
      data-testid="enrol-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={edit.saving}
              onClick={() => void submit()}
              data-testid="enrol-save"
            >
              {t('planning.enrol')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('field.student')} errorText={errorText('user_id')}>
          <Select
            selectedOption={userOptions.find((o) => o.value === values.user_id) ?? null}
            options={userOptions}
            filteringType="auto"
            placeholder={t('field.choose')}
            statusType={users.loading ? 'loading' : 'finished'}
            onChange={({ detail }) => set('user_id', detail.selectedOption.value ?? '')}
            data-testid="enrol-student"
          />
        </FormField>
        <FormField label={t('field.programme')} errorText={errorText('programme_id')}>
          <Select
            selectedOption={programmeOptions.find((o) => o.value === values.programme_id) ?? null}
            options={programmeOptions}
            placeholder={t('field.choose')}
            statusType={programmes.loading ? 'loading' : 'finished'}
            onChange={({ detail }) => set('programme_id', detail.selectedOption.value ?? '')}
            data-testid="enrol-programme"
          />
        </FormField>
        <FormField label={t('field.instructors')} errorText={errorText('instructor_ids')}>
          <Multiselect
            selectedOptions={userOptions.filter((o) => values.instructor_ids.includes(o.value))}
            options={userOptions}
            filteringType="auto"
            placeholder={t('field.choose')}
            onChange={({ detail }) =>
              set(
                'instructor_ids',
                detail.selectedOptions.map((o) => o.value ?? ''),
              )
            }
            data-testid="enrol-instructors"
          />
        </FormField>
        <FormField label={t('field.training_start_date')} errorText={errorText('training_start_date')}>
          <DatePicker
            value={values.training_start_date}
            onChange={({ detail }) => set('training_start_date', detail.value)}
            placeholder={t('common:date.picker_placeholder')}
            expandToViewport
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}

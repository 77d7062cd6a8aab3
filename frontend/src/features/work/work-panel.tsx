import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoursEntryOutput, HoursStatus, WorkOutput } from '../../../../contracts/schemas/work.ts';
import { recordHoursInput } from '../../../../contracts/schemas/work.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { call, FieldErrors } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';

const STATUS_TYPE: Record<HoursStatus, 'pending' | 'success' | 'error'> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'error',
};

export function HoursStatusText({ status }: { status: HoursStatus }) {
  const { t } = useTranslation('work');
  return <StatusIndicator type={STATUS_TYPE[status]}>{t(`status.${status}`)}</StatusIndicator>;
}

/** Hours as the club writes them: 2, 2.5, 3.25. */
export const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/**
 * One work's people and hours, for everyone who opens it (the list's dialog, work-management/{id}):
 * the caller records their hours, takes or gives up organizing; the leader and the checkers approve
 * or reject; the editors and the leader lock it. Every action sends the version read.
 */
export function WorkPanel({ work, onChange }: { work: WorkOutput; onChange: (work: WorkOutput) => void }) {
  const { t } = useTranslation(['work', 'common']);
  const [busy, setBusy] = useState<string | null>(null);
  const [hours, setHours] = useState(work.mine ? hoursText(work.mine.hours) : '');
  const [note, setNote] = useState(work.mine?.note ?? '');
  const [hoursError, setHoursError] = useState<string | undefined>();

  const act = async (key: string, action: () => Promise<WorkOutput>, done?: string) => {
    setBusy(key);
    try {
      onChange(await action());
      if (done) flash('success', done);
    } catch (error) {
      if (error instanceof FieldErrors) setHoursError(t('hours_invalid'));
      else
        reportSaveFailure(
          error,
          () => void call('getWork', { params: { id: work.work_id } }).then(onChange, () => undefined),
        );
    } finally {
      setBusy(null);
    }
  };

  const record = () => {
    const body = {
      hours: Number(hours.replace(',', '.')),
      ...(note.trim() ? { note: note.trim() } : {}),
      version: work.mine?.version ?? 0,
    };
    if (!hours.trim() || !recordHoursInput.safeParse(body).success) {
      setHoursError(t('hours_invalid'));
      return;
    }
    setHoursError(undefined);
    void act(
      'record',
      () => call('recordWorkHours', { params: { id: work.work_id }, body }),
      'work:hours_saved',
    );
  };
  const decide = (entry: HoursEntryOutput, decision: 'approved' | 'rejected') =>
    act(`${decision}-${entry.user_id}`, () =>
      call('decideWorkHours', {
        params: { id: work.work_id, user_id: entry.user_id },
        body: { decision, version: entry.version },
      }),
    );

  const mayChangeMine = work.can_record && work.mine?.status !== 'approved';
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={4} variant="text-grid">
        <div>
          <Box variant="awsui-key-label">{t('field.date')}</Box>
          <div>{formatDate(work.date)}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('field.work_category')}</Box>
          <div>{t(`category.${work.work_category}`)}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('field.leader')}</Box>
          <div data-testid="work-leader">{work.leader_name ?? t('nobody')}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('field.locked')}</Box>
          <div>{work.year_closed ? t('year_closed') : work.locked ? t('locked') : t('unlocked')}</div>
        </div>
      </ColumnLayout>
      <SpaceBetween direction="horizontal" size="xs">
        {work.can_lead && (
          <Button
            loading={busy === 'organize'}
            onClick={() =>
              void act('organize', () =>
                call('organizeWork', {
                  params: { id: work.work_id },
                  body: { organize: !work.leader_id, version: work.version },
                }),
              )
            }
            data-testid="work-organize"
          >
            {work.leader_id ? t('give_up_organizing') : t('take_organizing')}
          </Button>
        )}
        {work.can_lock && (
          <Button
            loading={busy === 'lock'}
            onClick={() =>
              void act('lock', () =>
                call('lockWork', {
                  params: { id: work.work_id },
                  body: { locked: !work.locked, version: work.version },
                }),
              )
            }
            data-testid="work-lock"
          >
            {work.locked ? t('unlock') : t('lock')}
          </Button>
        )}
      </SpaceBetween>

      <Container header={<Header variant="h3">{t('my_hours')}</Header>}>
        <SpaceBetween size="s">
          {work.mine && (
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <Box>{t('hours_count', { hours: hoursText(work.mine.hours) })}</Box>
              <HoursStatusText status={work.mine.status} />
              {work.mine.reason && <Box color="text-body-secondary">{work.mine.reason}</Box>}
            </SpaceBetween>
          )}
          {mayChangeMine && (
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <FormField label={t('field.hours')} errorText={hoursError}>
                <Input
                  value={hours}
                  inputMode="decimal"
                  onChange={({ detail }) => setHours(detail.value)}
                  invalid={Boolean(hoursError)}
                  data-testid="work-hours-input"
                />
              </FormField>
              <FormField label={t('field.note')}>
                <Input value={note} onChange={({ detail }) => setNote(detail.value)} />
              </FormField>
              <Button
                variant="primary"
                loading={busy === 'record'}
                onClick={record}
                data-testid="work-hours-save"
              >
                {work.mine ? t('change_hours') : t('record_hours')}
              </Button>
            </SpaceBetween>
          )}
          {!work.can_record && !work.mine && <Box color="text-status-inactive">{t('closed_for_hours')}</Box>}
        </SpaceBetween>
      </Container>

      <DataTable<HoursEntryOutput>
        id="work-workers"
        testId="work-workers"
        fixedColumns
        header={
          <Header variant="h3" counter={`(${work.workers.length})`}>
            {t('field.workers')}
          </Header>
        }
        items={work.workers}
        trackBy="user_id"
        empty={<Box color="text-status-inactive">{t('no_workers')}</Box>}
        columns={[
          { id: 'name', header: t('field.worker'), cell: (e) => e.name },
          { id: 'hours', header: t('field.hours'), cell: (e) => hoursText(e.hours) },
          { id: 'note', header: t('field.note'), cell: (e) => e.note ?? '' },
          {
            id: 'status',
            header: t('field.status'),
            cell: (e) => (
              <SpaceBetween size="xxxs">
                <HoursStatusText status={e.status} />
                {e.decided_by_name && (
                  <Box variant="small" color="text-body-secondary">
                    {e.decided_by_name}
                    {e.reason ? ` – ${e.reason}` : ''}
                  </Box>
                )}
              </SpaceBetween>
            ),
          },
          {
            id: 'actions',
            header: t('field.decision'),
            cell: (e) =>
              e.can_decide && (
                <SpaceBetween direction="horizontal" size="xxs">
                  {e.status !== 'approved' && (
                    <Button
                      variant="inline-link"
                      loading={busy === `approved-${e.user_id}`}
                      onClick={() => void decide(e, 'approved')}
                      data-testid="work-approve"
                    >
                      {t('approve')}
                    </Button>
                  )}
                  {e.status !== 'rejected' && (
                    <Button
                      variant="inline-link"
                      loading={busy === `rejected-${e.user_id}`}
                      onClick={() => void decide(e, 'rejected')}
                      data-testid="work-reject"
                    >
                      {t('reject')}
                    </Button>
                  )}
                </SpaceBetween>
              ),
          },
        ]}
      />
    </SpaceBetween>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayIn } from '../../../../contracts/calendar.ts';
import {
  type OperatingDayOutput,
  SIGNUP_ROLES,
  type SignupRole,
  saveOperatingDayInput,
} from '../../../../contracts/schemas/operating-days.ts';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { CalendarFeedPanel } from '../calendar/feed-panel.tsx';

/** Four weeks a page: the coming flying days at a glance. */
const SPAN = 28;

/**
 * `operating-days` (spec §2, issue 15 §6): the club's flying days from today, each with its leader,
 * editor, who comes in which role and the students' places and waitlist; members sign up and leave,
 * the organizers add and change days.
 */
export default function OperatingDaysPage() {
  const { t } = useTranslation(['operating-days', 'nav', 'common']);
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const [from, setFrom] = useState(() => todayIn(timeZone));
  const [days, setDays] = useState<OperatingDayOutput[] | null>(null);
  const [canCreate, setCanCreate] = useState(false);
  const [editing, setEditing] = useState<OperatingDayOutput | 'new' | null>(null);
  const [roles, setRoles] = useState<Record<string, SignupRole>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const to = addDays(from, SPAN - 1);

  const load = useCallback(async () => {
    try {
      const items: OperatingDayOutput[] = [];
      let cursor: string | undefined;
      let create = false;
      do {
        const page = await call('listOperatingDays', { query: { from, to, cursor } });
        items.push(...page.items);
        create = page.can_create;
        cursor = page.cursor ?? undefined;
      } while (cursor);
      setDays(items);
      setCanCreate(create);
    } catch (error) {
      setDays([]);
      reportFailure(error);
    }
  }, [from, to]);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (day: OperatingDayOutput) =>
    setDays((list) => (list ?? []).map((d) => (d.date === day.date ? day : d)));
  const act = async (date: string, action: () => Promise<OperatingDayOutput>) => {
    setBusy(date);
    try {
      replace(await action());
    } catch (error) {
      reportSaveFailure(error, () => void load());
    } finally {
      setBusy(null);
    }
  };
  const weekday = (date: string) =>
    new Intl.DateTimeFormat(currentLang(), { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  const dayCard = (day: OperatingDayOutput) => {
    const role = roles[day.date] ?? 'pilot';
    const roleOptions = SIGNUP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
    return (
      <Container
        key={day.date}
        data-testid={`operating-day-${day.date}`}
        header={
          <Header
            variant="h2"
            description={`${t('leader')}: ${day.leader_name ?? t('nobody')} · ${t('editor')}: ${day.operating_day_editor_name ?? t('nobody')}`}
            actions={
              day.can_edit && (
                <Button onClick={() => setEditing(day)} data-testid="operating-day-edit">
                  {t('edit_day')}
                </Button>
              )
            }
          >
            {formatDate(day.date)} {weekday(day.date)}
          </Header>
        }
      >
        <SpaceBetween size="s">
          {day.note && <Box>{day.note}</Box>}
          <ColumnLayout columns={3} variant="text-grid">
            {SIGNUP_ROLES.map((r) => (
              <div key={r}>
                <Box variant="awsui-key-label">{t(`role.${r}`)}</Box>
                <div data-testid={`count-${r}`}>{day.counts[r]}</div>
              </div>
            ))}
          </ColumnLayout>
          <Box>
            {t('capacity', { taken: day.counts.student, capacity: day.capacity })}
            {day.waitlisted > 0 && ` · ${t('waitlist', { count: day.waitlisted })}`}
          </Box>
          {day.mine ? (
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <StatusIndicator
                type={day.mine.status === 'confirmed' ? 'success' : 'pending'}
                data-testid="my-signup"
              >
                {day.mine.status === 'confirmed'
                  ? t('signed_up_as', { role: t(`role.${day.mine.role}`) })
                  : t('waiting_at', { position: day.mine.position ?? 0 })}
              </StatusIndicator>
              <Button
                loading={busy === day.date}
                onClick={() =>
                  void act(day.date, () =>
                    call('unsubscribeFromOperatingDay', { params: { date: day.date } }),
                  )
                }
                data-testid="operating-day-unsubscribe"
              >
                {t('unsubscribe')}
              </Button>
            </SpaceBetween>
          ) : (
            <SpaceBetween direction="horizontal" size="s">
              <Select
                selectedOption={roleOptions.find((o) => o.value === role) ?? null}
                options={roleOptions}
                onChange={({ detail }) =>
                  setRoles((current) => ({
                    ...current,
                    [day.date]: detail.selectedOption.value as SignupRole,
                  }))
                }
                data-testid="operating-day-role"
              />
              <Button
                variant="primary"
                loading={busy === day.date}
                onClick={() =>
                  void act(day.date, () =>
                    call('signUpForOperatingDay', { params: { date: day.date }, body: { role } }),
                  )
                }
                data-testid="operating-day-signup"
              >
                {t('sign_up')}
              </Button>
            </SpaceBetween>
          )}
          {day.signups.length > 0 && (
            <ExpandableSection headerText={`${t('participants')} (${day.signups.length})`}>
              <ul className="ws-od-people">
                {day.signups.map((s) => (
                  <li key={s.user_id} data-testid="operating-day-participant">
                    {s.name} – {t(`role.${s.role}`)}
                    {s.status === 'waitlisted' && ` (${t('waiting_at', { position: s.position ?? 0 })})`}
                  </li>
                ))}
              </ul>
            </ExpandableSection>
          )}
        </SpaceBetween>
      </Container>
    );
  };

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        description={`${formatDate(from)} – ${formatDate(to)}`}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              iconName="angle-left"
              ariaLabel={t('previous')}
              onClick={() => setFrom(addDays(from, -SPAN))}
            />
            <Button
              iconName="angle-right"
              ariaLabel={t('next')}
              onClick={() => setFrom(addDays(from, SPAN))}
            />
            {canCreate && (
              <Button variant="primary" onClick={() => setEditing('new')} data-testid="operating-day-new">
                {t('new_day')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        {t('nav:title.operating_days')}
      </Header>
      {days === null ? (
        <Spinner size="large" />
      ) : days.length === 0 ? (
        <Box color="text-status-inactive">{t('empty')}</Box>
      ) : (
        days.map(dayCard)
      )}
      {/* Issue 15 §9: the club's operating-day feed; the organizers (who add days) manage its link. */}
      {canCreate && <CalendarFeedPanel kind="club" />}
      {editing && (
        <DayModal
          day={editing === 'new' ? null : editing}
          fallbackDate={from}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash('success', 'operating-days:saved');
            void load();
          }}
        />
      )}
    </SpaceBetween>
  );
}

const FIELDS = ['date', 'leader_id', 'operating_day_editor_id', 'students_per_instructor', 'note'];

/** Adds a day or changes one: leader, operating_day_editor, students per instructor, a note. */
function DayModal({
  day,
  fallbackDate,
  onClose,
  onSaved,
}: {
  day: OperatingDayOutput | null;
  fallbackDate: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['operating-days', 'common']);
  const users = useDatasource('users');
  const form = useRecordForm({
    load: useCallback(async () => day, [day]),
    toValues: (record) => ({
      date: record?.date ?? fallbackDate,
      leader_id: record?.leader_id ?? '',
      operating_day_editor_id: record?.operating_day_editor_id ?? '',
      students_per_instructor: String(record?.students_per_instructor ?? 3),
      note: record?.note ?? '',
    }),
    toInput: (values, record) => ({
      leader_id: orNull(values.leader_id),
      operating_day_editor_id: orNull(values.operating_day_editor_id),
      students_per_instructor: Number(values.students_per_instructor),
      ...(values.note.trim() ? { note: values.note } : {}),
      version: record?.version ?? 0,
    }),
    schema: saveOperatingDayInput,
    save: async (body, _record, values) => call('saveOperatingDay', { params: { date: values.date }, body }),
    onSaved,
    onCancel: onClose,
    focus: { prefix: 'day', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const none = { value: '', label: t('nobody') };
  const people = [none, ...users.items.map((u) => ({ value: u.user_id, label: u.name }))];
  const person = (field: 'leader_id' | 'operating_day_editor_id', label: string) => (
    <FormField label={label} errorText={errorText(field)}>
      <Select
        selectedOption={people.find((o) => o.value === values[field]) ?? none}
        options={people}
        filteringType="auto"
        statusType={users.loading ? 'loading' : 'finished'}
        onChange={({ detail }) => set(field, detail.selectedOption.value ?? '')}
        data-testid={`day-${field}`}
      />
    </FormField>
  );
  return (
    <RecordModal
      prefix="day"
      testId="operating-day-modal"
      header={day ? t('edit_day') : t('new_day')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <FormField label={t('date')} errorText={errorText('date')}>
          <DateField
            value={values.date}
            onChange={(value) => set('date', value)}
            readOnly={day !== null}
            testId="day-date"
          />
        </FormField>
        {person('leader_id', t('leader'))}
        {person('operating_day_editor_id', t('editor'))}
        <FormField label={t('per_instructor')} errorText={errorText('students_per_instructor')}>
          <Input
            type="number"
            value={values.students_per_instructor}
            onChange={({ detail }) => set('students_per_instructor', detail.value)}
            invalid={form.has('students_per_instructor')}
            data-testid="day-students_per_instructor"
          />
        </FormField>
        <FormField label={t('note')} errorText={errorText('note')}>
          <Textarea value={values.note} rows={2} onChange={({ detail }) => set('note', detail.value)} />
        </FormField>
      </SpaceBetween>
    </RecordModal>
  );
}

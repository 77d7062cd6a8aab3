import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../../contracts/calendar.ts';
import { formatMoney } from '../../../../contracts/money.ts';
import type { OutputOf } from '../../../../contracts/routes.ts';
import {
  saveWorkInput,
  type WorkBalanceOutput,
  type WorkOutput,
} from '../../../../contracts/schemas/work.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { WORK_FIELDS, WorkFields, workInputOf, workValuesOf } from './work-form.tsx';
import { HoursStatusText, hoursText, WorkPanel } from './work-panel.tsx';
import { WorkSettingsModal } from './work-settings-modal.tsx';

type WorkSummary = OutputOf<'listWorks'>['items'][number];
const PAGE_SIZE = 25;

/**
 * `work-management` (spec §2, issue 15 §7): the year's works, each member's own hours and balance,
 * and for the checkers and the work-administrator every member's balance, the yearly obligation and
 * the year's close.
 */
export default function WorkManagementPage() {
  const { t } = useTranslation(['work', 'nav', 'common']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const thisYear = Number(todayIn(timeZone).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [tab, setTab] = useState('works');
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<WorkOutput | null>(null);
  const [canCreate, setCanCreate] = useState(false);
  const seesBalances =
    profile?.has_role.admin === true ||
    profile?.can['work-administrator'] === true ||
    profile?.can['work-management-checker'] === true;

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listWorks', { query: { year, cursor, limit: PAGE_SIZE } });
      setCanCreate(page.can_create);
      return page;
    },
    [year],
  );
  const works = useCursorPages<WorkSummary>(fetchPage, String(year));
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => ({
    value: String(y),
    label: String(y),
  }));

  const open = async (workId: string) => {
    try {
      setOpened(await call('getWork', { params: { id: workId } }));
    } catch (error) {
      reportFailure(error);
    }
  };
  const workHref = (w: WorkSummary) => hrefOf('work-management/:id', { id: w.work_id });

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Select
              selectedOption={years.find((o) => o.value === String(year)) ?? null}
              options={years}
              onChange={({ detail }) => setYear(Number(detail.selectedOption.value))}
              ariaLabel={t('year')}
              data-testid="work-year"
            />
            {canCreate && (
              <Button
                variant="primary"
                iconName="add-plus"
                onClick={() => setCreating(true)}
                data-testid="work-new"
              >
                {t('new_work')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        {t('nav:title.work_management')}
      </Header>
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        tabs={[
          {
            id: 'works',
            label: t('tab.works'),
            content: (
              <DataTable<WorkSummary>
                id="works"
                testId="works-table"
                items={works.items}
                loading={works.loading}
                loadingText={t('common:nav.loading')}
                trackBy="work_id"
                empty={<Box color="text-status-inactive">{t('empty', { year })}</Box>}
                pagination={
                  <Pagination
                    currentPageIndex={works.pageNumber}
                    pagesCount={works.pagesCount}
                    openEnd={works.hasMore}
                    onChange={({ detail }) => works.goTo(detail.currentPageIndex)}
                  />
                }
                columns={[
                  {
                    id: 'work_name',
                    header: t('field.work_name'),
                    cell: (w) => (
                      <PageLink
                        href={workHref(w)}
                        data-testid="work-link"
                        fallback={
                          <Button
                            variant="inline-link"
                            onClick={() => void open(w.work_id)}
                            data-testid="work-open"
                          >
                            {w.work_name}
                          </Button>
                        }
                      >
                        {w.work_name}
                      </PageLink>
                    ),
                  },
                  { id: 'date', header: t('field.date'), cell: (w) => formatDate(w.date) },
                  { id: 'work_type', header: t('field.work_type'), cell: (w) => t(`type.${w.work_type}`) },
                  {
                    id: 'work_category',
                    header: t('field.work_category'),
                    cell: (w) => t(`category.${w.work_category}`),
                  },
                  {
                    id: 'working_hours',
                    header: t('field.working_hours'),
                    cell: (w) => (w.working_hours === null ? '' : hoursText(w.working_hours)),
                  },
                  { id: 'leader', header: t('field.leader'), cell: (w) => w.leader_name ?? '' },
                  {
                    id: 'locked',
                    header: t('field.locked'),
                    cell: (w) => (w.locked ? t('locked') : t('unlocked')),
                  },
                  {
                    id: 'open',
                    header: '',
                    cell: (w) => (
                      <Button
                        variant="inline-link"
                        onClick={() => void open(w.work_id)}
                        data-testid="work-hours-open"
                      >
                        {t('hours_and_people')}
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          },
          { id: 'mine', label: t('tab.mine'), content: tab === 'mine' && <MyHours year={year} /> },
          ...(seesBalances
            ? [
                {
                  id: 'balances',
                  label: t('tab.balances'),
                  content: tab === 'balances' && <Balances year={year} />,
                },
              ]
            : []),
        ]}
      />
      {creating && (
        <NewWorkModal
          date={year === thisYear ? todayIn(timeZone) : `${year}-01-01`}
          onClose={() => setCreating(false)}
          onSaved={(work) => {
            setCreating(false);
            flash('success', 'work:saved');
            works.reload();
            navigate(hrefOf('work-management/:id', { id: work.work_id }));
          }}
        />
      )}
      {opened && (
        <Modal
          visible
          size="large"
          header={opened.work_name}
          onDismiss={() => {
            setOpened(null);
            works.reload();
          }}
          data-testid="work-modal"
        >
          <WorkPanel work={opened} onChange={setOpened} />
        </Modal>
      )}
    </SpaceBetween>
  );
}

function NewWorkModal({
  date,
  onClose,
  onSaved,
}: {
  date: string;
  onClose: () => void;
  onSaved: (work: WorkOutput) => void;
}) {
  const { t } = useTranslation('work');
  const form = useRecordForm({
    load: useCallback(async () => null as WorkOutput | null, []),
    toValues: (record) => workValuesOf(record, date),
    toInput: (values) => workInputOf(values, 0),
    schema: saveWorkInput,
    save: (body) => call('createWork', { body }),
    onSaved: (saved) => saved && onSaved(saved),
    onCancel: onClose,
    focus: { prefix: 'work', fields: WORK_FIELDS },
  });
  if (!form.values) return null;
  return (
    <RecordModal
      prefix="work"
      header={t('new_work')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <WorkFields values={form.values} set={form.set} errorText={form.errorText} />
    </RecordModal>
  );
}

function useMoney(currency: string) {
  return (minor: number) => formatMoney(minor, currency, currentLang());
}

/** The caller's year: obligation, hours by category, what the close would post; their entries. */
function MyHours({ year }: { year: number }) {
  const { t } = useTranslation('work');
  const [data, setData] = useState<OutputOf<'myWorkHours'> | null>(null);
  useEffect(() => {
    setData(null);
    call('myWorkHours', { query: { year } }).then(setData, (error) => reportFailure(error));
  }, [year]);
  const money = useMoney(data?.balance.currency_id ?? 'HUF');
  if (!data) return <Spinner size="large" />;
  return (
    <SpaceBetween size="m">
      <BalanceSummary balance={data.balance} money={money} />
      <DataTable
        id="my-work-hours"
        testId="my-work-hours"
        fixedColumns
        items={data.entries}
        trackBy="work_id"
        empty={<Box color="text-status-inactive">{t('no_hours', { year })}</Box>}
        columns={[
          { id: 'date', header: t('field.date'), cell: (e) => formatDate(e.date) },
          { id: 'work_name', header: t('field.work_name'), cell: (e) => e.work_name },
          { id: 'category', header: t('field.work_category'), cell: (e) => t(`category.${e.work_category}`) },
          { id: 'hours', header: t('field.hours'), cell: (e) => hoursText(e.hours) },
          { id: 'status', header: t('field.status'), cell: (e) => <HoursStatusText status={e.status} /> },
        ]}
      />
    </SpaceBetween>
  );
}

function BalanceSummary({
  balance,
  money,
}: {
  balance: WorkBalanceOutput;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('work');
  const item = (label: string, value: string, testId?: string) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div data-testid={testId}>{value}</div>
    </div>
  );
  return (
    <Container header={<Header variant="h2">{t('balance_title', { year: balance.year })}</Header>}>
      <ColumnLayout columns={4} variant="text-grid">
        {item(t('balance.obligation'), hoursText(balance.obligation_hours))}
        {item(t('balance.social'), hoursText(balance.social_hours), 'balance-social')}
        {item(t('balance.missing'), hoursText(balance.missing_hours), 'balance-missing')}
        {item(t('balance.pending'), hoursText(balance.pending_hours))}
        {item(t('balance.normal'), hoursText(balance.normal_hours))}
        {item(t('balance.professional'), hoursText(balance.professional_hours))}
        {item(t('balance.charge'), money(balance.charge))}
        {item(t('balance.credit'), money(balance.credit))}
      </ColumnLayout>
    </Container>
  );
}

/** Every member's year (checkers, the work-administrator): the obligation settings and the year's close. */
function Balances({ year }: { year: number }) {
  const { t } = useTranslation(['work', 'common']);
  const [meta, setMeta] = useState<{
    year_closed: boolean;
    closed_at: string | null;
    can_close: boolean;
  } | null>(null);
  const [settings, setSettings] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [closing, setClosing] = useState(false);
  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      const page = await call('listWorkBalances', { query: { year, cursor, limit: PAGE_SIZE } });
      setMeta({ year_closed: page.year_closed, closed_at: page.closed_at, can_close: page.can_close });
      return page;
    },
    [year],
  );
  const balances = useCursorPages<WorkBalanceOutput>(fetchPage, String(year));
  const money = useMoney(balances.items[0]?.currency_id ?? 'HUF');
  const close = async () => {
    setClosing(true);
    try {
      const result = await call('closeWorkYear', { body: { year } });
      flash('success', result.ledger ? 'work:closed' : 'work:closed_without_ledger', {
        values: { year, count: result.posted },
      });
      setConfirm(false);
      balances.reload();
    } catch (error) {
      reportSaveFailure(error);
    } finally {
      setClosing(false);
    }
  };
  return (
    <>
      <DataTable<WorkBalanceOutput>
        id="work-balances"
        testId="work-balances"
        items={balances.items}
        loading={balances.loading}
        loadingText={t('common:nav.loading')}
        trackBy="user_id"
        header={
          <Header
            variant="h2"
            description={
              meta?.year_closed
                ? t('year_closed_at', { date: formatDate(meta.closed_at ?? '') })
                : t('balances_description')
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setSettings(true)} data-testid="work-settings">
                  {t('obligation')}
                </Button>
                {meta?.can_close && (
                  <Button variant="primary" onClick={() => setConfirm(true)} data-testid="work-close-year">
                    {t('close_year', { year })}
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            {t('tab.balances')}
          </Header>
        }
        pagination={
          <Pagination
            currentPageIndex={balances.pageNumber}
            pagesCount={balances.pagesCount}
            openEnd={balances.hasMore}
            onChange={({ detail }) => balances.goTo(detail.currentPageIndex)}
          />
        }
        columns={[
          { id: 'name', header: t('field.worker'), cell: (b) => b.name },
          { id: 'obligation', header: t('balance.obligation'), cell: (b) => hoursText(b.obligation_hours) },
          { id: 'social', header: t('balance.social'), cell: (b) => hoursText(b.social_hours) },
          { id: 'missing', header: t('balance.missing'), cell: (b) => hoursText(b.missing_hours) },
          { id: 'pending', header: t('balance.pending'), cell: (b) => hoursText(b.pending_hours) },
          {
            id: 'paid',
            header: t('balance.paid_work'),
            cell: (b) => hoursText(b.normal_hours + b.professional_hours),
          },
          { id: 'charge', header: t('balance.charge'), cell: (b) => money(b.charge) },
          { id: 'credit', header: t('balance.credit'), cell: (b) => money(b.credit) },
        ]}
      />
      {settings && <WorkSettingsModal onClose={() => setSettings(false)} />}
      <ConfirmModal
        visible={confirm}
        header={t('close_year', { year })}
        confirmText={t('close_year', { year })}
        busy={closing}
        onConfirm={() => void close()}
        onCancel={() => setConfirm(false)}
        testId="work-close-confirm"
      >
        {t('close_year_confirm', { year })}
      </ConfirmModal>
    </>
  );
}

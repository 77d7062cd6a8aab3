import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  ACTION_KEYS,
  type ActionOutput,
  listActionsQuery,
} from '../../../../contracts/schemas/activity-log.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useCurrentPage } from '../../app/current-page.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { useErrorText } from '../../components/forms/field-errors.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';

const PAGE_SIZE = 25;

/** What the log's actions are done to (the `target_type` of contracts/actions.ts records). */
const TARGET_TYPES = [
  'member',
  'person',
  'role',
  'permit',
  'pilot_info',
  'organization',
  'subscription',
  'package',
  'type_list',
  'plane',
  'component',
  'maintenance',
  'fault',
  'flight',
  'logbook',
  'daily_sheet',
  'document',
  'message',
  'notification',
] as const;

/**
 * `organization/actions` and the log viewer (admin, organization_operator): the organization's
 * activity log, newest first — who, when (in the organization's time zone), what, to what (a member,
 * an aircraft, a role, a flight by its name), and "acting as" when a supervisor did it; filtered by
 * member, kind of target, action and days.
 */
export default function OrganizationActionsPage() {
  const { t } = useTranslation(['organizations', 'messages', 'nav', 'common']);
  const { profile } = useStore(session);
  const users = useDatasource('users');
  // One screen, two rows of the page table (organization/actions and the log viewer): the title follows the row.
  const page = useCurrentPage();
  const [action, setAction] = useState('');
  const [userId, setUserId] = useState('');
  const [targetType, setTargetType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [timeZone, setTimeZone] = useState(profile?.organization?.timezone ?? 'UTC');

  const filters = useMemo((): {
    query: { action?: string; user_id?: string; target_type?: string; from?: string; to?: string } | null;
    errors: Record<string, string[]>;
  } => {
    const query = {
      action: action || undefined,
      user_id: userId || undefined,
      target_type: targetType || undefined,
      from: from || undefined,
      to: to || undefined,
    };
    const parsed = z.safeParse(listActionsQuery, query);
    return parsed.success ? { query, errors: {} } : { query: null, errors: fieldErrors(parsed.error.issues) };
  }, [action, userId, targetType, from, to]);

  const fetchPage = useCallback(
    async (cursor: string | undefined) => {
      if (!filters.query) return { items: [] as ActionOutput[], cursor: null };
      const page = await call('listOrganizationActions', {
        query: { ...filters.query, limit: PAGE_SIZE, cursor },
      });
      setTimeZone(page.timezone);
      return page;
    },
    [filters.query],
  );
  const log = useCursorPages<ActionOutput>(fetchPage, JSON.stringify(filters.query));
  const errorText = useErrorText(filters.errors);
  const actionOptions = [
    { value: '', label: t('log.all_actions') },
    ...ACTION_KEYS.map((key) => ({ value: key, label: dynamicT(t)(`action.${key}`) })),
  ];
  const memberOptions = [
    { value: '', label: t('log.all_members') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];
  const targetOptions = [
    { value: '', label: t('log.all_targets') },
    ...TARGET_TYPES.map((type) => ({ value: type, label: t(`target.${type}`) })),
  ];

  return (
    <DataTable<ActionOutput>
      id="organization-actions"
      testId="actions-table"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('log.description', { zone: timeZone })}>
          {dynamicT(t)(page?.titleKey ?? 'nav:title.organization_actions')}
        </Header>
      }
      filter={
        <ColumnLayout columns={3}>
          <FormField label={t('log.who')}>
            <Select
              selectedOption={memberOptions.find((o) => o.value === userId) ?? memberOptions[0] ?? null}
              options={memberOptions}
              onChange={({ detail }) => setUserId(detail.selectedOption.value ?? '')}
              filteringType="auto"
              statusType={users.loading ? 'loading' : 'finished'}
              data-testid="actions-filter-member"
            />
          </FormField>
          <FormField label={t('log.target')}>
            <Select
              selectedOption={targetOptions.find((o) => o.value === targetType) ?? targetOptions[0] ?? null}
              options={targetOptions}
              onChange={({ detail }) => setTargetType(detail.selectedOption.value ?? '')}
              data-testid="actions-filter-target"
            />
          </FormField>
          <FormField label={t('log.action')}>
            <Select
              selectedOption={actionOptions.find((o) => o.value === action) ?? actionOptions[0] ?? null}
              options={actionOptions}
              onChange={({ detail }) => setAction(detail.selectedOption.value ?? '')}
              filteringType="auto"
              data-testid="actions-filter-action"
            />
          </FormField>
          <FormField label={t('log.from')} errorText={errorText('from')}>
            <DateField
              value={from}
              onChange={setFrom}
              invalid={Boolean(errorText('from'))}
              testId="actions-filter-from"
            />
          </FormField>
          <FormField label={t('log.to')} errorText={errorText('to')}>
            <DateField
              value={to}
              onChange={setTo}
              invalid={Boolean(errorText('to'))}
              testId="actions-filter-to"
            />
          </FormField>
          <FormField label={<span aria-hidden="true">&nbsp;</span>}>
            <Button
              disabled={!action && !userId && !targetType && !from && !to}
              onClick={() => {
                setAction('');
                setUserId('');
                setTargetType('');
                setFrom('');
                setTo('');
              }}
            >
              {t('list.clear_filter')}
            </Button>
          </FormField>
        </ColumnLayout>
      }
      loading={log.loading}
      loadingText={t('common:nav.loading')}
      items={log.items}
      trackBy="action_id"
      pagination={
        <Pagination
          currentPageIndex={log.pageNumber}
          pagesCount={log.pagesCount}
          openEnd={log.hasMore}
          onChange={({ detail }) => log.goTo(detail.currentPageIndex)}
        />
      }
      empty={<Box color="text-status-inactive">{t('log.empty')}</Box>}
      columns={[
        {
          id: 'at',
          header: t('log.when'),
          cell: (a) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at, timeZone)}</span>,
        },
        {
          id: 'who',
          header: t('log.who'),
          cell: (a) => (
            <SpaceBetween size="xxxs">
              <span>{a.user_name}</span>
              {a.acting_supervisor_name ? (
                <Box variant="small" color="text-status-warning" data-testid={`acting-as-${a.action_id}`}>
                  {t('log.acting_as', { supervisor: a.acting_supervisor_name, name: a.user_name })}
                </Box>
              ) : null}
            </SpaceBetween>
          ),
        },
        {
          id: 'what',
          header: t('log.what'),
          cell: (a) => (
            <span data-testid={`action-${a.action_id}`}>
              {t(`action.${a.action}`, { defaultValue: a.action })}
            </span>
          ),
        },
        {
          id: 'target',
          header: t('log.target'),
          cell: (a) => (
            <SpaceBetween size="xxxs">
              <span data-testid={`action-target-${a.action_id}`}>
                {a.target_name ?? t(`target.${a.target_type}`, { defaultValue: a.target_type })}
              </span>
              <Box variant="small" color="text-body-secondary">
                {a.target_name ? t(`target.${a.target_type}`, { defaultValue: a.target_type }) : a.target_id}
              </Box>
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}

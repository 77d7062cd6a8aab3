import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import Toggle from '@cloudscape-design/components/toggle';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import {
  createPlaneInput,
  type PlaneOutput,
  updatePlaneInput,
} from '../../../../contracts/schemas/aircraft.ts';
import {
  PLANE_CATEGORIES,
  PLANE_STATUSES,
  RENT_TYPES,
} from '../../../../contracts/schemas/aircraft-enums.ts';
import { PageButton, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DecimalHoursField, hoursReading } from '../../components/decimal-hours-field.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { PlaneStatistics } from '../statistics/plane-statistics.tsx';
import {
  bodyOf,
  EMPTY,
  FIELD_ORDER,
  type FLAG_FIELDS,
  type MINUTE_FIELDS,
  TAB_OF,
  TABS,
  type TabId,
  type Values,
  valuesOf,
} from './plane-form.ts';
import { PlaneStatusIndicator } from './plane-status.tsx';
import { typeFacts, typeFill } from './type-catalogue.ts';

type Field = keyof Values;

/**
 * `plane/new` (plane-create) and `plane/:id` (plane-edit): every spec §3 Plane field in tabs.
 * Counters that flights add to are shown read-only; only the start readings are edited. A save
 * carries the version read, so a concurrent edit is a 409 the user resolves by reloading.
 */
export default function PlaneEditPage() {
  const { t } = useTranslation(['aircraft', 'messages', 'nav', 'common', 'statistics']);
  const { id } = useParams();
  const isNew = !id;
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const users = useDatasource('users');
  const planeTypes = useDatasource('planeTypes');
  const [tab, setTab] = useState<TabId>('identity');
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A picked type's manufacturer, model and seats that would replace what the user typed: asked first.
  const [typeAsk, setTypeAsk] = useState<Partial<Pick<Values, 'manufacturer' | 'model' | 'seats'>>>();
  const back = () => navigate(hrefOf('planes'));
  const canDelete = !isNew && profile?.can['plane-delete'] === true;

  const form = useRecordForm({
    load: useCallback(async () => (id ? call('getPlane', { params: { id } }) : null), [id]),
    toValues: (stored: PlaneOutput | null) => (stored ? valuesOf(stored) : EMPTY),
    toInput: (values, stored) => (stored ? { ...bodyOf(values), version: stored.version } : bodyOf(values)),
    schema: (stored): typeof updatePlaneInput | typeof createPlaneInput =>
      stored ? updatePlaneInput : createPlaneInput,
    save: async (body, stored) => {
      if (stored)
        return call('updatePlane', {
          params: { id: stored.plane_id },
          body: body as z.infer<typeof updatePlaneInput>,
        });
      return call('createPlane', { body: body as z.infer<typeof createPlaneInput> });
    },
    onSaved: (saved, before) => {
      if (!saved) return;
      if (before) flash('success', 'aircraft:flash.saved', { values: { reg_num: saved.reg_num } });
      else {
        flash('success', 'aircraft:flash.created', { values: { reg_num: saved.reg_num } });
        navigate(hrefOf('plane/:id', { id: saved.plane_id }), { replace: true });
      }
      // The profile's aircraft drive the flight and reservation guards (category, rentable, status).
      void refreshProfile().catch(reportFailure);
    },
    onCancel: back,
    onDelete: canDelete ? () => setConfirmDelete(true) : undefined,
    keysActive: !confirmDelete && !typeAsk,
    focus: {
      prefix: 'plane',
      fields: FIELD_ORDER,
      reveal: (field) => setTab(TAB_OF[field as keyof typeof TAB_OF] ?? 'identity'),
    },
  });
  const plane = form.record ?? undefined;

  const remove = () =>
    form.run(async () => {
      if (!plane) return;
      try {
        await call('deletePlane', { params: { id: plane.plane_id } });
      } catch (error) {
        setConfirmDelete(false);
        throw error;
      }
      flash('success', 'aircraft:flash.deleted', { values: { reg_num: plane.reg_num } });
      void refreshProfile().catch(reportFailure);
      back();
    });

  const closeShare = () =>
    form.run(async () => {
      if (!plane) return;
      const closed = await call('closePlaneShare', {
        params: { id: plane.plane_id },
        body: { version: plane.version },
      });
      form.adopt(closed);
      flash('success', 'aircraft:flash.share_closed', { values: { reg_num: closed.reg_num } });
    });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('edit.load_failed')}</LoadFailed>;
  const { values, saving, dirty, errorText } = form;
  if (!values || form.record === undefined) return <PageSpinner />;
  const invalid = (name: string) => form.has(name);

  const set = form.set;
  const lang = currentLang();
  const currency = profile?.organization?.currency_id ?? '';

  const field = (name: Field, control: ReactNode, hint?: string) => (
    <FormField
      label={t(`field.${name}`)}
      errorText={errorText(name)}
      constraintText={hint}
      data-testid={`plane-field-${name}`}
    >
      {control}
    </FormField>
  );
  const text = (
    name: Field,
    extra: { inputMode?: 'numeric' | 'decimal' | 'text'; hint?: string; upper?: boolean } = {},
  ) =>
    field(
      name,
      <Input
        value={values[name] as string}
        inputMode={extra.inputMode}
        onChange={({ detail }) =>
          set(name, (extra.upper ? detail.value.toUpperCase() : detail.value) as never)
        }
        invalid={invalid(name)}
        data-testid={`plane-${name}`}
      />,
      extra.hint,
    );
  const date = (name: Field) =>
    field(
      name,
      <DateField
        value={values[name] as string}
        onChange={(value) => set(name, value as never)}
        invalid={invalid(name)}
        testId={`plane-${name}`}
      />,
    );
  const flag = (name: (typeof FLAG_FIELDS)[number]) => (
    <FormField errorText={errorText(name)} data-testid={`plane-field-${name}`}>
      <Toggle
        checked={values[name]}
        onChange={({ detail }) => set(name, detail.checked)}
        data-testid={`plane-${name}`}
      >
        {t(`field.${name}`)}
      </Toggle>
    </FormField>
  );
  const hours = (name: (typeof MINUTE_FIELDS)[number], nullable: boolean) =>
    field(
      name,
      <DecimalHoursField
        minutes={values[name]}
        nullable={nullable}
        onChange={(minutes) => set(name, minutes)}
        invalid={invalid(name)}
        testId={`plane-${name}`}
      />,
      t('hint.hours'),
    );

  // Picking a known type fills the empty manufacturer, model and seats; typed ones only when agreed.
  const pickType = (code: string) => {
    const facts = typeFacts(code);
    if (!facts) return;
    const { fill, ask } = typeFill(values, facts);
    if (Object.keys(fill).length > 0)
      form.update((current) => ({ ...current, ...fill }), ...Object.keys(fill));
    if (Object.keys(ask).length > 0) setTypeAsk(ask);
  };
  const applyTypeAsk = () => {
    if (typeAsk) form.update((current) => ({ ...current, ...typeAsk }), ...Object.keys(typeAsk));
    setTypeAsk(undefined);
  };

  const typeOptions = planeTypes.items
    .filter((item) => item.active)
    .map((item) => ({ value: item.code, description: item.names[lang] ?? item.names.en ?? '' }));
  const ownerOptions = [
    { value: '', label: t('edit.no_owner') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];
  const statusOptions = PLANE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const categoryOptions = PLANE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }));
  const rentTypeOptions = [
    { value: '', label: t('edit.no_rent_type') },
    ...RENT_TYPES.map((r) => ({ value: r, label: t(`rent_type.${r}`) })),
  ];

  const counterRows = plane
    ? [
        { id: 'flight', minutes: true, start: values.start_counter_flight ?? 0, added: plane.counter_flight },
        { id: 'engine', minutes: true, start: values.start_counter_engine ?? 0, added: plane.counter_engine },
        {
          id: 'takeoff',
          minutes: false,
          start: Number(values.start_counter_takeoff) || 0,
          added: plane.counter_takeoff,
        },
        {
          id: 'landing',
          minutes: false,
          start: Number(values.start_counter_landing) || 0,
          added: plane.counter_landing,
        },
      ]
    : [];
  const reading = (row: { minutes: boolean }, value: number) =>
    row.minutes ? hoursReading(value) : value.toLocaleString(lang);

  const tabs: Record<TabId, ReactNode> = {
    identity: (
      <ColumnLayout columns={2}>
        {text('reg_num', { hint: t('hint.reg_num'), upper: true })}
        {field(
          'plane_category',
          <Select
            selectedOption={categoryOptions.find((o) => o.value === values.plane_category) ?? null}
            options={categoryOptions}
            onChange={({ detail }) =>
              set('plane_category', detail.selectedOption.value as Values['plane_category'])
            }
            invalid={invalid('plane_category')}
            data-testid="plane-plane_category"
          />,
        )}
        {field(
          'plane_type',
          <Autosuggest
            value={values.plane_type}
            options={typeOptions}
            onChange={({ detail }) => set('plane_type', detail.value)}
            onSelect={({ detail }) => pickType(detail.value)}
            enteredTextLabel={(value) => value}
            invalid={invalid('plane_type')}
            statusType={planeTypes.loading ? 'loading' : 'finished'}
            data-testid="plane-plane_type"
          />,
          t('hint.plane_type'),
        )}
        {flag('is_tmg')}
        {text('model')}
        {text('manufacturer')}
        {text('tail_number')}
        {text('callsign')}
        {text('plane_class')}
        {text('serial_number')}
        {text('year_of_manufacture', { inputMode: 'numeric' })}
        {text('seats', { inputMode: 'numeric' })}
        {text('logcard_number')}
        {text('certificate_number')}
        {text('ogn_id', { hint: t('hint.ogn_id'), upper: true })}
      </ColumnLayout>
    ),
    ownership: (
      <ColumnLayout columns={2}>
        {field(
          'status',
          <Select
            selectedOption={statusOptions.find((o) => o.value === values.status) ?? null}
            options={statusOptions}
            onChange={({ detail }) => set('status', detail.selectedOption.value as Values['status'])}
            invalid={invalid('status')}
            data-testid="plane-status"
          />,
        )}
        {flag('private_plane')}
        {field(
          'owner',
          <Select
            selectedOption={ownerOptions.find((o) => o.value === values.owner) ?? ownerOptions[0] ?? null}
            options={ownerOptions}
            filteringType="auto"
            statusType={users.loading ? 'loading' : 'finished'}
            onChange={({ detail }) => set('owner', detail.selectedOption.value ?? '')}
            invalid={invalid('owner')}
            data-testid="plane-owner"
          />,
          t('hint.owner'),
        )}
        {text('owner_name')}
        {text('owner_organization')}
      </ColumnLayout>
    ),
    counters: (
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {t('hint.start')}
        </Box>
        <ColumnLayout columns={2}>
          {hours('start_counter_flight', false)}
          {hours('start_counter_engine', false)}
          {text('start_counter_takeoff', { inputMode: 'numeric' })}
          {text('start_counter_landing', { inputMode: 'numeric' })}
        </ColumnLayout>
        {plane ? (
          <DataTable
            id="plane-counters"
            variant="embedded"
            testId="plane-counters"
            header={
              <Header variant="h3" description={t('hint.counters_read_only')}>
                {t('tab.counters')}
              </Header>
            }
            items={counterRows}
            trackBy="id"
            columns={[
              {
                id: 'reading',
                header: t('counters.reading'),
                cell: (row) => t(`counters.${row.id as 'flight' | 'engine' | 'takeoff' | 'landing'}`),
              },
              { id: 'start', header: t('counters.start'), cell: (row) => reading(row, row.start) },
              { id: 'added', header: t('counters.added'), cell: (row) => reading(row, row.added) },
              {
                id: 'current',
                header: t('counters.current'),
                cell: (row) => (
                  <b data-testid={`plane-current-${row.id}`}>{reading(row, row.start + row.added)}</b>
                ),
              },
            ]}
          />
        ) : null}
      </SpaceBetween>
    ),
    limits: (
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {t('hint.limits')}
        </Box>
        <ColumnLayout columns={2}>
          {date('limit_date')}
          {date('installation_date')}
          {hours('limit_counter_flight', true)}
          {hours('limit_counter_engine', true)}
          {text('limit_counter_takeoff', { inputMode: 'numeric' })}
          {hours('lifetime_flight', true)}
          {hours('lifetime_engine', true)}
          {text('lifetime_takeoff', { inputMode: 'numeric' })}
        </ColumnLayout>
      </SpaceBetween>
    ),
    sharing: (
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {t('hint.sharing')}
        </Box>
        {flag('can_be_shared')}
        <ColumnLayout columns={2}>
          {date('share_start_date')}
          {date('share_end_date')}
        </ColumnLayout>
        {plane?.can_be_shared ? (
          <Button
            formAction="none"
            onClick={() => void closeShare()}
            disabled={dirty}
            loading={saving}
            data-testid="plane-close-share"
          >
            {t('edit.close_share')}
          </Button>
        ) : null}
      </SpaceBetween>
    ),
    rental: (
      <SpaceBetween size="l">
        <Box variant="p" color="text-body-secondary">
          {t('hint.rental', { currency })}
        </Box>
        <ColumnLayout columns={2}>
          {flag('rentable')}
          {field(
            'rent_type',
            <Select
              selectedOption={rentTypeOptions.find((o) => o.value === values.rent_type) ?? null}
              options={rentTypeOptions}
              onChange={({ detail }) =>
                set('rent_type', (detail.selectedOption.value ?? '') as Values['rent_type'])
              }
              invalid={invalid('rent_type')}
              data-testid="plane-rent_type"
            />,
          )}
          {text('rent_price_flight', { inputMode: 'decimal', hint: currency })}
          {text('rent_price_motor', { inputMode: 'decimal', hint: currency })}
          {text('rent_price_landing', { inputMode: 'decimal', hint: currency })}
          {text('rent_price_training', { inputMode: 'decimal', hint: currency })}
          {text('rent_flat_rate', { inputMode: 'decimal', hint: currency })}
          {text('rent_discount', { inputMode: 'decimal' })}
          {flag('rent_req_instructor')}
          {flag('rent_multiple_days_allowed')}
          {flag('night_reservation_on')}
        </ColumnLayout>
      </SpaceBetween>
    ),
  };
  const withError = (tabId: TabId) =>
    Object.keys(form.errors).some((name) => TAB_OF[name.split('.')[0] as never] === tabId);
  const links =
    plane && !isNew ? (
      <SpaceBetween direction="horizontal" size="xs">
        <PageButton
          formAction="none"
          href={hrefOf('plane/:plane_id/components', { plane_id: plane.plane_id })}
          data-testid="plane-components"
        >
          {t('edit.components')}
        </PageButton>
        <PageButton
          formAction="none"
          href={`${hrefOf('plane-faults')}?plane_id=${encodeURIComponent(plane.plane_id)}`}
          data-testid="plane-faults"
        >
          {t('edit.faults')}
        </PageButton>
      </SpaceBetween>
    ) : undefined;

  return (
    <>
      <RecordFormFrame
        prefix="plane"
        header={
          <Header
            variant="h1"
            description={isNew ? t('edit.new_description') : t('edit.description')}
            actions={links}
            info={
              plane ? (
                <PlaneStatusIndicator status={plane.status} testId="plane-status-indicator" />
              ) : undefined
            }
          >
            {plane ? plane.reg_num : t('nav:title.plane_new')}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={dirty}
        saving={saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={canDelete ? () => setConfirmDelete(true) : undefined}
      >
        <Container>
          <Tabs
            activeTabId={tab}
            onChange={({ detail }) => setTab(detail.activeTabId as TabId)}
            data-testid="plane-tabs"
            tabs={[
              ...TABS.map((tabId) => ({
                id: tabId,
                label: (
                  <span data-testid={`plane-tab-${tabId}`}>
                    {t(`tab.${tabId}`)}
                    {withError(tabId) ? (
                      <>
                        {' '}
                        <Icon name="status-warning" variant="error" ariaLabel={t('common:error')} />
                      </>
                    ) : null}
                  </span>
                ),
                content: tabs[tabId],
              })),
              // Spec §9: the aircraft's statistics (issue 5), once it exists.
              ...(plane
                ? [
                    {
                      id: 'statistics',
                      label: <span data-testid="plane-tab-statistics">{t('statistics:tab')}</span>,
                      content: <PlaneStatistics planeId={plane.plane_id} />,
                    },
                  ]
                : []),
            ]}
          />
        </Container>
      </RecordFormFrame>
      <ConfirmModal
        visible={confirmDelete}
        header={t('list.delete_title', { reg_num: plane?.reg_num ?? '' })}
        confirmText={t('list.delete')}
        busy={saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="plane-delete-dialog"
      >
        {t('list.delete_body')}
      </ConfirmModal>
      <ConfirmModal
        visible={typeAsk !== undefined}
        header={t('edit.type_fill_title')}
        confirmText={t('edit.type_fill_confirm')}
        busy={false}
        onConfirm={applyTypeAsk}
        onCancel={() => setTypeAsk(undefined)}
        testId="plane-type-fill-dialog"
      >
        <SpaceBetween size="xs">
          <Box variant="p">{t('edit.type_fill_body')}</Box>
          <ul>
            {(['manufacturer', 'model', 'seats'] as const).map((name) =>
              typeAsk?.[name] === undefined ? null : (
                <li key={name} data-testid={`plane-type-fill-${name}`}>
                  {t('edit.type_fill_item', {
                    field: t(`field.${name}`),
                    from: values[name],
                    to: typeAsk[name],
                  })}
                </li>
              ),
            )}
          </ul>
        </SpaceBetween>
      </ConfirmModal>
    </>
  );
}

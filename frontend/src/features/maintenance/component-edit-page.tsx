import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { COMPONENT_TYPES, type ComponentType } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  type ComponentOutput,
  createComponentInput,
  updateComponentInput,
} from '../../../../contracts/schemas/maintenance.ts';
import { PageButton, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { orNull } from '../../components/forms/field-errors.ts';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { countOfText, DueDimensions, DueStatus, hoursInputText, minutesOfText } from './due.tsx';
import { PerformedModal } from './performed-modal.tsx';
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  type ScheduleValues,
  scheduleBodyOf,
  scheduleValuesOf,
} from './schedule-fields.tsx';

const HOURS_FIELDS = [
  'start_counter_flight',
  'start_counter_engine',
  'lifetime_flight',
  'lifetime_engine',
  'limit_counter_flight',
  'limit_counter_engine',
] as const;
const COUNT_FIELDS = [
  'start_counter_takeoff',
  'start_counter_landing',
  'lifetime_takeoff',
  'limit_counter_takeoff',
] as const;
const TEXT_FIELDS = ['name', 'part_number', 'serial_no', 'installation_comment'] as const;
const DATE_FIELDS = ['installation_date', 'lifetime_date', 'limit_date'] as const;

type Values = Record<
  | (typeof HOURS_FIELDS)[number]
  | (typeof COUNT_FIELDS)[number]
  | (typeof TEXT_FIELDS)[number]
  | (typeof DATE_FIELDS)[number],
  string
> & {
  plane_id: string;
  component_type: ComponentType;
};

type FormValues = Values & { schedule: ScheduleValues };

/** The fields in screen order: the cursor goes to the first with an error. */
const FIELD_ORDER = [
  'plane_id',
  'component_type',
  ...TEXT_FIELDS.slice(0, 3),
  'installation_date',
  'installation_comment',
  'start_counter_flight',
  'start_counter_engine',
  'start_counter_takeoff',
  'start_counter_landing',
  'lifetime_flight',
  'lifetime_engine',
  'lifetime_takeoff',
  'lifetime_date',
  'limit_counter_flight',
  'limit_counter_engine',
  'limit_counter_takeoff',
  'limit_date',
  ...SCHEDULE_FIELDS,
];

const valuesOf = (c: ComponentOutput | null, planeId: string): Values => ({
  plane_id: c?.plane_id ?? planeId,
  component_type: c?.component_type ?? 'other',
  name: c?.name ?? '',
  part_number: c?.part_number ?? '',
  serial_no: c?.serial_no ?? '',
  installation_comment: c?.installation_comment ?? '',
  installation_date: c?.installation_date ?? '',
  lifetime_date: c?.lifetime_date ?? '',
  limit_date: c?.limit_date ?? '',
  start_counter_flight: hoursInputText(c?.start_counter_flight ?? null),
  start_counter_engine: hoursInputText(c?.start_counter_engine ?? null),
  lifetime_flight: hoursInputText(c?.lifetime_flight),
  lifetime_engine: hoursInputText(c?.lifetime_engine),
  limit_counter_flight: hoursInputText(c?.limit_counter_flight),
  limit_counter_engine: hoursInputText(c?.limit_counter_engine),
  start_counter_takeoff: c ? String(c.start_counter_takeoff) : '',
  start_counter_landing: c ? String(c.start_counter_landing) : '',
  lifetime_takeoff: c?.lifetime_takeoff?.toString() ?? '',
  limit_counter_takeoff: c?.limit_counter_takeoff?.toString() ?? '',
});

/**
 * `component/{id}` and `component/{plane_id}/{id}` (`new` creates, with an aircraft picker): a
 * component's identity and installation, its readings since new, life limit, hard limits and own
 * cycle; record its overhaul / inspection as performed; delete it.
 */
export default function ComponentEditPage() {
  const { t } = useTranslation(['maintenance', 'messages', 'common', 'nav']);
  const { id = 'new', plane_id: routePlaneId = '' } = useParams();
  const creating = id === 'new';
  const navigate = usePageNavigate();
  const planes = useDatasource('planes');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [performing, setPerforming] = useState(false);
  const listHref = routePlaneId
    ? hrefOf('plane/:plane_id/components', { plane_id: routePlaneId })
    : hrefOf('components');
  const back = () => navigate(listHref);

  const form = useRecordForm({
    load: useCallback(
      async () => (creating ? null : call('getComponent', { params: { id } })),
      [creating, id],
    ),
    toValues: (c: ComponentOutput | null): FormValues => ({
      ...valuesOf(c, c?.plane_id ?? routePlaneId),
      schedule: scheduleValuesOf(c),
    }),
    toInput: (values, stored) => {
      const fields: Record<string, unknown> = {
        name: values.name,
        component_type: values.component_type,
        ...Object.fromEntries(
          (['part_number', 'serial_no', 'installation_comment'] as const).map((f) => [f, orNull(values[f])]),
        ),
        ...Object.fromEntries(DATE_FIELDS.map((f) => [f, orNull(values[f])])),
        ...Object.fromEntries(HOURS_FIELDS.map((f) => [f, minutesOfText(values[f])])),
        ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, countOfText(values[f])])),
        ...scheduleBodyOf(values.schedule, !stored),
      };
      return stored
        ? { ...fields, plane_id: values.plane_id, version: stored.version }
        : {
            plane_id: values.plane_id,
            ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)),
          };
    },
    schema: (stored): typeof updateComponentInput | typeof createComponentInput =>
      stored ? updateComponentInput : createComponentInput,
    save: (body, stored) =>
      stored
        ? call('updateComponent', {
            params: { id: stored.component_id },
            body: body as z.infer<typeof updateComponentInput>,
          })
        : call('createComponent', { body: body as z.infer<typeof createComponentInput> }),
    onSaved: (saved, before) => {
      if (!saved) return;
      flash('success', 'maintenance:flash.component_saved', { values: { name: saved.name } });
      if (!before)
        navigate(
          routePlaneId
            ? hrefOf('component/:plane_id/:id', { plane_id: saved.plane_id, id: saved.component_id })
            : hrefOf('component/:id', { id: saved.component_id }),
          { replace: true },
        );
    },
    onCancel: back,
    onDelete: creating ? undefined : () => setConfirmDelete(true),
    keysActive: !confirmDelete && !performing,
    focus: { prefix: 'component', fields: FIELD_ORDER },
  });
  const record = form.record ?? null;

  const remove = () =>
    form.run(async () => {
      try {
        await call('deleteComponent', { params: { id } });
      } finally {
        setConfirmDelete(false);
      }
      flash('success', 'maintenance:flash.component_deleted', { values: { name: record?.name ?? '' } });
      back();
    });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('component.load_failed')}</LoadFailed>;
  const { values, errorText } = form;
  if (!values || form.record === undefined) return <Spinner size="large" />;
  const set = form.set;
  const invalid = (field: string) => form.has(field);

  const planeOptions = planes.items.map((p) => ({
    value: p.plane_id,
    label: p.reg_num,
    description: p.plane_type ?? undefined,
  }));
  const textInput = (field: (typeof TEXT_FIELDS)[number]) => (
    <FormField label={t(`field.${field}`)} errorText={errorText(field)}>
      {field === 'installation_comment' ? (
        <Textarea
          value={values[field]}
          rows={2}
          onChange={({ detail }) => set(field, detail.value)}
          data-testid={`component-${field}`}
        />
      ) : (
        <Input
          value={values[field]}
          invalid={invalid(field)}
          onChange={({ detail }) => set(field, detail.value)}
          data-testid={`component-${field}`}
        />
      )}
    </FormField>
  );
  const numberInput = (
    field: (typeof HOURS_FIELDS)[number] | (typeof COUNT_FIELDS)[number],
    hours: boolean,
  ) => (
    <FormField
      label={t(`field.${field}`)}
      constraintText={hours ? t('field.hours_hint') : undefined}
      errorText={errorText(field)}
    >
      <Input
        value={values[field]}
        inputMode={hours ? 'decimal' : 'numeric'}
        invalid={invalid(field)}
        onChange={({ detail }) => set(field, detail.value)}
        data-testid={`component-${field}`}
      />
    </FormField>
  );
  const dateInput = (field: (typeof DATE_FIELDS)[number]) => (
    <FormField label={t(`field.${field}`)} errorText={errorText(field)}>
      <DateField
        value={values[field]}
        invalid={invalid(field)}
        onChange={(value) => set(field, value)}
        testId={`component-${field}`}
      />
    </FormField>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            record
              ? [record.reg_num, t(`component_type.${record.component_type}`)].filter(Boolean).join(' · ')
              : t('component.new_description')
          }
          actions={
            !creating && (
              <SpaceBetween direction="horizontal" size="xs">
                <PageButton href={hrefOf('component/:id/events', { id })} data-testid="component-history">
                  {t('components.history')}
                </PageButton>
                {record?.due.dimensions.some((d) => d.key.startsWith('cycle_')) && (
                  <Button onClick={() => setPerforming(true)} data-testid="component-performed">
                    {t('action.performed')}
                  </Button>
                )}
              </SpaceBetween>
            )
          }
        >
          {creating ? t('components.new') : (record?.name ?? t('nav:title.component_edit'))}
        </Header>
      }
    >
      <RecordFormFrame
        prefix="component"
        header={undefined}
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={creating ? undefined : () => setConfirmDelete(true)}
      >
        <SpaceBetween size="l">
          {record && (
            <Container
              header={
                <Header
                  variant="h2"
                  actions={<DueStatus state={record.due.state} testId="component-state" />}
                >
                  {t('component.due')}
                </Header>
              }
            >
              <SpaceBetween size="s">
                <KeyValuePairs
                  columns={3}
                  items={[
                    {
                      label: t('field.current_engine'),
                      value: formatMinutes(record.current_counter_engine),
                    },
                    {
                      label: t('field.current_flight'),
                      value: formatMinutes(record.current_counter_flight),
                    },
                    { label: t('field.current_takeoff'), value: String(record.current_counter_takeoff) },
                  ]}
                />
                <DueDimensions due={record.due} />
              </SpaceBetween>
            </Container>
          )}
          <Container header={<Header variant="h2">{t('component.identity')}</Header>}>
            <ColumnLayout columns={2}>
              <FormField
                label={t('field.plane')}
                constraintText={creating ? undefined : t('component.move_hint')}
                errorText={errorText('plane_id')}
              >
                <Select
                  selectedOption={planeOptions.find((o) => o.value === values.plane_id) ?? null}
                  options={planeOptions}
                  placeholder={t('field.plane_placeholder')}
                  statusType={planes.loading ? 'loading' : 'finished'}
                  invalid={invalid('plane_id')}
                  onChange={({ detail }) => set('plane_id', detail.selectedOption.value ?? '')}
                  data-testid="component-plane_id"
                />
              </FormField>
              <FormField label={t('field.component_type')} errorText={errorText('component_type')}>
                <Select
                  selectedOption={{
                    value: values.component_type,
                    label: t(`component_type.${values.component_type}`),
                  }}
                  options={COMPONENT_TYPES.map((c) => ({ value: c, label: t(`component_type.${c}`) }))}
                  onChange={({ detail }) =>
                    set('component_type', (detail.selectedOption.value ?? 'other') as ComponentType)
                  }
                  data-testid="component-component_type"
                />
              </FormField>
              {textInput('name')}
              {textInput('part_number')}
              {textInput('serial_no')}
              {dateInput('installation_date')}
            </ColumnLayout>
            <Box margin={{ top: 'm' }}>{textInput('installation_comment')}</Box>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('component.readings_hint')}>
                {t('component.readings')}
              </Header>
            }
          >
            <ColumnLayout columns={4} minColumnWidth={140}>
              {numberInput('start_counter_flight', true)}
              {numberInput('start_counter_engine', true)}
              {numberInput('start_counter_takeoff', false)}
              {numberInput('start_counter_landing', false)}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('component.life_hint')}>
                {t('component.life')}
              </Header>
            }
          >
            <ColumnLayout columns={4} minColumnWidth={140}>
              {numberInput('lifetime_flight', true)}
              {numberInput('lifetime_engine', true)}
              {numberInput('lifetime_takeoff', false)}
              {dateInput('lifetime_date')}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('component.limits_hint')}>
                {t('component.limits')}
              </Header>
            }
          >
            <ColumnLayout columns={4} minColumnWidth={140}>
              {numberInput('limit_counter_flight', true)}
              {numberInput('limit_counter_engine', true)}
              {numberInput('limit_counter_takeoff', false)}
              {dateInput('limit_date')}
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header variant="h2" description={t('component.cycle_hint')}>
                {t('component.cycle')}
              </Header>
            }
          >
            <ScheduleFields
              values={values.schedule}
              onChange={(field, value) =>
                form.update(
                  (current) => ({ ...current, schedule: { ...current.schedule, [field]: value } }),
                  field,
                )
              }
              errorText={errorText}
              testPrefix="component"
            />
          </Container>
        </SpaceBetween>
      </RecordFormFrame>
      <ConfirmModal
        visible={confirmDelete}
        header={t('component.delete_title')}
        confirmText={t('action.delete')}
        busy={form.saving}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
        testId="component-delete-dialog"
      >
        {t('component.delete_body', { name: record?.name ?? '' })}
      </ConfirmModal>
      {performing && record && (
        <PerformedModal
          name={record.name}
          current={{
            flight: record.current_counter_flight,
            engine: record.current_counter_engine,
            takeoff: record.current_counter_takeoff,
          }}
          version={record.version}
          onClose={() => setPerforming(false)}
          onSubmit={async (body) => {
            form.adopt(await call('performComponentMaintenance', { params: { id }, body }));
            setPerforming(false);
          }}
        />
      )}
    </ContentLayout>
  );
}

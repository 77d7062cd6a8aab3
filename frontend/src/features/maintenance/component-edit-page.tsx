import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { COMPONENT_TYPES, type ComponentType } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  type ComponentOutput,
  createComponentInput,
  updateComponentInput,
} from '../../../../contracts/schemas/maintenance.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { useFollow } from '../../components/use-follow.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { formatMinutes } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { countOfText, DueDimensions, DueStatus, hoursInputText, minutesOfText } from './due.tsx';
import { PerformedModal } from './performed-modal.tsx';
import { ScheduleFields, type ScheduleValues, scheduleBodyOf, scheduleValuesOf } from './schedule-fields.tsx';

type Errors = Record<string, string[]>;

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
  const navigate = useNavigate();
  const follow = useFollow();
  const planes = useDatasource('planes');
  const [record, setRecord] = useState<ComponentOutput | null>(null);
  const [loading, setLoading] = useState(!creating);
  const [values, setValues] = useState<Values>(valuesOf(null, routePlaneId));
  const [schedule, setSchedule] = useState<ScheduleValues>(scheduleValuesOf(null));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [performing, setPerforming] = useState(false);

  const adopt = useCallback((c: ComponentOutput) => {
    setRecord(c);
    setValues(valuesOf(c, c.plane_id));
    setSchedule(scheduleValuesOf(c));
    setDirty(false);
    setErrors({});
  }, []);

  useEffect(() => {
    if (creating) return;
    let active = true;
    setLoading(true);
    call('getComponent', { params: { id } })
      .then((c) => active && adopt(c))
      .catch(reportFailure)
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [creating, id, adopt]);

  const clear = (field: string) =>
    setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues({ ...values, [field]: value });
    setDirty(true);
    clear(field);
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };

  const listHref = routePlaneId
    ? hrefOf('plane/:plane_id/components', { plane_id: routePlaneId })
    : hrefOf('components');

  const save = async () => {
    if (saving) return;
    const optional = (text: string) => (text.trim() === '' ? null : text.trim());
    const fields: Record<string, unknown> = {
      name: values.name,
      component_type: values.component_type,
      ...Object.fromEntries(
        ['part_number', 'serial_no', 'installation_comment'].map((f) => [
          f,
          optional(values[f as keyof Values]),
        ]),
      ),
      ...Object.fromEntries(DATE_FIELDS.map((f) => [f, optional(values[f])])),
      ...Object.fromEntries(HOURS_FIELDS.map((f) => [f, minutesOfText(values[f])])),
      ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, countOfText(values[f])])),
      ...scheduleBodyOf(schedule, creating),
    };
    const body = creating
      ? {
          plane_id: values.plane_id,
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)),
        }
      : { ...fields, plane_id: values.plane_id, version: record?.version ?? 0 };
    const parsed = z.safeParse(creating ? createComponentInput : updateComponentInput, body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = creating
        ? await call('createComponent', { body: parsed.data as z.infer<typeof createComponentInput> })
        : await call('updateComponent', {
            params: { id },
            body: parsed.data as z.infer<typeof updateComponentInput>,
          });
      flash('success', 'maintenance:flash.component_saved', { values: { name: saved.name } });
      adopt(saved);
      if (creating)
        navigate(
          routePlaneId
            ? hrefOf('component/:plane_id/:id', { plane_id: saved.plane_id, id: saved.component_id })
            : hrefOf('component/:id', { id: saved.component_id }),
          { replace: true },
        );
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') flash('error', 'conflict');
      else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setSaving(true);
    try {
      await call('deleteComponent', { params: { id } });
      flash('success', 'maintenance:flash.component_deleted', { values: { name: record?.name ?? '' } });
      setDirty(false);
      navigate(listHref);
    } catch (error) {
      reportFailure(error);
    } finally {
      setSaving(false);
      setConfirmDelete(false);
    }
  };

  useDialogKeys({
    onCancel: () => navigate(listHref),
    onSave: () => void save(),
    onDelete: creating ? undefined : () => setConfirmDelete(true),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  if (loading) return <Spinner size="large" />;

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
          invalid={Boolean(errors[field])}
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
        invalid={Boolean(errors[field])}
        onChange={({ detail }) => set(field, detail.value)}
        data-testid={`component-${field}`}
      />
    </FormField>
  );
  const dateInput = (field: (typeof DATE_FIELDS)[number]) => (
    <FormField label={t(`field.${field}`)} errorText={errorText(field)}>
      <DatePicker
        value={values[field]}
        placeholder="YYYY/MM/DD"
        invalid={Boolean(errors[field])}
        onChange={({ detail }) => set(field, detail.value)}
        data-testid={`component-${field}`}
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
                <Button
                  href={hrefOf('component/:id/events', { id })}
                  onFollow={follow}
                  data-testid="component-history"
                >
                  {t('components.history')}
                </Button>
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
      <UnsavedChangesPrompt when={dirty} />
      <form onSubmit={submit} noValidate>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" href={listHref} onFollow={follow}>
                {t('common:action.cancel')}
              </Button>
              {!creating && (
                <Button onClick={() => setConfirmDelete(true)} data-testid="component-delete">
                  {t('action.delete')}
                </Button>
              )}
              <Button
                variant="primary"
                loading={saving}
                onClick={() => void save()}
                data-testid="component-save"
              >
                {t('common:action.save')}
              </Button>
            </SpaceBetween>
          }
          secondaryActions={
            <Box variant="small" color="text-body-secondary">
              {t('common:keys.hint')}
            </Box>
          }
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
                    invalid={Boolean(errors.plane_id)}
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
                values={schedule}
                onChange={(field, value) => {
                  setSchedule({ ...schedule, [field]: value });
                  setDirty(true);
                  clear(field);
                }}
                errorText={errorText}
                testPrefix="component"
              />
            </Container>
          </SpaceBetween>
        </Form>
      </form>
      <ConfirmModal
        visible={confirmDelete}
        header={t('component.delete_title')}
        confirmText={t('action.delete')}
        busy={saving}
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
            adopt(await call('performComponentMaintenance', { params: { id }, body }));
            setPerforming(false);
          }}
        />
      )}
    </ContentLayout>
  );
}

import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { MAINTENANCE_KINDS, type MaintenanceKind } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  type ComponentOutput,
  createMaintenanceInput,
  type MaintenanceOutput,
  updateMaintenanceInput,
} from '../../../../contracts/schemas/maintenance.ts';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { call } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import {
  SCHEDULE_FIELDS,
  ScheduleFields,
  type ScheduleValues,
  scheduleBodyOf,
  scheduleValuesOf,
} from './schedule-fields.tsx';

interface ItemValues {
  plane_id: string;
  component_id: string;
  name: string;
  kind: MaintenanceKind;
  comment: string;
  active: boolean;
  schedule: ScheduleValues;
}

/** Create or edit a maintenance item (an inspection, the ARC, an overhaul) with its cycles. */
export function MaintenanceItemModal({
  existing,
  planeId,
  onClose,
  onSaved,
}: {
  /** null: a new item. */
  existing: MaintenanceOutput | null;
  /** The aircraft a new item is for, when the screen already names one. */
  planeId?: string;
  onClose: () => void;
  onSaved: (saved: MaintenanceOutput) => void;
}) {
  const { t } = useTranslation(['maintenance', 'common']);
  const planes = useDatasource('planes');
  const [components, setComponents] = useState<ComponentOutput[]>([]);
  const form = useRecordForm({
    load: useCallback(async () => existing, [existing]),
    toValues: (item: MaintenanceOutput | null): ItemValues => ({
      plane_id: item?.plane_id ?? planeId ?? '',
      component_id: item?.component_id ?? '',
      name: item?.name ?? '',
      kind: (item?.kind ?? 'inspection') as MaintenanceKind,
      comment: item?.comment ?? '',
      active: (item?.status ?? 'active') === 'active',
      schedule: scheduleValuesOf(item),
    }),
    toInput: (values, item) => {
      const common = {
        name: values.name,
        kind: values.kind,
        comment: values.comment.trim() || null,
        component_id: values.component_id || null,
        ...scheduleBodyOf(values.schedule, !item),
      };
      return item
        ? { ...common, status: values.active ? 'active' : 'closed', version: item.version }
        : {
            ...common,
            plane_id: values.plane_id,
            comment: common.comment ?? undefined,
            component_id: common.component_id ?? undefined,
          };
    },
    schema: (item): typeof updateMaintenanceInput | typeof createMaintenanceInput =>
      item ? updateMaintenanceInput : createMaintenanceInput,
    save: (body, item) =>
      item
        ? call('updateMaintenanceItem', {
            params: { id: item.maintenance_id },
            body: body as z.infer<typeof updateMaintenanceInput>,
          })
        : call('createMaintenanceItem', { body: body as z.infer<typeof createMaintenanceInput> }),
    onSaved: (saved) => {
      if (!saved) return;
      flash('success', 'maintenance:flash.item_saved', { values: { name: saved.name } });
      onSaved(saved);
    },
    // The list behind the dialog shows the item as stored: close and let it reload.
    onConflict: () => {
      flash('error', 'conflict');
      onClose();
    },
    onCancel: onClose,
    focus: {
      prefix: 'item',
      fields: ['plane_id', 'component_id', 'name', 'kind', ...SCHEDULE_FIELDS, 'comment'],
    },
  });
  const values = form.values;
  const planeOfItem = values?.plane_id ?? '';

  useEffect(() => {
    if (!planeOfItem) return;
    let active = true;
    call('listPlaneComponents', { params: { id: planeOfItem }, query: { limit: 100 } }).then(
      (page) => active && setComponents(page.items),
      () => active && setComponents([]),
    );
    return () => {
      active = false;
    };
  }, [planeOfItem]);

  // A new item on an aeroplane or TMG counts engine time by default; a glider's flight time.
  const update = form.update;
  useEffect(() => {
    if (existing) return;
    const plane = planes.items.find((p) => p.plane_id === planeOfItem);
    if (plane)
      update((current) => ({
        ...current,
        schedule: {
          ...current.schedule,
          hours_basis: plane.plane_category === 'plc_01' || plane.is_tmg ? 'engine' : 'flight',
        },
      }));
  }, [existing, planes.items, planeOfItem, update]);

  if (!values) return null;
  const set = <K extends keyof ItemValues>(field: K, value: ItemValues[K]) =>
    form.update(
      (current) => ({ ...current, [field]: value, ...(field === 'plane_id' ? { component_id: '' } : {}) }),
      field,
    );
  const { errorText } = form;
  const invalid = (field: string) => form.has(field);

  const planeOptions = planes.items.map((p) => ({
    value: p.plane_id,
    label: p.reg_num,
    description: p.plane_type ?? undefined,
  }));
  const componentOptions = [
    { value: '', label: t('item.whole_aircraft') },
    ...components.map((c) => ({
      value: c.component_id,
      label: c.name,
      description: t(`component_type.${c.component_type}`),
    })),
  ];

  return (
    <RecordModal
      prefix="item"
      size="large"
      header={existing ? t('item.edit') : t('item.new')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label={t('field.plane')} errorText={errorText('plane_id')}>
            <Select
              selectedOption={planeOptions.find((o) => o.value === values.plane_id) ?? null}
              options={planeOptions}
              disabled={Boolean(existing)}
              statusType={planes.loading ? 'loading' : 'finished'}
              placeholder={t('field.plane_placeholder')}
              invalid={invalid('plane_id')}
              onChange={({ detail }) => set('plane_id', detail.selectedOption.value ?? '')}
              data-testid="item-plane_id"
            />
          </FormField>
          <FormField label={t('field.component')} errorText={errorText('component_id')}>
            <Select
              selectedOption={componentOptions.find((o) => o.value === values.component_id) ?? null}
              options={componentOptions}
              disabled={!values.plane_id}
              onChange={({ detail }) => set('component_id', detail.selectedOption.value ?? '')}
              data-testid="item-component_id"
            />
          </FormField>
          <FormField label={t('field.name')} errorText={errorText('name')}>
            <Input
              value={values.name}
              invalid={invalid('name')}
              onChange={({ detail }) => set('name', detail.value)}
              data-testid="item-name"
            />
          </FormField>
          <FormField label={t('field.kind')} errorText={errorText('kind')}>
            <Select
              selectedOption={{ value: values.kind, label: t(`kind.${values.kind}`) }}
              options={MAINTENANCE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              onChange={({ detail }) =>
                set('kind', (detail.selectedOption.value ?? 'inspection') as MaintenanceKind)
              }
              data-testid="item-kind"
            />
          </FormField>
        </ColumnLayout>
        <ScheduleFields
          values={values.schedule}
          onChange={(field, value) =>
            form.update(
              (current) => ({ ...current, schedule: { ...current.schedule, [field]: value } }),
              field,
              ...(field.startsWith('cycle_') ? ['cycle_hours'] : []),
            )
          }
          errorText={errorText}
          testPrefix="item"
        />
        <FormField label={t('field.comment')} errorText={errorText('comment')}>
          <Textarea value={values.comment} rows={2} onChange={({ detail }) => set('comment', detail.value)} />
        </FormField>
        {existing && (
          <Toggle
            checked={values.active}
            onChange={({ detail }) => set('active', detail.checked)}
            data-testid="item-active"
          >
            {t('item.active_toggle')}
          </Toggle>
        )}
      </SpaceBetween>
    </RecordModal>
  );
}

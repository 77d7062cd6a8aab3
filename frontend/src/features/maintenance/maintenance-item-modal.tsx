import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { MAINTENANCE_KINDS, type MaintenanceKind } from '../../../../contracts/schemas/aircraft-enums.ts';
import {
  type ComponentOutput,
  createMaintenanceInput,
  type MaintenanceOutput,
  updateMaintenanceInput,
} from '../../../../contracts/schemas/maintenance.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { ScheduleFields, type ScheduleValues, scheduleBodyOf, scheduleValuesOf } from './schedule-fields.tsx';

type Errors = Record<string, string[]>;

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
  const { t } = useTranslation(['maintenance', 'messages', 'common']);
  const planes = useDatasource('planes');
  const [values, setValues] = useState({
    plane_id: existing?.plane_id ?? planeId ?? '',
    component_id: existing?.component_id ?? '',
    name: existing?.name ?? '',
    kind: (existing?.kind ?? 'inspection') as MaintenanceKind,
    comment: existing?.comment ?? '',
    active: (existing?.status ?? 'active') === 'active',
  });
  const [schedule, setSchedule] = useState<ScheduleValues>(scheduleValuesOf(existing));
  const [components, setComponents] = useState<ComponentOutput[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!values.plane_id) return;
    let active = true;
    call('listPlaneComponents', { params: { id: values.plane_id }, query: { limit: 100 } }).then(
      (page) => active && setComponents(page.items),
      () => active && setComponents([]),
    );
    return () => {
      active = false;
    };
  }, [values.plane_id]);

  // A new item on an aeroplane or TMG counts engine time by default; a glider's flight time.
  useEffect(() => {
    if (existing) return;
    const plane = planes.items.find((p) => p.plane_id === values.plane_id);
    if (plane)
      setSchedule((s) => ({
        ...s,
        hours_basis: plane.plane_category === 'plc_01' || plane.is_tmg ? 'engine' : 'flight',
      }));
  }, [existing, planes.items, values.plane_id]);

  const clear = (field: string) =>
    setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues({ ...values, [field]: value, ...(field === 'plane_id' ? { component_id: '' } : {}) });
    clear(field);
  };
  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };

  const save = async () => {
    if (saving) return;
    const common = {
      name: values.name,
      kind: values.kind,
      comment: values.comment.trim() || null,
      component_id: values.component_id || null,
      ...scheduleBodyOf(schedule, !existing),
    };
    const body = existing
      ? { ...common, status: values.active ? 'active' : 'closed', version: existing.version }
      : {
          ...common,
          plane_id: values.plane_id,
          comment: common.comment ?? undefined,
          component_id: common.component_id ?? undefined,
        };
    const parsed = z.safeParse(existing ? updateMaintenanceInput : createMaintenanceInput, body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = existing
        ? await call('updateMaintenanceItem', {
            params: { id: existing.maintenance_id },
            body: parsed.data as z.infer<typeof updateMaintenanceInput>,
          })
        : await call('createMaintenanceItem', {
            body: parsed.data as z.infer<typeof createMaintenanceInput>,
          });
      flash('success', 'maintenance:flash.item_saved', { values: { name: saved.name } });
      onSaved(saved);
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict') {
        flash('error', 'conflict');
        onClose();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void save() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

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
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={existing ? t('item.edit') : t('item.new')}
      data-testid="item-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="item-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <ColumnLayout columns={2}>
              <FormField label={t('field.plane')} errorText={errorText('plane_id')}>
                <Select
                  selectedOption={planeOptions.find((o) => o.value === values.plane_id) ?? null}
                  options={planeOptions}
                  disabled={Boolean(existing)}
                  statusType={planes.loading ? 'loading' : 'finished'}
                  placeholder={t('field.plane_placeholder')}
                  invalid={Boolean(errors.plane_id)}
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
                  invalid={Boolean(errors.name)}
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
              values={schedule}
              onChange={(field, value) => {
                setSchedule({ ...schedule, [field]: value });
                clear(field);
                if (field.startsWith('cycle_')) clear('cycle_hours');
              }}
              errorText={errorText}
              testPrefix="item"
            />
            <FormField label={t('field.comment')} errorText={errorText('comment')}>
              <Textarea
                value={values.comment}
                rows={2}
                onChange={({ detail }) => set('comment', detail.value)}
              />
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
        </Form>
      </form>
    </Modal>
  );
}

import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { type Permission, ROLE_LABELS } from '../../../../contracts/permissions.ts';
import {
  createRoleInput,
  GRANTABLE_GUARD_ROLES,
  type RoleOutput,
  updateRoleInput,
} from '../../../../contracts/schemas/members.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { RecordModal } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import {
  groupPermissions,
  PERMISSION_ACTIONS,
  type PermissionGroup,
  permissionsOf,
} from './permission-groups.ts';

const FIELDS = ['role_name', 'guard_role', 'label', 'permissions'];

/**
 * Creates or edits a role: its name, the guard role it grants (never supervisor), a label, and the
 * permissions grouped by screen — list, edit, create, delete and the screen's special ones.
 */
export function RoleEditor({
  role,
  onClose,
  onSaved,
  onConflict,
}: {
  role: RoleOutput | null;
  onClose: () => void;
  onSaved: (role: RoleOutput, created: boolean) => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation(['people', 'common', 'roles']);
  const groups = useMemo(() => groupPermissions(), []);
  const form = useRecordForm({
    load: useCallback(async () => role, [role]),
    toValues: (stored: RoleOutput | null) => ({
      role_name: stored?.role_name ?? '',
      guard_role: stored?.guard_role ?? '',
      label: stored?.label ?? '',
      permissions: [...(stored?.permissions ?? [])].sort() as Permission[],
    }),
    toInput: (values, stored) => ({
      role_name: values.role_name,
      guard_role: values.guard_role || null,
      label: values.label || null,
      permissions: values.permissions,
      ...(stored ? { version: stored.version } : {}),
    }),
    schema: (stored): typeof updateRoleInput | typeof createRoleInput =>
      stored ? updateRoleInput : createRoleInput,
    save: (body, stored) =>
      stored
        ? call('updateRole', {
            params: { role_id: stored.role_id },
            body: body as z.infer<typeof updateRoleInput>,
          })
        : call('createRole', { body: body as z.infer<typeof createRoleInput> }),
    onSaved: (saved, before) => saved && onSaved(saved, before === null),
    // Changed or removed meanwhile: the roles screen reloads the list.
    onConflict,
    onSaveError: (error) => {
      if (!(error instanceof ApiError && error.code === 'not_found')) return false;
      onConflict();
      return true;
    },
    onCancel: onClose,
    focus: { prefix: 'role', fields: FIELDS },
  });
  const { values, errorText, set } = form;
  if (!values) return null;
  const chosen = new Set(values.permissions);
  const toggle = (permissions: Permission[], on: boolean) => {
    const next = new Set(chosen);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    set('permissions', [...next].sort());
  };

  const box = (permission: Permission | undefined) =>
    permission ? (
      <Checkbox
        checked={chosen.has(permission)}
        onChange={({ detail }) => toggle([permission], detail.checked)}
        ariaLabel={permission}
        data-testid={`permission-${permission}`}
      />
    ) : (
      <Box color="text-status-inactive">—</Box>
    );

  return (
    <RecordModal
      prefix="role"
      testId="role-editor"
      size="max"
      header={role ? t('role.edit_title', { name: role.role_name }) : t('role.create_title')}
      errorText={form.formErrorText()}
      saving={form.saving}
      onSubmit={form.submit}
      onSave={() => form.submit()}
      onCancel={onClose}
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <FormField label={t('role.name')} errorText={errorText('role_name')}>
            <Input
              value={values.role_name}
              onChange={({ detail }) => set('role_name', detail.value)}
              invalid={form.has('role_name')}
              data-testid="role-role_name"
            />
          </FormField>
          <FormField
            label={t('role.guard_role')}
            description={t('role.guard_role_hint')}
            errorText={errorText('guard_role')}
          >
            <Select
              selectedOption={{
                value: values.guard_role,
                label: values.guard_role ? dynamicT(t)(values.guard_role, { ns: 'roles' }) : t('field.none'),
              }}
              options={[
                { value: '', label: t('field.none') },
                ...GRANTABLE_GUARD_ROLES.map((r) => ({ value: r, label: t(r, { ns: 'roles' }) })),
              ]}
              onChange={({ detail }) => set('guard_role', detail.selectedOption.value ?? '')}
              data-testid="role-guard_role"
            />
          </FormField>
          <FormField
            label={t('role.label')}
            description={t('role.label_hint')}
            errorText={errorText('label')}
          >
            <Select
              selectedOption={{
                value: values.label,
                label: values.label ? dynamicT(t)(values.label, { ns: 'roles' }) : t('field.none'),
              }}
              options={[
                { value: '', label: t('field.none') },
                ...ROLE_LABELS.map((l) => ({ value: l, label: t(l, { ns: 'roles' }) })),
              ]}
              onChange={({ detail }) => set('label', detail.selectedOption.value ?? '')}
              filteringType="auto"
              data-testid="role-label"
            />
          </FormField>
        </ColumnLayout>
        <FormField
          label={t('role.permissions')}
          description={t('role.permissions_hint', { count: chosen.size })}
          errorText={errorText('permissions')}
          stretch
        >
          {/* A fixed grid of checkboxes, one row per screen: every action column counts, none is hidden. */}
          <DataTable<PermissionGroup>
            id="role-permissions"
            fixedColumns
            testId="role-permissions"
            variant="embedded"
            items={groups}
            trackBy="screen"
            columns={[
              {
                id: 'screen',
                header: t('role.screen'),
                cell: (group) => {
                  const all = permissionsOf(group);
                  const count = all.filter((p) => chosen.has(p)).length;
                  return (
                    <Checkbox
                      checked={count === all.length}
                      indeterminate={count > 0 && count < all.length}
                      onChange={({ detail }) => toggle(all, detail.checked)}
                      data-testid={`permission-group-${group.screen}`}
                    >
                      {dynamicT(t)(`permission_screen.${group.screen}`)}
                    </Checkbox>
                  );
                },
              },
              ...PERMISSION_ACTIONS.map((action) => ({
                id: action,
                header: t(`permission_action.${action}`),
                cell: (group: PermissionGroup) => box(group.actions[action]),
                short: true,
              })),
              {
                id: 'other',
                header: t('permission_action.other'),
                cell: (group) =>
                  group.other.length === 0 ? (
                    <Box color="text-status-inactive">—</Box>
                  ) : (
                    <SpaceBetween size="xxs">
                      {group.other.map((permission) => (
                        <Checkbox
                          key={permission}
                          checked={chosen.has(permission)}
                          onChange={({ detail }) => toggle([permission], detail.checked)}
                          data-testid={`permission-${permission}`}
                        >
                          {dynamicT(t)(`permission.${permission}`)}
                        </Checkbox>
                      ))}
                    </SpaceBetween>
                  ),
              },
            ]}
          />
        </FormField>
      </SpaceBetween>
    </RecordModal>
  );
}

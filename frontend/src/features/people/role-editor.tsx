import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { type Permission, ROLE_LABELS } from '../../../../contracts/permissions.ts';
import {
  createRoleInput,
  GRANTABLE_GUARD_ROLES,
  type RoleOutput,
  updateRoleInput,
} from '../../../../contracts/schemas/members.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { type Errors, focusFirstError, withoutField } from './form-errors.ts';
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
  const { t } = useTranslation(['people', 'common', 'messages', 'roles']);
  const groups = useMemo(() => groupPermissions(), []);
  const [name, setName] = useState(role?.role_name ?? '');
  const [guardRole, setGuardRole] = useState<string>(role?.guard_role ?? '');
  const [label, setLabel] = useState<string>(role?.label ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const toggle = (permissions: Permission[], on: boolean) => {
    const next = new Set(chosen);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    setChosen(next);
    setErrors(withoutField(errors, 'permissions'));
  };

  const save = async () => {
    if (saving) return;
    const fields = {
      role_name: name,
      guard_role: guardRole || null,
      label: label || null,
      permissions: [...chosen],
    };
    const parsed = role
      ? z.safeParse(updateRoleInput, { ...fields, version: role.version })
      : z.safeParse(createRoleInput, fields);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      setErrors(problems);
      focusFirstError('role', FIELDS, problems);
      return;
    }
    setSaving(true);
    try {
      const saved = role
        ? await call('updateRole', {
            params: { role_id: role.role_id },
            body: { ...fields, version: role.version } as z.infer<typeof updateRoleInput>,
          })
        : await call('createRole', { body: fields as z.infer<typeof createRoleInput> });
      onSaved(saved, role === null);
    } catch (error) {
      if (error instanceof FieldErrors) {
        setErrors(error.errors);
        focusFirstError('role', FIELDS, error.errors);
      } else if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'not_found')) {
        onConflict();
      } else reportFailure(error);
    } finally {
      setSaving(false);
    }
  };

  useDialogKeys({ onCancel: onClose, onSave: () => void save() });

  const errorText = (field: string) => {
    const key = Object.entries(errors).find(([n]) => n === field || n.startsWith(`${field}.`))?.[1][0];
    return key ? t(key, { ns: 'messages' }) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
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
    <Modal
      visible
      size="max"
      onDismiss={onClose}
      header={role ? t('role.edit_title', { name: role.role_name }) : t('role.create_title')}
      data-testid="role-editor"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="role-cancel">
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="role-save">
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form errorText={Object.keys(errors).length ? t('validation_failed', { ns: 'messages' }) : undefined}>
          <SpaceBetween size="l">
            <ColumnLayout columns={3}>
              <FormField label={t('role.name')} errorText={errorText('role_name')}>
                <Input
                  value={name}
                  onChange={({ detail }) => {
                    setName(detail.value);
                    setErrors(withoutField(errors, 'role_name'));
                  }}
                  invalid={Boolean(errors.role_name)}
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
                    value: guardRole,
                    label: guardRole ? t(guardRole, { ns: 'roles' }) : t('field.none'),
                  }}
                  options={[
                    { value: '', label: t('field.none') },
                    ...GRANTABLE_GUARD_ROLES.map((r) => ({ value: r, label: t(r, { ns: 'roles' }) })),
                  ]}
                  onChange={({ detail }) => {
                    setGuardRole(detail.selectedOption.value ?? '');
                    setErrors(withoutField(errors, 'guard_role'));
                  }}
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
                    value: label,
                    label: label ? t(label, { ns: 'roles' }) : t('field.none'),
                  }}
                  options={[
                    { value: '', label: t('field.none') },
                    ...ROLE_LABELS.map((l) => ({ value: l, label: t(l, { ns: 'roles' }) })),
                  ]}
                  onChange={({ detail }) => setLabel(detail.selectedOption.value ?? '')}
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
              <Table<PermissionGroup>
                data-testid="role-permissions"
                variant="embedded"
                items={groups}
                trackBy="screen"
                wrapLines
                columnDefinitions={[
                  {
                    id: 'screen',
                    header: t('role.screen'),
                    isRowHeader: true,
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
                          {t(`permission_screen.${group.screen}`)}
                        </Checkbox>
                      );
                    },
                  },
                  ...PERMISSION_ACTIONS.map((action) => ({
                    id: action,
                    header: t(`permission_action.${action}`),
                    cell: (group: PermissionGroup) => box(group.actions[action]),
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
                              {t(`permission.${permission}`)}
                            </Checkbox>
                          ))}
                        </SpaceBetween>
                      ),
                  },
                ]}
              />
            </FormField>
          </SpaceBetween>
        </Form>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

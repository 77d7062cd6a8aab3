import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleOutput } from '../../../../contracts/schemas/members.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ApiError, call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { RoleEditor } from './role-editor.tsx';

const byRoleName = (a: RoleOutput, b: RoleOutput) => a.role_name.localeCompare(b.role_name);

/** Roles of a club are few; more than this many pages would be a bug, not a club. */
const MAX_PAGES = 20;

/**
 * `roles`: the organization's roles. Listing needs role-list; creating, editing and deleting need
 * role-create, role-edit and role-delete — the buttons follow the same permissions the API checks.
 */
export default function RolesPage() {
  const { t } = useTranslation(['people', 'common', 'messages', 'roles', 'nav']);
  const { profile } = useStore(session);
  const can = profile?.can ?? {};
  const [roles, setRoles] = useState<RoleOutput[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<RoleOutput | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleOutput | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      const all: RoleOutput[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await call('listRoles', { query: { cursor, limit: 100 } });
        all.push(...result.items);
        if (!result.cursor) break;
        cursor = result.cursor;
      }
      setRoles(all);
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const { items, collectionProps, filterProps, paginationProps, filteredItemsCount } = useCollection(roles, {
    filtering: {
      filteringFunction: (role, text) =>
        role.role_name.toLocaleLowerCase().includes(text.toLocaleLowerCase()),
      empty: (
        <Box textAlign="center" color="inherit" padding="l">
          {failed ? (
            <SpaceBetween size="s">
              <span>{t('roles.load_failed')}</span>
              <Button onClick={() => void load()}>{t('common:action.retry')}</Button>
            </SpaceBetween>
          ) : (
            <b>{t('roles.empty')}</b>
          )}
        </Box>
      ),
      noMatch: (
        <Box textAlign="center" color="inherit" padding="l">
          <b>{t('roles.no_match')}</b>
        </Box>
      ),
    },
    sorting: {
      defaultState: {
        sortingColumn: { sortingField: 'role_name', sortingComparator: byRoleName },
      },
    },
    pagination: { pageSize: 25 },
    selection: { trackBy: 'role_id' },
  });
  const selected = collectionProps.selectedItems?.[0];

  /** A change to roles may change the editor's own rights: the menu follows. */
  const afterChange = () => {
    void load();
    void refreshProfile().catch(() => {});
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await call('deleteRole', { params: { role_id: deleting.role_id } });
      flash('success', 'role_deleted', { values: { name: deleting.role_name } });
      afterChange();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'role_in_use') flash('error', 'role_in_use');
      else if (error instanceof ApiError && error.code === 'not_found') {
        flash('error', 'not_found');
        void load();
      } else reportFailure(error);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const selectable = can['role-edit'] === true || can['role-delete'] === true;

  return (
    <>
      <DataTable
        id="roles"
        collection={collectionProps}
        testId="roles-table"
        variant="full-page"
        items={items}
        loading={loading}
        loadingText={t('roles.loading')}
        selectionType={selectable ? 'single' : undefined}
        ariaLabels={{
          selectionGroupLabel: t('roles.selection'),
          itemSelectionLabel: (item) => item.role_name,
        }}
        header={
          <Header
            variant="h1"
            counter={`(${roles.length})`}
            description={t('roles.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {can['role-delete'] && (
                  <Button
                    disabled={!selected}
                    onClick={() => setDeleting(selected ?? null)}
                    data-testid="roles-delete"
                  >
                    {t('roles.delete')}
                  </Button>
                )}
                {can['role-edit'] && (
                  <Button
                    disabled={!selected}
                    onClick={() => setEditing(selected ?? null)}
                    data-testid="roles-edit"
                  >
                    {t('roles.edit')}
                  </Button>
                )}
                {can['role-create'] && (
                  <Button variant="primary" onClick={() => setEditing('new')} data-testid="roles-create">
                    {t('roles.create')}
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            {t('nav:title.roles')}
          </Header>
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder={t('roles.filter_placeholder')}
            filteringAriaLabel={t('roles.filter_placeholder')}
            countText={t('roles.matches', { count: filteredItemsCount ?? 0 })}
            data-testid="roles-filter"
          />
        }
        pagination={<Pagination {...paginationProps} />}
        columns={[
          {
            id: 'role_name',
            header: t('roles.column.name'),
            sortingField: 'role_name',
            sortingComparator: byRoleName,
            cell: (role) => <span data-testid={`role-row-${role.role_id}`}>{role.role_name}</span>,
          },
          {
            id: 'guard_role',
            header: t('roles.column.guard_role'),
            cell: (role) => (role.guard_role ? t(role.guard_role, { ns: 'roles' }) : '—'),
          },
          {
            id: 'label',
            header: t('roles.column.label'),
            cell: (role) => (role.label ? t(role.label, { ns: 'roles' }) : '—'),
          },
          {
            id: 'permissions',
            header: t('roles.column.permissions'),
            cell: (role) => role.permissions.length,
          },
        ]}
      />
      {editing && (
        <RoleEditor
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(role, created) => {
            setEditing(null);
            flash('success', created ? 'role_created' : 'role_saved', { values: { name: role.role_name } });
            afterChange();
          }}
          onConflict={() => {
            setEditing(null);
            flash('error', 'conflict');
            void load();
          }}
        />
      )}
      <ConfirmModal
        visible={deleting !== null}
        header={t('roles.confirm_delete.title')}
        confirmText={t('roles.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        testId="roles-confirm-delete"
      >
        {deleting ? t('roles.confirm_delete.body', { name: deleting.role_name }) : null}
      </ConfirmModal>
    </>
  );
}

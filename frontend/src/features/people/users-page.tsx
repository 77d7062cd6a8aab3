import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberListItem } from '../../../../contracts/schemas/members.ts';
import { PageLink, useCanOpen, usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { reportSaveFailure } from '../../components/forms/use-record-form.ts';
import { MemberAvatar } from '../../components/person/member-avatar.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { AddMemberModal } from './add-member-modal.tsx';

const PAGE_SIZE = 20;
const STATUS_TYPES = {
  active: 'success',
  suspended: 'stopped',
  invited: 'pending',
  declined: 'error',
} as const satisfies Record<MemberListItem['status'], StatusIndicatorProps.Type>;
type Pending = { kind: 'remove' | 'suspend' | 'reactivate' | 'withdraw'; member: MemberListItem };

/** Invitations (issue 11 §1) are rows of the list too; the person's data is not the club's until they accept. */
const isInvitation = (member: MemberListItem) => member.status === 'invited' || member.status === 'declined';
/** How a row is named in messages: the member's name, or the e-mail an invitation went to. */
const labelOf = (member: MemberListItem) => member.user_name ?? member.email;

/**
 * `users`: the organization's members, paged by the server in name order, filtered by name or
 * e-mail and by role. Who may edit (user-edit) adds, edits, suspends and removes members; admins
 * also reach the member's pilot data and permits.
 */
export default function UsersPage() {
  const { t } = useTranslation(['people', 'common', 'messages', 'nav']);
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const mayOpen = useCanOpen();
  const canEdit = profile?.can['user-edit'] === true;

  const [filterText, setFilterText] = useState('');
  const q = useDebounced(filterText.trim());
  const [role, setRole] = useState<SelectProps.Option | null>(null);
  const [descending, setDescending] = useState(false);
  const [roleOptions, setRoleOptions] = useState<{ role_id: string; role_name: string }[]>([]);
  const [selected, setSelected] = useState<MemberListItem[]>([]);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const roleId = role?.value || undefined;
  const pages = useCursorPages(
    async (cursor) => {
      const page = await call('listMembers', {
        query: {
          cursor,
          limit: PAGE_SIZE,
          q: q || undefined,
          role: roleId,
          order: descending ? 'desc' : 'asc',
        },
      });
      setRoleOptions(page.roles);
      return page;
    },
    JSON.stringify([q, roleId, descending]),
  );

  const member = selected[0];
  // Which screens a member's actions open is the same for every member: the guard reads no ids.
  const target = member?.user_id ?? '-';
  const go = (path: string, id: string) => navigate(hrefOf(path, { id }));

  // A suspended member's own data (person record, pilot data, permits) is out of reach until reactivated.
  const active = member === undefined || member.status === 'active';
  const actions: ButtonDropdownProps.Item[] =
    member && isInvitation(member)
      ? canEdit
        ? [
            {
              id: 'withdraw',
              text: t(member.status === 'invited' ? 'users.action.withdraw' : 'users.action.clear_declined'),
            },
          ]
        : []
      : [
          ...(mayOpen(hrefOf('user/:id', { id: target }))
            ? [{ id: 'edit', text: t('users.action.edit'), disabled: !active }]
            : []),
          ...(mayOpen(hrefOf('pilot-info/:id', { id: target }))
            ? [{ id: 'pilot_info', text: t('users.action.pilot_info'), disabled: !active }]
            : []),
          ...(mayOpen(hrefOf('organization/permits/:id', { id: target }))
            ? [{ id: 'permits', text: t('users.action.permits'), disabled: !active }]
            : []),
          ...(canEdit && member
            ? [
                member.status === 'active'
                  ? { id: 'suspend', text: t('users.action.suspend') }
                  : { id: 'reactivate', text: t('users.action.reactivate') },
                { id: 'remove', text: t('users.action.remove') },
              ]
            : []),
        ];

  const onAction = (id: string) => {
    if (!member) return;
    if (id === 'edit') go('user/:id', member.user_id);
    else if (id === 'pilot_info') go('pilot-info/:id', member.user_id);
    else if (id === 'permits') go('organization/permits/:id', member.user_id);
    else if (id === 'remove' || id === 'suspend' || id === 'reactivate' || id === 'withdraw')
      setPending({ kind: id, member });
  };

  const confirmPending = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'remove') {
        await call('removeMember', { params: { user_id: pending.member.user_id } });
        flash('success', 'member_removed', { values: { name: labelOf(pending.member) } });
      } else if (pending.kind === 'withdraw') {
        await call('withdrawInvitation', { params: { user_id: pending.member.user_id } });
        flash('success', 'invitation_withdrawn', { values: { email: pending.member.email } });
      } else {
        await call('setMemberStatus', {
          params: { user_id: pending.member.user_id },
          body: {
            status: pending.kind === 'suspend' ? 'suspended' : 'active',
            version: pending.member.version,
          },
        });
        flash('success', pending.kind === 'suspend' ? 'member_suspended' : 'member_reactivated', {
          values: { name: labelOf(pending.member) },
        });
      }
      setSelected([]);
      pages.reload();
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'own_membership' || error.code === 'invitation_declined')
      )
        flash('error', error.code);
      else reportSaveFailure(error, pages.reload);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const filtered = q !== '' || roleId !== undefined;

  return (
    <>
      <DataTable
        id="users"
        testId="users-table"
        variant="full-page"
        stickyHeader
        items={pages.items}
        trackBy="user_id"
        loading={pages.loading}
        loadingText={t('users.loading')}
        selectionType={actions.length > 0 ? 'single' : undefined}
        selectedItems={selected}
        onSelectionChange={setSelected}
        ariaLabels={{
          selectionGroupLabel: t('users.selection'),
          itemSelectionLabel: (item) => labelOf(item),
        }}
        sortingColumn={{ sortingField: 'user_name' }}
        sortingDescending={descending}
        onSortingChange={({ detail }) => setDescending(detail.isDescending ?? false)}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('users.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {actions.length > 0 && (
                  <ButtonDropdown
                    items={actions}
                    disabled={!member}
                    onItemClick={({ detail }) => onAction(detail.id)}
                    data-testid="users-actions"
                  >
                    {t('users.actions')}
                  </ButtonDropdown>
                )}
                {canEdit && (
                  <Button variant="primary" onClick={() => setAdding(true)} data-testid="users-add">
                    {t('users.add')}
                  </Button>
                )}
              </SpaceBetween>
            }
          >
            {t('nav:title.users')}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <TextFilter
              filteringText={filterText}
              filteringPlaceholder={t('users.filter_placeholder')}
              filteringAriaLabel={t('users.filter_placeholder')}
              onChange={({ detail }) => setFilterText(detail.filteringText)}
              data-testid="users-filter"
            />
            <Select
              selectedOption={role ?? { value: '', label: t('users.all_roles') }}
              options={[
                { value: '', label: t('users.all_roles') },
                ...roleOptions.map((r) => ({ value: r.role_id, label: r.role_name })),
              ]}
              onChange={({ detail }) => setRole(detail.selectedOption.value ? detail.selectedOption : null)}
              ariaLabel={t('users.role_filter')}
              data-testid="users-role-filter"
            />
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={pages.pageNumber}
            pagesCount={pages.pagesCount}
            openEnd={pages.hasMore}
            onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
            disabled={pages.loading}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            {pages.failed ? (
              <SpaceBetween size="s">
                <span>{t('users.load_failed')}</span>
                <Button onClick={pages.reload}>{t('common:action.retry')}</Button>
              </SpaceBetween>
            ) : (
              <b>{filtered ? t('users.no_match') : t('users.empty')}</b>
            )}
          </Box>
        }
        columns={[
          {
            id: 'user_name',
            header: t('users.column.name'),
            sortingField: 'user_name',
            cell: (item) =>
              item.user_name === null ? (
                // An invitation: the name is the person's own until they accept.
                <Box color="text-status-inactive" data-testid={`member-${item.user_id}`}>
                  {t('users.name_hidden')}
                </Box>
              ) : (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <MemberAvatar
                    name={item.user_name}
                    url={item.avatar}
                    testId={`member-avatar-${item.user_id}`}
                  />
                  {item.status === 'active' ? (
                    <PageLink
                      href={hrefOf('user/:id', { id: item.user_id })}
                      data-testid={`member-${item.user_id}`}
                    >
                      {item.user_name}
                    </PageLink>
                  ) : (
                    <span data-testid={`member-${item.user_id}`}>{item.user_name}</span>
                  )}
                </SpaceBetween>
              ),
          },
          { id: 'email', header: t('users.column.email'), cell: (item) => item.email },
          { id: 'callsign', header: t('users.column.callsign'), cell: (item) => item.callsign ?? '—' },
          {
            id: 'roles',
            header: t('users.column.roles'),
            cell: (item) => (item.roles.length ? item.roles.join(', ') : '—'),
          },
          {
            id: 'status',
            header: t('users.column.status'),
            cell: (item) => (
              <span data-testid={`member-status-${item.user_id}`} data-status={item.status}>
                <StatusIndicator type={STATUS_TYPES[item.status]}>
                  {t(`users.status.${item.status}`)}
                </StatusIndicator>
              </span>
            ),
          },
        ]}
      />
      {adding && (
        <AddMemberModal
          roles={roleOptions}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            pages.reload();
          }}
        />
      )}
      <ConfirmModal
        visible={pending !== null}
        header={pending ? t(`users.confirm.${pending.kind}.title`) : ''}
        confirmText={pending ? t(`users.confirm.${pending.kind}.confirm`) : ''}
        busy={busy}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
        testId="users-confirm"
      >
        {pending
          ? t(`users.confirm.${pending.kind}.body`, {
              name: labelOf(pending.member),
              email: pending.member.email,
            })
          : null}
      </ConfirmModal>
    </>
  );
}

import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';
import type { Module } from '../../../../contracts/modules.ts';
import { useCanOpen } from '../../app/links.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/**
 * The person's own screens (spec §2 profile routes), in the user menu of the top navigation; one
 * that needs a module shows only where the organization has it on.
 */
const PROFILE_MENU: readonly {
  key:
    | 'profile_edit'
    | 'pilot_info_edit'
    | 'profile_transactions'
    | 'profile_documents'
    | 'notifications'
    | 'profile_actions'
    | 'change_password';
  path: string;
  module?: Module;
}[] = [
  { key: 'profile_edit', path: 'profile/edit' },
  { key: 'pilot_info_edit', path: 'profile/pilot-info-edit' },
  { key: 'profile_transactions', path: 'profile/transactions', module: 'financial' },
  { key: 'profile_documents', path: 'profile/documents' },
  { key: 'notifications', path: 'profile/notifications' },
  { key: 'profile_actions', path: 'profile/actions' },
  { key: 'change_password', path: 'profile/change-password' },
];

/** The items of a signed-in person's menu; `nav` is asked for only then (the public screens go without). */
export function useProfileMenuItems(signedIn: boolean): ButtonDropdownProps.Item[] {
  const { t } = useTranslation(signedIn ? 'nav' : 'common');
  const { profile } = useStore(session);
  const mayOpen = useCanOpen();
  if (!signedIn) return [];
  const modules = profile?.organization?.modules ?? [];
  return PROFILE_MENU.filter(
    (item) => (!item.module || modules.includes(item.module)) && mayOpen(hrefOf(item.path)),
  ).map(({ key, path }) => ({
    id: `profile-${key}`,
    text: t(`menu.${key}`),
    href: hrefOf(path),
  }));
}

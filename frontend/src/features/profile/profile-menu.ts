import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../app/links.tsx';
import { hrefOf } from '../../lib/navigation.ts';

/** The person's own screens (spec §2 profile routes), in the user menu of the top navigation. */
const PROFILE_MENU = [
  { key: 'profile_edit', path: 'profile/edit' },
  { key: 'pilot_info_edit', path: 'profile/pilot-info-edit' },
  { key: 'notifications', path: 'profile/notifications' },
  { key: 'profile_actions', path: 'profile/actions' },
  { key: 'change_password', path: 'profile/change-password' },
] as const;

/** The items of a signed-in person's menu; `nav` is asked for only then (the public screens go without). */
export function useProfileMenuItems(signedIn: boolean): ButtonDropdownProps.Item[] {
  const { t } = useTranslation(signedIn ? 'nav' : 'common');
  const mayOpen = useCanOpen();
  if (!signedIn) return [];
  return PROFILE_MENU.filter(({ path }) => mayOpen(hrefOf(path))).map(({ key, path }) => ({
    id: `profile-${key}`,
    text: t(`menu.${key}`),
    href: hrefOf(path),
  }));
}

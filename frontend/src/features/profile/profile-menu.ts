import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useTranslation } from 'react-i18next';
import { hrefOf } from '../../lib/navigation.ts';

/** The person's own screens (spec §2 profile routes), in the user menu of the top navigation. */
const PROFILE_MENU = [
  { key: 'profile_edit', path: 'profile/edit' },
  { key: 'pilot_info_edit', path: 'profile/pilot-info-edit' },
  { key: 'profile_documents', path: 'profile/documents' },
  { key: 'notifications', path: 'profile/notifications' },
  { key: 'profile_actions', path: 'profile/actions' },
  { key: 'change_password', path: 'profile/change-password' },
] as const;

export function useProfileMenuItems(): ButtonDropdownProps.Item[] {
  const { t } = useTranslation('nav');
  return PROFILE_MENU.map(({ key, path }) => ({
    id: `profile-${key}`,
    text: t(`menu.${key}`),
    href: hrefOf(path),
  }));
}

import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useTranslation } from 'react-i18next';
import { isLang, LANGS } from '../../../contracts/langs.ts';
import { useNotificationsBell } from '../features/notifications/notifications-bell.ts';
import { useProfileMenuItems } from '../features/profile/profile-menu.ts';
import { GlobalSearch } from '../features/search/global-search.tsx';
import { reportFailure } from '../lib/api-client.ts';
import { currentLang, LANG_NAMES } from '../lib/i18n.ts';
import { lockScreen } from '../lib/lock.ts';
import { switchLanguage, switchOrganization } from '../lib/session.ts';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { usePageNavigate } from './links.tsx';

const LANG_ITEM = 'lang-';
const ORG_ITEM = 'org-';

/**
 * The top bar of every layout: Windsock, the organization switch, the language menu (saved to the
 * server when signed in, spec §4), help where the layout has no help panel (`onHelp`) and the user
 * menu with sign out.
 */
export function ShellTopNavigation({ onHelp }: { onHelp?: () => void }) {
  const { t } = useTranslation('common');
  const navigate = usePageNavigate();
  const { loggedIn, profile, organizations } = useStore(session);
  const lang = currentLang();
  const notificationsBell = useNotificationsBell();
  const profileMenuItems = useProfileMenuItems(Boolean(loggedIn && profile));
  const utilities: TopNavigationProps.Utility[] = [];

  if (loggedIn && profile && organizations.length > 0) {
    utilities.push({
      type: 'menu-dropdown',
      iconName: 'group',
      text: profile.organization?.short_name ?? t('nav.no_organization'),
      title: t('nav.organization'),
      ariaLabel: t('nav.organization'),
      items: organizations.map((membership) => ({
        id: `${ORG_ITEM}${membership.organization.organization_id}`,
        text: membership.organization.organization_name,
        secondaryText: membership.organization.short_name,
        itemType: 'checkbox',
        checked: membership.current,
      })),
      onItemClick: ({ detail }) => {
        const organizationId = detail.id.slice(ORG_ITEM.length);
        if (organizationId !== profile.organization?.organization_id) {
          switchOrganization(organizationId).catch(reportFailure);
        }
      },
    });
  }

  utilities.push({
    type: 'menu-dropdown',
    iconName: 'globe',
    text: LANG_NAMES[lang],
    title: t('nav.language'),
    ariaLabel: t('nav.language'),
    items: LANGS.map((item) => ({
      id: `${LANG_ITEM}${item}`,
      text: LANG_NAMES[item],
      lang: item,
      itemType: 'checkbox',
      checked: item === lang,
    })),
    onItemClick: ({ detail }) => {
      const next = detail.id.slice(LANG_ITEM.length);
      if (isLang(next)) switchLanguage(next).catch(reportFailure);
    },
  });

  if (onHelp) {
    utilities.push({
      type: 'button',
      iconName: 'status-info',
      title: t('nav.help'),
      ariaLabel: t('nav.help'),
      onClick: onHelp,
    });
  }
  if (notificationsBell) utilities.push(notificationsBell);
  if (loggedIn && profile) {
    utilities.push({
      type: 'menu-dropdown',
      // The person's picture where they have one (profile/edit), else the generic icon.
      ...(profile.avatar
        ? { iconUrl: profile.avatar, iconAlt: profile.user_name }
        : { iconName: 'user-profile' }),
      text: profile.user_name,
      description: profile.email,
      ariaLabel: t('nav.user_menu'),
      items: [
        ...profileMenuItems,
        { id: 'lock', text: t('lock.menu'), iconName: 'lock-private' },
        { id: 'sign-out', text: t('nav.sign_out'), href: '/logout/' },
      ],
      onItemClick: ({ detail }) => {
        if (detail.id === 'lock') lockScreen();
      },
      onItemFollow: (event) => {
        event.preventDefault();
        navigate(event.detail.href ?? '/logout/');
      },
    });
  }

  return (
    <TopNavigation
      identity={{
        href: '/',
        title: t('app.name'),
        onFollow: (event) => {
          event.preventDefault();
          navigate('/');
        },
      }}
      search={loggedIn && profile ? <GlobalSearch /> : undefined}
      utilities={utilities}
      i18nStrings={{
        overflowMenuTriggerText: t('nav.more'),
        overflowMenuTitleText: t('nav.all'),
        overflowMenuBackIconAriaLabel: t('nav.back'),
        overflowMenuDismissIconAriaLabel: t('nav.close_menu'),
      }}
    />
  );
}

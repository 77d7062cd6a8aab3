import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanOpen, usePageNavigate } from '../../app/links.tsx';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { notificationText } from './notification-text.ts';
import { bell, bellArrived, loadBell, resetBell } from './notifications-state.ts';

const ITEM = 'notification-';
const ALL = 'notifications-all';
export const NOTIFICATIONS_PAGE = 'profile/notifications/:id?';

/**
 * The bell of the top navigation: the unread count and the newest unread notifications, for every
 * signed-in person (with or without an organization). While signed in it also keeps the live
 * connection open (loaded lazily): a pushed notification is counted and shown at once, and the
 * refresh channel reloads the profile.
 */
export function useNotificationsBell(): TopNavigationProps.Utility | null {
  const navigate = usePageNavigate();
  const mayOpen = useCanOpen();
  const { loggedIn, profile } = useStore(session);
  const { unread, latest } = useStore(bell);
  const userId = loggedIn ? profile?.user_id : undefined;
  // Its strings only for someone signed in; not suspending the top bar for the notifications'
  // own: they arrive a moment later.
  const { t } = useTranslation(userId ? 'nav' : 'common');
  useTranslation(userId ? 'notifications' : 'common', { useSuspense: false });

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadBell().catch(() => undefined);
    import('./live-push.ts')
      .then(({ startLivePush }) => {
        if (cancelled) return;
        stop = startLivePush(userId, {
          onNotification: (notification) => {
            bellArrived(notification);
            flash('info', 'notifications:live', {
              values: { message: notificationText(i18next.getFixedT(null, 'notifications'), notification) },
            });
          },
          onRefresh: () => {
            refreshProfile()
              .then(refreshOrganizations)
              .catch(() => undefined);
          },
        });
      })
      .catch((error: unknown) => console.warn('live push unavailable', error));
    return () => {
      cancelled = true;
      stop?.();
      resetBell();
    };
  }, [userId]);

  if (!userId) return null;
  const label = t('bell.label');
  return {
    type: 'menu-dropdown',
    iconName: 'notification',
    badge: unread > 0,
    // Stays in the bar on a phone, not in the overflow menu.
    disableUtilityCollapse: true,
    text: unread > 0 ? String(unread) : undefined,
    title: label,
    ariaLabel: unread > 0 ? `${label}: ${t('bell.unread', { count: unread })}` : label,
    items: [
      ...(latest.length === 0
        ? [{ id: 'notifications-none', text: t('bell.none'), disabled: true }]
        : latest.map((notification) => ({
            id: `${ITEM}${notification.id}`,
            text: notificationText(i18next.getFixedT(null, 'notifications'), notification),
            href: hrefOf(NOTIFICATIONS_PAGE, { id: notification.id }),
          }))),
      { id: ALL, text: t('bell.all'), href: hrefOf(NOTIFICATIONS_PAGE) },
    ].filter((item) => !('href' in item) || mayOpen(item.href)),
    onItemFollow: (event) => {
      if (!event.detail.href) return;
      event.preventDefault();
      navigate(event.detail.href);
    },
  };
}

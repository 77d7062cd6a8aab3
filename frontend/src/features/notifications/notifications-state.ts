import type { NotificationOutput } from '../../../../contracts/schemas/notifications.ts';
import { call } from '../../lib/api-client.ts';
import { createStore } from '../../lib/store.ts';

/** How many unread notifications the bell lists; the number beside it counts them all. */
const BELL_ITEMS = 5;

/**
 * The bell's local state (spec §4: notifications are removed locally when marked read or
 * deleted). `arrived` counts live pushes, so an open notifications list knows to reload.
 */
interface BellState {
  unread: number;
  latest: readonly NotificationOutput[];
  arrived: number;
}

const EMPTY: BellState = { unread: 0, latest: [], arrived: 0 };

export const bell = createStore<BellState>(EMPTY);

export const resetBell = () => bell.set(EMPTY);

export const loadBell = async () => {
  const page = await call('listNotifications', { query: { read: 'false', limit: BELL_ITEMS } });
  bell.set((state) => ({ ...state, unread: page.unread, latest: page.items }));
};

/** A pushed notification: counted and listed at once (a repeated push changes nothing). */
export const bellArrived = (notification: NotificationOutput) =>
  bell.set((state) => {
    if (state.latest.some((item) => item.id === notification.id)) return state;
    return {
      unread: state.unread + (notification.read ? 0 : 1),
      latest: [notification, ...state.latest].slice(0, BELL_ITEMS),
      arrived: state.arrived + 1,
    };
  });

/** Marked read or deleted here: gone from the bell; the list refills from the server if needed. */
export const bellForget = (id: string, wasUnread: boolean) => {
  const state = bell.get();
  const unread = Math.max(0, state.unread - (wasUnread ? 1 : 0));
  const latest = state.latest.filter((item) => item.id !== id);
  bell.set({ ...state, unread, latest });
  if (latest.length < Math.min(unread, BELL_ITEMS)) void loadBell().catch(() => undefined);
};

import { createStore } from './store.ts';

type FlashType = 'success' | 'error' | 'warning' | 'info';

/** A message in the Flashbar. Texts are i18n keys of the `messages` namespace, never sentences. */
export interface FlashMessage {
  id: string;
  type: FlashType;
  messageKey: string;
  headerKey?: string;
  values?: Record<string, string | number>;
  action?: { labelKey: string; run: () => void };
}

type FlashInput = Omit<FlashMessage, 'id' | 'type' | 'messageKey'>;

export const flashes = createStore<readonly FlashMessage[]>([]);

let sequence = 0;
const SUCCESS_VISIBLE_MS = 8000;

/**
 * Shows a message. The same type and key replace an earlier one instead of stacking, so a burst of
 * failing requests (the server is down) shows one 'network_error', not ten.
 */
export const flash = (type: FlashType, messageKey: string, extra: FlashInput = {}): string => {
  sequence += 1;
  const id = `flash-${sequence}`;
  const message: FlashMessage = { id, type, messageKey, ...extra };
  flashes.set((list) => [
    ...list.filter((item) => !(item.type === type && item.messageKey === messageKey)),
    message,
  ]);
  if (type === 'success') setTimeout(() => dismissFlash(id), SUCCESS_VISIBLE_MS);
  return id;
};

export const dismissFlash = (id: string) => flashes.set((list) => list.filter((item) => item.id !== id));

export const clearFlashes = () => flashes.set([]);

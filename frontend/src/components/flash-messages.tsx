import Button from '@cloudscape-design/components/button';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissFlash, type FlashMessage, flashes } from '../lib/flash.ts';
import { dynamicT } from '../lib/i18n-keys.ts';
import { useStore } from '../lib/store.ts';

// Flashbar and its motion styles load with the first message, not with every screen.
const Flashbar = lazy(() => import('@cloudscape-design/components/flashbar'));

/** The Flashbar of the layouts' notifications slot; texts are keys of the `messages` namespace. */
export function FlashMessages() {
  const list = useStore(flashes);
  return list.length === 0 ? null : <Messages list={list} />;
}

function Messages({ list }: { list: readonly FlashMessage[] }) {
  const { t, i18n } = useTranslation('messages');
  // Flashes name their message by key (the catalogue, or `namespace:key`); an unknown one says so.
  const text = (key: string, values?: Record<string, string | number>) =>
    i18n.exists(key, { ns: 'messages' }) ? dynamicT(t)(key, values) : t('unknown_error');
  const items: FlashbarProps.MessageDefinition[] = list.map((message) => ({
    id: message.id,
    type: message.type,
    header: message.headerKey ? text(message.headerKey) : undefined,
    content: (
      <span data-testid={`flash-${message.messageKey}`} data-flash-type={message.type}>
        {text(message.messageKey, message.values)}
      </span>
    ),
    dismissible: true,
    dismissLabel: t('action.dismiss', { ns: 'common' }),
    onDismiss: () => dismissFlash(message.id),
    action: message.action ? (
      <Button
        data-testid={`flash-action-${message.messageKey}`}
        onClick={() => {
          dismissFlash(message.id);
          message.action?.run();
        }}
      >
        {dynamicT(t)(message.action.labelKey, { ns: 'common' })}
      </Button>
    ) : undefined,
  }));
  return (
    <Suspense fallback={null}>
      <Flashbar items={items} data-testid="flashbar" />
    </Suspense>
  );
}

import { RouterProvider } from 'react-router-dom';
import type { Lang } from '../../../contracts/langs.ts';
import { LockScreen } from '../features/lock/lock-screen.tsx';
import { locked } from '../lib/lock.ts';
import { useStore } from '../lib/store.ts';
import { CloudscapeI18n, type CloudscapeMessages } from './cloudscape-i18n.tsx';
import { router } from './router.tsx';

export function App({ initial }: { initial: { lang: Lang; messages: CloudscapeMessages } }) {
  const isLocked = useStore(locked);
  return (
    <CloudscapeI18n initial={initial}>
      {/* Locked: the app keeps its state underneath, hidden and out of reach of keys and readers. */}
      <div inert={isLocked} aria-hidden={isLocked || undefined}>
        <RouterProvider router={router} />
      </div>
      <LockScreen />
    </CloudscapeI18n>
  );
}

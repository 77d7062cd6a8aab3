import { RouterProvider } from 'react-router-dom';
import type { Lang } from '../../../contracts/langs.ts';
import { CloudscapeI18n, type CloudscapeMessages } from './cloudscape-i18n.tsx';
import { router } from './router.tsx';

export function App({ initial }: { initial: { lang: Lang; messages: CloudscapeMessages } }) {
  return (
    <CloudscapeI18n initial={initial}>
      <RouterProvider router={router} />
    </CloudscapeI18n>
  );
}

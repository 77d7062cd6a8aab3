import Box from '@cloudscape-design/components/box';
import { lazy, Suspense, use, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { FlashMessages } from '../components/flash-messages.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { loadPageTable } from './page-table.ts';
import { Shell, useDocumentTitle } from './shell.tsx';

const HelpDialog = lazy(() => import('../features/help/help-dialog.tsx'));

/**
 * Sign-in, password reminder and the other public screens: a narrow column under the top bar, no
 * menu. It is the first screen most people load, so it is kept off Cloudscape's AppLayout (its
 * drawers and panels are a third of the app's frame); help opens as a dialog from the top bar.
 */
export function PublicLayout() {
  const { loggedIn } = useStore(session);
  // A signed-in user's top bar and links lead to signed-in screens: their guards come with the table.
  if (loggedIn) use(loadPageTable());
  const { page, title } = useDocumentTitle();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Shell onHelp={page?.helpPage ? () => setHelpOpen(true) : undefined}>
      <main style={{ maxWidth: 560, margin: '0 auto' }}>
        <Box padding={{ horizontal: 'l', vertical: 'l' }}>
          <FlashMessages />
          <Box padding={{ top: 'm' }}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </main>
      {helpOpen && (
        <Suspense fallback={null}>
          <HelpDialog page={page?.helpPage} title={title} open onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </Shell>
  );
}

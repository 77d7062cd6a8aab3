import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../components/loading-bar.tsx';
import { ActingBanner } from '../features/people/acting-banner.tsx';
import { dynamicT } from '../lib/i18n-keys.ts';
import { TOP_NAV_ID } from '../lib/navigation.ts';
import { useCurrentPage } from './current-page.ts';
import { ShellTopNavigation } from './top-navigation.tsx';

/** The top bar's element: AppLayout places itself below it (`headerSelector`). */
export { TOP_NAV_ID };

/** Keeps the browser tab title on the screen's title. */
export function useDocumentTitle() {
  const page = useCurrentPage();
  // A title from another namespace (`nav:title.register`) loads it; the tab shows the app's name until then.
  const separator = page?.titleKey.indexOf(':') ?? -1;
  const titleNamespace = page && separator > 0 ? page.titleKey.slice(0, separator) : 'common';
  const { t, ready } = useTranslation(['common', titleNamespace as 'common'], { useSuspense: false });
  // Titles from the page table (checked in every locale by test/unit/locales.test.ts).
  const title = page && ready ? dynamicT(t)(page.titleKey) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
  return { page, title };
}

/** What every layout shows above its content: the loading bar, the top bar, the acting banner. */
export function Shell({ children, onHelp }: { children: ReactNode; onHelp?: () => void }) {
  return (
    <>
      <LoadingBar />
      <div id={TOP_NAV_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <ShellTopNavigation onHelp={onHelp} />
        <ActingBanner />
      </div>
      {children}
    </>
  );
}

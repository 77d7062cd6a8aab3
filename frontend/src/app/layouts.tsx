import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { FlashMessages } from '../components/flash-messages.tsx';
import { LoadingBar } from '../components/loading-bar.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { useFollow } from '../components/use-follow.ts';
import { PageHelp, useHelpPanelWidth } from '../features/help/page-help.tsx';
import { ActingBanner } from '../features/people/acting-banner.tsx';
import { TOP_NAV_ID } from '../lib/navigation.ts';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { useCurrentPage } from './current-page.ts';
import { menuFor } from './menu.ts';
import { pages } from './pages.ts';
import { ShellTopNavigation } from './top-navigation.tsx';
import { useSessionCheck } from './use-session-check.ts';

/** Cloudscape's mobile breakpoint: below it the navigation is an overlay drawer. */
const PHONE = '(max-width: 688px)';
const isPhone = () => window.matchMedia(PHONE).matches;

/** Keeps the browser tab title on the screen's title. */
function useDocumentTitle() {
  const { t } = useTranslation('common');
  const page = useCurrentPage();
  const title = page ? t(page.titleKey) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
  return { page, title };
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadingBar />
      <div id={TOP_NAV_ID} style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <ShellTopNavigation />
        <ActingBanner />
      </div>
      {children}
    </>
  );
}

/** The main layout: side menu from the page table, breadcrumbs, Flashbar, help in the tools panel. */
export function MainLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { loggedIn, profile } = useStore(session);
  const { page, title } = useDocumentTitle();
  useSessionCheck(loggedIn);
  const [navigationOpen, setNavigationOpen] = useState(() => !isPhone());
  const [toolsOpen, setToolsOpen] = useState(false);
  const helpWidth = useHelpPanelWidth();

  const followLink = useFollow();
  const follow = (event: CustomEvent<{ href?: string; external?: boolean }>) => {
    followLink(event);
    // On a phone the menu covers the screen: close it once the user has chosen.
    if (event.defaultPrevented && isPhone()) setNavigationOpen(false);
  };

  const sections = menuFor(pages, loggedIn ? profile : null);
  const items: SideNavigationProps.Item[] = sections.flatMap((section): SideNavigationProps.Item[] => {
    const links = section.items.map(
      (item): SideNavigationProps.Link => ({ type: 'link', text: t(item.labelKey), href: item.href }),
    );
    // The dashboard group is the one link to `/`; every other group is a titled section.
    return section.group === 'dashboard'
      ? links
      : [{ type: 'section', text: t(`menu.${section.group}`), items: links, defaultExpanded: true }];
  });

  const breadcrumbs =
    page && page.path !== ''
      ? [
          { text: t('title.dashboard'), href: '/' },
          { text: title, href: pathname },
        ]
      : [{ text: t('title.dashboard'), href: '/' }];

  return (
    <Shell>
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigation={
          <SideNavigation
            header={{ text: profile?.organization?.short_name ?? t('app.name'), href: '/' }}
            activeHref={pathname}
            items={items}
            onFollow={follow}
            data-testid="side-navigation"
          />
        }
        breadcrumbs={
          <BreadcrumbGroup items={breadcrumbs} onFollow={follow} ariaLabel={t('nav.breadcrumbs')} />
        }
        notifications={<FlashMessages />}
        stickyNotifications
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        tools={<PageHelp page={page?.helpPage} title={title} open={toolsOpen} />}
        toolsWidth={helpWidth}
        content={
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        }
      />
    </Shell>
  );
}

/** Full-page screens (daily flight sheet, RFID, notify): the whole width, no side menu. */
export function FullPageLayout() {
  useDocumentTitle();
  useSessionCheck(useStore(session).loggedIn);
  return (
    <Shell>
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        navigationHide
        toolsHide
        contentType="table"
        notifications={<FlashMessages />}
        content={
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        }
      />
    </Shell>
  );
}

/** Login, password reminder and the other public screens: a narrow column, no menu; help as in main. */
export function PublicLayout() {
  const { page, title } = useDocumentTitle();
  const [toolsOpen, setToolsOpen] = useState(false);
  const helpWidth = useHelpPanelWidth();
  return (
    <Shell>
      <AppLayout
        headerSelector={`#${TOP_NAV_ID}`}
        navigationHide
        toolsOpen={toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        tools={<PageHelp page={page?.helpPage} title={title} open={toolsOpen} />}
        toolsWidth={helpWidth}
        maxContentWidth={560}
        notifications={<FlashMessages />}
        content={
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        }
      />
    </Shell>
  );
}

import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { FlashMessages } from '../components/flash-messages.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { PageHelp, useHelpPanelWidth } from '../features/help/page-help.tsx';
import { dynamicT } from '../lib/i18n-keys.ts';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { useFollow } from './links.tsx';
import { menuFor } from './menu.ts';
import { pages } from './pages.ts';
import { Shell, TOP_NAV_ID, useDocumentTitle } from './shell.tsx';
import { useSessionCheck } from './use-session-check.ts';

/*
 * The signed-in layouts on Cloudscape's AppLayout. The router loads this module as a chunk of its
 * own, so the sign-in screen (public-layout.tsx) does not wait for AppLayout.
 */

/** Cloudscape's mobile breakpoint: below it the navigation is an overlay drawer. */
const PHONE = '(max-width: 688px)';
const isPhone = () => window.matchMedia(PHONE).matches;

/** The main layout: side menu from the page table, breadcrumbs, Flashbar, help in the tools panel. */
export function MainLayout() {
  // The menu labels and page titles (`nav`) load with this layout.
  const { t } = useTranslation(['common', 'nav']);
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
      // Labels from the page table (checked in every locale by test/unit/locales.test.ts).
      (item): SideNavigationProps.Link => ({
        type: 'link',
        text: dynamicT(t)(item.labelKey),
        href: item.href,
      }),
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
  useTranslation('nav');
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

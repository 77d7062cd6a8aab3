import { Suspense, useEffect, useRef } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { CrashMessage, ErrorBoundary } from '../components/error-boundary.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { hrefOf, setNavigator, withTrailingSlash } from '../lib/navigation.ts';
import type { PageHandle } from './current-page.ts';
import { lazyPage } from './lazy-page.ts';
import { markNavigated, PageGuard } from './page-guard.tsx';
import { loadPageTable } from './page-table.ts';
import type { Layout, PageDef } from './pages.ts';
import { PublicLayout } from './public-layout.tsx';
import { NOT_FOUND_MESSAGE, publicPages } from './public-pages.ts';

// The signed-in layouts come with AppLayout: loaded when a signed-in screen first shows.
const MainLayout = lazyPage(() => import('./layouts.tsx').then((module) => ({ default: module.MainLayout })));
const FullPageLayout = lazyPage(() =>
  import('./layouts.tsx').then((module) => ({ default: module.FullPageLayout })),
);
const signedInLayout = (Layout: typeof MainLayout) => (
  <Suspense fallback={<PageSpinner />}>
    <Layout />
  </Suspense>
);

/**
 * Spec §2: paths get a trailing slash. react-router matches `/login` and `/login/` alike, so the
 * route patterns stay as the spec writes them and this one redirect makes the slash form the
 * address on display (links are built with it already: `hrefOf`).
 */
function Root() {
  const location = useLocation();
  const first = useRef(location.key);
  useEffect(() => {
    if (location.key !== first.current) markNavigated();
  }, [location.key]);
  if (!location.pathname.endsWith('/')) {
    return <Navigate replace to={{ ...location, pathname: withTrailingSlash(location.pathname) }} />;
  }
  // A layout waiting for its strings (a signed-in person's menu on a public screen) shows a spinner.
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

function PageElement({ page, Screen }: { page: PageDef; Screen: ReturnType<typeof lazyPage> }) {
  const { pathname } = useLocation();
  return (
    <PageGuard page={page}>
      {/* Keyed by address: after a crash, moving to another screen starts fresh. */}
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    </PageGuard>
  );
}

/** One lazy component per chunk: `login` and `login/:lang` share theirs. */
const screens = new Map<PageDef['load'], ReturnType<typeof lazyPage>>();
const screenOf = (page: PageDef) => {
  const known = screens.get(page.load);
  if (known) return known;
  const screen = lazyPage(page.load);
  screens.set(page.load, screen);
  return screen;
};

const routesOf = (pages: readonly PageDef[], layout: Layout): RouteObject[] =>
  pages
    .filter((page) => page.layout === layout)
    .map((page) => ({
      path: `/${page.path}`,
      handle: { page } satisfies PageHandle,
      element: <PageElement page={page} Screen={screenOf(page)} />,
    }));

const ROOT_ID = 'root';
let signedInRoutesAdded = false;

export const router = createBrowserRouter(
  [
    {
      id: ROOT_ID,
      element: <Root />,
      // A crash outside a screen (a layout): the same translated message, never a blank page.
      errorElement: <CrashMessage />,
      children: [
        { element: <PublicLayout />, children: routesOf(publicPages, 'public') },
        {
          path: '*',
          element: <Navigate replace to={hrefOf('error/:message', { message: NOT_FOUND_MESSAGE })} />,
        },
      ],
    },
  ],
  {
    /**
     * The signed-in screens join the routes when the first address that is not a public page is
     * opened (react-router asks here for every address only the catch-all matches): the page table
     * (pages.ts) loads then, so the sign-in route's entry carries only the public rows.
     */
    async patchRoutesOnNavigation({ matches, patch, signal }) {
      if (signedInRoutesAdded) return;
      const last = matches[matches.length - 1]?.route as { handle?: Partial<PageHandle> } | undefined;
      if (last?.handle?.page) return;
      const pages = await loadPageTable();
      if (signedInRoutesAdded || signal.aborted) return;
      signedInRoutesAdded = true;
      patch(ROOT_ID, [
        { element: signedInLayout(MainLayout), children: routesOf(pages, 'main') },
        { element: signedInLayout(FullPageLayout), children: routesOf(pages, 'full-page') },
      ]);
    },
  },
);

setNavigator((to, options) => {
  void router.navigate(to, options);
});

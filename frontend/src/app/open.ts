import { matchRoutes } from 'react-router-dom';
import { type AccessProfile, decideAccess } from './access.ts';
import { knownPages } from './page-table.ts';
import type { PageDef } from './pages.ts';

/** The page table as react-router ranks it: `daily-flight/login` before `daily-flight/:id`. */
let ranked: { of: readonly PageDef[]; routes: { path: string; page: PageDef }[] } | undefined;
const routes = () => {
  const pages = knownPages();
  if (ranked?.of !== pages)
    ranked = { of: pages, routes: pages.map((page) => ({ path: `/${page.path}`, page })) };
  return ranked.routes;
};

/** The page-table row an address opens (query and fragment aside); undefined for none. */
export const pageAt = (href: string): PageDef | undefined => {
  const pathname = href.split(/[?#]/, 1)[0] ?? '';
  return matchRoutes(routes(), pathname)?.[0]?.route.page;
};

/**
 * Whether following `href` lands on the page itself (issue 13 §2): the same decision the guard makes
 * when the page opens (access.ts), so a link, button or menu entry is offered only where the door
 * is open. A page that would send the user to the "no aircraft" page is not offered either — the
 * side menu alone keeps those, as the place that explains what to do.
 */
export const canOpen = (href: string, profile: AccessProfile | null): boolean => {
  const page = pageAt(href);
  return page !== undefined && decideAccess(page, profile).outcome === 'allow';
};

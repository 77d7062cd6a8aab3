import { hrefOf } from '../lib/navigation.ts';
import { type AccessProfile, decideAccess } from './access.ts';
import { MENU_GROUPS, type MenuGroup, type PageDef } from './pages.ts';

interface MenuItem {
  href: string;
  labelKey: string;
}

interface MenuSection {
  group: MenuGroup;
  items: MenuItem[];
}

/**
 * The side menu from the page table (spec §1: an item shows only when its module is on and the
 * guard lets the user in). Pages that would send the user to the "no aircraft" page stay visible:
 * that page tells them what to do. Groups come in spec order; empty groups are left out.
 */
export const menuFor = (table: readonly PageDef[], profile: AccessProfile | null): MenuSection[] =>
  MENU_GROUPS.map((group) => ({
    group,
    items: table
      .filter((page) => page.layout !== 'public' && page.menu?.group === group)
      .filter((page) => {
        const outcome = decideAccess(page, profile).outcome;
        return outcome === 'allow' || outcome === 'error';
      })
      .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
      .map((page) => ({
        href: page.menu?.href ?? hrefOf(page.path),
        labelKey: page.menu?.label ?? page.titleKey,
      })),
  })).filter((section) => section.items.length > 0);

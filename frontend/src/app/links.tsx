import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { type ReactNode, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { canOpen } from './open.ts';

/*
 * Every way to another screen goes through here (issue 13 §2: no door offered and then shut). A
 * link, button or menu entry asks the page table's guard (open.ts → access.ts decideAccess) before it
 * is shown; navigation from code goes to the page only when the guard lets the user in, otherwise to
 * the dashboard. test/unit/guarded-links.test.ts fails when a screen builds a link around these.
 */

type FollowEvent = CustomEvent<{ href?: string; external?: boolean }>;

/** `(href) => may the signed-in user open it`, from the profile as it is now. */
export function useCanOpen(): (href: string) => boolean {
  const { loggedIn, profile } = useStore(session);
  const who = loggedIn ? profile : null;
  return useCallback((href: string) => canOpen(href, who), [who]);
}

/**
 * Navigation from code: to the page when the user may open it, else to the dashboard (a way back
 * to a list the user does not see, say). A number moves in the history (-1: back).
 */
export function usePageNavigate(): (to: string | number, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const mayOpen = useCanOpen();
  return useCallback(
    (to: string | number, options?: { replace?: boolean }) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(mayOpen(to) ? to : '/', options);
    },
    [navigate, mayOpen],
  );
}

/**
 * For Cloudscape's own hrefs (side navigation, breadcrumbs, menus): a plain click stays inside the
 * single-page app, and only to a page the guard opens.
 */
export function useFollow(): (event: FollowEvent) => void {
  const go = usePageNavigate();
  return useCallback(
    (event: FollowEvent) => {
      if (event.detail.external || !event.detail.href) return;
      event.preventDefault();
      go(event.detail.href);
    },
    [go],
  );
}

type PageLinkProps = Omit<LinkProps, 'href' | 'onFollow' | 'external'> & {
  href: string;
  children: ReactNode;
  /** What shows when the user may not open the page: the text without the link, unless given. */
  fallback?: ReactNode;
  'data-testid'?: string;
};

/** A link to a screen of the app, shown as a link only when its page lets the user in. */
export function PageLink({ href, children, fallback, ...props }: PageLinkProps) {
  const mayOpen = useCanOpen();
  const follow = useFollow();
  if (!mayOpen(href))
    return fallback === undefined ? <span data-testid={props['data-testid']}>{children}</span> : fallback;
  return (
    <Link {...props} href={href} onFollow={follow}>
      {children}
    </Link>
  );
}

type PageButtonProps = Omit<ButtonProps, 'href' | 'onFollow' | 'onClick'> & { href: string };

/** A button that opens a screen; not shown at all when the page would refuse the user. */
export function PageButton({ href, ...props }: PageButtonProps) {
  const mayOpen = useCanOpen();
  const follow = useFollow();
  if (!mayOpen(href)) return null;
  return <Button {...props} href={href} onFollow={follow} />;
}

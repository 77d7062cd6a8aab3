import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { flash } from '../lib/flash.ts';
import { hrefOf, loginPathFor, rememberReturnTo, takeReturnTo } from '../lib/navigation.ts';
import { session } from '../lib/session-state.ts';
import { useStore } from '../lib/store.ts';
import { decideAccess } from './access.ts';
import type { PageDef } from './pages.ts';

/** Set once the user has moved between screens: a denial before that is the "first load" case (spec §8). */
let firstScreen = true;
export const markNavigated = () => {
  firstScreen = false;
};

function ToLogin() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnTo(pathname + search);
    navigate(loginPathFor(pathname), { replace: true });
  }, [navigate, pathname, search]);
  return null;
}

/**
 * A signed-in user on a guest-only page: to `/`, or to the screen that sent them to login — so the
 * login page itself only starts the session and this one rule decides where it continues.
 */
function SignedIn() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(takeReturnTo(), { replace: true });
  }, [navigate]);
  return null;
}

function Denied() {
  const navigate = useNavigate();
  useEffect(() => {
    flash('error', 'missing_permissions', firstScreen ? { headerKey: 'missing_permissions_first_load' } : {});
    navigate('/', { replace: true });
  }, [navigate]);
  return null;
}

/** The one guard (spec §6), deciding from the page-table row; pages never check roles themselves. */
export function PageGuard({ page, children }: { page: PageDef; children: ReactNode }) {
  const { loggedIn, profile } = useStore(session);
  const access = decideAccess(page, loggedIn ? profile : null);
  switch (access.outcome) {
    case 'allow':
      return children;
    case 'login':
      return <ToLogin />;
    case 'home':
      return <SignedIn />;
    case 'denied':
      return <Denied />;
    case 'error':
      return <Navigate to={hrefOf('error/:message', { message: access.message })} replace />;
  }
}

/**
 * Navigation that code outside React (the API client on a 401) can use. The app registers the
 * router's navigate once; until then a full page load does the job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export const setNavigator = (navigate: Navigate) => {
  navigator = navigate;
};

export const navigateTo: Navigate = (to, options) => navigator(to, options);

/**
 * Spec §2: paths get a trailing slash. Route patterns stay as the spec writes them (react-router
 * matches `/login` and `/login/` alike); every link we build and every address typed without the
 * slash is brought to the slash form, so one URL names one screen.
 */
export const withTrailingSlash = (pathname: string) => (pathname.endsWith('/') ? pathname : `${pathname}/`);

/** The address of a page-table path: '' → '/', 'login/:lang' with params → '/login/en/'. */
export const hrefOf = (path: string, params: Record<string, string> = {}) => {
  const filled = path.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return withTrailingSlash(`/${filled}`.replace(/\/+/g, '/'));
};

/**
 * Where a lapsed session signs in again (spec §8 "session check failure"): daily-flight screens
 * have their own login, which returns to the sheet. This is the one place the rule lives.
 */
const DAILY_FLIGHT_LOGIN = '/daily-flight/login/';
export const loginPathFor = (pathname: string) =>
  pathname === '/daily-flight' || pathname.startsWith('/daily-flight/') ? DAILY_FLIGHT_LOGIN : '/login/';

const RETURN_TO_KEY = 'windsock.return_to';

/** Remembers the screen a signed-out user asked for, to go there after login (spec §8, RFID paths). */
export const rememberReturnTo = (path: string) => {
  sessionStorage.setItem(RETURN_TO_KEY, path);
};

export const takeReturnTo = (): string => {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  // Only same-origin paths: the value came from our own location, but a stored value is input.
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
};

/** The id of the app's top bar, which stays at the top while the page scrolls (app/layouts.tsx). */
export const TOP_NAV_ID = 'windsock-top-navigation';

import { useEffect } from 'react';
import { call } from '../lib/api-client.ts';

const EVERY_MS = 5 * 60 * 1000;

/**
 * Spec §7/§8 session check: while signed in, POST /api/check when the tab comes back into view and
 * every five minutes. It is left out of the loading counter; a failure (401) takes the API client's
 * path — logout and the login page (the daily-flight login for daily-flight screens).
 */
export function useSessionCheck(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const check = () => {
      if (document.visibilityState === 'visible') call('checkSession').catch(() => undefined);
    };
    const timer = window.setInterval(check, EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [active]);
}

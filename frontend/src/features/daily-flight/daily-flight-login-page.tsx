import { useState } from 'react';
import { rememberReturnTo, takeReturnTo } from '../../lib/navigation.ts';
import LoginPage from '../auth/login-page.tsx';
import { dayIn } from './sheet-time.ts';

/**
 * daily-flight/login (public, guest-only; spec §8: a lapsed session on a daily-flight screen signs
 * in here): the ordinary sign-in, after which the timer operator is back on the sheet they were
 * on — or, coming here directly, on today's sheet (the device's day: the organization's time zone
 * is known only after sign-in, and at the launch point the two agree).
 */
export default function DailyFlightLoginPage() {
  useState(() => {
    const wanted = takeReturnTo();
    const onSheet = wanted.startsWith('/daily-flight/') && !wanted.startsWith('/daily-flight/login');
    const today = dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    rememberReturnTo(onSheet ? wanted : `/daily-flight/${today}/`);
    return null;
  });
  return <LoginPage />;
}

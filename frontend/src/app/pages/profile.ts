import type { PageDef } from '../pages.ts';

/** The person's own profile, pilot data, password, notifications, actions; registration. */
export const profilePages: readonly PageDef[] = [];

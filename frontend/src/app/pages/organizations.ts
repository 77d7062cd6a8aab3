import type { PageDef } from '../pages.ts';

/** Organizations, subscriptions and packages, type lists, the activity log. */
export const organizationPages: readonly PageDef[] = [];

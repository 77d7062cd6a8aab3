import type { PageDef } from '../pages.ts';

/** Members, roles, permits, pilot data, acting as a user, the address book. */
export const peoplePages: readonly PageDef[] = [];

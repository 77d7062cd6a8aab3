import type { DomainOps } from '../platform/http/router.ts';

type PeopleOps = Pick<DomainOps<'organizations'>, never>;

/** HTTP adaptor for members, roles, permits, pilot data, acting as a user and the address book. */
export const peopleOps: PeopleOps = {};

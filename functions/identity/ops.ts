import type { DomainOps } from '../platform/http/router.ts';
import { lookupOps } from './lookup-ops.ts';
import { notificationOps } from './notifications-ops.ts';
import { profileOps } from './profile-ops.ts';

/** The identity domain's operations, from its three areas (one ops file per file of route rows). */
export const ops: DomainOps<'identity'> = { ...profileOps, ...notificationOps, ...lookupOps };

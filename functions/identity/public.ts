/**
 * What other domains may ask of the identity domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/identity/ another domain imports. Notifications are told through
 * notify(); rights taken away reach open live connections through realtimeRightsChanged(). The
 * reference airports are the operations domain's (functions/operations/public.ts).
 */

export { type NotifyInput, notify } from './notifications-service.ts';
export { realtimeRightsChanged } from './realtime-connections.ts';

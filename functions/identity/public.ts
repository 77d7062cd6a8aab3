/**
 * What other domains may ask of the identity domain (docs/ARCHITECTURE.md "Domains own their data"):
 * the only file of functions/identity/ another domain imports. Notifications are told through
 * notify(); rights taken away reach open live connections through realtimeRightsChanged(); the
 * reference airports are read through referenceAirports() and isKnownAirport().
 */

export { isKnownAirport, referenceAirports } from './datasource-store.ts';
export { type NotifyInput, notify } from './notifications-service.ts';
export { realtimeRightsChanged } from './realtime-connections.ts';

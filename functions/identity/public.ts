/**
 * What other domains may use of the identity domain (domain ownership: they never touch its
 * entities): telling a person something, stored and pushed (functions/identity/notifications-service.ts).
 */
export { type NotifyInput, notify } from './notifications-service.ts';

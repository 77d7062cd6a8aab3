import type { Actor } from './actor.ts';

/**
 * MQTT topics a signed-in person may subscribe to (DESIGN §6): their own channel, and their current
 * organization's channel. The local aedes hook and the cloud IoT custom authorizer both use this,
 * so the two cannot differ.
 */
export const realtimeTopicsFor = (actor: Actor): { subscribe: string[] } => {
  const subscribe = [`user/${actor.userId}/#`];
  if (actor.organizationId) subscribe.push(`org/${actor.organizationId}/#`);
  return { subscribe };
};

import { db } from '../platform/db/service.ts';

/** What other domains may read of the messages domain: a message's subject (the activity log names it). */
export async function messageSubjects(
  organizationId: string,
  messageIds: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(messageIds)];
  if (unique.length === 0) return new Map();
  const { data } = await db()
    .entities.message.get(unique.map((message_id) => ({ organization_id: organizationId, message_id })))
    .go({ attributes: ['message_id', 'subject'] });
  return new Map(data.map((m) => [m.message_id, m.subject]));
}

import { todayIn } from '../../contracts/calendar.ts';
import { type DocumentSourceType, type DocumentState, ruleOf } from '../../contracts/documents.ts';
import * as aircraft from '../aircraft/public.ts';
import * as organizations from '../organizations/public.ts';
import { stateOf } from './document-service.ts';
import { documentStore, type StoredDocument } from './document-store.ts';

/**
 * What other domains may read of the documents domain: an organization's documents that expire or
 * have expired (the reports issue's "expiring documents"), the members' only while they are active
 * members (the consent gate) and never their files.
 */

export interface ExpiringDocument {
  source_type: DocumentSourceType;
  holder_id: string;
  /** The member's name (family name first), the aircraft's registration or the organization's name. */
  holder_name: string;
  document_id: string;
  document_type_id: string;
  expiration_date: string;
  state: Extract<DocumentState, 'valid' | 'expiring' | 'expired'>;
  notice_days: number;
}

/**
 * The organization's documents in force whose expiration date is within `from`–`to` (inclusive,
 * yyyy-mm-dd): its aircraft's and its own (one Query), and each active member's (one Query each).
 * States are on `today` in the organization's time zone.
 */
export async function expiringDocuments(
  organizationId: string,
  range: { from: string; to: string },
  /** The caller's clock (its deps.now()). */
  now: Date,
): Promise<ExpiringDocument[]> {
  const settings = await organizations.organizationSettings(organizationId);
  if (!settings) return [];
  const today = todayIn(settings.timezone, now);
  const [planes, planeDocs, ownDocs, members] = await Promise.all([
    aircraft.planesOf(organizationId),
    documentStore.ofOrganizationSource(organizationId, 'plane'),
    documentStore.ofOrganizationSource(organizationId, 'organization'),
    organizations.activeMembers(organizationId),
  ]);
  const regNums = new Map(planes.map((p) => [p.plane_id, p.reg_num]));
  const memberDocs = await Promise.all(
    members.map(async (m) => ({
      name: `${m.last_name} ${m.first_name}`,
      docs: await documentStore.all({ source_type: 'person', holder_id: m.user_id }),
    })),
  );
  const inRange = (doc: StoredDocument) =>
    doc.phase === 'active' &&
    !doc.no_expiry &&
    Boolean(doc.expiration_date) &&
    doc.expiration_date! >= range.from &&
    doc.expiration_date! <= range.to;
  const entry = (doc: StoredDocument, holderName: string): ExpiringDocument => ({
    source_type: doc.holder.source_type,
    holder_id: doc.holder.holder_id,
    holder_name: holderName,
    document_id: doc.document_id,
    document_type_id: doc.document_type_id,
    expiration_date: doc.expiration_date!,
    state: stateOf(doc, today) as ExpiringDocument['state'],
    notice_days: ruleOf(doc.document_type_id).notice_days,
  });
  return [
    ...planeDocs.filter(inRange).map((d) => entry(d, regNums.get(d.holder.holder_id) ?? d.holder.holder_id)),
    ...ownDocs.filter(inRange).map((d) => entry(d, settings.organization_name)),
    ...memberDocs.flatMap(({ name, docs }) => docs.filter(inRange).map((d) => entry(d, name))),
  ].sort(
    (a, b) =>
      a.expiration_date.localeCompare(b.expiration_date) || a.holder_name.localeCompare(b.holder_name),
  );
}

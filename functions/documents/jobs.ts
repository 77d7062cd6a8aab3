import { addMonths, todayIn } from '../../contracts/calendar.ts';
import {
  type ExpiryStage,
  expiryStage,
  expiryWindow,
  RESPONSIBLE_ROLE,
  ruleOf,
} from '../../contracts/documents.ts';
import { DEFAULT_LANG, type Lang } from '../../contracts/langs.ts';
import * as aircraft from '../aircraft/public.ts';
import { type NotifyInput, notify } from '../identity/public.ts';
import * as organizations from '../organizations/public.ts';
import { displayName } from '../platform/auth/actor.ts';
import { logger } from '../platform/log/logger.ts';
import { mailPerson } from '../platform/mail/mail-person.ts';
import { type DocumentDeps, defaultDeps as serviceDeps, syncPlaneCertificates } from './document-service.ts';
import type { StoredDocument } from './document-store.ts';

/**
 * Scheduled entries of the documents domain (contracts/schemas.ts `document-expiry-daily`).
 *
 * Expiry notifications (issue 17 §2): every document in force whose expiration date falls in the
 * window of some stage (expiring, expired, overdue) tells its holder — and the organization's
 * responsible role — once per (document, stage). The notification is idempotent on its own (its id
 * is the day and the stage's key), the stage is then claimed on the document's version, and only
 * the run that claimed it sends the e-mail: a second run, a retry or two runs at once tell nobody twice.
 *
 * Aircraft certificates: every organization's aircraft get their certificates' standing recorded
 * with the organization's policy (the fleet overview; grounding), since a date passing changes it.
 */

type ScheduledEvent = { scheduleId: string; scheduledTime: string };

export interface ExpiryDeps extends DocumentDeps {
  notify: (userId: string, input: NotifyInput) => Promise<unknown>;
  mail: typeof mailPerson;
  people: Pick<typeof organizations, 'personCards' | 'membersWithGuardRole' | 'organizationIds'>;
}

const defaultJobDeps: ExpiryDeps = {
  ...serviceDeps,
  // Called through, not captured: identity's public module sits in an import cycle with organizations'.
  notify: (...args) => notify(...args),
  mail: mailPerson,
  people: organizations,
};

/** The months (yyyy-mm) the window's dates fall in. */
export function monthsOf(window: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (
    let day = `${window.from.slice(0, 7)}-01`;
    day.slice(0, 7) <= window.to.slice(0, 7);
    day = addMonths(day, 1)
  )
    months.push(day.slice(0, 7));
  return months;
}

/** Where each kind of holder's notice leads. */
const linkOf = (doc: StoredDocument) =>
  doc.holder.source_type === 'person'
    ? '/profile/documents/'
    : `/documents/${doc.holder.source_type}/${doc.holder.holder_id}/`;

/** One run's reads, each done once: organizations' settings and responsible people, type names. */
function runCache(deps: ExpiryDeps) {
  const memo = <T>() => new Map<string, Promise<T>>();
  const settings = memo<organizations.OrganizationSettings | null>();
  const responsible = memo<organizations.ActiveMember[]>();
  const planes = memo<string>();
  let typeNames: Promise<Map<string, Partial<Record<Lang, string>>>> | undefined;
  const once = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let found = map.get(key);
    if (!found) {
      found = load();
      map.set(key, found);
    }
    return found;
  };
  const zones = memo<string>();
  const settingsOf = (organizationId: string) =>
    once(settings, organizationId, () => deps.organizations.organizationSettings(organizationId));
  return {
    settings: settingsOf,
    /**
     * Whose calendar a document's days are counted on: its organization's; a person's, the first
     * club they fly with (the one that reminds them), or UTC for a pilot without one.
     */
    timeZoneOf: (doc: StoredDocument) =>
      once(zones, `${doc.holder.source_type}#${doc.holder.holder_id}`, async () => {
        const organizationId =
          doc.holder.source_type === 'person'
            ? (await deps.organizations.activeMembershipsOf(doc.holder.holder_id))[0]?.organization_id
            : doc.holder.organization_id;
        return (organizationId ? (await settingsOf(organizationId))?.timezone : undefined) ?? 'UTC';
      }),
    responsible: (organizationId: string, role: keyof typeof RESPONSIBLE_ROLE) =>
      once(responsible, `${organizationId}#${role}`, () =>
        deps.people.membersWithGuardRole(organizationId, RESPONSIBLE_ROLE[role]),
      ),
    planeName: (organizationId: string, planeId: string) =>
      once(
        planes,
        `${organizationId}#${planeId}`,
        async () => (await deps.aircraft.planeOf(organizationId, planeId))?.reg_num ?? planeId,
      ),
    async typeName(code: string, lang: Lang) {
      typeNames ??= deps.organizations
        .typeListEntries('documentTypes')
        .then((entries) => new Map(entries.map((e) => [e.code, e.names])));
      const names = (await typeNames).get(code);
      return names?.[lang] ?? names?.en ?? names?.[DEFAULT_LANG] ?? code;
    },
  };
}
type RunCache = ReturnType<typeof runCache>;

interface Notice {
  userId: string;
  lang: Lang;
  message_key: string;
  params: Record<string, string>;
}

/** Who is told what about one document's stage: the holder, then the organizations' responsible people. */
async function noticesFor(doc: StoredDocument, stage: ExpiryStage, cache: RunCache, deps: ExpiryDeps) {
  const date = doc.expiration_date ?? '';
  const notices: Notice[] = [];
  const mails: {
    person: organizations.PersonCard;
    key: string;
    params: Record<string, string>;
    sender: string;
  }[] = [];
  const holder = doc.holder;
  if (holder.source_type === 'person') {
    const person = (await deps.people.personCards([holder.holder_id])).get(holder.holder_id);
    if (!person) return { notices, mails };
    const document = await cache.typeName(doc.document_type_id, person.lang);
    if (person.document_expiry_notification_on) {
      notices.push({
        userId: person.user_id,
        lang: person.lang,
        message_key: `document_${stage}`,
        params: { document, date },
      });
      mails.push({ person, key: `document_${stage}`, params: { document, date }, sender: 'Windsock' });
    }
    // The clubs the person flies with, while an active member (the consent gate), if they asked to be told.
    for (const { organization_id } of await deps.organizations.activeMembershipsOf(holder.holder_id)) {
      const settings = await cache.settings(organization_id);
      if (!settings?.document_expiry_notification_on) continue;
      for (const admin of await cache.responsible(organization_id, 'person')) {
        if (admin.user_id === holder.holder_id) continue;
        notices.push({
          userId: admin.user_id,
          lang: admin.lang,
          message_key: `member_document_${stage}`,
          params: {
            name: displayName(person.first_name, person.last_name, admin.lang),
            document: await cache.typeName(doc.document_type_id, admin.lang),
            date,
          },
        });
      }
    }
    return { notices, mails };
  }
  const settings = await cache.settings(holder.organization_id);
  if (!settings?.document_expiry_notification_on) return { notices, mails };
  const holderName =
    holder.source_type === 'plane'
      ? await cache.planeName(holder.organization_id, holder.holder_id)
      : settings.organization_name;
  for (const person of await cache.responsible(holder.organization_id, holder.source_type)) {
    const params = {
      holder: holderName,
      document: await cache.typeName(doc.document_type_id, person.lang),
      date,
    };
    notices.push({
      userId: person.user_id,
      lang: person.lang,
      message_key: `club_document_${stage}`,
      params,
    });
    mails.push({ person, key: `club_document_${stage}`, params, sender: settings.organization_name });
  }
  return { notices, mails };
}

/** Tells one document's stage; true when this run claimed it (and so sent the mails). */
async function tell(doc: StoredDocument, stage: ExpiryStage, cache: RunCache, deps: ExpiryDeps, at: Date) {
  const { notices, mails } = await noticesFor(doc, stage, cache, deps);
  const key = `document-expiry#${doc.holder.source_type}#${doc.holder.holder_id}#${doc.document_id}#${stage}`;
  for (const notice of notices) {
    await deps.notify(notice.userId, {
      kind: 'document_expiry',
      message_key: notice.message_key,
      params: notice.params,
      link: linkOf(doc),
      key: `${key}#${notice.userId}`,
    });
  }
  if (!(await deps.store.claimStage(doc, stage))) return { claimed: false, notices: 0, mails: 0 };
  let mailed = 0;
  for (const mail of mails) {
    try {
      const sent = await deps.mail(mail.person, {
        key: `document_expiry.${mail.key}`,
        params: mail.params,
        sender: mail.sender,
        tag: 'document-expiry',
      });
      if ('messageId' in sent) mailed += 1;
    } catch (error) {
      logger.warn('document expiry mail failed', {
        document_id: doc.document_id,
        at: at.toISOString(),
        reason: error instanceof Error ? error.message : '',
      });
    }
  }
  return { claimed: true, notices: notices.length, mails: mailed };
}

/** Daily (document-expiry-daily): expiry notices once per stage, then every aircraft's certificates. */
export async function notifyDocumentExpiry(event: ScheduledEvent, deps: ExpiryDeps = defaultJobDeps) {
  const at = new Date(event.scheduledTime);
  const totals = { documents: 0, stages: 0, notifications: 0, mails: 0, planes: 0, grounded: 0 };
  const cache = runCache(deps);
  const window = expiryWindow(todayIn('UTC', at));
  const found = (await Promise.all(monthsOf(window).map((month) => deps.store.expiringIn(month)))).flat();
  for (const doc of found) {
    if (doc.phase !== 'active' || doc.no_expiry || !doc.expiration_date) continue;
    totals.documents += 1;
    const timeZone = await cache.timeZoneOf(doc);
    const stage = expiryStage(
      doc.expiration_date,
      todayIn(timeZone, at),
      ruleOf(doc.document_type_id).notice_days,
    );
    if (!stage || doc.notified_stages.includes(stage)) continue;
    const told = await tell(doc, stage, cache, deps, at);
    if (!told.claimed) continue;
    totals.stages += 1;
    totals.notifications += told.notices;
    totals.mails += told.mails;
  }

  for (const organizationId of await deps.people.organizationIds()) {
    const settings = await cache.settings(organizationId);
    const [planes, docs] = await Promise.all([
      deps.aircraft.planesOf(organizationId),
      deps.store.ofOrganizationSource(organizationId, 'plane'),
    ]);
    for (const plane of planes) {
      const outcome = await syncPlaneCertificates(
        aircraft.SYSTEM_ACTOR(organizationId),
        organizationId,
        plane.plane_id,
        { ...deps, now: () => at },
        {
          docs: docs.filter((d) => d.holder.holder_id === plane.plane_id),
          settings,
        },
      );
      totals.planes += 1;
      if (outcome?.grounded) totals.grounded += 1;
    }
  }
  return totals;
}

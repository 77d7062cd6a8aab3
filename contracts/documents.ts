import { addDays, daysBetween } from './calendar.ts';
import type { GuardRole, RoleLabel } from './permissions.ts';

/**
 * Documents with expiry (spec §3 Document, §4 "in progress / expired", issue 17 §1–§2): whose
 * documents of each type may be, how long before expiry the holder is told, which ones a holder
 * must have, and how a document stands on a day. Pure and shared: the browser shows the same state
 * the daily job notifies about.
 *
 * The types themselves (codes and names in eight languages) are the global `documentTypes` type
 * list a supervisor maintains; a code that is not named here (one a supervisor added) follows
 * DEFAULT_RULE.
 */

/** Whose documents (the spec's `sourcetype` of documents/{sourcetype?}/{id?}). */
export const DOCUMENT_SOURCE_TYPES = ['person', 'plane', 'organization'] as const;
export type DocumentSourceType = (typeof DOCUMENT_SOURCE_TYPES)[number];

export interface DocumentTypeRule {
  sources: readonly DocumentSourceType[];
  /** Days before the expiration date from which the document is `expiring` and its holder told. */
  notice_days: number;
  /**
   * One at a time: a new one of this type replaces the current one, which stays viewable as an
   * earlier version (a renewed medical). False: several side by side (logcards, agreements).
   */
  single: boolean;
}

export const DEFAULT_NOTICE_DAYS = 30;

export const DEFAULT_RULE: DocumentTypeRule = {
  sources: DOCUMENT_SOURCE_TYPES,
  notice_days: DEFAULT_NOTICE_DAYS,
  single: false,
};

const rule = (
  sources: readonly DocumentSourceType[],
  single: boolean,
  notice_days = DEFAULT_NOTICE_DAYS,
) => ({
  sources,
  single,
  notice_days,
});

/**
 * The demo's (and a fresh installation's) document types. Licences and the medical are told 60 and
 * 45 days ahead: an aeromedical examination or a licence renewal needs an appointment weeks ahead.
 */
export const DOCUMENT_TYPE_RULES: Readonly<Record<string, DocumentTypeRule>> = {
  licence_ppl: rule(['person'], true, 60),
  licence_lapl: rule(['person'], true, 60),
  licence_spl: rule(['person'], true, 60),
  medical: rule(['person'], true, 45),
  insurance: rule(['plane', 'organization'], true),
  airworthiness_certificate: rule(['plane'], true, 60),
  registration_certificate: rule(['plane'], true),
  logcard: rule(['plane'], false),
  logbook_copy: rule(['person'], false),
  weighing_report: rule(['plane'], true),
  rental_agreement: rule(['person', 'plane', 'organization'], false),
  training_contract: rule(['person', 'organization'], false),
  other: rule(DOCUMENT_SOURCE_TYPES, false),
};

export const ruleOf = (documentTypeId: string): DocumentTypeRule =>
  DOCUMENT_TYPE_RULES[documentTypeId] ?? DEFAULT_RULE;

/** Whether a document of this type may belong to this kind of holder. */
export const typeFitsSource = (documentTypeId: string, source: DocumentSourceType) =>
  ruleOf(documentTypeId).sources.includes(source);

/**
 * What a holder must have (issue 17 §1 "missing"): each requirement is met by a current document of
 * any of its types. An aircraft: its airworthiness, registration and insurance certificates (the
 * aircraft certificates). A person: what their roles fly with.
 */
export const REQUIREMENTS = {
  medical: ['medical'],
  licence: ['licence_spl', 'licence_ppl', 'licence_lapl'],
  airworthiness_certificate: ['airworthiness_certificate'],
  registration_certificate: ['registration_certificate'],
  insurance: ['insurance'],
} as const satisfies Record<string, readonly string[]>;
export type Requirement = keyof typeof REQUIREMENTS;

/** The aircraft certificates: they feed the fleet overview and ground the aircraft by policy. */
export const PLANE_REQUIREMENTS: readonly Requirement[] = [
  'airworthiness_certificate',
  'registration_certificate',
  'insurance',
];
export const AIRCRAFT_CERTIFICATE_TYPES: readonly string[] = PLANE_REQUIREMENTS.flatMap((r) => [
  ...REQUIREMENTS[r],
]);

/** A pilot who registered alone keeps a pilot's documents (spec §1: document storage with expiry notifications). */
export const PRIVATE_PILOT_REQUIREMENTS: readonly Requirement[] = ['medical', 'licence'];

/** Roles that fly as pilot in command: a medical and a licence. */
const PILOT_LABELS: ReadonlySet<RoleLabel> = new Set([
  'pilot',
  'tow_pilot',
  'head_of_training',
  'instructor_performance',
  'instructor_beginner_1',
  'instructor_beginner_2',
  'instructor_practical',
  'examiner',
]);

/**
 * What a member must hold because of their roles in one organization: a student flies solo on a
 * medical (the licence comes at the end of the training); pilots and instructors need both.
 */
export function requirementsForRoles(
  roles: readonly { guard_role?: GuardRole | null; label?: RoleLabel | null }[],
): Requirement[] {
  const pilot = roles.some((r) => r.guard_role === 'instructor' || (r.label && PILOT_LABELS.has(r.label)));
  if (pilot) return ['medical', 'licence'];
  return roles.some((r) => r.label === 'student') ? ['medical'] : [];
}

/**
 * How a document stands (spec §4 plus issue 17 §1): `in_progress` until its files are uploaded and
 * it is completed, `replaced` once a newer one of a single type took its place; otherwise by its
 * expiration date, which is still a valid day: `expiring` from notice_days before it, `expired`
 * the day after. `missing` is for requirements nobody holds a document for.
 */
export const DOCUMENT_STATES = [
  'in_progress',
  'valid',
  'expiring',
  'expired',
  'replaced',
  'missing',
] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** What a stored document is in its life: uploading, in force, or an earlier version. */
export const DOCUMENT_PHASES = ['in_progress', 'active', 'replaced'] as const;
export type DocumentPhase = (typeof DOCUMENT_PHASES)[number];

export function documentState(
  doc: { phase: DocumentPhase; expiration_date?: string | null; no_expiry?: boolean },
  today: string,
  noticeDays: number,
): Exclude<DocumentState, 'missing'> {
  if (doc.phase !== 'active') return doc.phase;
  if (doc.no_expiry || !doc.expiration_date) return 'valid';
  const days = daysBetween(today, doc.expiration_date);
  if (days < 0) return 'expired';
  return days <= noticeDays ? 'expiring' : 'valid';
}

/** Most urgent first: what a summary of several documents shows. */
const URGENCY: Record<DocumentState, number> = {
  expired: 0,
  missing: 1,
  expiring: 2,
  in_progress: 3,
  valid: 4,
  replaced: 5,
};
export const worstState = (states: readonly DocumentState[]): DocumentState | null =>
  states.length === 0 ? null : [...states].sort((a, b) => URGENCY[a] - URGENCY[b])[0]!;

/**
 * The expiry notifications (issue 17 §2), each told once per document: `expiring` from notice_days
 * before the date, `expired` the day after it (on expiry: it is no longer valid), `overdue` when it
 * has been expired for OVERDUE_AFTER_DAYS and still nobody renewed it.
 */
export const EXPIRY_STAGES = ['expiring', 'expired', 'overdue'] as const;
export type ExpiryStage = (typeof EXPIRY_STAGES)[number];

export const OVERDUE_AFTER_DAYS = 14;
/**
 * A job that did not run for a few days still tells what it owes; beyond this many days after the
 * last stage it stays quiet (a document uploaded long expired is shown, not announced).
 */
export const EXPIRY_CATCH_UP_DAYS = 7;

/** The stage a document with this expiration date is in on `today`; null when there is nothing to tell. */
export function expiryStage(expirationDate: string, today: string, noticeDays: number): ExpiryStage | null {
  const days = daysBetween(today, expirationDate);
  if (days > noticeDays) return null;
  if (days >= 0) return 'expiring';
  if (days > -OVERDUE_AFTER_DAYS) return 'expired';
  return days >= -(OVERDUE_AFTER_DAYS + EXPIRY_CATCH_UP_DAYS) ? 'overdue' : null;
}

/** The expiration dates the daily job reads on `today`: every date some rule may have a stage for. */
export function expiryWindow(today: string): { from: string; to: string } {
  const longest = Math.max(
    DEFAULT_NOTICE_DAYS,
    ...Object.values(DOCUMENT_TYPE_RULES).map((r) => r.notice_days),
  );
  return {
    from: addDays(today, -(OVERDUE_AFTER_DAYS + EXPIRY_CATCH_UP_DAYS)),
    to: addDays(today, longest),
  };
}

/**
 * An organization's choice about expired aircraft certificates (issue 17 §2): `off` shows nothing
 * more than the document list, `warn` flags the aircraft in the fleet overview, `ground` also makes
 * it inoperable until the certificate is renewed.
 */
export const CERTIFICATE_POLICIES = ['off', 'warn', 'ground'] as const;
export type CertificatePolicy = (typeof CERTIFICATE_POLICIES)[number];
export const DEFAULT_CERTIFICATE_POLICY: CertificatePolicy = 'warn';

/** Who in the organization is told about a document's expiry, besides the person who holds it. */
export const RESPONSIBLE_ROLE: Record<DocumentSourceType, GuardRole> = {
  person: 'admin',
  plane: 'technical_operator',
  organization: 'admin',
};

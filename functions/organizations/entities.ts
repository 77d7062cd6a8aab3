import { CustomAttributeType, Entity } from 'electrodb';
import { CERTIFICATE_POLICIES, DEFAULT_CERTIFICATE_POLICY } from '../../contracts/documents.ts';
import { LANGS } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import { GUARD_ROLES, type Permission, ROLE_LABELS } from '../../contracts/permissions.ts';
import { BALANCE_POLICIES } from '../../contracts/schemas/finance-enums.ts';
import { MEMBERSHIP_STATES } from '../../contracts/schemas/members.ts';
import { CUSTOM_PRICE_UNITS } from '../../contracts/schemas/organizations.ts';
import { LICENCE_TYPES, PROFILE_TYPES, type RATINGS } from '../../contracts/schemas/people.ts';
import {
  isoNow,
  organizationPartition,
  personPartition,
  versionedRecord,
} from '../platform/db/attributes.ts';

/**
 * The administrative core: organizations, people, memberships and roles. Keys follow docs/ARCHITECTURE.md "Data":
 * organization-owned items live under `org#<id>`, person-owned items under `person#<id>`.
 * The organizations issue extends these attributes; the keys stay.
 */
const service = 'windsock';

export const organization = new Entity({
  model: { entity: 'organization', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    organization_name: { type: 'string', required: true },
    short_name: { type: 'string', required: true },
    address_hq: { type: 'string' },
    address_site: { type: 'string' },
    company_id: { type: 'string' },
    vat_number: { type: 'string' },
    contact_id: { type: 'string' },
    contact_name: { type: 'string' },
    logo: { type: 'string' },
    base_airport: { type: 'string' },
    base_organization: { type: 'string' },
    timezone: { type: 'string', required: true, default: 'Europe/Budapest' },
    dst: { type: 'boolean', default: true },
    is_operator: { type: 'boolean', default: false },
    /** Issue 5 §6: a pilot who is not current is only warned on the daily sheet, or refused. */
    recency_policy: { type: ['warn', 'block'] as const, default: 'warn' },
    /** Issue 17 §2: expired aircraft certificates are shown (warn) or also ground the aircraft (ground). */
    certificate_expiry_policy: { type: CERTIFICATE_POLICIES, default: DEFAULT_CERTIFICATE_POLICY },
    currency_id: { type: 'string', required: true, default: 'HUF' },
    modules: {
      type: 'list',
      items: { type: CustomAttributeType<Module>('string') },
      required: true,
      default: () => [],
    },
    plane_limit: { type: 'number' },
    general_limit: { type: 'number' },
    glider_limit: { type: 'number' },
    /** The package of the active subscription (organization/{id}/subscriptions), for the lists. */
    package_id: { type: 'string' },
    package_name: { type: 'string' },
    /** The admin's request for another package (pricing), until a supervisor assigns one. */
    package_request: {
      type: 'map',
      properties: {
        package_id: { type: 'string', required: true },
        package_name: { type: 'string', required: true },
        note: { type: 'string' },
        requested_by: { type: 'string', required: true },
        requested_by_name: { type: 'string', required: true },
        requested_at: { type: 'string', required: true },
      },
    },
    // Banking and billing
    bank_name: { type: 'string' },
    bank_iban: { type: 'string' },
    bank_swift: { type: 'string' },
    bank_account_number: { type: 'string' },
    billing_name: { type: 'string' },
    // Prices: integer minor units of currency_id, per the unit PRICE_UNITS names (spec §9)
    /** HH:mm, the earliest take-off of a flying day. */
    first_takeoff_time: { type: 'string' },
    /** per minute of flight */
    flight_price: { type: 'number' },
    /** per minute of engine time */
    motor_price: { type: 'number' },
    /** per minute of aerotow */
    towing_price: { type: 'number' },
    /** per 100 m of release height */
    towing_price_altitude: { type: 'number' },
    /** per tow, on top */
    towing_price_extra_charge: { type: 'number' },
    /** per winch launch */
    winching_price: { type: 'number' },
    /** per flight, the least charged */
    min_price: { type: 'number' },
    /** factor, not money (guests' prices) */
    multiplier: { type: 'number' },
    /** minutes */
    time_limit: { type: 'number' },
    custom_prices: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          name: { type: 'string', required: true },
          amount: { type: 'number', required: true },
          unit: { type: CUSTOM_PRICE_UNITS, required: true },
        },
      },
    },
    /** per hour of work */
    social_work_price: { type: 'number' },
    normal_work_price: { type: 'number' },
    professional_work_price: { type: 'number' },
    // Finance settings
    /** yyyy-mm-dd */
    transaction_start: { type: 'string' },
    /** may be negative */
    balance_min: { type: 'number' },
    /** Issue 14 §9: what the daily sheet does with a payer below the minimum. */
    balance_policy: { type: BALANCE_POLICIES, default: 'off' },
    /** Issue 14 §8: card top-up limits, minor units. */
    payment_min: { type: 'number' },
    payment_max: { type: 'number' },
    /** per month */
    full_fee: { type: 'number' },
    discount_fee: { type: 'number' },
    /** per year */
    yearly_membership_fee: { type: 'number' },
    // Operating days and notifications
    /** user id of the member who edits the operating-day calendar */
    operating_day_editor: { type: 'string' },
    document_expiry_notification_on: { type: 'boolean' },
    balance_notification_on: { type: 'boolean' },
    balance_summary_notification_on: { type: 'boolean' },
    operating_day_notification_on: { type: 'boolean' },
    reservation_notification_on: { type: 'boolean' },
    fault_report_notification_on: { type: 'boolean' },
    maintenance_notification_on: { type: 'boolean' },
    /** The name as the organizations list sorts it (case and accents folded), kept with the name. */
    name_key: {
      type: 'string',
      watch: ['organization_name'],
      set: (_: unknown, item: { organization_name?: string }) =>
        item.organization_name === undefined ? undefined : nameSortKey(item.organization_name),
    },
    ...versionedRecord,
  },
  indexes: {
    byId: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: [], template: '#org' },
    },
    /** Every organization, by name (the supervisor's organizations screen). */
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'organizations' },
      sk: {
        field: 'gsi1sk',
        composite: ['name_key', 'organization_id'],
        template: 'name#${name_key}#${organization_id}',
      },
    },
  },
});

/** `Szélzsák Repülő` → `szelzsak repulo`: one order for every language's letters. */
export const nameSortKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[#\s]+/g, ' ')
    .trim();

export const person = new Entity({
  model: { entity: 'person', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    /** The Cognito user's `sub`; sign-in resolves the person through it. */
    cognito_sub: { type: 'string', required: true },
    email: { type: 'string', required: true },
    first_name: { type: 'string', required: true },
    last_name: { type: 'string', required: true },
    lang: { type: LANGS, required: true, default: 'hu' },
    current_organization_id: { type: 'string' },
    /** System administrator (spec §6 "supervisor"): a person-level role, not per organization. */
    is_supervisor: { type: 'boolean', required: true, default: false },
    /** users/change: while set on a supervisor, requests act as this person (audited). */
    acting_as_user_id: { type: 'string' },
    avatar: { type: 'string' },
    phone: { type: 'string' },
    mobile: { type: 'string' },
    birth_date: { type: 'string' },
    birth_place: { type: 'string' },
    mother_name: { type: 'string' },
    emergency_contact: { type: 'string' },
    profile_avatar: { type: 'string' },
    profile_type: { type: PROFILE_TYPES },
    callsign: { type: 'string' },
    billing_name: { type: 'string' },
    vat_number: { type: 'string' },
    public_privatedata: { type: 'boolean', required: true, default: false },
    newsletter_on: { type: 'boolean', required: true, default: false },
    betatester: { type: 'boolean', required: true, default: false },
    email_notification_on: { type: 'boolean', required: true, default: true },
    push_notification_on: { type: 'boolean', required: true, default: true },
    document_expiry_notification_on: { type: 'boolean', required: true, default: true },
    balance_notification_on: { type: 'boolean', required: true, default: true },
    flight_notification_on: { type: 'boolean', required: true, default: true },
    message_notification_on: { type: 'boolean', required: true, default: true },
    operating_day_notification_on: { type: 'boolean', required: true, default: true },
    ...versionedRecord,
  },
  indexes: {
    byId: {
      pk: personPartition,
      sk: { field: 'sk', composite: [], template: '#person' },
    },
    byLogin: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['cognito_sub'], template: 'login#${cognito_sub}' },
      sk: { field: 'gsi1sk', composite: [], template: '#person' },
    },
    byEmail: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['email'], template: 'email#${email}' },
      sk: { field: 'gsi2sk', composite: [], template: '#person' },
    },
  },
});

export const membership = new Entity({
  model: { entity: 'membership', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    organization_id: { type: 'string', required: true },
    /** Role definitions of the organization this member holds (role entity ids). */
    role_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /**
     * `invited` / `declined`: an invitation to a person who already had an account (issue 11 §1);
     * it becomes `active` when they accept. Only an active membership gives rights, and only an
     * active member's own data (person, pilot data, logbook) is readable by the organization.
     */
    status: { type: MEMBERSHIP_STATES, required: true, default: 'active' },
    /** When the member joined (accepted); for an invitation, when it was sent. */
    joined_at: { type: 'string', required: true, default: isoNow },
    /** Who sent the invitation (user id), when there was one. */
    invited_by: { type: 'string' },
    /** When the invited person accepted or declined. */
    answered_at: { type: 'string' },
    /**
     * The person's choice (profile/logbook-sharing): this organization reads their whole logbook —
     * other clubs' flights and private lines — not only the lines of its own flights. Off unless set.
     */
    logbook_shared: { type: 'boolean' },
    version: { type: 'number', required: true, default: 1 },
    /**
     * Copies of the person's name and e-mail for the members list's order and filter (byName):
     * write `memberIndexFields(person)` whenever a membership is made or the person's name changes.
     * '~' sorts a membership made without them after every name.
     */
    sort_name: { type: 'string', required: true, default: '~' },
    search_text: { type: 'string' },
  },
  indexes: {
    byPerson: {
      pk: personPartition,
      sk: { field: 'sk', composite: ['organization_id'], template: 'member#${organization_id}' },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'org#${organization_id}#members' },
      sk: { field: 'gsi1sk', composite: ['user_id'], template: 'person#${user_id}' },
    },
    /** users, address-book, users/change: an organization's members in name order. */
    byName: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'], template: 'org#${organization_id}#members' },
      sk: { field: 'gsi2sk', composite: ['sort_name', 'user_id'], template: 'name#${sort_name}#${user_id}' },
    },
  },
});

/** Folds case and accents away: `Szabó Zsófia` → `szabo zsofia` (the members list's order and search). */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9@._+-]+/g, ' ')
    .trim();

/**
 * An invitation's copies for the members list: the e-mail only (the person's name is not the
 * organization's until they accept), sorted after every name.
 */
export const invitationIndexFields = (email: string) => ({
  sort_name: `~${foldText(email).replace(/[^a-z0-9@._+-]/g, '')}`,
  search_text: foldText(email),
});

/** Whether a membership is one (active or suspended) rather than an invitation. */
export const isMembership = (m: { status: string }) => m.status === 'active' || m.status === 'suspended';

/** The membership's copies of the person's name and e-mail (family name first, as clubs list members). */
export const memberIndexFields = (person: { first_name: string; last_name: string; email: string }) => ({
  sort_name: foldText(`${person.last_name} ${person.first_name}`).replace(/[^a-z0-9 ]/g, '') || '~',
  search_text: foldText(`${person.last_name} ${person.first_name} ${person.email}`),
});

export const role = new Entity({
  model: { entity: 'role', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    role_id: { type: 'string', required: true },
    role_name: { type: 'string', required: true },
    /** The route-guard role this role grants (spec §6), if any. */
    guard_role: { type: GUARD_ROLES },
    /** One of the further role labels (spec §6), if any. */
    label: { type: ROLE_LABELS },
    permissions: {
      type: 'list',
      items: { type: CustomAttributeType<Permission>('string') },
      required: true,
      default: () => [],
    },
    version: { type: 'number', required: true, default: 1 },
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['role_id'], template: 'role#${role_id}' },
    },
  },
});

/**
 * Licences, medical and ratings of a person (spec §3), in an item of its own under the person:
 * it carries medical data, so lists of people never read it by accident.
 */
export const pilotInfo = new Entity({
  model: { entity: 'pilotInfo', version: '1', service },
  attributes: {
    user_id: { type: 'string', required: true },
    licences: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          type: { type: LICENCE_TYPES, required: true },
          number: { type: 'string', required: true },
          issued_at: { type: 'string' },
          valid_until: { type: 'string' },
        },
      },
    },
    medical_licence_number: { type: 'string' },
    medical_class: { type: ['class1', 'class2', 'lapl'] as const },
    medical_valid_until: { type: 'string' },
    fai_id: { type: 'string' },
    fai_level: { type: 'string' },
    mrlsz_id: { type: 'string' },
    /** rating → { exam_date, valid_until } */
    ratings: { type: 'any', required: true, default: () => ({}) },
    version: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
  },
  indexes: {
    byPerson: {
      pk: personPartition,
      sk: { field: 'sk', composite: [], template: '#pilot' },
    },
  },
});

export type RatingMap = Partial<
  Record<(typeof RATINGS)[number], { exam_date?: string; valid_until?: string }>
>;

/** Names of a lookup item in the product's languages (the lists are global, not per club). */
const langNames = {
  type: 'map',
  properties: Object.fromEntries(LANGS.map((lang) => [lang, { type: 'string' }])) as Record<
    (typeof LANGS)[number],
    { type: 'string' }
  >,
} as const;

/**
 * A global lookup list (type-lists, type-list/{id}): plane types, document types, certificate types,
 * countries, work types. One item per list under `ref#type-lists`, its entries inside: a list is
 * read whole (datasources, the edit screen) and saved whole with a `version` condition.
 */
export const typeList = new Entity({
  model: { entity: 'typeList', version: '1', service },
  attributes: {
    list_id: { type: 'string', required: true },
    items: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          code: { type: 'string', required: true },
          names: { ...langNames, required: true },
          active: { type: 'boolean', required: true },
          sort_order: { type: 'number', required: true },
        },
      },
    },
    version: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'ref#type-lists' },
      sk: { field: 'sk', composite: ['list_id'], template: 'list#${list_id}' },
    },
  },
});

/**
 * A member's permit in one organization (organization/permits/{id}, spec §6): a rent permit for an
 * aircraft type, the winch permit, or a certificate. Rent and winch permits have fixed ids
 * (`rent#<type>`, `winch`), so granting one again renews it instead of doubling it.
 */
export const permit = new Entity({
  model: { entity: 'permit', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    permit_id: { type: 'string', required: true },
    kind: { type: ['rent', 'winch', 'certificate'] as const, required: true },
    /** Rent permits: the aircraft type as written (ICAO type designator or the club's usual name). */
    plane_type: { type: 'string' },
    certificate_type: { type: 'string' },
    certificate_number: { type: 'string' },
    /** yyyy-mm-dd; none: no end date. */
    valid_until: { type: 'string' },
    granted_by: { type: 'string', required: true },
    granted_at: { type: 'string', required: true, default: isoNow },
  },
  indexes: {
    byMember: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['user_id', 'permit_id'], template: 'permit#${user_id}#${permit_id}' },
    },
  },
});

/**
 * A subscription package (global, managed by supervisors): the aircraft limits it gives and its
 * monthly price in minor units of `currency_id`.
 */
export const subscriptionPackage = new Entity({
  model: { entity: 'package', version: '1', service },
  attributes: {
    package_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    plane_limit: { type: 'number', required: true },
    general_limit: { type: 'number', required: true },
    glider_limit: { type: 'number', required: true },
    /** per month, minor units */
    monthly_price: { type: 'number', required: true },
    currency_id: { type: 'string', required: true },
    active: { type: 'boolean', required: true, default: true },
    ...versionedRecord,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'ref#packages' },
      sk: { field: 'sk', composite: ['package_id'], template: 'package#${package_id}' },
    },
  },
});

/**
 * An organization's subscription to a package (organization/{id}/subscriptions): its own copy of the
 * limits (a supervisor may agree on others), dates and status. Ids sort by creation time, so the
 * history reads newest first; subscription/edit/{id} finds one by its id alone (gsi1).
 */
export const subscription = new Entity({
  model: { entity: 'subscription', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    subscription_id: { type: 'string', required: true },
    package_id: { type: 'string', required: true },
    package_name: { type: 'string', required: true },
    /** yyyy-mm-dd */
    start_date: { type: 'string', required: true },
    end_date: { type: 'string' },
    status: { type: ['active', 'ended'] as const, required: true, default: 'active' },
    plane_limit: { type: 'number', required: true },
    general_limit: { type: 'number', required: true },
    glider_limit: { type: 'number', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['subscription_id'], template: 'subscription#${subscription_id}' },
    },
    byId: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['subscription_id'], template: 'subscription#${subscription_id}' },
      sk: { field: 'gsi1sk', composite: [], template: '#subscription' },
    },
  },
});

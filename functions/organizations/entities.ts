import { CustomAttributeType, Entity } from 'electrodb';
import { LANGS } from '../../contracts/langs.ts';
import type { Module } from '../../contracts/modules.ts';
import { GUARD_ROLES, type Permission, ROLE_LABELS } from '../../contracts/permissions.ts';
import { LICENCE_TYPES, PROFILE_TYPES, type RATINGS } from '../../contracts/schemas/people.ts';

/**
 * The administrative core: organizations, people, memberships and roles. Keys follow DESIGN §4:
 * organization-owned items live under `org#<id>`, person-owned items under `person#<id>`.
 * The organizations issue extends these attributes; the keys stay.
 */
const service = 'windsock';
const now = () => new Date().toISOString();

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
    version: { type: 'number', required: true, default: 1 },
    created_at: { type: 'string', readOnly: true, required: true, default: now },
    updated_at: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}' },
      sk: { field: 'sk', composite: [], template: '#org' },
    },
  },
});

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
    version: { type: 'number', required: true, default: 1 },
    created_at: { type: 'string', readOnly: true, required: true, default: now },
    updated_at: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['user_id'], template: 'person#${user_id}' },
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
    status: { type: ['active', 'suspended'] as const, required: true, default: 'active' },
    joined_at: { type: 'string', required: true, default: now },
    version: { type: 'number', required: true, default: 1 },
  },
  indexes: {
    byPerson: {
      pk: { field: 'pk', composite: ['user_id'], template: 'person#${user_id}' },
      sk: { field: 'sk', composite: ['organization_id'], template: 'member#${organization_id}' },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'org#${organization_id}#members' },
      sk: { field: 'gsi1sk', composite: ['user_id'], template: 'person#${user_id}' },
    },
  },
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
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}' },
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
    updated_at: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byPerson: {
      pk: { field: 'pk', composite: ['user_id'], template: 'person#${user_id}' },
      sk: { field: 'sk', composite: [], template: '#pilot' },
    },
  },
});

export type RatingMap = Partial<
  Record<(typeof RATINGS)[number], { exam_date?: string; valid_until?: string }>
>;

/**
 * The activity log (organization/actions, profile/actions): who did what, when, to which item —
 * ids and action keys only, never personal data. One item per action, readable by organization
 * (the main key) and by the person who acted (gsi1). Items expire after two years.
 */
export const action = new Entity({
  model: { entity: 'action', version: '1', service },
  attributes: {
    action_id: { type: 'string', required: true },
    /** The organization the action belongs to; `personal` for a person's own actions outside one. */
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** The supervisor acting as `user_id` (users/change), when that is how it was done. */
    acting_supervisor_id: { type: 'string' },
    /** i18n key of the verb, e.g. `role.create`, `user.update`, `act_as.start`. */
    action: { type: 'string', required: true },
    target_type: { type: 'string', required: true },
    target_id: { type: 'string', required: true },
    /** Ids and codes only (changed field names, role ids) — never names, dates of birth or licences. */
    details: { type: 'any' },
    at: { type: 'string', required: true, default: now },
    ttl: { type: 'number' },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#actions' },
      sk: { field: 'sk', composite: ['at', 'action_id'], template: 'at#${at}#${action_id}' },
    },
    byActor: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['user_id'], template: 'person#${user_id}#actions' },
      sk: { field: 'gsi1sk', composite: ['at', 'action_id'], template: 'at#${at}#${action_id}' },
    },
  },
});

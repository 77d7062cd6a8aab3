import * as z from 'zod/mini';
import { LANGS } from '../langs.ts';
import { GUARD_ROLES, PERMISSIONS, ROLE_LABELS } from '../permissions.ts';
import { userText } from '../validation.ts';

/**
 * Lookups: the datasources of spec §3 (`GET /api/datasource/{source_type}`), the global search
 * (`POST /api/datasource/global-search`) and the help texts (`GET /api/help/{page}`).
 */

/** Spec §3 "Datasource types", as spelt. */
export const DATASOURCE_TYPES = [
  'airports',
  'operators',
  'users',
  'planeTypes',
  'roles',
  'permissions',
  'documentTypes',
  'airportCountries',
  'planes',
] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];
/** `GET /api/datasource/{source_type}`. */
export const datasourceType = z.enum(DATASOURCE_TYPES);

/** Spec §4/§9: the planes datasource is never cached (aircraft state changes during the day). */
export const UNCACHED_DATASOURCES: ReadonlySet<DatasourceType> = new Set(['planes']);

/** Kinds of airport; the airports screen (a later issue) edits them. */
export const AIRPORT_CATEGORIES = [
  'international',
  'airfield',
  'glider_site',
  'ultralight',
  'heliport',
] as const;
export type AirportCategory = (typeof AIRPORT_CATEGORIES)[number];

/** Spec §3 "Airport", plus the main runway for take-off and landing detection (tracking issue). */
const airportItem = z.object({
  airport_id: z.string(),
  icao: z.nullable(z.string()),
  iata_faa: z.nullable(z.string()),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Metres above mean sea level. */
  altitude: z.number(),
  airport_category: z.enum(AIRPORT_CATEGORIES),
  show_in_map: z.boolean(),
  /** ISO 3166-1 alpha-2, the code of the airportCountries type list. */
  country: z.string(),
  city: z.nullable(z.string()),
  /** Metres; null where not recorded. */
  runway_length: z.nullable(z.number()),
  /** True direction of the lower-numbered runway end, 0–359°; null where not recorded. */
  runway_heading: z.nullable(z.number()),
});
export type AirportItem = z.infer<typeof airportItem>;

const operatorItem = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  base_airport: z.nullable(z.string()),
});
export type OperatorItem = z.infer<typeof operatorItem>;

const userItem = z.object({
  user_id: z.string(),
  /** In the caller's language order (Hungarian: family name first). */
  name: z.string(),
  callsign: z.nullable(z.string()),
});
export type UserItem = z.infer<typeof userItem>;

/** An entry of a global type list (plane types, document types, countries): names per language. */
const typeItem = z.object({
  code: z.string(),
  names: z.partialRecord(z.enum(LANGS), z.string()),
  active: z.boolean(),
});

const roleItem = z.object({
  role_id: z.string(),
  role_name: z.string(),
  guard_role: z.nullable(z.enum(GUARD_ROLES)),
  label: z.nullable(z.enum(ROLE_LABELS)),
});
export type RoleItem = z.infer<typeof roleItem>;

/** A permission key of spec §6; the browser shows its translated name. */
const permissionItem = z.object({ key: z.enum(PERMISSIONS) });

/** What a plane picker needs (spec §3 Plane identity and status). */
const planeItem = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  callsign: z.nullable(z.string()),
  plane_type: z.nullable(z.string()),
  plane_category: z.enum(['plc_01', 'plc_02']),
  is_tmg: z.boolean(),
  functional: z.boolean(),
  rentable: z.boolean(),
});
export type PlaneItem = z.infer<typeof planeItem>;

/** The item schema of each datasource type: the browser and the Lambda agree per type. */
const datasourceItemSchemas = {
  airports: airportItem,
  operators: operatorItem,
  users: userItem,
  planeTypes: typeItem,
  roles: roleItem,
  permissions: permissionItem,
  documentTypes: typeItem,
  airportCountries: typeItem,
  planes: planeItem,
} as const satisfies Record<DatasourceType, z.ZodMiniType>;

type DatasourceItem<T extends DatasourceType> = z.infer<(typeof datasourceItemSchemas)[T]>;
export type DatasourceItems = { [T in DatasourceType]: DatasourceItem<T>[] };

export const datasourceOutput = z.object({
  items: z.union([
    z.array(airportItem),
    z.array(operatorItem),
    z.array(userItem),
    z.array(typeItem),
    z.array(roleItem),
    z.array(permissionItem),
    z.array(planeItem),
  ]),
});

/** Spec §7 "global search": at least two characters, so one keystroke does not list everyone. */
export const globalSearchInput = z.strictObject({
  text: userText(100, { min: 2 }),
});

const searchPerson = z.object({
  user_id: z.string(),
  name: z.string(),
  callsign: z.nullable(z.string()),
  /** Only where the caller may list users of that organization (user-list); otherwise null. */
  email: z.nullable(z.string()),
  organization_id: z.string(),
  organization_short_name: z.string(),
});
export type SearchPerson = z.infer<typeof searchPerson>;

const searchOrganization = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  short_name: z.string(),
  /** The caller belongs to it (a supervisor also finds organizations they are not a member of). */
  member: z.boolean(),
  /** The caller may open and save its edit page (the same checks as the API; issue 12 §5). */
  can_edit: z.boolean(),
});
export type SearchOrganization = z.infer<typeof searchOrganization>;

const searchAircraft = z.object({
  plane_id: z.string(),
  reg_num: z.string(),
  plane_type: z.nullable(z.string()),
  organization_id: z.string(),
});
export type SearchAircraft = z.infer<typeof searchAircraft>;

/** Results per group, best first, at most SEARCH_GROUP_LIMIT each; `more` says some were left off. */
export const SEARCH_GROUP_LIMIT = 8;
const group = <S extends z.ZodMiniType>(item: S) => z.object({ items: z.array(item), more: z.boolean() });
export const globalSearchOutput = z.object({
  people: group(searchPerson),
  aircraft: group(searchAircraft),
  organizations: group(searchOrganization),
});
export type GlobalSearchOutput = z.infer<typeof globalSearchOutput>;

/** Help text blocks: plain text only, never HTML (the browser renders them as text). */
const helpBlock = z.union([
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);
export type HelpBlock = z.infer<typeof helpBlock>;

export const helpQuery = z.object({ lang: z.optional(z.enum(LANGS)) });

/** A page's help name (`plane-fault`, the page table's `helpPage`): one that has no text is a 404. */
export const helpPage = z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, { error: 'invalid_value' }));

export const helpOutput = z.object({
  page: z.string(),
  /** The language of the text: the requested one, or English where that has no text for the page. */
  lang: z.enum(LANGS),
  title: z.string(),
  body: z.array(helpBlock),
});
export type HelpOutput = z.infer<typeof helpOutput>;

/**
 * How help texts are written in `functions/identity/help/<lang>.json`: a string is a paragraph, an
 * array of strings a bullet list. Compact on purpose: the texts ship inside the identity Lambda.
 */
export interface HelpSource {
  title: string;
  body: (string | string[])[];
}
export type HelpFile = Record<string, HelpSource>;

/** GET /api/openapi.json: an OpenAPI 3.1 document (functions/identity/openapi.ts builds it). */
export const openApiOutput = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
});

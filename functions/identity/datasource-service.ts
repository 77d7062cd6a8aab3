import type { Lang } from '../../contracts/langs.ts';
import { PERMISSIONS } from '../../contracts/permissions.ts';
import { isFunctional } from '../../contracts/schemas/aircraft.ts';
import type {
  AirportItem,
  DatasourceItems,
  DatasourceType,
  OperatorItem,
  PlaneItem,
  RoleItem,
  UserItem,
} from '../../contracts/schemas/lookups.ts';
import { type Actor, displayName } from '../platform/auth/actor.ts';
import type { DatasourceStore, Person } from './datasource-store.ts';

/**
 * The datasources of spec §3: lookup lists for pickers and for showing codes as names. Each answers
 * only what the caller may see — their organization's people and roles, their own organizations,
 * and the global reference lists every signed-in user reads.
 */
type Loader<T extends DatasourceType> = (
  store: DatasourceStore,
  actor: Actor,
) => Promise<DatasourceItems[T]> | DatasourceItems[T];

const collator = (lang: Lang) => new Intl.Collator(lang, { sensitivity: 'base' });

/** A person as a picker lists them: the caller's name order (Hungarian: family name first). */
const userItemOf = (person: Person, lang: Lang): UserItem => ({
  user_id: person.user_id,
  name: displayName(person.first_name, person.last_name, lang),
  callsign: person.callsign ?? null,
});

const loaders: { [T in DatasourceType]: Loader<T> } = {
  async airports(store, actor) {
    const byName = collator(actor.lang);
    return (await store.airports())
      .map(
        (a): AirportItem => ({
          airport_id: a.airport_id,
          icao: a.icao ?? null,
          iata_faa: a.iata_faa ?? null,
          name: a.name,
          latitude: a.latitude,
          longitude: a.longitude,
          altitude: a.altitude,
          airport_category: a.airport_category,
          show_in_map: a.show_in_map,
          country: a.country,
          city: a.city ?? null,
          runway_length: a.runway_length ?? null,
          runway_heading: a.runway_heading ?? null,
        }),
      )
      .sort((a, b) => byName.compare(a.name, b.name));
  },

  /**
   * Operators among the caller's own organizations. There is no public directory of operators yet:
   * an organization the caller does not belong to is not listed, even for a supervisor.
   */
  async operators(store, actor) {
    const byName = collator(actor.lang);
    const organizations = await store.organizations(actor.memberships.map((m) => m.organizationId));
    return organizations
      .filter((o) => o.is_operator)
      .map(
        (o): OperatorItem => ({
          organization_id: o.organization_id,
          organization_name: o.organization_name,
          short_name: o.short_name,
          base_airport: o.base_airport ?? null,
        }),
      )
      .sort((a, b) => byName.compare(a.organization_name, b.organization_name));
  },

  /** The active members of the caller's current organization; none without one. */
  async users(store, actor) {
    if (!actor.organizationId) return [];
    const byName = collator(actor.lang);
    const people = await store.people(await store.memberIds(actor.organizationId));
    return people.map((p) => userItemOf(p, actor.lang)).sort((a, b) => byName.compare(a.name, b.name));
  },

  async roles(store, actor) {
    if (!actor.organizationId) return [];
    const byName = collator(actor.lang);
    return (await store.roles(actor.organizationId))
      .map(
        (r): RoleItem => ({
          role_id: r.role_id,
          role_name: r.role_name,
          guard_role: r.guard_role ?? null,
          label: r.label ?? null,
        }),
      )
      .sort((a, b) => byName.compare(a.role_name, b.role_name));
  },

  /** Spec §6 keys in the spec's order; the browser shows their translated names. */
  permissions: () => PERMISSIONS.map((key) => ({ key })),

  planeTypes: (store) => store.typeList('planeTypes'),
  documentTypes: (store) => store.typeList('documentTypes'),
  airportCountries: (store) => store.typeList('airportCountries'),

  /** The current organization's aircraft by registration, every status (never cached, spec §4). */
  async planes(store, actor) {
    if (!actor.organizationId) return [];
    return (await store.planes(actor.organizationId))
      .map(
        (p): PlaneItem => ({
          plane_id: p.plane_id,
          reg_num: p.reg_num,
          callsign: p.callsign ?? null,
          plane_type: p.plane_type ?? null,
          plane_category: p.plane_category,
          is_tmg: p.is_tmg,
          functional: isFunctional(p.status),
          rentable: p.rentable,
        }),
      )
      .sort((a, b) => a.reg_num.localeCompare(b.reg_num));
  },
};

export async function datasource<T extends DatasourceType>(
  store: DatasourceStore,
  actor: Actor,
  type: T,
): Promise<DatasourceItems[T]> {
  const load = loaders[type] as Loader<T>;
  return load(store, actor);
}

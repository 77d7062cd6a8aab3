import { Entity } from 'electrodb';
import { AIRPORT_CATEGORIES } from '../../contracts/schemas/lookups.ts';
import { isoNow } from '../platform/db/attributes.ts';

const service = 'windsock';

/**
 * A reference airport (spec §3 "Airport"): global, not owned by a club, so all of them live in one
 * partition `ref#airports` and the airports datasource reads them with one Query. The airports
 * screen (role supervisor, a later issue) edits them; the main runway serves take-off and landing
 * detection (tracking issue).
 */
export const airport = new Entity({
  model: { entity: 'airport', version: '1', service },
  attributes: {
    airport_id: { type: 'string', required: true },
    icao: { type: 'string' },
    iata_faa: { type: 'string' },
    name: { type: 'string', required: true },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    /** Metres above mean sea level. */
    altitude: { type: 'number', required: true },
    airport_category: { type: AIRPORT_CATEGORIES, required: true },
    show_in_map: { type: 'boolean', required: true, default: true },
    /** ISO 3166-1 alpha-2 (the airportCountries type list's code). */
    country: { type: 'string', required: true },
    city: { type: 'string' },
    /** Main runway: length in metres, true heading of the lower-numbered end in degrees. */
    runway_length: { type: 'number' },
    runway_heading: { type: 'number' },
    version: { type: 'number', required: true, default: 1 },
    updated_at: { type: 'string', required: true, default: isoNow, watch: '*', set: () => isoNow() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: [], template: 'ref#airports' },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, not a JS template
      sk: { field: 'sk', composite: ['airport_id'], template: 'airport#${airport_id}' },
    },
  },
});

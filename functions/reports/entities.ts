import { Entity } from 'electrodb';
import { FLIGHT_KINDS } from '../../contracts/schemas/flight-enums.ts';
import { REPORT_GROUPINGS, REPORT_SOURCES } from '../../contracts/schemas/reports.ts';
import { organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * The reports domain (issue 17 §4; docs/ARCHITECTURE.md "Data"): an organization's saved report
 * definitions, in the `org#<id>` partition, newest first by their time-ordered ids. The built-in
 * reports are code (functions/reports/built-in.ts), not items.
 */
const service = 'windsock';

export const reportDefinition = new Entity({
  model: { entity: 'reportDefinition', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    report_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    source: { type: REPORT_SOURCES, required: true },
    group_by: { type: REPORT_GROUPINGS, required: true },
    filters: {
      type: 'map',
      required: true,
      default: () => ({}),
      properties: {
        plane_id: { type: 'string' },
        member_id: { type: 'string' },
        kind: { type: FLIGHT_KINDS },
        takeoff_type_id: { type: 'number' },
      },
    },
    chart: { type: 'boolean', required: true, default: false },
    created_by: { type: 'string', required: true },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: organizationPartition,
      sk: { field: 'sk', composite: ['report_id'], template: 'report#${report_id}' },
    },
  },
});

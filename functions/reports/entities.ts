import { Entity } from 'electrodb';
import { FLIGHT_KINDS } from '../../contracts/schemas/flight-enums.ts';
import { REPORT_GROUPINGS, REPORT_SOURCES } from '../../contracts/schemas/reports.ts';
import { organizationPartition, versionedRecord } from '../platform/db/attributes.ts';

/**
 * The reports domain (issue 17 §4; docs/ARCHITECTURE.md "Data"): an organization's saved report
 * definitions, in the `org#<id>` partition, newest first by their time-ordered ids. The built-in
 * reports are items too (`built_in`, under their fixed ids): the demo seed writes them, and a club
 * without them gets them on its first read of the reports (report-service.ts `builtInReports`).
 */
const service = 'windsock';

export const reportDefinition = new Entity({
  model: { entity: 'reportDefinition', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    report_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    // 'statistics': the built-in yearly statistics.
    source: { type: [...REPORT_SOURCES, 'statistics'] as const, required: true },
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
    /** One of every organization's built-in reports (BUILT_IN_REPORTS): nobody edits or deletes it. */
    built_in: { type: 'boolean' },
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

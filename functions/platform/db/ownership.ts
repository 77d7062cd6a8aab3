import type { Domain } from '../../../contracts/domains.ts';
import type { EntityName } from './service.ts';

/**
 * Which domain owns each entity (docs/ARCHITECTURE.md "Domains own their data"). Only files of the
 * owner's folder, functions/<owner>/, read or write it; another domain asks the owner through
 * functions/<owner>/public.ts. `platform` items (the activity log, the events outbox) are written
 * by every domain through functions/platform/audit and functions/platform/events only.
 * test/unit/domain-boundaries.test.ts holds the code to this table.
 */
export const ENTITY_OWNERS = {
  organization: 'organizations',
  person: 'organizations',
  membership: 'organizations',
  role: 'organizations',
  pilotInfo: 'organizations',
  typeList: 'organizations',
  permit: 'organizations',
  subscription: 'organizations',
  package: 'organizations',
  airport: 'identity',
  notification: 'identity',
  privateProfile: 'identity',
  realtimeConnection: 'identity',
  plane: 'aircraft',
  planeCount: 'aircraft',
  component: 'aircraft',
  maintenanceItem: 'aircraft',
  aircraftEvent: 'aircraft',
  usageDay: 'aircraft',
  fault: 'aircraft',
  dueNotice: 'aircraft',
  flight: 'flights',
  dailySheet: 'flights',
  logbookEntry: 'flights',
  logbookBook: 'flights',
  flightStat: 'flights',
  signReminder: 'flights',
  livePosition: 'tracking',
  trackPoint: 'tracking',
  detectorState: 'tracking',
  flightProposal: 'tracking',
  ledgerEntry: 'finance',
  memberBalance: 'finance',
  ledgerMonth: 'finance',
  flightCharge: 'finance',
  capUsage: 'finance',
  tariff: 'finance',
  financeMembership: 'finance',
  schedule: 'finance',
  payment: 'finance',
  financeNotice: 'finance',
  personDocument: 'documents',
  organizationDocument: 'documents',
  message: 'messages',
  messageDelivery: 'messages',
  action: 'platform',
  domainEvent: 'platform',
} as const satisfies Record<EntityName, Domain | 'platform'>;

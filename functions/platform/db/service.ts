import { Service } from 'electrodb';
import {
  aircraftEvent,
  component,
  dueNotice,
  fault,
  maintenanceItem,
  plane,
  planeCount,
  usageDay,
} from '../../aircraft/entities.ts';
import { organizationDocument, personDocument } from '../../documents/entities.ts';
import {
  capUsage,
  financeMembership,
  financeNotice,
  flightCharge,
  ledgerEntry,
  ledgerMonth,
  memberBalance,
  payment,
  schedule,
  tariff,
} from '../../finance/entities.ts';
import {
  dailySheet,
  flight,
  flightStat,
  launchPrivilege,
  logbookBook,
  logbookEntry,
  signReminder,
} from '../../flights/entities.ts';
import { notification, privateProfile, realtimeConnection } from '../../identity/entities.ts';
import { message, messageDelivery } from '../../messages/entities.ts';
import {
  airport,
  airportOperation,
  airportRevision,
  icalEntry,
  icalFeed,
  operatingDay,
  operatingDaySignup,
  reservation,
  reservationBook,
  reservationSettings,
  rfidBadge,
  work,
  workHoursEntry,
  workSettings,
  workYearClose,
} from '../../operations/entities.ts';
import { fuelOperation, fuelSource, vehicleTrip, winchLog } from '../../operations/fuel-entities.ts';
import {
  membership,
  organization,
  permit,
  person,
  pilotInfo,
  role,
  subscription,
  subscriptionPackage,
  typeList,
} from '../../organizations/entities.ts';
import { reportDefinition } from '../../reports/entities.ts';
import { detectorState, flightProposal, livePosition, trackPoint } from '../../tracking/entities.ts';
import {
  dtoDeclaration,
  enrolment,
  ippShare,
  programme,
  question,
  questionCategories,
  quiz,
  task,
  taskCheck,
  taskRecord,
  trainingFlight,
  userQuiz,
  userQuizAnswer,
} from '../../training/entities.ts';
import { action } from '../audit/entities.ts';
import { domainEvent } from '../events/entities.ts';
import { dynamo, tableName } from './client.ts';

/**
 * Every entity of every domain, in one ElectroDB service over the one table (docs/ARCHITECTURE.md
 * "Data"). Which domain owns each is declared in ownership.ts; a unit test keeps the two together.
 */
const entities = {
  airport,
  organization,
  person,
  membership,
  role,
  pilotInfo,
  action,
  typeList,
  permit,
  subscription,
  package: subscriptionPackage,
  notification,
  privateProfile,
  realtimeConnection,
  plane,
  planeCount,
  component,
  maintenanceItem,
  aircraftEvent,
  usageDay,
  fault,
  dueNotice,
  flight,
  dailySheet,
  logbookEntry,
  logbookBook,
  flightStat,
  launchPrivilege,
  signReminder,
  livePosition,
  trackPoint,
  detectorState,
  flightProposal,
  reportDefinition,
  domainEvent,
  reservation,
  reservationBook,
  reservationSettings,
  operatingDay,
  operatingDaySignup,
  work,
  workHoursEntry,
  workSettings,
  workYearClose,
  rfidBadge,
  icalFeed,
  icalEntry,
  fuelSource,
  fuelOperation,
  winchLog,
  vehicleTrip,
  airportRevision,
  airportOperation,
  trainingProgramme: programme,
  trainingTask: task,
  trainingEnrolment: enrolment,
  trainingTaskRecord: taskRecord,
  trainingFlight,
  trainingCheck: taskCheck,
  dtoDeclaration,
  ippShare,
  question,
  questionCategories,
  quiz,
  userQuiz,
  userQuizAnswer,
  ledgerEntry,
  memberBalance,
  ledgerMonth,
  flightCharge,
  capUsage,
  tariff,
  financeMembership,
  schedule,
  payment,
  financeNotice,
  personDocument,
  organizationDocument,
  message,
  messageDelivery,
};

/** The names stores use: `db().entities.<name>`. */
export type EntityName = keyof typeof entities;
export const ENTITY_NAMES = Object.keys(entities) as EntityName[];

const build = () => new Service(entities, { client: dynamo(), table: tableName() });
let service: ReturnType<typeof build> | undefined;

export const db = () => {
  service ??= build();
  return service;
};

export const resetDbForTests = () => {
  service = undefined;
};

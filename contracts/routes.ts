import type * as z from 'zod/mini';
import type { Domain } from './domains.ts';
import type { RouteDef } from './route-types.ts';
import { aircraftRoutes } from './routes/aircraft.ts';
import { airportRoutes } from './routes/airports.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { documentRoutes } from './routes/documents.ts';
import { dtoIppRoutes } from './routes/dto-ipp.ts';
import { faultsRoutes } from './routes/faults.ts';
import { financeRoutes } from './routes/finance.ts';
import { flightRoutes } from './routes/flights.ts';
import { fuelRoutes } from './routes/fuel.ts';
import { identityRoutes } from './routes/identity.ts';
import { logbookRoutes } from './routes/logbook.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { maintenanceRoutes } from './routes/maintenance.ts';
import { messageRoutes } from './routes/messages.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { operatingDayRoutes } from './routes/operating-days.ts';
import { operationsRoutes } from './routes/operations.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { peopleRoutes } from './routes/people.ts';
import { pricingRoutes } from './routes/pricing.ts';
import { quizRoutes } from './routes/quiz.ts';
import { reportsRoutes } from './routes/reports.ts';
import { towRoutes } from './routes/tow.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { trainingRoutes } from './routes/training.ts';
import { winchRoutes } from './routes/winch.ts';
import { workRoutes } from './routes/work.ts';

export type { Guard, Method, RouteDef } from './route-types.ts';

/**
 * Every API endpoint, once, one file per area under contracts/routes/. The key is the
 * operation name; the CDK API stack, the local gateway, the browser's API client and the tests all
 * read this table.
 */
export const routes = {
  ...identityRoutes,
  ...notificationRoutes,
  ...lookupRoutes,
  ...peopleRoutes,
  ...organizationRoutes,
  ...aircraftRoutes,
  ...maintenanceRoutes,
  ...faultsRoutes,
  ...flightRoutes,
  ...logbookRoutes,
  ...trackingRoutes,
  ...operationsRoutes,
  ...operatingDayRoutes,
  ...workRoutes,
  ...calendarRoutes,
  ...fuelRoutes,
  ...winchRoutes,
  ...towRoutes,
  ...airportRoutes,
  ...trainingRoutes,
  ...dtoIppRoutes,
  ...quizRoutes,
  ...reportsRoutes,
  ...financeRoutes,
  ...documentRoutes,
  ...messageRoutes,
  ...pricingRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type OperationName = keyof Routes;

type Schema = z.ZodMiniType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;
export type BodyOf<N extends OperationName> = Infer<Routes[N] extends { body: infer B } ? B : undefined>;
export type QueryOf<N extends OperationName> = Infer<Routes[N] extends { query: infer Q } ? Q : undefined>;
export type OutputOf<N extends OperationName> = Infer<Routes[N]['output']>;
/** The path parameters an operation receives, decoded and parsed by the row's `params` schemas. */
export type ParamsOf<N extends OperationName> = Routes[N] extends { params: infer P }
  ? { [K in keyof P]: Infer<P[K]> }
  : Record<string, never>;
/** What a caller puts in the path: the schemas' input types (`kind: 'glider' | 'general'`). */
export type ParamsInputOf<N extends OperationName> = Routes[N] extends { params: infer P }
  ? { [K in keyof P]: P[K] extends Schema ? z.input<P[K]> : never }
  : Record<never, never>;

export const routeEntries = Object.entries(routes) as [OperationName, RouteDef][];

/** `GET /api/profile` — the API Gateway route key. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Operations of one domain, for its handler and its CDK function. */
export const operationsOf = (domain: Domain) => routeEntries.filter(([, route]) => route.domain === domain);

/** Path parameter names, in order: `/api/x/{a}/{b}` → ['a', 'b']. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!);

import type { workRoutes } from '../../contracts/routes/work.ts';
import type { OpsFor } from '../platform/http/router.ts';
import { linkBadge, rfidDeps, tapBadge } from './rfid-service.ts';
import * as work from './work-service.ts';
import { workDeps as deps } from './work-service.ts';

/** HTTP adaptor of the operations domain's work-management and RFID routes. */
export const workOps: OpsFor<typeof workRoutes> = {
  listWorks: ({ actor, query }) => work.listWorks(deps, actor, query),
  createWork: ({ actor, body }) => work.createWork(deps, actor, body),
  getWork: ({ actor, params }) => work.getWork(deps, actor, params.id),
  updateWork: ({ actor, params, body }) => work.updateWork(deps, actor, params.id, body),
  lockWork: ({ actor, params, body }) => work.lockWork(deps, actor, params.id, body),
  organizeWork: ({ actor, params, body }) => work.organizeWork(deps, actor, params.id, body),
  setWorkLeader: ({ actor, params, body }) => work.setWorkLeader(deps, actor, params.id, body),
  recordWorkHours: ({ actor, params, body }) => work.recordHours(deps, actor, params.id, body),
  decideWorkHours: ({ actor, params, body }) =>
    work.decideHours(deps, actor, params.id, params.user_id, body),
  myWorkHours: ({ actor, query }) => work.myWorkHours(deps, actor, query),
  listWorkBalances: ({ actor, query }) => work.listWorkBalances(deps, actor, query),
  getWorkSettings: ({ actor }) => work.getWorkSettings(deps, actor),
  updateWorkSettings: ({ actor, body }) => work.updateWorkSettings(deps, actor, body),
  closeWorkYear: ({ actor, body }) => work.closeWorkYear(deps, actor, body),
  tapRfidBadge: ({ actor, params }) => tapBadge(rfidDeps, actor, params.token),
  linkRfidBadge: ({ actor, params }) => linkBadge(rfidDeps, actor, params.token),
};

import type { DomainOps } from '../platform/http/router.ts';
import * as tracks from './track-service.ts';

const deps = tracks.defaultTrackDeps;

/** HTTP adaptor of the tracking domain: the maps' reads. */
export const ops: DomainOps<'tracking'> = {
  getLivePositions: ({ actor }) => tracks.livePositions(deps, actor),
  listTracks: ({ actor, query }) => tracks.tracksOfDay(deps, actor, query),
  getFlightTrack: ({ actor, params }) => tracks.flightTrack(deps, actor, params.id),
  getLogbookEntryTrack: ({ actor, params }) => tracks.logbookEntryTrack(deps, actor, params.kind, params.id),
};

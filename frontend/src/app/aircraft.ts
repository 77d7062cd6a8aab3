import type { AircraftRequirement } from './pages.ts';

export interface ProfilePlaneLike {
  plane_category: 'plc_01' | 'plc_02';
  functional: boolean;
  rentable: boolean;
}

/** Spec §6: a category needs one aircraft of it; reservations need one both rentable and functional. */
export const hasAircraftFor = (requirement: AircraftRequirement, planes: readonly ProfilePlaneLike[]) =>
  requirement === 'rentable'
    ? planes.some((plane) => plane.rentable && plane.functional)
    : planes.some((plane) => plane.plane_category === requirement);

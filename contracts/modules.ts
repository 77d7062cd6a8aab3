/** The optional modules an organization switches on (spec §1). Names as spelt in the spec. */
export const MODULES = [
  'address-book',
  'reservation',
  'operating-day',
  'daily-flight',
  'work-management',
  'ipp',
  'ipp_client',
  'quiz',
  'training',
  'dto',
  'glider',
  'general',
  'airport',
  'message-center',
  'financial',
  'membership',
  'maintenance',
  'fault-report',
  'betatester',
] as const;

export type Module = (typeof MODULES)[number];

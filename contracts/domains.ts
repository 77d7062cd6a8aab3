/** Backend domains: one Lambda each (DESIGN §1). */
export const DOMAINS = [
  'identity',
  'organizations',
  'aircraft',
  'flights',
  'finance',
  'operations',
  'training',
  'documents',
  'messages',
  'tracking',
] as const;
export type Domain = (typeof DOMAINS)[number];

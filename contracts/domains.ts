/** Backend domains: one Lambda each (docs/ARCHITECTURE.md "Where code lives"). */
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

/** Roles checked by route guards (spec §6 "Roles in the route guard"). */
export const GUARD_ROLES = [
  'supervisor',
  'admin',
  'organization_operator',
  'instructor',
  'financial_operator',
  'technical_operator',
  'debugger',
  'develop',
] as const;

export type GuardRole = (typeof GUARD_ROLES)[number];

/**
 * Further role labels an organization may configure (spec §6). A role defined in the roles screen
 * carries one of these as its label (or none) and its own permission list.
 */
export const ROLE_LABELS = [
  'coordinator',
  'assistant_coordinator',
  'timer_operator',
  'membership_manager',
  'instructor_performance',
  'instructor_beginner_1',
  'instructor_beginner_2',
  'instructor_theoretical',
  'instructor_practical',
  'examiner',
  'head_of_training',
  'tow_pilot',
  'winch_operator',
  'winch_trainee',
  'rope_puller',
  'professional_leader',
  'operating_day_organizer',
  'reservation_operator',
  'reservation_administrator',
  'work_management_administrator',
  'work_management_editor',
  'work_management_checker',
  'maintenance_operator',
  'betatester',
  'guest',
  'student',
  'pilot',
] as const;

export type RoleLabel = (typeof ROLE_LABELS)[number];

/** Permission keys (spec §6), as spelt. */
export const PERMISSIONS = [
  'user-list',
  'user-edit',
  'organization-list',
  'organization-edit',
  'plane-list',
  'plane-edit',
  'plane-create',
  'plane-delete',
  'component-list',
  'component-edit',
  'airport-list',
  'airport-operation-list',
  'airport-operation-edit',
  'transaction-list',
  'transaction-edit',
  'role-list',
  'role-create',
  'role-edit',
  'role-delete',
  'ods-edit',
  'logbook-edit',
  'membership-list',
  'membership-edit',
  'balance-list',
  'work-management-list',
  'work-management-edit',
  'training-administration',
  'training-edit-admin',
  'training-edit-instructor',
  'training-edit-student',
  'message-list',
  'message-edit',
  'quiz-list',
  'quiz-edit',
  'report-list',
  'report-edit',
  'daily-flight-list',
  'daily-flight-edit',
  'reservation-list',
  'reservation-administration',
  'operating-day-list',
  'profile-edit',
  'winch-management',
  'work-administrator',
  'work-editor',
  'work-management-checker',
  'professional-leader',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

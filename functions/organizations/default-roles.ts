import type { Lang } from '../../contracts/langs.ts';
import type { GuardRole, Permission, RoleLabel } from '../../contracts/permissions.ts';
import { PERMISSIONS } from '../../contracts/permissions.ts';

/**
 * The role set every organization starts with (and the demo seed uses), as data: realistic
 * permission sets per role, named in each language; admins change them in the roles screen.
 */

interface DefaultRole {
  role_id: string;
  /** A new organization's roles are named in its creator's language; the club renames them at will. */
  role_name: Record<Lang, string>;
  guard_role?: GuardRole;
  label?: RoleLabel;
  permissions: readonly Permission[];
}

/** A role as an organization stores it. */
export interface RoleToCreate {
  role_id: string;
  role_name: string;
  guard_role?: GuardRole;
  label?: RoleLabel;
  permissions: Permission[];
}

const pilotBasics: Permission[] = [
  'plane-list',
  'daily-flight-list',
  'reservation-list',
  'operating-day-list',
  'message-list',
  'quiz-list',
  'profile-edit',
  'work-management-list',
];

/** The admin role holds every permission. */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    role_id: 'admin',
    role_name: {
      hu: 'Adminisztrátor',
      en: 'Administrator',
      de: 'Administrator',
      sk: 'Administrátor',
      cs: 'Administrátor',
      pl: 'Administrator',
      fr: 'Administrateur',
      it: 'Amministratore',
    },
    guard_role: 'admin',
    permissions: PERMISSIONS,
  },
  {
    role_id: 'organization_operator',
    role_name: {
      hu: 'Egyesületi ügyintéző',
      en: 'Club secretary',
      de: 'Schriftführer',
      sk: 'Tajomník klubu',
      cs: 'Tajemník klubu',
      pl: 'Sekretarz klubu',
      fr: 'Secrétaire du club',
      it: 'Segretario del club',
    },
    guard_role: 'organization_operator',
    permissions: [
      ...pilotBasics,
      'user-list',
      'user-edit',
      'organization-edit',
      'membership-list',
      'membership-edit',
      'role-list',
      'report-list',
      'message-edit',
    ],
  },
  {
    role_id: 'instructor',
    role_name: {
      hu: 'Oktató',
      en: 'Instructor',
      de: 'Fluglehrer',
      sk: 'Inštruktor',
      cs: 'Instruktor',
      pl: 'Instruktor',
      fr: 'Instructeur',
      it: 'Istruttore',
    },
    guard_role: 'instructor',
    label: 'head_of_training',
    permissions: [
      ...pilotBasics,
      'user-list',
      'ods-edit',
      'logbook-edit',
      'training-administration',
      'training-edit-instructor',
      'quiz-edit',
      'daily-flight-edit',
    ],
  },
  {
    role_id: 'financial_operator',
    role_name: {
      hu: 'Pénzügyes',
      en: 'Treasurer',
      de: 'Kassenwart',
      sk: 'Pokladník',
      cs: 'Pokladník',
      pl: 'Skarbnik',
      fr: 'Trésorier',
      it: 'Tesoriere',
    },
    guard_role: 'financial_operator',
    permissions: [
      ...pilotBasics,
      'user-list',
      'transaction-list',
      'transaction-edit',
      'balance-list',
      'membership-list',
      'membership-edit',
      'report-list',
    ],
  },
  {
    role_id: 'technical_operator',
    role_name: {
      hu: 'Műszaki vezető',
      en: 'Technical manager',
      de: 'Technikwart',
      sk: 'Technický vedúci',
      cs: 'Technický vedoucí',
      pl: 'Kierownik techniczny',
      fr: 'Responsable technique',
      it: 'Responsabile tecnico',
    },
    guard_role: 'technical_operator',
    label: 'maintenance_operator',
    permissions: [
      ...pilotBasics,
      'plane-edit',
      'plane-create',
      'plane-delete',
      'component-list',
      'component-edit',
    ],
  },
  {
    role_id: 'timer_operator',
    role_name: {
      hu: 'Időmérő',
      en: 'Timekeeper',
      de: 'Startschreiber',
      sk: 'Časomerač',
      cs: 'Časoměřič',
      pl: 'Chronometrażysta',
      fr: 'Chronométreur',
      it: 'Cronometrista',
    },
    label: 'timer_operator',
    permissions: [...pilotBasics, 'daily-flight-edit', 'ods-edit', 'winch-management'],
  },
  {
    role_id: 'student',
    role_name: {
      hu: 'Növendék',
      en: 'Student pilot',
      de: 'Flugschüler',
      sk: 'Žiak pilot',
      cs: 'Žák pilot',
      pl: 'Uczeń-pilot',
      fr: 'Élève pilote',
      it: 'Allievo pilota',
    },
    label: 'student',
    permissions: [...pilotBasics, 'training-edit-student'],
  },
  {
    role_id: 'pilot',
    role_name: {
      hu: 'Pilóta',
      en: 'Pilot',
      de: 'Pilot',
      sk: 'Pilot',
      cs: 'Pilot',
      pl: 'Pilot',
      fr: 'Pilote',
      it: 'Pilota',
    },
    label: 'pilot',
    permissions: pilotBasics,
  },
];

/** The default roles as items of one organization, named in `lang`. */
export const defaultRolesIn = (lang: Lang): RoleToCreate[] =>
  DEFAULT_ROLES.map(({ role_name, permissions, ...role }) => ({
    ...role,
    role_name: role_name[lang],
    permissions: [...permissions],
  }));

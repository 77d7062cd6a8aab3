import { PERMISSIONS, type Permission } from '../../../../contracts/permissions.ts';

/** The four permissions a screen usually has (spec §6: "permission lists per screen"). */
export const PERMISSION_ACTIONS = ['list', 'edit', 'create', 'delete'] as const;
type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export interface PermissionGroup {
  /** `plane`, `daily-flight`, `training`: the i18n key of the group. */
  screen: string;
  /** list / edit / create / delete where the screen has them. */
  actions: Partial<Record<PermissionAction, Permission>>;
  /** The screen's other permissions (`training-edit-instructor`, `reservation-administration`). */
  other: Permission[];
}

const ACTION_SUFFIX = new RegExp(`^(.+)-(${PERMISSION_ACTIONS.join('|')})$`);

/**
 * Groups the permission keys by screen for the roles editor: `plane-list` … `plane-delete` become
 * one row with four checkboxes; a key without such a suffix joins the screen its name starts with
 * (`work-management-checker` → `work-management`) or shares its first word (`work-editor` →
 * `work-management`), else a group named by its first word (`training-administration`,
 * `training-edit-admin` → `training`). Groups keep the spec's order.
 */
export function groupPermissions(permissions: readonly Permission[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  const groupOf = (screen: string) => {
    let group = groups.get(screen);
    if (!group) {
      group = { screen, actions: {}, other: [] };
      groups.set(screen, group);
    }
    return group;
  };
  const screens = new Set(
    permissions.flatMap((permission) => {
      const match = ACTION_SUFFIX.exec(permission);
      return match?.[1] ? [match[1]] : [];
    }),
  );
  for (const permission of permissions) {
    const match = ACTION_SUFFIX.exec(permission);
    if (match?.[1] && match[2]) {
      groupOf(match[1]).actions[match[2] as PermissionAction] = permission;
      continue;
    }
    const firstWord = permission.split('-')[0] ?? permission;
    const owner =
      [...screens]
        .filter((screen) => permission.startsWith(`${screen}-`))
        .sort((a, b) => b.length - a.length)[0] ??
      [...screens].find((screen) => screen.split('-')[0] === firstWord);
    groupOf(owner ?? firstWord).other.push(permission);
  }
  return [...groups.values()];
}

/** Every permission of a group, for "select the whole row". */
export const permissionsOf = (group: PermissionGroup): Permission[] => [
  ...PERMISSION_ACTIONS.flatMap((action) => (group.actions[action] ? [group.actions[action]] : [])),
  ...group.other,
];

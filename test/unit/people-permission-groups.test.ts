import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contracts/permissions.ts';
import { groupPermissions, permissionsOf } from '../../frontend/src/features/people/permission-groups.ts';

describe('permissions grouped by screen for the roles editor', () => {
  const groups = groupPermissions();
  const byScreen = new Map(groups.map((group) => [group.screen, group]));

  it('puts every permission key in exactly one group', () => {
    const all = groups.flatMap(permissionsOf);

    expect(all.sort()).toEqual([...PERMISSIONS].sort());
  });

  it('makes one row of list, edit, create and delete per screen', () => {
    expect(byScreen.get('plane')).toEqual({
      screen: 'plane',
      actions: { list: 'plane-list', edit: 'plane-edit', create: 'plane-create', delete: 'plane-delete' },
      other: [],
    });
    expect(byScreen.get('role')?.actions).toEqual({
      list: 'role-list',
      create: 'role-create',
      edit: 'role-edit',
      delete: 'role-delete',
    });
    expect(byScreen.get('airport')?.actions).toEqual({ list: 'airport-list' });
    expect(byScreen.get('airport-operation')?.actions).toEqual({
      list: 'airport-operation-list',
      edit: 'airport-operation-edit',
    });
  });

  it("joins a screen's special permissions to it, by prefix or by first word", () => {
    expect(byScreen.get('work-management')?.other).toEqual([
      'work-administrator',
      'work-editor',
      'work-management-checker',
    ]);
    expect(byScreen.get('reservation')?.other).toEqual(['reservation-administration']);
    expect(byScreen.get('training')).toEqual({
      screen: 'training',
      actions: {},
      other: [
        'training-administration',
        'training-edit-admin',
        'training-edit-instructor',
        'training-edit-student',
      ],
    });
    expect(byScreen.get('winch')?.other).toEqual(['winch-management']);
  });

  it('keeps the order of the spec: the members screen first', () => {
    expect(groups.map((group) => group.screen).slice(0, 3)).toEqual(['user', 'organization', 'plane']);
  });
});

import { describe, expect, it } from 'vitest';
import type { GuardRole, Permission } from '../../contracts/permissions.ts';
import { foldText, memberIndexFields } from '../../functions/organizations/entities.ts';
import { filterWords } from '../../functions/organizations/member-service.ts';
import { rentPermitId } from '../../functions/organizations/permit-service.ts';
import {
  canGrantGuardRole,
  canGrantPermission,
  canGrantRole,
  normalizePermissions,
} from '../../functions/organizations/role-service.ts';

const granter = (roles: GuardRole[], permissions: Permission[]) => ({
  roles: new Set(roles),
  permissions: new Set(permissions),
});

describe('who may hand out what', () => {
  const operator = granter(['organization_operator'], ['user-list', 'user-edit', 'role-list']);
  const admin = granter(['admin'], ['user-list', 'plane-list']);
  const supervisor = granter(['supervisor'], []);

  it('gives a permission only to someone who holds it (the system administrator holds all)', () => {
    expect(canGrantPermission(operator, 'user-edit')).toBe(true);
    expect(canGrantPermission(operator, 'plane-delete')).toBe(false);
    expect(canGrantPermission(supervisor, 'plane-delete')).toBe(true);
  });

  it('gives a guard role to an admin or a holder of that role, never supervisor', () => {
    expect(canGrantGuardRole(admin, 'financial_operator')).toBe(true);
    expect(canGrantGuardRole(operator, 'organization_operator')).toBe(true);
    expect(canGrantGuardRole(operator, 'admin')).toBe(false);
    expect(canGrantGuardRole(admin, 'supervisor')).toBe(false);
    expect(canGrantGuardRole(supervisor, 'supervisor')).toBe(false);
  });

  it('gives a role whose guard role and every permission the granter could give', () => {
    expect(canGrantRole(operator, { guard_role: undefined, permissions: ['user-list'] })).toBe(true);
    expect(canGrantRole(operator, { guard_role: undefined, permissions: ['user-list', 'plane-list'] })).toBe(
      false,
    );
    expect(canGrantRole(operator, { guard_role: 'admin', permissions: [] })).toBe(false);
  });
});

describe('small rules of the people area', () => {
  it('keeps permissions once each, in the spec order', () => {
    expect(normalizePermissions(['role-list', 'user-list', 'role-list'])).toEqual(['user-list', 'role-list']);
  });

  it('names a rent permit by the aircraft type however it is typed', () => {
    expect(rentPermitId('ASK 21')).toBe('rent-ask-21');
    expect(rentPermitId(' ask-21 ')).toBe('rent-ask-21');
    expect(rentPermitId('Duo Discus')).toBe('rent-duo-discus');
  });

  it('folds accents and case for the members order and search', () => {
    expect(foldText('Szabó Zsófia')).toBe('szabo zsofia');
    expect(foldText('Őri Űrsula')).toBe('ori ursula');
    expect(foldText('Łukasz Groß')).toBe('lukasz gross');
    expect(filterWords('  Molnár   ANNA x y z w v ')).toEqual(['molnar', 'anna', 'x', 'y', 'z']);
  });

  it('orders members by family name, and searches name and e-mail', () => {
    expect(memberIndexFields({ first_name: 'Anna', last_name: 'Molnár', email: 'Pilot@Demo.hu' })).toEqual({
      sort_name: 'molnar anna',
      search_text: 'molnar anna pilot@demo.hu',
    });
  });
});

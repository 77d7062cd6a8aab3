import { describe, expect, it } from 'vitest';
import { addDays, dayStartIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { formatMoney, moneyInputText, parseMoney } from '../../contracts/money.ts';
import {
  createOrganizationInput,
  isValidIban,
  PRICE_UNITS,
  updateOwnOrganizationInput,
} from '../../contracts/schemas/organizations.ts';
import { limitErrors, packageInput } from '../../contracts/schemas/subscriptions.ts';
import { duplicateCodeErrors } from '../../contracts/schemas/type-lists.ts';
import { fieldErrors } from '../../contracts/validation.ts';
import { DEFAULT_ROLES, defaultRolesIn } from '../../functions/organizations/default-roles.ts';
import { nameSortKey } from '../../functions/organizations/entities.ts';
import {
  changedFields,
  organizationRecordOf,
  recordPatch,
} from '../../functions/organizations/organization-record.ts';
import { mayOpenOrganization, readOnlyErrors } from '../../functions/organizations/organization-service.ts';
import { replacementPlan } from '../../functions/organizations/subscription-service.ts';

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
};

describe('IBAN check digits (ISO 13616)', () => {
  it('accepts real-looking Hungarian and Austrian IBANs, with or without spaces', () => {
    expect(isValidIban('HU46109180010000012345670000')).toBe(true);
    expect(isValidIban('hu46 1091 8001 0000 0123 4567 0000')).toBe(true);
    expect(isValidIban('AT47 3500 0000 0123 4567')).toBe(true);
  });

  it('refuses a mistyped digit, wrong check digits and garbage', () => {
    expect(isValidIban('HU46109180010000012345670001')).toBe(false);
    expect(isValidIban('AT48 3500 0000 0123 4567')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('package limits (spec §9)', () => {
  it('lets the category caps reach the total but not exceed it', () => {
    expect(limitErrors({ plane_limit: 4, general_limit: 2, glider_limit: 3 })).toEqual({});
    expect(limitErrors({ plane_limit: 12, general_limit: 12, glider_limit: 12 })).toEqual({});
    expect(limitErrors({ plane_limit: 4, general_limit: 5, glider_limit: 6 })).toEqual({
      general_limit: ['too_big'],
      glider_limit: ['too_big'],
    });
  });

  it('has nothing to compare without a total', () => {
    expect(limitErrors({ general_limit: 5 })).toEqual({});
  });

  it('refuses in the package schema negative, fractional and huge limits', () => {
    const base = { name: 'P', monthly_price: 0, currency_id: 'EUR', active: true };
    expect(
      errorsOf(packageInput, { ...base, plane_limit: -1, general_limit: 0.5, glider_limit: 1001 }),
    ).toEqual({
      plane_limit: ['too_small'],
      general_limit: ['invalid_value'],
      glider_limit: ['too_big'],
    });
  });
});

describe('prices in minor units (docs/ARCHITECTURE.md "Data")', () => {
  it('says what each price is charged per, as spec §9 has it', () => {
    expect(PRICE_UNITS.flight_price).toBe('minute');
    expect(PRICE_UNITS.towing_price).toBe('minute');
    expect(PRICE_UNITS.full_fee).toBe('month');
    expect(PRICE_UNITS.yearly_membership_fee).toBe('year');
  });

  it('reads what a person types in any of the languages', () => {
    expect(parseMoney('150')).toBe(15000);
    expect(parseMoney('1 500,5')).toBe(150050);
    expect(parseMoney('1500.05')).toBe(150005);
    expect(parseMoney('-500')).toBe(-50000);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('1.234')).toBeNaN();
    expect(parseMoney('abc')).toBeNaN();
  });

  it('writes minor units back for the input and for display', () => {
    expect(moneyInputText(150050)).toBe('1500.5');
    expect(moneyInputText(15000)).toBe('150');
    expect(moneyInputText(-5)).toBe('-0.05');
    expect(moneyInputText(null)).toBe('');
    expect(formatMoney(15000, 'HUF', 'hu').replace(/\s/g, ' ')).toBe('150 Ft');
    expect(formatMoney(50, 'EUR', 'de').replace(/\s/g, ' ')).toBe('0,50 €');
  });

  it('refuses fractional minor units, a negative price and a price above the bound', () => {
    const base = { organization_name: 'A', short_name: 'A', timezone: 'UTC', version: 1 };
    expect(
      errorsOf(updateOwnOrganizationInput, {
        ...base,
        flight_price: 1.5,
        towing_price: -1,
        winching_price: 2_000_000_000,
        balance_min: -100,
        multiplier: 101,
      }),
    ).toEqual({
      flight_price: ['invalid_value'],
      towing_price: ['too_small'],
      winching_price: ['too_big'],
      multiplier: ['too_big'],
    });
  });

  it('normalizes IBAN and SWIFT to the way banks print them', () => {
    const result = updateOwnOrganizationInput.safeParse({
      organization_name: 'A',
      short_name: 'A',
      timezone: 'Europe/Budapest',
      bank_iban: 'hu46 1091 8001 0000 0123 4567 0000',
      bank_swift: ' bacxhuhb ',
      version: 1,
    });
    expect(result.success && result.data.bank_iban).toBe('HU46109180010000012345670000');
    expect(result.success && result.data.bank_swift).toBe('BACXHUHB');
  });
});

describe('the organization schemas', () => {
  it('needs the identity, currency, modules and limits to create an organization', () => {
    expect(errorsOf(createOrganizationInput, {})).toEqual({
      organization_name: ['field_required'],
      short_name: ['field_required'],
      timezone: ['field_required'],
      currency_id: ['field_required'],
      modules: ['field_required'],
      plane_limit: ['field_required'],
      general_limit: ['field_required'],
      glider_limit: ['field_required'],
    });
  });

  it('refuses a module twice', () => {
    const errors = errorsOf(createOrganizationInput, {
      organization_name: 'A',
      short_name: 'A',
      timezone: 'UTC',
      currency_id: 'EUR',
      modules: ['glider', 'glider'],
      plane_limit: 1,
      general_limit: 1,
      glider_limit: 1,
    });
    expect(errors).toEqual({ modules: ['invalid_value'] });
  });

  it('does not let an admin send the managed fields through their own organization', () => {
    expect(
      errorsOf(updateOwnOrganizationInput, {
        organization_name: 'A',
        short_name: 'A',
        timezone: 'UTC',
        modules: [],
        plane_limit: 3,
        version: 1,
      }),
    ).toEqual({ modules: ['unknown_field'], plane_limit: ['unknown_field'] });
  });
});

describe('type lists', () => {
  it('finds a repeated code regardless of case and spaces, where it repeats', () => {
    expect(duplicateCodeErrors([{ code: 'AS21' }, { code: 'LS4' }, { code: ' as21 ' }])).toEqual({
      'items.2.code': ['duplicate_value'],
    });
    expect(duplicateCodeErrors([{ code: 'AS21' }, { code: 'LS4' }])).toEqual({});
  });
});

describe('the record between the store and the API', () => {
  const stored = {
    organization_id: 'org-x',
    organization_name: 'X',
    short_name: 'X',
    timezone: 'UTC',
    currency_id: 'EUR',
    modules: ['glider' as const],
    version: 3,
    flight_price: 50,
    bank_iban: '',
  };

  it('gives every field, absent ones as null, flags as false, limits as 0', () => {
    const record = organizationRecordOf(stored, false);
    expect(record.can_administer).toBe(false);
    expect(organizationRecordOf(stored, true).can_administer).toBe(true);
    expect(record.flight_price).toBe(50);
    expect(record.bank_iban).toBeNull();
    expect(record.motor_price).toBeNull();
    expect(record.balance_notification_on).toBe(false);
    expect(record.plane_limit).toBe(0);
    expect(record.custom_prices).toEqual([]);
    expect(record.dst).toBe(true);
  });

  it('patches like PATCH: absent stays, null and empty text remove, version is not data', () => {
    const patch = recordPatch({
      organization_name: 'Y',
      flight_price: null,
      bank_name: '',
      motor_price: undefined,
      modules: ['glider', 'general'],
      version: 3,
    });
    expect(patch.set).toEqual({ organization_name: 'Y', modules: ['glider', 'general'] });
    expect(patch.remove).toEqual(['flight_price', 'bank_name']);
    expect(changedFields(stored, patch)).toEqual(['flight_price', 'modules', 'organization_name']);
  });
});

describe('who may change what', () => {
  it('lets a supervisor open any organization and anyone else only their own', () => {
    expect(mayOpenOrganization({ isSupervisor: true, organizationId: 'a' }, 'b')).toBe(true);
    expect(mayOpenOrganization({ isSupervisor: false, organizationId: 'a' }, 'a')).toBe(true);
    expect(mayOpenOrganization({ isSupervisor: false, organizationId: 'a' }, 'b')).toBe(false);
    expect(mayOpenOrganization({ isSupervisor: false, organizationId: null }, 'b')).toBe(false);
  });

  it('marks modules, limits and currency read-only for an admin only where they differ', () => {
    const stored = { modules: ['glider', 'general'], plane_limit: 12, currency_id: 'HUF' };
    expect(
      readOnlyErrors(stored, { modules: ['general', 'glider'], plane_limit: 12, currency_id: 'HUF' }),
    ).toEqual({});
    expect(readOnlyErrors(stored, { modules: ['glider'], glider_limit: 0, currency_id: 'EUR' })).toEqual({
      modules: ['read_only'],
      currency_id: ['read_only'],
    });
    expect(readOnlyErrors(stored, { general_limit: 3 })).toEqual({ general_limit: ['read_only'] });
  });
});

describe('default roles', () => {
  it('gives the admin every permission and names each role in every language', () => {
    const admin = DEFAULT_ROLES.find((r) => r.role_id === 'admin');
    expect(admin?.guard_role).toBe('admin');
    expect(admin?.permissions.length).toBeGreaterThan(40);
    for (const role of DEFAULT_ROLES) expect(Object.keys(role.role_name).sort()).toHaveLength(8);
    expect(defaultRolesIn('de').find((r) => r.role_id === 'instructor')?.role_name).toBe('Fluglehrer');
  });
});

describe('subscriptions replacing each other', () => {
  const active = [{ subscription_id: 's1', start_date: '2026-01-01', version: 2 }];

  it('ends the active one the day before the new one starts', () => {
    expect(replacementPlan('2026-07-01', active)).toEqual({
      errors: {},
      replaced: [{ subscription_id: 's1', version: 2, end_date: '2026-06-30' }],
    });
  });

  it('keeps an earlier agreed end date', () => {
    const plan = replacementPlan('2026-07-01', [{ ...active[0]!, end_date: '2026-03-31' }]);
    expect(plan.replaced[0]?.end_date).toBe('2026-03-31');
  });

  it('refuses a start that would end the active one before it began', () => {
    expect(replacementPlan('2026-01-01', active).errors).toEqual({ start_date: ['too_small'] });
    expect(replacementPlan('2026-01-02', active).errors).toEqual({});
  });

  it('counts calendar days across month and leap-year ends', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('calendar days in the organization’s time zone (docs/ARCHITECTURE.md "Time")', () => {
  it('starts a Budapest day at 23:00 or 22:00 UTC the day before, across the DST change', () => {
    expect(dayStartIn('2026-03-29', 'Europe/Budapest')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStartIn('2026-03-30', 'Europe/Budapest')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStartIn('2026-10-25', 'Europe/Budapest')).toBe('2026-10-24T22:00:00.000Z');
    expect(dayStartIn('2026-10-26', 'Europe/Budapest')).toBe('2026-10-25T23:00:00.000Z');
    expect(dayStartIn('2026-06-01', 'UTC')).toBe('2026-06-01T00:00:00.000Z');
  });
});

describe('keys', () => {
  it('sorts organization names without case or accents', () => {
    expect(nameSortKey('Szélzsák Repülő Egyesület')).toBe('szelzsak repulo egyesulet');
    expect(nameSortKey('  Alpine #1 Club ')).toBe('alpine 1 club');
  });

  it('makes subscription ids that sort by creation time', () => {
    const earlier = timeOrderedId(Date.parse('2025-01-01T00:00:00Z'));
    const later = timeOrderedId(Date.parse('2026-01-01T00:00:00Z'));
    expect(earlier < later).toBe(true);
    expect(later).toMatch(/^[0-9a-z]{19}$/);
  });
});

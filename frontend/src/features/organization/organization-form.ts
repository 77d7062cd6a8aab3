import type { OwnOrganization } from '../../../../contracts/schemas/identity.ts';

/** The editable fields as the inputs hold them: text, '' for empty. */
export interface OrganizationFormValues {
  organization_name: string;
  short_name: string;
  company_id: string;
  vat_number: string;
  address_hq: string;
  address_site: string;
  contact_name: string;
  base_airport: string;
  timezone: string;
}

export type TextField = Exclude<keyof OrganizationFormValues, 'timezone'>;

export const toFormValues = (organization: OwnOrganization): OrganizationFormValues => ({
  organization_name: organization.organization_name,
  short_name: organization.short_name,
  company_id: organization.company_id ?? '',
  vat_number: organization.vat_number ?? '',
  address_hq: organization.address_hq ?? '',
  address_site: organization.address_site ?? '',
  contact_name: organization.contact_name ?? '',
  base_airport: organization.base_airport ?? '',
  timezone: organization.timezone,
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The PATCH body before validation: empty optional fields are null, the ICAO code upper case. The
 * shared schema (`updateOwnOrganizationInput`) then checks it, in the browser and in the Lambda.
 */
export const toUpdateInput = (values: OrganizationFormValues, version: number) => ({
  organization_name: values.organization_name,
  short_name: values.short_name,
  company_id: orNull(values.company_id),
  vat_number: orNull(values.vat_number),
  address_hq: orNull(values.address_hq),
  address_site: orNull(values.address_site),
  contact_name: orNull(values.contact_name),
  base_airport: orNull(values.base_airport.toUpperCase()),
  timezone: values.timezone,
  version,
});

export const sameValues = (a: OrganizationFormValues, b: OrganizationFormValues) =>
  (Object.keys(a) as (keyof OrganizationFormValues)[]).every((key) => a[key] === b[key]);

/** The IANA zones the browser knows, with the current value kept even if it does not list it. */
export const timeZoneOptions = (current: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([...zones, 'UTC', current].filter(Boolean));
  return [...all].sort();
};

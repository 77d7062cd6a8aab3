import {
  NOTIFICATION_FLAGS,
  type NotificationFlag,
  type PersonOutput,
  PROFILE_TYPES,
} from '../../../../contracts/schemas/people.ts';
import { orNull } from '../forms/field-errors.ts';

/** The person's text inputs (profile/edit and user/{id}), in screen order per section. */
export const TEXT_SECTIONS = {
  identity: ['last_name', 'first_name', 'birth_date', 'birth_place', 'mother_name', 'callsign'],
  contact: ['phone', 'mobile', 'emergency_contact'],
  billing: ['billing_name', 'vat_number'],
} as const;
export type TextField = (typeof TEXT_SECTIONS)[keyof typeof TEXT_SECTIONS][number] | 'profile_type';

export const CONSENT_FLAGS = ['public_privatedata', 'newsletter_on', 'betatester'] as const;
type ConsentFlag = (typeof CONSENT_FLAGS)[number];

export { NOTIFICATION_FLAGS };

export type PersonFormValues = Record<TextField, string> & Record<ConsentFlag | NotificationFlag, boolean>;

export const FIELD_ORDER: string[] = [
  ...TEXT_SECTIONS.identity,
  'profile_type',
  ...TEXT_SECTIONS.contact,
  ...TEXT_SECTIONS.billing,
  ...CONSENT_FLAGS,
  ...NOTIFICATION_FLAGS,
];

export const toPersonValues = (person: PersonOutput): PersonFormValues => ({
  first_name: person.first_name,
  last_name: person.last_name,
  birth_date: person.birth_date ?? '',
  birth_place: person.birth_place ?? '',
  mother_name: person.mother_name ?? '',
  callsign: person.callsign ?? '',
  profile_type: person.profile_type ?? '',
  phone: person.phone ?? '',
  mobile: person.mobile ?? '',
  emergency_contact: person.emergency_contact ?? '',
  billing_name: person.billing_name ?? '',
  vat_number: person.vat_number ?? '',
  public_privatedata: person.public_privatedata,
  newsletter_on: person.newsletter_on,
  betatester: person.betatester,
  email_notification_on: person.email_notification_on,
  push_notification_on: person.push_notification_on,
  document_expiry_notification_on: person.document_expiry_notification_on,
  balance_notification_on: person.balance_notification_on,
  flight_notification_on: person.flight_notification_on,
  message_notification_on: person.message_notification_on,
  operating_day_notification_on: person.operating_day_notification_on,
});

/**
 * The PATCH body before validation: empty optional fields are null (cleared on the server). An
 * admin's save (user/{id}) leaves out the notification switches: they are the person's own to set.
 */
export const toPersonInput = (values: PersonFormValues, version: number, own = true) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  birth_date: orNull(values.birth_date),
  birth_place: orNull(values.birth_place),
  mother_name: orNull(values.mother_name),
  callsign: orNull(values.callsign),
  profile_type: (PROFILE_TYPES as readonly string[]).includes(values.profile_type)
    ? (values.profile_type as (typeof PROFILE_TYPES)[number])
    : null,
  phone: orNull(values.phone),
  mobile: orNull(values.mobile),
  emergency_contact: orNull(values.emergency_contact),
  billing_name: orNull(values.billing_name),
  vat_number: orNull(values.vat_number),
  public_privatedata: values.public_privatedata,
  newsletter_on: values.newsletter_on,
  betatester: values.betatester,
  ...(own ? Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, values[flag]])) : {}),
  version,
});

import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useTranslation } from 'react-i18next';
import { PROFILE_TYPES } from '../../../../contracts/schemas/people.ts';
import { currentLang } from '../../lib/i18n.ts';
import { DateField } from '../forms/date-field.tsx';
import {
  CONSENT_FLAGS,
  NOTIFICATION_FLAGS,
  type PersonFormValues,
  TEXT_SECTIONS,
  type TextField,
} from './person-form.ts';

const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  phone: 'tel',
  mobile: 'tel',
  billing_name: 'organization',
};
const PHONE_FIELDS = new Set<TextField>(['phone', 'mobile']);

interface PersonFieldsProps {
  values: PersonFormValues;
  onChange: <K extends keyof PersonFormValues>(field: K, value: PersonFormValues[K]) => void;
  errorText: (field: string) => string | undefined;
  /** Inputs carry `data-testid="<prefix>-<field>"`. */
  prefix: string;
  /** The sign-in name, shown read-only. */
  email: string;
  /**
   * The person's own record (profile/edit): the notification switches too, and the hints speak to
   * them. An admin's view (user/{id}) leaves the switches out: they are the person's to set.
   */
  own: boolean;
}

/**
 * A person's record (spec §3 "User / pilot": identity, contact, billing, consent and notification
 * switches) as profile/edit and user/{id} both show it. Names come in the language's order: family
 * name first in Hungarian.
 */
export function PersonFields({ values, onChange, errorText, prefix, email, own }: PersonFieldsProps) {
  const { t } = useTranslation(['profile', 'people']);
  const identity =
    currentLang() === 'hu'
      ? TEXT_SECTIONS.identity
      : (['first_name', 'last_name', ...TEXT_SECTIONS.identity.slice(2)] as const);

  const textField = (field: TextField) =>
    field === 'birth_date' ? (
      <FormField key={field} label={t(`field.${field}`)} errorText={errorText(field)}>
        <DateField
          value={values.birth_date}
          onChange={(value) => onChange('birth_date', value)}
          invalid={Boolean(errorText(field))}
          testId={`${prefix}-birth_date`}
        />
      </FormField>
    ) : (
      <FormField
        key={field}
        label={t(`field.${field}`)}
        constraintText={
          PHONE_FIELDS.has(field)
            ? t('hint.phone')
            : field === 'emergency_contact'
              ? t('hint.emergency_contact')
              : undefined
        }
        errorText={errorText(field)}
      >
        <Input
          value={values[field]}
          onChange={({ detail }) => onChange(field, detail.value)}
          invalid={Boolean(errorText(field))}
          inputMode={PHONE_FIELDS.has(field) ? 'tel' : undefined}
          autoComplete={own ? (AUTOCOMPLETE[field] ?? false) : false}
          data-testid={`${prefix}-${field}`}
        />
      </FormField>
    );

  const profileTypeOptions = [
    { value: '', label: t('profile_type.none') },
    ...PROFILE_TYPES.map((type) => ({ value: type, label: t(`profile_type.${type}`) })),
  ];
  // A consent switch and what it means, said to the person or to the admin looking at it.
  const consentHint = (flag: (typeof CONSENT_FLAGS)[number]) =>
    own
      ? flag === 'public_privatedata'
        ? t('hint.public_privatedata')
        : undefined
      : t(`people:flag_hint.${flag}`);

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('section.identity')}</Header>}>
        <ColumnLayout columns={2}>
          {identity.map(textField)}
          <FormField label={t('field.profile_type')} errorText={errorText('profile_type')}>
            <Select
              selectedOption={
                profileTypeOptions.find((option) => option.value === values.profile_type) ??
                profileTypeOptions[0] ??
                null
              }
              options={profileTypeOptions}
              onChange={({ detail }) => onChange('profile_type', detail.selectedOption.value ?? '')}
              invalid={Boolean(errorText('profile_type'))}
              data-testid={`${prefix}-profile_type`}
            />
          </FormField>
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{t('section.contact')}</Header>}>
        <ColumnLayout columns={2}>
          <FormField label={t('field.email')} description={own ? t('hint.email') : undefined}>
            <Input
              value={email}
              readOnly
              autoComplete={own ? 'email' : false}
              data-testid={`${prefix}-email`}
            />
          </FormField>
          {TEXT_SECTIONS.contact.map(textField)}
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{t('section.billing')}</Header>}>
        <ColumnLayout columns={2}>{TEXT_SECTIONS.billing.map(textField)}</ColumnLayout>
      </Container>
      <ColumnLayout columns={own ? 2 : 1}>
        <Container header={<Header variant="h2">{t('section.consent')}</Header>}>
          <SpaceBetween size="s">
            {CONSENT_FLAGS.map((flag) => (
              <Checkbox
                key={flag}
                checked={values[flag]}
                onChange={({ detail }) => onChange(flag, detail.checked)}
                description={consentHint(flag)}
                data-testid={`${prefix}-${flag}`}
              >
                {own ? t(`field.${flag}`) : t(`people:field.${flag}`)}
              </Checkbox>
            ))}
          </SpaceBetween>
        </Container>
        {own && (
          <Container header={<Header variant="h2">{t('section.notifications')}</Header>}>
            <SpaceBetween size="s">
              {NOTIFICATION_FLAGS.map((flag) => (
                <Toggle
                  key={flag}
                  checked={values[flag]}
                  onChange={({ detail }) => onChange(flag, detail.checked)}
                  data-testid={`${prefix}-${flag}`}
                >
                  {t(`field.${flag}`)}
                </Toggle>
              ))}
            </SpaceBetween>
          </Container>
        )}
      </ColumnLayout>
    </SpaceBetween>
  );
}

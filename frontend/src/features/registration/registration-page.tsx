import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { isLang, LANGS, type Lang } from '../../../../contracts/langs.ts';
import { registrationInput } from '../../../../contracts/schemas/identity.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageLink } from '../../app/links.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { ApiError, call, FieldErrors } from '../../lib/api-client.ts';
import {
  authErrorName,
  confirmEmailCode,
  isNetworkFailure,
  resendEmailCode,
  signInWithPassword,
  signUpWithEmail,
} from '../../lib/auth.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang, LANG_NAMES } from '../../lib/i18n.ts';
import { startLoading } from '../../lib/loading.ts';
import { startSession, switchLanguage } from '../../lib/session.ts';
import {
  codeProblems,
  confirmationCode,
  emailProblems,
  passwordProblems,
  signUpName,
} from './registration-rules.ts';

type Tab = 'about' | 'data' | 'finalize';
type Errors = Record<string, string[]>;

/** The data tab's fields in screen order: the cursor goes to the first with an error. */
const FIELD_ORDER = [
  'email',
  'password',
  'repeat',
  'last_name',
  'first_name',
  'lang',
  'terms_accepted',
  'code',
];

interface Data {
  email: string;
  password: string;
  repeat: string;
  first_name: string;
  last_name: string;
  lang: Lang;
  /** Accepting the terms and the privacy statement: required here, never sent. */
  terms_accepted: boolean;
  /** Share my phone, mobile and e-mail with the members of my clubs (address book); optional. */
  public_privatedata: boolean;
  newsletter_on: boolean;
}

const FREE = ['logbook', 'documents', 'statistics'] as const;
/** Hungarian names are written family name first; the other languages put the given name first. */
const nameOrder = (lang: Lang) =>
  lang === 'hu' ? (['last_name', 'first_name'] as const) : (['first_name', 'last_name'] as const);
const CLUB = ['auto', 'balance', 'map', 'operating_days', 'training'] as const;

/** Cognito's answers this screen turns into field messages; anything else is a flash. */
const cognitoFailure = (error: unknown): { field?: string; key: string } => {
  const name = authErrorName(error);
  if (name === 'UsernameExistsException' || name === 'AliasExistsException')
    return { field: 'email', key: 'registration:error.email_taken' };
  if (name === 'InvalidPasswordException') return { field: 'password', key: 'messages:password_too_weak' };
  if (name === 'CodeMismatchException') return { field: 'code', key: 'registration:error.code_invalid' };
  if (name === 'ExpiredCodeException') return { field: 'code', key: 'registration:error.code_expired' };
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException')
    return { key: 'messages:too_many_attempts' };
  if (isNetworkFailure(error)) return { key: 'messages:network_error' };
  console.error('Cognito refused', name);
  return { key: 'messages:unknown_error' };
};

/** A confirmation that already happened (a retry after the API call failed) is not an error. */
const alreadyConfirmed = (error: unknown) =>
  authErrorName(error) === 'NotAuthorizedException' && /CONFIRMED/i.test((error as Error).message ?? '');

/**
 * `register` (public, guest-only; spec §2): about the product, enter data, finalize registration.
 * Amplify signs the pilot up (the e-mail is the user name), the code from the e-mail confirms it
 * (locally: the outbox at /_local/outbox), then the pilot signs in and POST /api/registration makes
 * the person with a private profile: free logbooks, documents and statistics, no organization.
 */
export default function RegistrationPage() {
  const { t } = useTranslation(['registration', 'messages', 'auth', 'common']);
  const [tab, setTab] = useState<Tab>('about');
  const [data, setData] = useState<Data>({
    email: '',
    password: '',
    repeat: '',
    first_name: '',
    last_name: '',
    lang: currentLang(),
    terms_accepted: false,
    public_privatedata: false,
    newsletter_on: false,
  });
  const [signedUp, setSignedUp] = useState(false);
  const [code, setCode] = useState('');
  const errors = useFieldErrors({ prefix: 'registration', fields: FIELD_ORDER });
  const setErrors = (found: Errors) => (Object.keys(found).length > 0 ? errors.show(found) : errors.clear());
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Data>(field: K, value: Data[K]) => {
    setData({ ...data, [field]: value });
    errors.forget(field);
  };
  const errorText = (field: string) =>
    field === 'terms_accepted' && errors.has(field) ? t('data.consent_required') : errors.errorText(field);
  const withBusy = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    const done = startLoading();
    try {
      await work();
    } finally {
      done();
      setBusy(false);
    }
  };

  const registrationBody = () => ({
    first_name: data.first_name,
    last_name: data.last_name,
    lang: data.lang,
    public_privatedata: data.public_privatedata,
    newsletter_on: data.newsletter_on,
  });

  /** Tab 2: check everything here first, then Cognito sends the code. */
  const submitData = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.safeParse(registrationInput, registrationBody());
    const problems: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const email = emailProblems(data.email);
    if (email.length) problems.email = email;
    const password = passwordProblems(data.password);
    if (password.length) problems.password = password;
    if (!data.terms_accepted) problems.terms_accepted = ['field_required'];
    if (data.repeat === '') problems.repeat = ['field_required'];
    else if (data.repeat !== data.password) problems.repeat = ['passwords_do_not_match'];
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    void withBusy(async () => {
      try {
        await signUpWithEmail(signUpName(data.email), data.password);
        setSignedUp(true);
        setCode('');
        setTab('finalize');
      } catch (error) {
        const failure = cognitoFailure(error);
        if (failure.field) setErrors({ [failure.field]: [failure.key] });
        else flash('error', failure.key);
      }
    });
  };

  /** Tab 3: the code, then sign-in, then the person and the private profile. */
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const problems = codeProblems(code);
    setErrors(problems.length ? { code: problems } : {});
    if (problems.length) return;
    void withBusy(async () => {
      const username = signUpName(data.email);
      try {
        await confirmEmailCode(username, confirmationCode(code));
      } catch (error) {
        if (!alreadyConfirmed(error)) {
          const failure = cognitoFailure(error);
          if (failure.field) setErrors({ [failure.field]: [failure.key] });
          else flash('error', failure.key);
          return;
        }
      }
      try {
        const signedIn = await signInWithPassword(username, data.password);
        if (!signedIn.isSignedIn) {
          flash('error', 'sign_in_incomplete');
          return;
        }
        try {
          await call('register', { body: registrationBody() });
        } catch (error) {
          // 409: this person exists already (a retry after a lost answer): just sign in.
          if (!(error instanceof ApiError && error.code === 'conflict')) throw error;
        }
        flash('success', 'registration:done');
        // The guard moves a signed-in user off this guest-only page, to the dashboard.
        await startSession();
      } catch (error) {
        if (error instanceof FieldErrors) {
          setErrors(error.errors);
          setTab('data');
        } else if (!(error instanceof ApiError)) flash('error', cognitoFailure(error).key);
      }
    });
  };

  const resend = () =>
    void withBusy(async () => {
      try {
        await resendEmailCode(signUpName(data.email));
        flash('success', 'registration:finalize.resent');
      } catch (error) {
        flash('error', cognitoFailure(error).key);
      }
    });

  const langOptions = LANGS.map((lang) => ({ value: lang, label: LANG_NAMES[lang], lang }));

  const about = (
    <SpaceBetween size="l">
      <Box variant="p">{t('about.intro')}</Box>
      <SpaceBetween size="m">
        <Container header={<Header variant="h3">{t('about.free_header')}</Header>}>
          <ul data-testid="registration-free">
            {FREE.map((key) => (
              <li key={key}>{t(`about.free.${key}`)}</li>
            ))}
          </ul>
        </Container>
        <Container header={<Header variant="h3">{t('about.club_header')}</Header>}>
          <ul>
            {CLUB.map((key) => (
              <li key={key}>{t(`about.club.${key}`)}</li>
            ))}
          </ul>
        </Container>
      </SpaceBetween>
      <SpaceBetween direction="horizontal" size="m" alignItems="center">
        <Button variant="primary" onClick={() => setTab('data')} data-testid="registration-start">
          {t('about.next')}
        </Button>
        <PageLink href="/login/">{t('about.have_account')}</PageLink>
      </SpaceBetween>
    </SpaceBetween>
  );

  const dataForm = (
    <form onSubmit={submitData} noValidate data-testid="registration-data-form">
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => setTab('about')}>
              {t('data.back')}
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} data-testid="registration-continue">
              {t('data.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Box variant="p">{t('data.intro')}</Box>
          <FormField label={t('data.email')} errorText={errorText('email')}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              value={data.email}
              onChange={({ detail }) => set('email', detail.value)}
              invalid={errors.has('email')}
              data-testid="registration-email"
            />
          </FormField>
          <ColumnLayout columns={2}>
            <FormField
              label={t('data.password')}
              constraintText={t('data.password_rule')}
              errorText={errorText('password')}
            >
              <Input
                type="password"
                autoComplete="new-password"
                value={data.password}
                onChange={({ detail }) => set('password', detail.value)}
                invalid={errors.has('password')}
                data-testid="registration-password"
              />
            </FormField>
            <FormField label={t('data.repeat')} errorText={errorText('repeat')}>
              <Input
                type="password"
                autoComplete="new-password"
                value={data.repeat}
                onChange={({ detail }) => set('repeat', detail.value)}
                invalid={errors.has('repeat')}
                data-testid="registration-repeat"
              />
            </FormField>
            {nameOrder(data.lang).map((field) => (
              <FormField key={field} label={t(`data.${field}`)} errorText={errorText(field)}>
                <Input
                  autoComplete={field === 'last_name' ? 'family-name' : 'given-name'}
                  value={data[field]}
                  onChange={({ detail }) => set(field, detail.value)}
                  invalid={errors.has(field)}
                  data-testid={`registration-${field}`}
                />
              </FormField>
            ))}
          </ColumnLayout>
          <FormField label={t('data.lang')} description={t('data.lang_hint')} errorText={errorText('lang')}>
            <Select
              selectedOption={langOptions.find((option) => option.value === data.lang) ?? null}
              options={langOptions}
              onChange={({ detail }) => {
                const lang = detail.selectedOption.value;
                if (!lang || !isLang(lang)) return;
                set('lang', lang);
                // The screen follows the chosen language at once.
                void switchLanguage(lang);
              }}
              data-testid="registration-lang"
            />
          </FormField>
          <FormField errorText={errorText('terms_accepted')}>
            <Checkbox
              checked={data.terms_accepted}
              onChange={({ detail }) => set('terms_accepted', detail.checked)}
              data-testid="registration-consent"
            >
              {t('data.consent')}
            </Checkbox>
            {/* The public pages of the docsmsg branch (terms, privacy); the guard shows text until they exist. */}
            <SpaceBetween direction="horizontal" size="m">
              <PageLink href="/terms/" data-testid="registration-terms">
                {t('data.terms_link')}
              </PageLink>
              <PageLink href="/privacy/" data-testid="registration-privacy">
                {t('data.privacy_link')}
              </PageLink>
            </SpaceBetween>
          </FormField>
          <FormField>
            <SpaceBetween size="s">
              <Checkbox
                checked={data.public_privatedata}
                onChange={({ detail }) => set('public_privatedata', detail.checked)}
                description={t('data.public_privatedata_hint')}
                data-testid="registration-public-privatedata"
              >
                {t('data.public_privatedata')}
              </Checkbox>
              <Checkbox
                checked={data.newsletter_on}
                onChange={({ detail }) => set('newsletter_on', detail.checked)}
                data-testid="registration-newsletter"
              >
                {t('data.newsletter')}
              </Checkbox>
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );

  const finalize = !signedUp ? (
    <Alert type="info">{t('finalize.need_data')}</Alert>
  ) : (
    <form onSubmit={submitCode} noValidate data-testid="registration-code-form">
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={resend} disabled={busy} data-testid="registration-resend">
              {t('finalize.resend')}
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} data-testid="registration-finish">
              {t('finalize.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <Box variant="p" data-testid="registration-code-intro">
            {t('finalize.intro', { email: signUpName(data.email) })}
          </Box>
          <FormField
            label={t('finalize.code')}
            constraintText={t('finalize.code_hint')}
            errorText={errorText('code')}
          >
            <Input
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              onChange={({ detail }) => {
                setCode(detail.value);
                errors.clear();
              }}
              invalid={errors.has('code')}
              autoFocus
              data-testid="registration-code"
            />
          </FormField>
          <Link
            onFollow={() => {
              setSignedUp(false);
              setTab('data');
            }}
          >
            {t('finalize.restart')}
          </Link>
        </SpaceBetween>
      </Form>
    </form>
  );

  return (
    <Box padding={{ top: 'xl' }}>
      <Container header={<Header variant="h1">{t('about.title')}</Header>}>
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId as Tab)}
          data-testid="registration-tabs"
          tabs={[
            { id: 'about', label: t('tabs.about'), content: about },
            { id: 'data', label: t('tabs.data'), content: dataForm, disabled: signedUp },
            { id: 'finalize', label: t('tabs.finalize'), content: finalize, disabled: !signedUp },
          ]}
        />
      </Container>
    </Box>
  );
}

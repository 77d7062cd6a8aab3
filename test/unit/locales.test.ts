import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, FIELD_MESSAGES } from '../../contracts/errors.ts';
import { LANGS } from '../../contracts/langs.ts';
import { MODULES } from '../../contracts/modules.ts';
import { GUARD_ROLES, ROLE_LABELS } from '../../contracts/permissions.ts';
import { MENU_GROUPS, pages } from '../../frontend/src/app/pages.ts';

/**
 * The UI strings: `frontend/src/locales/<lang>/<namespace>.json` (Cloudscape's own strings live in
 * `locales/cloudscape` and have their own test). Every language has every English key and no other,
 * and is a translation, not a copy of the English.
 */
const ROOT = join(import.meta.dirname, '../../frontend/src/locales');
type Flat = Record<string, string>;

const flatten = (value: unknown, prefix = ''): Flat => {
  if (typeof value === 'string') return { [prefix]: value };
  if (value === null || typeof value !== 'object') throw new Error(`${prefix} is neither text nor a group`);
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)),
  );
};

const namespacesOf = (lang: string) =>
  readdirSync(join(ROOT, lang))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

const load = (lang: string): Flat =>
  Object.assign(
    {},
    ...namespacesOf(lang).map((ns) => {
      const flat = flatten(JSON.parse(readFileSync(join(ROOT, lang, `${ns}.json`), 'utf8')));
      return Object.fromEntries(Object.entries(flat).map(([key, text]) => [`${ns}:${key}`, text]));
    }),
  );

const strings = Object.fromEntries(LANGS.map((lang) => [lang, load(lang)])) as Record<
  (typeof LANGS)[number],
  Flat
>;
const en = strings.en;
const others = LANGS.filter((lang) => lang !== 'en');

/**
 * Strings that are rightly the same as English in some language: the product name, and words the
 * language spells alike (checked by a native speaker's eye, not assumed).
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  'common:app.name': LANGS,
  // A flight named by its date and registration (profile/actions): no words to translate.
  'profile:actions.about.flight.what': LANGS,
  'common:menu.administration': ['fr'],
  'common:table.actions': ['fr'],
  // The same words in French.
  'reports:source.maintenance': ['fr'],
  'reports:section.documents': ['fr'],
  'reports:column.documents': ['fr'],
  'reports:import.sources.transactions': ['fr'],
  'auth:login.password': ['it'],
  'common:lock.password': ['it'],
  'roles:admin': ['de', 'pl'],
  'roles:pilot': ['de', 'sk', 'cs', 'pl'],
  'reservations:field.user_id': ['de', 'sk', 'cs', 'pl'],
  'reservations:by': ['de', 'sk', 'cs', 'pl'],
  'reservations:status': ['de', 'pl'],
  'reservations:status_value.active': ['fr'],
  'operating-days:role.pilot': ['de', 'sk', 'cs', 'pl'],
  'work:field.status': ['de', 'pl'],
  'work:type.hangar': ['pl', 'fr', 'it'],
  'work:field.work_type': ['fr'],
  'work:field.date': ['fr'],
  'work:field.description': ['fr'],
  'work:balance.obligation': ['fr'],
  'work:rfid.title': ['fr', 'it'],
  'calendar:feed.role.pilot': ['sk', 'cs', 'pl'],
  'operating-days:participants': ['fr'],
  // Fuel grades are product names (AVGAS 100LL, UL 91, Jet A-1); German says Tank, Diesel and Name too.
  'fuel:fuel_type.avgas_100ll': LANGS,
  'fuel:fuel_type.ul91': LANGS,
  'fuel:fuel_type.jet_a1': LANGS,
  'fuel:fuel_type.diesel': ['de'],
  'fuel:tanks': ['de'],
  'fuel:source_type.tank': ['de'],
  'fuel:field.name': ['de'],
  'fuel:field.source_type': ['fr'],
  'fuel:field.source': ['fr'],
  // MTOW is the same abbreviation everywhere; kg an SI symbol.
  'airports:fees.mtow': ['hu', 'de', 'sk', 'cs', 'pl', 'fr', 'it'],
  'airports:operation.mtow': ['hu', 'de', 'sk', 'cs', 'pl', 'fr', 'it'],
  'airports:surface.asphalt': ['de'],
  'airports:operation.pilot_name': ['de', 'sk', 'cs', 'pl'],
  'airports:category.heliport': ['sk', 'cs'],
  'airports:field.latitude': ['fr'],
  'airports:field.longitude': ['fr'],
  'airports:operation.date': ['fr'],
  'airports:no': ['it'],
  // SI unit symbols after a number read the same in every language.
  'tracking:unit.altitude': LANGS,
  'tracking:unit.speed': LANGS,
  'tracking:unit.climb': LANGS,
  'tracking:heard.altitude': ['fr'],
  // French says "question", Italian "quiz", as English does.
  'organizations:target.question': ['fr'],
  'organizations:target.quiz': ['it'],
  // Subject names of the SPL syllabus as the languages' own syllabi spell them; Italian says "No".
  'quiz:subject.navigation': ['de', 'fr'],
  'quiz:subject.communications': ['fr'],
  'training:no': ['it'],
  // A range of two amounts: the dash reads the same.
  'finance:payment.limits_value': ['hu', 'de', 'sk', 'cs', 'pl'],
  'finance:field.date': ['fr'],
  // A broadcast is the admin's own words after their name: nothing of it is ours to translate.
  'notifications:message.broadcast': ['hu', 'de', 'sk', 'cs', 'pl', 'it'],
  'organizations:target.document': ['fr'],
  'organizations:target.message': ['fr'],
  // French writes "Documents" as English does.
  'documents:list.header': ['fr'],
  'documents:overview.documents': ['fr'],
  'nav:title.documents': ['fr'],
  'nav:title.holder_documents': ['fr'],
  'nav:menu.documents': ['fr'],
  'maintenance:fleet.documents': ['fr'],
  // Only placeholders: the sender, the organization and the time.
  'message-center:view.from': ['hu', 'de', 'sk', 'cs', 'pl', 'fr', 'it'],
  // "push" and "e-mail" are the words these languages use.
  'message-center:view.pushed': ['hu', 'sk', 'cs', 'pl', 'fr', 'it'],
  'message-center:view.mailed': ['hu', 'sk', 'cs', 'pl', 'fr', 'it'],
  'message-center:field.send_mail': ['hu', 'sk', 'cs', 'pl', 'fr', 'it'],
  'message-center:field.body': ['de', 'sk', 'cs'],
  'message-center:list.status': ['de'],
  'nav:title.messages': ['fr'],
  'nav:title.message': ['fr'],
  'nav:menu.messages': ['fr'],
  'message-center:notify.text': ['fr'],
  'message-center:form.content': ['fr'],
  'message-center:dashboard.header': ['fr'],
  // Words these languages write as English does (and a runway's figures).
  'developer:ct.operation': ['de'],
  'developer:ct.public': ['fr'],
  'developer:debug.actor': ['fr'],
  'developer:debug.browser': ['de', 'it'],
  'developer:debug.mode': ['de', 'it'],
  'developer:debug.modules': ['fr'],
  'developer:debug.person': ['de'],
  'developer:debug.region': ['de', 'cs', 'pl'],
  'developer:gallery.date': ['fr'],
  'developer:gallery.flash_info': ['fr'],
  'developer:gallery.formats': ['fr'],
  'lookups:datasources.code': ['fr'],
  'lookups:datasources.name': ['de'],
  'lookups:maps.name': ['de'],
  'lookups:maps.runway_text': ['hu', 'de', 'sk', 'cs', 'pl', 'fr', 'it'],
  'nav:title.debug': ['it'],
  'nav:menu.debug': ['it'],
  // Czech, too, says “Finance”.
  'modules:financial': ['cs'],
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('UI strings', () => {
  it('has the same namespaces in every language', () => {
    const expected = namespacesOf('en');
    expect(expected.length).toBeGreaterThan(0);
    for (const lang of others) expect(namespacesOf(lang), lang).toEqual(expected);
  });

  it.each(others)('%s has every English key', (lang) => {
    const missing = Object.keys(en).filter((key) => !(key in strings[lang]));
    expect(missing).toEqual([]);
  });

  it.each(others)('%s has no key English lacks', (lang) => {
    const extra = Object.keys(strings[lang]).filter((key) => !(key in en));
    expect(extra).toEqual([]);
  });

  it.each(LANGS)('%s has no empty string and keeps the English placeholders', (lang) => {
    for (const [key, text] of Object.entries(strings[lang])) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it.each(others)('%s is translated, not copied from English', (lang) => {
    const copied = Object.entries(strings[lang])
      .filter(([key, text]) => text.length > 3 && text === en[key])
      .map(([key]) => key)
      .filter((key) => !SAME_AS_ENGLISH[key]?.includes(lang));
    expect(copied).toEqual([]);
  });

  it('keeps the allow-list honest: every allowed key exists and is still the same as English', () => {
    for (const [key, langs] of Object.entries(SAME_AS_ENGLISH)) {
      for (const lang of langs)
        if (lang !== 'en') expect(strings[lang as 'hu'][key], `${lang} ${key}`).toBe(en[key]);
    }
  });
});

describe('the strings the product needs', () => {
  const catalogue = [
    'invalid_credentials',
    'network_error',
    'missing_permissions',
    'unauthorized',
    'could_not_upload_the_file',
    'document_not_uploaded',
    'no_registration_for_email',
    'plane_limit_reached',
    'no_aircraft_available',
    'no_rentable_aircraft_available',
    'not_editable',
    'continuity_lapsed',
    'reminder_sent',
    'password_changed',
    'mail_sent',
    'missing_permissions_first_load',
    'server_error',
    'conflict',
    'unknown_error',
  ];

  it('has the spec §8 catalogue, the API error codes and the field messages in `messages`', () => {
    for (const key of [...catalogue, ...Object.keys(ERROR_STATUS), ...FIELD_MESSAGES]) {
      expect(en[`messages:${key}`], key).toBeTypeOf('string');
    }
  });

  it('keeps the spec’s English wording of the catalogue', () => {
    expect(en['messages:invalid_credentials']).toBe('Login failed, incorrect login information.');
    expect(en['messages:network_error']).toBe('Network error, the server is unavailable.');
    expect(en['messages:missing_permissions']).toBe('You do not have permission for this operation.');
    expect(en['messages:missing_permissions_first_load']).toBe('Missing permissions!');
    expect(en['messages:field_required']).toBe('Field not filled.');
    expect(en['messages:email_invalid']).toBe('The e-mail is not valid.');
    expect(en['messages:date_format']).toBe('Date format must be yyyy-mm-dd.');
    expect(en['messages:no_aircraft_available']).toBe('No aircraft available, record aircraft first.');
  });

  it('names every module and role', () => {
    for (const module of MODULES) expect(en[`modules:${module}`], module).toBeTypeOf('string');
    for (const role of [...GUARD_ROLES, ...ROLE_LABELS])
      expect(en[`roles:${role}`], role).toBeTypeOf('string');
  });

  it('names every side menu group and every page title and menu label', () => {
    for (const group of MENU_GROUPS) expect(en[`common:menu.${group}`], group).toBeTypeOf('string');
    // The shell's keys are in `common`; the areas' carry their namespace (`nav:title.users`).
    const keyOf = (key: string) => (key.includes(':') ? key : `common:${key}`);
    for (const page of pages) {
      expect(en[keyOf(page.titleKey)], page.path).toBeTypeOf('string');
      if (page.menu) expect(en[keyOf(page.menu.label)], page.path).toBeTypeOf('string');
    }
  });
});

import { timeOrderedId } from '../../contracts/ids.ts';
import { LANGS, type Lang } from '../../contracts/langs.ts';
import type { TypeListId } from '../../contracts/schemas/type-lists.ts';
import { db } from '../../functions/platform/db/service.ts';

/**
 * Demo data of the organizations administration: the two clubs' full records (banking, prices in
 * minor units, finance settings, the operating-day editor), three packages with subscriptions, and
 * the global type lists. Runs after the core seed (bin/local/seed.ts) created the clubs and people.
 */

type Names = Partial<Record<Lang, string>> & { hu: string; en: string };
interface Entry {
  code: string;
  names: Names;
  active?: boolean;
}

/** ICAO Doc 8643 type designators of the types a Central European club flies; model names are not translated. */
const PLANE_TYPES: [code: string, name: string][] = [
  ['AS21', 'Schleicher ASK 21'],
  ['AS13', 'Schleicher ASK 13'],
  ['LS4', 'Rolladen-Schneider LS 4'],
  ['DISC', 'Schempp-Hirth Discus'],
  ['DG1T', 'DG Flugzeugbau DG-1000'],
  ['JANU', 'Schempp-Hirth Janus'],
  ['PUCH', 'SZD-50 Puchacz'],
  ['C152', 'Cessna 152'],
  ['C172', 'Cessna 172 Skyhawk'],
  ['PA18', 'Piper PA-18 Super Cub (tow plane)'],
  ['Z26', 'Zlin Z-226 Trener'],
  ['HK36', 'Diamond HK36 Super Dimona (TMG)'],
  ['SF25', 'Scheibe SF 25 Falke (TMG)'],
  ['KA8', 'Schleicher Ka 8'],
  ['ASTR', 'Grob G 102 Astir CS'],
  ['DUOD', 'Schempp-Hirth Duo Discus'],
  ['JUNI', 'SZD-51-1 Junior'],
  ['PIRA', 'SZD-30 Pirat'],
  ['PA25', 'Piper PA-25 Pawnee (tow plane)'],
  ['AQUI', 'Aquila A210'],
  ['WT9', 'Aerospool WT9 Dynamic'],
  ['P202', 'Tecnam P2002 Sierra'],
  ['GLID', 'Other glider'],
];

const DOCUMENT_TYPES: Entry[] = [
  {
    code: 'licence_ppl',
    names: {
      hu: 'PPL szakszolgálati engedély',
      en: 'PPL licence',
      de: 'PPL-Lizenz',
      sk: 'Preukaz PPL',
      cs: 'Průkaz PPL',
      pl: 'Licencja PPL',
      fr: 'Licence PPL',
      it: 'Licenza PPL',
    },
  },
  {
    code: 'licence_lapl',
    names: {
      hu: 'LAPL szakszolgálati engedély',
      en: 'LAPL licence',
      de: 'LAPL-Lizenz',
      sk: 'Preukaz LAPL',
      cs: 'Průkaz LAPL',
      pl: 'Licencja LAPL',
      fr: 'Licence LAPL',
      it: 'Licenza LAPL',
    },
  },
  {
    code: 'licence_spl',
    names: {
      hu: 'SPL vitorlázórepülő-szakszolgálati engedély',
      en: 'SPL sailplane licence',
      de: 'SPL-Segelfluglizenz',
      sk: 'Preukaz SPL (vetrone)',
      cs: 'Průkaz SPL (kluzáky)',
      pl: 'Licencja SPL (szybowce)',
      fr: 'Licence SPL (planeur)',
      it: 'Licenza SPL (aliante)',
    },
  },
  {
    code: 'medical',
    names: {
      hu: 'Egészségügyi minősítés',
      en: 'Medical certificate',
      de: 'Tauglichkeitszeugnis',
      sk: 'Lekárske osvedčenie',
      cs: 'Osvědčení zdravotní způsobilosti',
      pl: 'Orzeczenie lotniczo-lekarskie',
      fr: 'Certificat médical',
      it: 'Certificato medico',
    },
  },
  {
    code: 'insurance',
    names: {
      hu: 'Biztosítási kötvény',
      en: 'Insurance policy',
      de: 'Versicherungspolice',
      sk: 'Poistná zmluva',
      cs: 'Pojistná smlouva',
      pl: 'Polisa ubezpieczeniowa',
      fr: "Police d'assurance",
      it: 'Polizza assicurativa',
    },
  },
  {
    code: 'airworthiness_certificate',
    names: {
      hu: 'Légialkalmassági bizonyítvány',
      en: 'Airworthiness certificate',
      de: 'Lufttüchtigkeitszeugnis',
      sk: 'Osvedčenie o letovej spôsobilosti',
      cs: 'Osvědčení o letové způsobilosti',
      pl: 'Świadectwo zdatności do lotu',
      fr: 'Certificat de navigabilité',
      it: 'Certificato di aeronavigabilità',
    },
  },
  {
    code: 'registration_certificate',
    names: {
      hu: 'Lajstromozási bizonyítvány',
      en: 'Registration certificate',
      de: 'Eintragungsschein',
      sk: 'Osvedčenie o zápise do registra',
      cs: 'Osvědčení o zápisu do rejstříku',
      pl: 'Świadectwo rejestracji',
      fr: "Certificat d'immatriculation",
      it: 'Certificato di immatricolazione',
    },
  },
  {
    code: 'logcard',
    names: {
      hu: 'Alkatrész-törzskönyv (logcard)',
      en: 'Component logcard',
      de: 'Bauteil-Logkarte',
      sk: 'Karta komponentu (logcard)',
      cs: 'Karta dílu (logcard)',
      pl: 'Karta komponentu (logcard)',
      fr: 'Fiche matricule (logcard)',
      it: 'Scheda componente (logcard)',
    },
  },
  {
    code: 'logbook_copy',
    names: {
      hu: 'Repülési napló másolata',
      en: 'Logbook copy',
      de: 'Flugbuchkopie',
      sk: 'Kópia zápisníka letov',
      cs: 'Kopie zápisníku letů',
      pl: 'Kopia książki lotów',
      fr: 'Copie du carnet de vol',
      it: 'Copia del libretto di volo',
    },
  },
  {
    code: 'weighing_report',
    names: {
      hu: 'Mérlegelési jegyzőkönyv',
      en: 'Weighing report',
      de: 'Wägebericht',
      sk: 'Protokol o vážení',
      cs: 'Protokol o vážení',
      pl: 'Protokół ważenia',
      fr: 'Rapport de pesée',
      it: 'Rapporto di pesata',
    },
  },
  {
    code: 'rental_agreement',
    names: {
      hu: 'Bérleti szerződés',
      en: 'Rental agreement',
      de: 'Mietvertrag',
      sk: 'Nájomná zmluva',
      cs: 'Nájemní smlouva',
      pl: 'Umowa najmu',
      fr: 'Contrat de location',
      it: 'Contratto di noleggio',
    },
  },
  {
    code: 'training_contract',
    names: {
      hu: 'Képzési szerződés',
      en: 'Training contract',
      de: 'Ausbildungsvertrag',
      sk: 'Zmluva o výcviku',
      cs: 'Smlouva o výcviku',
      pl: 'Umowa szkoleniowa',
      fr: 'Contrat de formation',
      it: 'Contratto di addestramento',
    },
  },
  {
    code: 'other',
    names: {
      hu: 'Egyéb',
      en: 'Other',
      de: 'Sonstiges',
      sk: 'Iné',
      cs: 'Jiné',
      pl: 'Inne',
      fr: 'Autre',
      it: 'Altro',
    },
  },
];

const CERTIFICATE_TYPES: Entry[] = [
  {
    code: 'winch_launch',
    names: {
      hu: 'Csörlős indítás',
      en: 'Winch launch',
      de: 'Windenstart',
      sk: 'Štart navijakom',
      cs: 'Start navijákem',
      pl: 'Start za wyciągarką',
      fr: 'Lancement au treuil',
      it: 'Lancio al verricello',
    },
  },
  {
    code: 'aerotow',
    names: {
      hu: 'Repülőgépes vontatás',
      en: 'Aerotow launch',
      de: 'F-Schlepp',
      sk: 'Aerovlek',
      cs: 'Aerovlek',
      pl: 'Hol za samolotem',
      fr: 'Remorquage avion',
      it: 'Traino aereo',
    },
  },
  {
    code: 'self_launch',
    names: {
      hu: 'Saját indítás (motoros vitorlázó)',
      en: 'Self-launch',
      de: 'Eigenstart',
      sk: 'Samoštart',
      cs: 'Vlastní start',
      pl: 'Start z własnym napędem',
      fr: 'Décollage autonome',
      it: 'Decollo autonomo',
    },
  },
  {
    code: 'tmg_extension',
    names: {
      hu: 'TMG-kiterjesztés',
      en: 'TMG extension',
      de: 'TMG-Erweiterung',
      sk: 'Rozšírenie TMG',
      cs: 'Rozšíření TMG',
      pl: 'Rozszerzenie TMG',
      fr: 'Extension TMG',
      it: 'Estensione TMG',
    },
  },
  {
    code: 'cloud_flying',
    names: {
      hu: 'Felhőrepülés',
      en: 'Cloud flying',
      de: 'Wolkenflug',
      sk: 'Lety v oblakoch',
      cs: 'Létání v oblacích',
      pl: 'Loty w chmurach',
      fr: 'Vol en nuage',
      it: 'Volo in nube',
    },
  },
  {
    code: 'aerobatics',
    names: {
      hu: 'Műrepülés',
      en: 'Aerobatics',
      de: 'Kunstflug',
      sk: 'Akrobacia',
      cs: 'Akrobacie',
      pl: 'Akrobacja',
      fr: 'Voltige',
      it: 'Acrobazia',
    },
  },
  {
    code: 'radiotelephony',
    names: {
      hu: 'Rádiótávbeszélő-kezelői bizonyítvány',
      en: 'Radiotelephony certificate',
      de: 'Sprechfunkzeugnis',
      sk: 'Preukaz rádiotelefonistu',
      cs: 'Průkaz radiotelefonisty',
      pl: 'Świadectwo radiooperatora',
      fr: 'Certificat de radiotéléphonie',
      it: 'Certificato di radiotelefonista',
    },
  },
  {
    code: 'language_proficiency',
    names: {
      hu: 'Nyelvismereti jogosítás',
      en: 'Language proficiency',
      de: 'Sprachkenntnisse',
      sk: 'Jazyková spôsobilosť',
      cs: 'Jazyková způsobilost',
      pl: 'Biegłość językowa',
      fr: 'Compétence linguistique',
      it: 'Competenza linguistica',
    },
  },
  {
    code: 'flight_instructor',
    names: {
      hu: 'Repülésoktatói jogosítás (FI(S))',
      en: 'Flight instructor (FI(S))',
      de: 'Fluglehrerberechtigung (FI(S))',
      sk: 'Osvedčenie letového inštruktora (FI(S))',
      cs: 'Osvědčení letového instruktora (FI(S))',
      pl: 'Certyfikat instruktora (FI(S))',
      fr: "Certificat d'instructeur (FI(S))",
      it: 'Certificato di istruttore (FI(S))',
    },
  },
  {
    code: 'tow_pilot',
    names: {
      hu: 'Vontatópilóta-jogosítás',
      en: 'Tow pilot rating',
      de: 'Schleppberechtigung',
      sk: 'Oprávnenie na vlekanie vetroňov',
      cs: 'Oprávnění k vlekání kluzáků',
      pl: 'Uprawnienie do holowania szybowców',
      fr: 'Qualification de pilote remorqueur',
      it: 'Abilitazione al traino alianti',
    },
  },
];

const WORK_TYPES: Entry[] = [
  {
    code: 'mowing',
    names: {
      hu: 'Fűnyírás a repülőtéren',
      en: 'Airfield mowing',
      de: 'Platzmähen',
      sk: 'Kosenie letiska',
      cs: 'Sekání letiště',
      pl: 'Koszenie lotniska',
      fr: "Tonte de l'aérodrome",
      it: 'Sfalcio del campo di volo',
    },
  },
  {
    code: 'hangar',
    names: {
      hu: 'Hangár rendben tartása',
      en: 'Hangar upkeep',
      de: 'Hallendienst',
      sk: 'Údržba hangáru',
      cs: 'Údržba hangáru',
      pl: 'Porządkowanie hangaru',
      fr: 'Entretien du hangar',
      it: "Manutenzione dell'hangar",
    },
  },
  {
    code: 'aircraft_maintenance',
    names: {
      hu: 'Légijármű-karbantartás',
      en: 'Aircraft maintenance',
      de: 'Flugzeugwartung',
      sk: 'Údržba lietadiel',
      cs: 'Údržba letadel',
      pl: 'Obsługa techniczna statków powietrznych',
      fr: 'Entretien des aéronefs',
      it: 'Manutenzione degli aeromobili',
    },
  },
  {
    code: 'winch_service',
    names: {
      hu: 'Csörlőkezelés',
      en: 'Winch operation',
      de: 'Windendienst',
      sk: 'Obsluha navijaka',
      cs: 'Obsluha navijáku',
      pl: 'Obsługa wyciągarki',
      fr: 'Service treuil',
      it: 'Servizio verricello',
    },
  },
  {
    code: 'launch_point',
    names: {
      hu: 'Startvezetés',
      en: 'Launch point duty',
      de: 'Startstellendienst',
      sk: 'Služba na štarte',
      cs: 'Služba na startu',
      pl: 'Dyżur na starcie',
      fr: 'Service piste',
      it: 'Servizio alla linea di partenza',
    },
  },
  {
    code: 'construction',
    names: {
      hu: 'Építési munka',
      en: 'Construction work',
      de: 'Bauarbeiten',
      sk: 'Stavebné práce',
      cs: 'Stavební práce',
      pl: 'Prace budowlane',
      fr: 'Travaux de construction',
      it: 'Lavori edili',
    },
  },
  {
    code: 'office',
    names: {
      hu: 'Irodai munka',
      en: 'Office work',
      de: 'Büroarbeit',
      sk: 'Administratívna práca',
      cs: 'Kancelářská práce',
      pl: 'Praca biurowa',
      fr: 'Travail administratif',
      it: "Lavoro d'ufficio",
    },
  },
  {
    code: 'event',
    names: {
      hu: 'Rendezvényszervezés',
      en: 'Event organization',
      de: 'Veranstaltungsorganisation',
      sk: 'Organizácia podujatí',
      cs: 'Organizace akcí',
      pl: 'Organizacja wydarzeń',
      fr: "Organisation d'événements",
      it: 'Organizzazione di eventi',
    },
  },
];

/** The EU countries and the neighbours clubs fly to (ISO 3166-1 alpha-2). */
const COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'CH',
  'NO',
  'GB',
  'UA',
  'RS',
];

/** Country names as each language writes them (CLDR, through the runtime's ICU). */
const countryNames = (code: string): Names =>
  Object.fromEntries(
    LANGS.map((lang) => [lang, new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code]),
  ) as Names;

/** The global type lists as the demo (and a fresh installation) starts with them. */
const TYPE_LISTS: Record<TypeListId, Entry[]> = {
  planeTypes: PLANE_TYPES.map(([code, name]) => ({ code, names: { hu: name, en: name } })),
  documentTypes: DOCUMENT_TYPES,
  certificateTypes: CERTIFICATE_TYPES,
  airportCountries: COUNTRY_CODES.map((code) => ({ code, names: countryNames(code) })).sort((a, b) =>
    a.names.en.localeCompare(b.names.en, 'en'),
  ),
  workTypes: WORK_TYPES,
};

const PACKAGES = [
  {
    package_id: 'pkg-klub-s',
    name: 'Klub S',
    plane_limit: 4,
    general_limit: 2,
    glider_limit: 3,
    monthly_price: 990_000,
    currency_id: 'HUF',
  },
  {
    package_id: 'pkg-klub-m',
    name: 'Klub M',
    plane_limit: 12,
    general_limit: 4,
    glider_limit: 8,
    monthly_price: 2_490_000,
    currency_id: 'HUF',
  },
  {
    package_id: 'pkg-klub-l',
    name: 'Klub L',
    plane_limit: 30,
    general_limit: 10,
    glider_limit: 20,
    monthly_price: 5_490_000,
    currency_id: 'HUF',
  },
] as const;

/** The clubs' full records (spec §3). Money in minor units: 150 HUF = 15000, 0.50 EUR = 50. */
const RECORDS = {
  'org-demo': {
    address_site: '2120 Dunakeszi, Repülőtér hrsz. 0213/4',
    company_id: '13-02-0004521',
    vat_number: '18700442-1-13',
    contact_id: 'user-admin',
    contact_name: 'Kovács Péter',
    dst: true,
    is_operator: false,
    bank_name: 'UniCredit Bank Hungary Zrt.',
    bank_iban: 'HU46109180010000012345670000',
    bank_swift: 'BACXHUHB',
    bank_account_number: '10918001-00000123-45670000',
    billing_name: 'Szélzsák Repülő Egyesület',
    first_takeoff_time: '09:00',
    flight_price: 15_000, // 150 HUF per minute of flight
    motor_price: 45_000, // 450 HUF per minute of engine time
    towing_price: 180_000, // 1 800 HUF per minute of aerotow
    towing_price_altitude: 220_000, // 2 200 HUF per 100 m
    towing_price_extra_charge: 100_000, // 1 000 HUF per tow
    winching_price: 350_000, // 3 500 HUF per winch launch
    min_price: 100_000, // 1 000 HUF per flight at least
    multiplier: 1.5,
    time_limit: 300,
    custom_prices: [
      { name: 'Hangárhely', amount: 1_500_000, unit: 'month' as const },
      { name: 'Utasrepülés', amount: 2_500_000, unit: 'flight' as const },
    ],
    social_work_price: 150_000, // per hour
    normal_work_price: 250_000,
    professional_work_price: 500_000,
    transaction_start: '2026-01-01',
    balance_min: -5_000_000, // -50 000 HUF
    full_fee: 800_000, // 8 000 HUF per month
    discount_fee: 400_000,
    yearly_membership_fee: 2_000_000, // 20 000 HUF per year
    operating_day_editor: 'user-operator',
    document_expiry_notification_on: true,
    balance_notification_on: true,
    balance_summary_notification_on: true,
    operating_day_notification_on: true,
    reservation_notification_on: true,
    fault_report_notification_on: true,
    maintenance_notification_on: true,
  },
  'org-alpine': {
    address_site: 'Flugplatz Zell am See, 5700 Zell am See',
    company_id: 'ZVR 123456789',
    vat_number: 'ATU12345678',
    contact_id: 'user-alpine-admin',
    contact_name: 'Lukas Huber',
    dst: true,
    is_operator: false,
    bank_name: 'Raiffeisenverband Salzburg',
    bank_iban: 'AT473500000001234567',
    bank_swift: 'RVSAAT2S',
    billing_name: 'Alpine Soaring Club',
    first_takeoff_time: '10:00',
    flight_price: 50, // 0.50 EUR per minute
    motor_price: 200,
    towing_price: 600,
    towing_price_altitude: 700,
    towing_price_extra_charge: 500,
    winching_price: 1_200,
    min_price: 500,
    multiplier: 1.3,
    time_limit: 240,
    custom_prices: [{ name: 'Hangarplatz', amount: 6_000, unit: 'month' as const }],
    social_work_price: 1_000,
    normal_work_price: 1_500,
    professional_work_price: 3_000,
    transaction_start: '2026-01-01',
    balance_min: -20_000,
    full_fee: 4_000,
    discount_fee: 2_000,
    yearly_membership_fee: 12_000,
    operating_day_editor: 'user-alpine-admin',
    document_expiry_notification_on: true,
    balance_notification_on: true,
    balance_summary_notification_on: false,
    operating_day_notification_on: true,
    reservation_notification_on: false,
    fault_report_notification_on: true,
    maintenance_notification_on: true,
  },
};

/** Subscriptions: the demo club grew from Klub S to Klub M; the Alpine club is on Klub S. */
const SUBSCRIPTIONS = [
  { organization_id: 'org-demo', package_id: 'pkg-klub-s', start_date: '2025-01-01', end_date: '2025-12-31' },
  { organization_id: 'org-demo', package_id: 'pkg-klub-m', start_date: '2026-01-01' },
  { organization_id: 'org-alpine', package_id: 'pkg-klub-s', start_date: '2026-03-01' },
] as const;

/** Seeded subscriptions have fixed ids (time-ordered like every other) so the log can name them. */
const seedSubscriptionId = (index: number) => {
  const sub = SUBSCRIPTIONS[index];
  return timeOrderedId(
    Date.parse(`${sub?.start_date ?? '2025-01-01'}T00:00:00Z`),
    `5eed${String(index).padStart(6, '0')}`,
  );
};

/** A few days of the demo club's activity log, so organization/actions has something to show. */
const DEMO_LOG: {
  daysAgo: number;
  record: {
    user_id: string;
    acting_supervisor_id?: string;
    action: string;
    target_type: string;
    target_id: string;
    details?: Record<string, string[] | string>;
  };
}[] = [
  {
    daysAgo: 40,
    record: {
      user_id: 'user-supervisor',
      action: 'subscription.assign',
      target_type: 'subscription',
      target_id: seedSubscriptionId(1),
      details: { package_id: 'pkg-klub-m' },
    },
  },
  {
    daysAgo: 12,
    record: {
      user_id: 'user-admin',
      action: 'organization.update',
      target_type: 'organization',
      target_id: 'org-demo',
      details: { fields: ['flight_price', 'towing_price'] },
    },
  },
  {
    daysAgo: 5,
    record: {
      user_id: 'user-admin',
      acting_supervisor_id: 'user-supervisor',
      action: 'role.update',
      target_type: 'role',
      target_id: 'timer_operator',
      details: { fields: ['permissions'] },
    },
  },
  {
    daysAgo: 1,
    record: {
      user_id: 'user-admin',
      action: 'organization.update',
      target_type: 'organization',
      target_id: 'org-demo',
      details: { fields: ['operating_day_editor'] },
    },
  },
];

export async function seedOrganizations(): Promise<void> {
  const { entities } = db();
  for (const [organization_id, record] of Object.entries(RECORDS)) {
    await entities.organization.patch({ organization_id }).set(record).go({ response: 'none' });
  }
  for (const pkg of PACKAGES) await entities.package.put({ ...pkg, active: true }).go({ response: 'none' });
  for (const [index, sub] of SUBSCRIPTIONS.entries()) {
    const pkg = PACKAGES.find((p) => p.package_id === sub.package_id);
    if (!pkg) continue;
    const active = !('end_date' in sub);
    await entities.subscription
      .put({
        ...sub,
        subscription_id: seedSubscriptionId(index),
        package_name: pkg.name,
        status: active ? 'active' : 'ended',
        plane_limit: pkg.plane_limit,
        general_limit: pkg.general_limit,
        glider_limit: pkg.glider_limit,
      })
      .go({ response: 'none' });
    if (active)
      await entities.organization
        .patch({ organization_id: sub.organization_id })
        .set({
          package_id: pkg.package_id,
          package_name: pkg.name,
          plane_limit: pkg.plane_limit,
          general_limit: pkg.general_limit,
          glider_limit: pkg.glider_limit,
        })
        .go({ response: 'none' });
  }
  for (const [index, entry] of DEMO_LOG.entries()) {
    const at = new Date(Date.now() - entry.daysAgo * 86_400_000 - index * 60_000).toISOString();
    await entities.action
      .put({ action_id: `demo-log-${index}`, organization_id: 'org-demo', at, ...entry.record })
      .go({ response: 'none' });
  }
  for (const [list_id, entries] of Object.entries(TYPE_LISTS)) {
    await entities.typeList
      .put({
        list_id,
        items: entries.map((entry, index) => ({
          code: entry.code,
          names: entry.names,
          active: entry.active ?? true,
          sort_order: (index + 1) * 10,
        })),
      })
      .go({ response: 'none' });
  }
}

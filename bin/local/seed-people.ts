import type { Lang } from '../../contracts/langs.ts';
import { notificationDeps, tell } from '../../functions/identity/notifications-service.ts';
import type { RatingMap } from '../../functions/organizations/entities.ts';
import { memberIndexFields } from '../../functions/organizations/entities.ts';
import { membershipStore } from '../../functions/organizations/membership-store.ts';
import { rentPermitId } from '../../functions/organizations/permit-service.ts';
import { db } from '../../functions/platform/db/service.ts';
import { DEMO_PASSWORD, orgIdOf, userIdOf } from './seed.ts';

/**
 * The people area's demo data: contact details, callsigns and consent of the demo logins, their
 * pilot data and permits, and more members of both clubs (the users list and the address book
 * have something to page through). Dates are relative to the day of seeding, so "expires soon"
 * stays true on a fresh start.
 */

type CreateUser = (input: { email: string; password: string; name?: string }) => Promise<{ sub: string }>;

const DAY = 24 * 3600 * 1000;
/** yyyy-mm-dd, `days` from today (negative: in the past). */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Contact {
  phone?: string;
  mobile?: string;
  callsign?: string;
  birth_place?: string;
  public_privatedata: boolean;
  profile_type?: 'club_member' | 'private_pilot' | 'student' | 'instructor' | 'guest';
}

interface PilotSeed {
  licences: {
    type: 'general' | 'glider' | 'PPL' | 'LAPL' | 'SPL';
    number: string;
    issued: number;
    valid?: number;
  }[];
  medical?: { number: string; class: 'class1' | 'class2' | 'lapl'; valid: number };
  fai_id?: string;
  mrlsz_id?: string;
  /** rating → [exam date, valid until] in days from today */
  ratings: Partial<Record<keyof RatingMap, [number, number?]>>;
}

type PermitSeed =
  | { kind: 'rent'; plane_type: string; valid?: number }
  | { kind: 'winch'; valid: number }
  | { kind: 'certificate'; certificate_type: string; certificate_number: string; valid?: number };

/** The demo logins' own data, by their seed key. */
const DEMO_DETAILS: Record<string, { contact: Contact; pilot?: PilotSeed; permits?: PermitSeed[] }> = {
  supervisor: {
    contact: {
      mobile: '+36 30 555 0101',
      callsign: 'ZS',
      public_privatedata: true,
      profile_type: 'club_member',
    },
  },
  admin: {
    contact: {
      phone: '+36 27 345 100',
      mobile: '+36 30 555 0102',
      callsign: 'KP',
      birth_place: 'Vác',
      public_privatedata: true,
      profile_type: 'club_member',
    },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00412', issued: -3650 }],
      medical: { number: 'HU-MED-2-10412', class: 'class2', valid: 410 },
      mrlsz_id: 'MRSZ-1187',
      ratings: { sailplane: [-3650], tmg: [-1500, 400], cloud_flying: [-900] },
    },
    permits: [
      { kind: 'rent', plane_type: 'ASK 21' },
      { kind: 'rent', plane_type: 'LS 4' },
    ],
  },
  operator: {
    contact: {
      mobile: '+36 20 555 0103',
      callsign: 'TK',
      public_privatedata: true,
      profile_type: 'club_member',
    },
    pilot: {
      licences: [{ type: 'LAPL', number: 'HU.FCL.LAPL.S.0233', issued: -1200 }],
      medical: { number: 'HU-MED-L-0233', class: 'lapl', valid: 200 },
      ratings: { sailplane: [-1200] },
    },
    permits: [{ kind: 'rent', plane_type: 'ASK 21' }],
  },
  instructor: {
    contact: {
      phone: '+36 27 345 101',
      mobile: '+36 30 555 0104',
      callsign: 'NL',
      public_privatedata: true,
      profile_type: 'instructor',
    },
    pilot: {
      licences: [
        { type: 'SPL', number: 'HU.FCL.SPL.00087', issued: -7300 },
        { type: 'PPL', number: 'HU.FCL.PPL.01230', issued: -5000 },
      ],
      medical: { number: 'HU-MED-2-00087', class: 'class2', valid: 150 },
      fai_id: 'HUN-4431',
      mrlsz_id: 'MRSZ-0210',
      ratings: {
        sailplane: [-7300],
        sep: [-5000, 240],
        tmg: [-4000, 240],
        fia: [-2600, 700],
        cloud_flying: [-6000],
        aerobatics: [-3000],
        passenger_transport: [-4500],
      },
    },
    permits: [
      { kind: 'rent', plane_type: 'ASK 21' },
      { kind: 'rent', plane_type: 'LS 4' },
      { kind: 'rent', plane_type: 'Duo Discus' },
      { kind: 'winch', valid: 330 },
      {
        kind: 'certificate',
        certificate_type: 'Rádiótávbeszélő-kezelői bizonyítvány',
        certificate_number: 'HU-RT-4471',
      },
    ],
  },
  finance: {
    contact: {
      mobile: '+36 70 555 0105',
      callsign: 'HE',
      public_privatedata: false,
      profile_type: 'club_member',
    },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00655', issued: -900 }],
      medical: { number: 'HU-MED-2-00655', class: 'class2', valid: -12 },
      ratings: { sailplane: [-900] },
    },
  },
  technical: {
    contact: {
      mobile: '+36 30 555 0106',
      callsign: 'VG',
      public_privatedata: true,
      profile_type: 'club_member',
    },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00301', issued: -4300 }],
      medical: { number: 'HU-MED-2-00301', class: 'class2', valid: 90 },
      ratings: { sailplane: [-4300], tmg: [-2000, -30] },
    },
    permits: [
      { kind: 'rent', plane_type: 'ASK 21' },
      { kind: 'winch', valid: 25 },
      {
        kind: 'certificate',
        certificate_type: 'Csörlőkezelői jogosítás',
        certificate_number: 'CS-2019-044',
        valid: 540,
      },
    ],
  },
  student: {
    contact: {
      mobile: '+36 20 555 0107',
      callsign: 'KB',
      public_privatedata: false,
      profile_type: 'student',
    },
    pilot: {
      licences: [],
      medical: { number: 'HU-MED-L-1501', class: 'lapl', valid: 600 },
      ratings: { student: [-200] },
    },
  },
  pilot: {
    contact: {
      phone: '+36 1 555 0108',
      mobile: '+36 30 555 0108',
      callsign: 'MA',
      birth_place: 'Budapest',
      public_privatedata: true,
      profile_type: 'club_member',
    },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00731', issued: -1400 }],
      // Expires within 30 days: the pilot-info screen shows it as expiring.
      medical: { number: 'HU-MED-2-00731', class: 'class2', valid: 18 },
      mrlsz_id: 'MRSZ-1544',
      ratings: { sailplane: [-1400], passenger_transport: [-300] },
    },
    permits: [
      { kind: 'rent', plane_type: 'ASK 21' },
      { kind: 'rent', plane_type: 'LS 4', valid: 120 },
      {
        kind: 'certificate',
        certificate_type: 'Rádiótávbeszélő-kezelői bizonyítvány',
        certificate_number: 'HU-RT-5120',
      },
    ],
  },
  'alpine-admin': {
    contact: {
      mobile: '+43 664 555 0201',
      callsign: 'LH',
      public_privatedata: true,
      profile_type: 'club_member',
    },
  },
};

interface MemberSeed {
  key: string;
  first_name: string;
  last_name: string;
  lang: Lang;
  organization: string;
  role_ids: string[];
  status?: 'active' | 'suspended';
  contact: Contact;
  pilot?: PilotSeed;
  permits?: PermitSeed[];
}

/** Further club members: no demo login is published for them, but each has a Cognito user. */
const MEMBERS: MemberSeed[] = [
  {
    key: 'fekete',
    first_name: 'Dániel',
    last_name: 'Fekete',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot'],
    contact: { mobile: '+36 30 555 0301', callsign: 'FD', public_privatedata: true },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00802', issued: -700 }],
      medical: { number: 'HU-MED-2-00802', class: 'class2', valid: 300 },
      ratings: { sailplane: [-700] },
    },
    permits: [{ kind: 'rent', plane_type: 'ASK 21' }],
  },
  {
    key: 'balogh',
    first_name: 'Réka',
    last_name: 'Balogh',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['student'],
    contact: { mobile: '+36 20 555 0302', public_privatedata: false, profile_type: 'student' },
    pilot: {
      licences: [],
      medical: { number: 'HU-MED-L-1622', class: 'lapl', valid: 500 },
      ratings: { student: [-90] },
    },
  },
  {
    key: 'farkas',
    first_name: 'Tamás',
    last_name: 'Farkas',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot'],
    contact: { phone: '+36 27 345 230', mobile: '+36 30 555 0303', callsign: 'FT', public_privatedata: true },
    pilot: {
      licences: [{ type: 'PPL', number: 'HU.FCL.PPL.02211', issued: -2500 }],
      medical: { number: 'HU-MED-2-02211', class: 'class2', valid: 60 },
      ratings: { sep: [-2500, 150], tmg: [-1800, 150] },
    },
  },
  {
    key: 'papp',
    first_name: 'Zoltán',
    last_name: 'Papp',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot', 'timer_operator'],
    contact: { mobile: '+36 70 555 0304', callsign: 'PZ', public_privatedata: true },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00518', issued: -3100 }],
      medical: { number: 'HU-MED-2-00518', class: 'class2', valid: 220 },
      ratings: { sailplane: [-3100] },
    },
    permits: [
      { kind: 'rent', plane_type: 'ASK 21' },
      { kind: 'winch', valid: 200 },
    ],
  },
  {
    key: 'lakatos',
    first_name: 'Júlia',
    last_name: 'Lakatos',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['student'],
    contact: { mobile: '+36 30 555 0305', public_privatedata: true, profile_type: 'student' },
    pilot: {
      licences: [],
      medical: { number: 'HU-MED-L-1710', class: 'lapl', valid: 700 },
      ratings: { student: [-30] },
    },
  },
  {
    key: 'simon',
    first_name: 'Márton',
    last_name: 'Simon',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot'],
    contact: { mobile: '+36 20 555 0306', callsign: 'SM', public_privatedata: false },
    pilot: {
      licences: [{ type: 'LAPL', number: 'HU.FCL.LAPL.S.0390', issued: -500 }],
      medical: { number: 'HU-MED-L-0390', class: 'lapl', valid: 10 },
      ratings: { sailplane: [-500] },
    },
  },
  {
    key: 'torok',
    first_name: 'Eszter',
    last_name: 'Török',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot'],
    contact: { phone: '+36 1 555 0307', mobile: '+36 30 555 0307', callsign: 'TE', public_privatedata: true },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00690', issued: -1900 }],
      medical: { number: 'HU-MED-2-00690', class: 'class2', valid: 330 },
      ratings: { sailplane: [-1900], aerobatics: [-400], cloud_flying: [-800] },
    },
    permits: [
      { kind: 'rent', plane_type: 'LS 4' },
      { kind: 'rent', plane_type: 'ASK 21' },
    ],
  },
  {
    key: 'meszaros',
    first_name: 'Ákos',
    last_name: 'Mészáros',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['student'],
    contact: { mobile: '+36 70 555 0308', public_privatedata: false, profile_type: 'student' },
    pilot: {
      licences: [],
      medical: { number: 'HU-MED-L-1733', class: 'lapl', valid: 450 },
      ratings: { student: [-10] },
    },
  },
  {
    key: 'olah',
    first_name: 'Gergely',
    last_name: 'Oláh',
    lang: 'hu',
    organization: 'demo',
    role_ids: ['pilot'],
    status: 'suspended',
    contact: { mobile: '+36 30 555 0309', callsign: 'OG', public_privatedata: false },
    pilot: {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.00277', issued: -5200 }],
      medical: { number: 'HU-MED-2-00277', class: 'class2', valid: -80 },
      ratings: { sailplane: [-5200] },
    },
  },
  {
    key: 'gruber',
    first_name: 'Maria',
    last_name: 'Gruber',
    lang: 'de',
    organization: 'alpine',
    role_ids: ['pilot'],
    contact: { mobile: '+43 664 555 0310', callsign: 'MG', public_privatedata: true },
    pilot: {
      licences: [{ type: 'SPL', number: 'AT.FCL.SPL.1120', issued: -2200 }],
      medical: { number: 'AT-MED-2-1120', class: 'class2', valid: 240 },
      ratings: { sailplane: [-2200], tmg: [-900, 300] },
    },
  },
  {
    key: 'steiner',
    first_name: 'Florian',
    last_name: 'Steiner',
    lang: 'de',
    organization: 'alpine',
    role_ids: ['student'],
    contact: { mobile: '+43 676 555 0311', public_privatedata: false, profile_type: 'student' },
  },
];

const pilotInfoItem = (user_id: string, seed: PilotSeed) => ({
  user_id,
  licences: seed.licences.map((l) => ({
    type: l.type,
    number: l.number,
    issued_at: inDays(l.issued),
    ...(l.valid === undefined ? {} : { valid_until: inDays(l.valid) }),
  })),
  ...(seed.medical
    ? {
        medical_licence_number: seed.medical.number,
        medical_class: seed.medical.class,
        medical_valid_until: inDays(seed.medical.valid),
      }
    : {}),
  ...(seed.fai_id ? { fai_id: seed.fai_id } : {}),
  ...(seed.mrlsz_id ? { mrlsz_id: seed.mrlsz_id } : {}),
  ratings: Object.fromEntries(
    Object.entries(seed.ratings).map(([rating, dates]) => {
      const [exam, valid] = dates ?? [0];
      return [
        rating,
        { exam_date: inDays(exam), ...(valid === undefined ? {} : { valid_until: inDays(valid) }) },
      ];
    }),
  ),
});

const permitItem = (organization_id: string, user_id: string, seed: PermitSeed, index: number) => ({
  organization_id,
  user_id,
  granted_by: userIdOf('admin'),
  kind: seed.kind,
  ...(seed.kind === 'rent'
    ? { permit_id: rentPermitId(seed.plane_type), plane_type: seed.plane_type }
    : seed.kind === 'winch'
      ? { permit_id: 'winch' }
      : {
          permit_id: `cert-seed-${user_id}-${index}`,
          certificate_type: seed.certificate_type,
          certificate_number: seed.certificate_number,
        }),
  ...(seed.valid === undefined ? {} : { valid_until: inDays(seed.valid) }),
});

export async function seedPeople(createUser: CreateUser): Promise<void> {
  const { entities } = db();

  const details = async (user_id: string, organizationKey: string, data: (typeof DEMO_DETAILS)[string]) => {
    await entities.person.patch({ user_id }).set(data.contact).go({ response: 'none' });
    if (data.pilot) await entities.pilotInfo.put(pilotInfoItem(user_id, data.pilot)).go();
    for (const [index, permit] of (data.permits ?? []).entries()) {
      await entities.permit.put(permitItem(orgIdOf(organizationKey), user_id, permit, index)).go();
    }
  };

  for (const [key, data] of Object.entries(DEMO_DETAILS)) {
    await details(userIdOf(key), key === 'alpine-admin' ? 'alpine' : 'demo', data);
  }

  for (const member of MEMBERS) {
    const email = `${member.key}@${member.organization}.windsock.aero`;
    const { sub } = await createUser({
      email,
      password: DEMO_PASSWORD,
      name: `${member.first_name} ${member.last_name}`,
    });
    const user_id = userIdOf(member.key);
    const organization_id = orgIdOf(member.organization);
    await entities.person
      .put({
        user_id,
        cognito_sub: sub,
        email,
        first_name: member.first_name,
        last_name: member.last_name,
        lang: member.lang,
        current_organization_id: organization_id,
      })
      .go();
    await entities.membership
      .put({
        user_id,
        organization_id,
        role_ids: member.role_ids,
        status: member.status ?? 'active',
        joined_at: new Date(Date.now() - 400 * DAY).toISOString(),
        ...memberIndexFields({ ...member, email }),
      })
      .go();
    await details(user_id, member.organization, member);
  }

  // The core seed makes memberships without the name copies the members list sorts by.
  for (const organization of ['demo', 'alpine']) {
    const { data: memberships } = await entities.membership.query
      .byOrganization({ organization_id: orgIdOf(organization) })
      .go({ pages: 'all' });
    const missing = memberships.filter((m) => m.sort_name === '~');
    const { data: persons } = missing.length
      ? await entities.person.get(missing.map((m) => ({ user_id: m.user_id }))).go()
      : { data: [] };
    for (const person of persons) {
      await entities.membership
        .patch({ user_id: person.user_id, organization_id: orgIdOf(organization) })
        .set(memberIndexFields(person))
        .go({ response: 'none' });
    }
  }

  await seedInvitation();
}

/**
 * Issue 11 §1 on a fresh start: the Alpine club invited the demo club's technical operator two days
 * ago, as its admin does from the users screen (the invitation, its audit entry, the notification).
 * `technical@…` finds it on the dashboard with Accept / Decline; `admin@alpine…` sees the e-mail
 * and "invited" in the members list, nothing else of the person.
 */
async function seedInvitation() {
  const at = new Date(Date.now() - 2 * DAY);
  const admin = {
    userId: userIdOf('alpine-admin'),
    organizationId: orgIdOf('alpine'),
    actingSupervisorId: null,
  };
  const userId = userIdOf('technical');
  const { data: person } = await db().entities.person.get({ user_id: userId }).go();
  if (!person || (await membershipStore.membership(admin.organizationId, userId))) return;
  await membershipStore.invite(admin, {
    organizationId: admin.organizationId,
    userId,
    email: person.email,
    roleIds: ['pilot'],
    at: at.toISOString(),
    replacing: null,
    audit: {
      action: 'member.invite',
      target_type: 'person',
      target_id: userId,
      subject_user_id: userId,
      details: { role_ids: ['pilot'] },
    },
  });
  await tell({ ...notificationDeps, now: () => at }, userId, {
    kind: 'membership',
    message_key: 'membership_invitation',
    params: {
      organization: 'Alpine Soaring Club',
      organization_id: admin.organizationId,
      inviter: 'Lukas Huber',
    },
    link: '/',
  });
}

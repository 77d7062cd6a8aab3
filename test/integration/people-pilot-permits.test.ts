import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const admin = subOf('admin@demo.windsock.aero');
const operator = subOf('operator@demo.windsock.aero');
const alpineAdmin = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const actions = async (action: string) =>
  (
    await db().entities.action.query.byOrganization({ organization_id: 'org-demo' }).go({ pages: 'all' })
  ).data.filter((a) => a.action === action);

describe('pilot-info/{id}', () => {
  it("gives an admin the member's licences, medical and ratings", async () => {
    const { status, body } = await platform.invoke('getMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-pilot' },
    });

    expect(status).toBe(200);
    expect(body.member).toEqual({ user_id: 'user-pilot', user_name: 'Molnár Anna' });
    expect(body.pilot_info.licences).toEqual([
      expect.objectContaining({ type: 'SPL', number: 'HU.FCL.SPL.00731', valid_until: null }),
    ]);
    expect(body.pilot_info.medical_valid_until).toBe(inDays(18));
    expect(body.pilot_info.ratings.sailplane.exam_date).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  });

  it('answers version 0 for a member without pilot data, and the first save creates it', async () => {
    const empty = await platform.invoke('getMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-supervisor' },
    });
    const saved = await platform.invoke('updateMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-supervisor' },
      body: {
        licences: [{ type: 'PPL', number: 'HU.FCL.PPL.00001', issued_at: '2010-05-01', valid_until: null }],
        medical_class: 'class2',
        medical_valid_until: inDays(100),
        ratings: { sep: { exam_date: '2010-04-20', valid_until: inDays(200) } },
        version: 0,
      },
    });
    const twice = await platform.invoke('updateMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-supervisor' },
      body: { licences: [], ratings: {}, version: 0 },
    });

    expect(empty.body.pilot_info).toEqual(expect.objectContaining({ licences: [], ratings: {}, version: 0 }));
    expect(saved.status).toBe(200);
    expect(saved.body.pilot_info).toEqual(
      expect.objectContaining({ medical_class: 'class2', medical_licence_number: null, version: 1 }),
    );
    expect(saved.body.pilot_info.ratings).toEqual({
      sep: { exam_date: '2010-04-20', valid_until: inDays(200) },
    });
    expect(twice.status).toBe(409);
  });

  it('saves with the loaded version; a stale one writes nothing', async () => {
    const loaded = await platform.invoke('getMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-student' },
    });
    const body = {
      licences: [{ type: 'SPL', number: 'HU.FCL.SPL.01999', issued_at: inDays(-1), valid_until: null }],
      medical_licence_number: 'HU-MED-L-1501',
      medical_class: 'lapl',
      medical_valid_until: inDays(600),
      fai_id: null,
      fai_level: null,
      mrlsz_id: 'MRSZ-2001',
      ratings: { sailplane: { exam_date: inDays(-1), valid_until: null } },
      version: loaded.body.pilot_info.version,
    };

    const saved = await platform.invoke('updateMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-student' },
      body,
    });
    const stale = await platform.invoke('updateMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { ...body, licences: [] },
    });
    const after = await platform.invoke('getMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-student' },
    });
    const audit = await actions('pilot_info.update');

    expect(saved.status).toBe(200);
    expect(saved.body.pilot_info.version).toBe(loaded.body.pilot_info.version + 1);
    expect(saved.body.pilot_info.ratings).toEqual({
      sailplane: { exam_date: inDays(-1), valid_until: null },
    });
    expect(stale.status).toBe(409);
    expect(after.body.pilot_info.licences).toHaveLength(1);
    expect(after.body.pilot_info.mrlsz_id).toBe('MRSZ-2001');
    expect(audit.map((a) => a.target_id)).toContain('user-student');
  });

  it('names each invalid field by its path', async () => {
    const { status, body } = await platform.invoke('updateMemberPilotInfo', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: {
        licences: [{ type: 'ATPL', number: '', valid_until: '2026.01.01' }],
        medical_class: 'class9',
        ratings: { sailplane: { exam_date: 'tegnap' }, rocket: {} },
        version: 1,
      },
    });

    expect(status).toBe(422);
    expect(body.errors).toEqual(
      expect.objectContaining({
        'licences.0.type': ['invalid_value'],
        'licences.0.number': ['field_required'],
        'licences.0.valid_until': ['date_format'],
        medical_class: ['invalid_value'],
        'ratings.sailplane.exam_date': ['date_format'],
      }),
    );
    expect(Object.keys(body.errors).some((key) => key.startsWith('ratings') && key.includes('rocket'))).toBe(
      true,
    );
  });

  it('is for admins only, and only for members of their organization', async () => {
    const notAdmin = await platform.invoke('getMemberPilotInfo', {
      sub: operator,
      params: { user_id: 'user-pilot' },
    });
    const foreign = await platform.invoke('getMemberPilotInfo', {
      sub: alpineAdmin,
      params: { user_id: 'user-pilot' },
    });
    const foreignWrite = await platform.invoke('updateMemberPilotInfo', {
      sub: alpineAdmin,
      params: { user_id: 'user-pilot' },
      body: { licences: [], ratings: {}, version: 1 },
    });

    expect(notAdmin.status).toBe(403);
    expect(foreign.status).toBe(404);
    expect(foreignWrite.status).toBe(404);
  });
});

describe('organization/permits/{id}', () => {
  it("lists the member's rent permits, winch permit and certificates", async () => {
    const { status, body } = await platform.invoke('listMemberPermits', {
      sub: admin,
      params: { user_id: 'user-technical' },
    });

    expect(status).toBe(200);
    expect(body.member.user_name).toBe('Varga Gábor');
    expect(body.items.map((p: any) => [p.kind, p.plane_type ?? p.certificate_type])).toEqual([
      ['rent', 'ASK 21'],
      ['winch', null],
      ['certificate', 'Csörlőkezelői jogosítás'],
    ]);
    expect(body.items[1].valid_until).toBe(inDays(25));
  });

  it('grants a rent permit once per aircraft type however it is typed, and renews the winch permit', async () => {
    const first = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { kind: 'rent', plane_type: 'ASK 21' },
    });
    const again = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { kind: 'rent', plane_type: 'ask-21', valid_until: inDays(90) },
    });
    const winch = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { kind: 'winch', valid_until: inDays(30) },
    });
    const renewed = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: { kind: 'winch', valid_until: inDays(365) },
    });
    const certificate = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-student' },
      body: {
        kind: 'certificate',
        certificate_type: 'Rádiós vizsga',
        certificate_number: 'RT-1',
        valid_until: null,
      },
    });
    const list = await platform.invoke('listMemberPermits', {
      sub: admin,
      params: { user_id: 'user-student' },
    });
    const audit = await actions('permit.grant');

    expect(first.status).toBe(200);
    expect(again.body.permit_id).toBe(first.body.permit_id);
    expect(winch.body.permit_id).toBe('winch');
    expect(renewed.body.valid_until).toBe(inDays(365));
    expect(certificate.body.certificate_number).toBe('RT-1');
    expect(list.body.items.map((p: any) => [p.kind, p.valid_until])).toEqual([
      ['rent', inDays(90)],
      ['winch', inDays(365)],
      ['certificate', null],
    ]);
    expect(audit.filter((a) => a.target_id === 'user-student')).toHaveLength(5);
  });

  it('names the missing and invalid fields of each kind', async () => {
    const winch = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { kind: 'winch' },
    });
    const certificate = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { kind: 'certificate', certificate_type: '', valid_until: '31/12/2027' },
    });
    const unknown = await platform.invoke('grantPermit', {
      sub: admin,
      params: { user_id: 'user-pilot' },
      body: { kind: 'balloon' },
    });

    expect(winch.status).toBe(422);
    expect(winch.body.errors).toEqual({ valid_until: ['field_required'] });
    expect(certificate.body.errors).toEqual({
      certificate_type: ['field_required'],
      certificate_number: ['field_required'],
      valid_until: ['date_format'],
    });
    expect(unknown.body.errors).toEqual({ kind: ['invalid_value'] });
  });

  it('revokes a permit; a revoked or unknown permit is a 404', async () => {
    const listed = await platform.invoke('listMemberPermits', {
      sub: admin,
      params: { user_id: 'user-pilot' },
    });
    const permitId = listed.body.items[0].permit_id;

    const revoked = await platform.invoke('revokePermit', {
      sub: admin,
      params: { user_id: 'user-pilot', permit_id: permitId },
    });
    const again = await platform.invoke('revokePermit', {
      sub: admin,
      params: { user_id: 'user-pilot', permit_id: permitId },
    });
    const after = await platform.invoke('listMemberPermits', {
      sub: admin,
      params: { user_id: 'user-pilot' },
    });
    const audit = await actions('permit.revoke');

    expect(revoked.status).toBe(204);
    expect(again.status).toBe(404);
    expect(after.body.items).toHaveLength(listed.body.items.length - 1);
    expect(audit.map((a) => a.details)).toEqual([{ permit_id: permitId }]);
  });

  it('is for admins only, and never reaches another organization', async () => {
    const notAdmin = await platform.invoke('listMemberPermits', {
      sub: operator,
      params: { user_id: 'user-pilot' },
    });
    const foreignRead = await platform.invoke('listMemberPermits', {
      sub: alpineAdmin,
      params: { user_id: 'user-pilot' },
    });
    const foreignGrant = await platform.invoke('grantPermit', {
      sub: alpineAdmin,
      params: { user_id: 'user-pilot' },
      body: { kind: 'winch', valid_until: inDays(10) },
    });
    const foreignRevoke = await platform.invoke('revokePermit', {
      sub: alpineAdmin,
      params: { user_id: 'user-technical', permit_id: 'winch' },
    });
    // The instructor belongs to both clubs: the Alpine admin sees only Alpine's permits of them.
    const shared = await platform.invoke('listMemberPermits', {
      sub: alpineAdmin,
      params: { user_id: 'user-instructor' },
    });
    const stillThere = await platform.invoke('listMemberPermits', {
      sub: admin,
      params: { user_id: 'user-technical' },
    });

    expect(notAdmin.status).toBe(403);
    expect([foreignRead.status, foreignGrant.status, foreignRevoke.status]).toEqual([404, 404, 404]);
    expect(shared.status).toBe(200);
    expect(shared.body.items).toEqual([]);
    expect(stillThere.body.items.map((p: any) => p.kind)).toContain('winch');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINING } from '../../bin/local/seed-training.ts';
import type { OperationName } from '../../contracts/routes.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * IPP sharing (issue 16 §7): the partner sees exactly what a share names, while it is active; once
 * the sharing organization closes it, every shared route answers 404 at once and the lists are
 * empty. Items the share does not name stay 404 even while it is active.
 */
const DEMO_ADMIN = subOf('admin@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');

let platform: Platform;
let share: any;
const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  platform = await startPlatform();
  const created = await platform.invoke('createIppSharing', {
    sub: DEMO_ADMIN,
    body: {
      partner_organization_id: 'org-alpine',
      start_date: today,
      end_date: inDays(30),
      instructor_ids: ['user-instructor'],
      student_ids: ['user-student'],
      plane_ids: ['plane-ha-4012'],
      programme_ids: [DEMO_TRAINING.spl],
      note: 'Nyári tábor',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  share = created.body;
});
afterAll(async () => {
  await platform?.close();
});

/** Every route of the receiving side that names the share, with an item the share names. */
const sharedRoutes = (): [OperationName, Record<string, string>][] => [
  ['getIppShare', { share_id: share.share_id }],
  ['getIppInstructor', { share_id: share.share_id, user_id: 'user-instructor' }],
  ['getIppStudent', { share_id: share.share_id, user_id: 'user-student' }],
  ['getIppPlane', { share_id: share.share_id, plane_id: 'plane-ha-4012' }],
  ['getIppTraining', { share_id: share.share_id, programme_id: DEMO_TRAINING.spl }],
];

describe('an active share', () => {
  it('names only members, aircraft that may be shared and programmes of the sharing club', async () => {
    const bad = await platform.invoke('createIppSharing', {
      sub: DEMO_ADMIN,
      body: {
        partner_organization_id: 'org-alpine',
        start_date: today,
        end_date: inDays(1),
        instructor_ids: ['user-alpine-admin'],
        student_ids: [],
        plane_ids: ['plane-ha-4370'],
        programme_ids: ['training-nope'],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      instructor_ids: ['invalid_value'],
      plane_ids: ['not_shareable'],
      programme_ids: ['invalid_value'],
    });
    const itself = await platform.invoke('createIppSharing', {
      sub: DEMO_ADMIN,
      body: {
        ...bad.body,
        partner_organization_id: 'org-demo',
        start_date: today,
        end_date: today,
        instructor_ids: [],
        student_ids: [],
        plane_ids: [],
        programme_ids: [],
      },
    });
    expect(itself.status).toBe(422);
  });

  it('shows the partner exactly what it names', async () => {
    for (const [operation, params] of sharedRoutes()) {
      const answer = await platform.invoke(operation, { sub: ALPINE, params });
      expect(answer.status, `${operation}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const student = await platform.invoke('getIppStudent', {
      sub: ALPINE,
      params: { share_id: share.share_id, user_id: 'user-student' },
    });
    expect(student.body).toMatchObject({
      name: 'Bence Kiss',
      organization_name: 'Szélzsák Repülő Egyesület',
    });
    // His SPL training is shared; nothing of any other programme would be.
    expect(student.body.trainings.map((t: any) => t.enrolment_id)).toEqual([DEMO_TRAINING.kiss]);
    const training = await platform.invoke('getIppTraining', {
      sub: ALPINE,
      params: { share_id: share.share_id, programme_id: DEMO_TRAINING.spl },
    });
    expect(training.body.tasks).toHaveLength(17);
  });

  it('keeps everything it does not name out of reach', async () => {
    const unnamed: [OperationName, Record<string, string>][] = [
      ['getIppInstructor', { share_id: share.share_id, user_id: 'user-admin' }],
      ['getIppStudent', { share_id: share.share_id, user_id: 'user-balogh' }],
      ['getIppPlane', { share_id: share.share_id, plane_id: 'plane-ha-4370' }],
      ['getIppTraining', { share_id: share.share_id, programme_id: DEMO_TRAINING.aerotow }],
    ];
    for (const [operation, params] of unnamed) {
      const answer = await platform.invoke(operation, { sub: ALPINE, params });
      expect(answer.status, operation).toBe(404);
    }
  });

  it('is not the partner’s to change, and the sharing club sees it as active', async () => {
    const alpineClose = await platform.invoke('closeIppSharing', {
      sub: ALPINE,
      params: { id: share.share_id },
      body: { version: share.version },
    });
    expect([403, 404]).toContain(alpineClose.status);
    const own = await platform.invoke('getIppSharing', { sub: DEMO_ADMIN, params: { id: share.share_id } });
    expect(own.body).toMatchObject({ state: 'active', partner_name: 'Alpine Soaring Club', can_close: true });
  });
});

describe('closing the share', () => {
  it('answers 404 on every shared route at once, and the lists are empty', async () => {
    const closed = await platform.invoke('closeIppSharing', {
      sub: DEMO_ADMIN,
      params: { id: share.share_id },
      body: { version: share.version },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.state).toBe('closed');

    for (const [operation, params] of sharedRoutes()) {
      const answer = await platform.invoke(operation, { sub: ALPINE, params });
      expect([operation, answer.status]).toEqual([operation, 404]);
    }
    const organizations = await platform.invoke('listIppOrganizations', { sub: ALPINE, query: {} });
    expect(organizations.body.items.map((o: any) => o.share_id)).not.toContain(share.share_id);
    const students = await platform.invoke('listIppStudents', {
      sub: ALPINE,
      query: { share_id: share.share_id },
    });
    expect(students.body.items).toEqual([]);
    const again = await platform.invoke('updateIppSharing', {
      sub: DEMO_ADMIN,
      params: { id: share.share_id },
      body: { end_date: inDays(60), version: closed.body.version },
    });
    expect([again.status, again.body.code]).toEqual([409, 'not_editable']);
  });

  it('also ends when the partner no longer receives shares (ipp_client off)', async () => {
    const seeded = await platform.invoke('getIppShare', {
      sub: ALPINE,
      params: { share_id: DEMO_TRAINING.share },
    });
    expect(seeded.status).toBe(200);
    // The modules are the supervisor's to change: switch ipp_client off as the supervisor does.
    const organization = await platform.invoke('getOrganization', {
      sub: subOf('supervisor@demo.windsock.aero'),
      params: { id: 'org-alpine' },
    });
    const modules = organization.body.modules.filter((m: string) => m !== 'ipp_client');
    const saved = await platform.invoke('updateOrganization', {
      sub: subOf('supervisor@demo.windsock.aero'),
      params: { id: 'org-alpine' },
      body: {
        organization_name: organization.body.organization_name,
        short_name: organization.body.short_name,
        timezone: organization.body.timezone,
        modules,
        version: organization.body.version,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const gone = await platform.invoke('getIppShare', {
      sub: ALPINE,
      params: { share_id: DEMO_TRAINING.share },
    });
    expect(gone.status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentStore, type StoredDocument } from '../../functions/documents/document-store.ts';
import { notifyDocumentExpiry } from '../../functions/documents/jobs.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * The daily expiry job (issue 17 §2) on the embedded DynamoDB: a pilot's medical ten days before
 * its expiry, an aircraft's insurance two days after — each stage is told once, to the holder and to
 * the organization's responsible role, however often and however concurrently the job runs; the
 * next stage is told when it comes; an aircraft with an expired certificate is grounded once the
 * organization chooses `ground`. Dates are the organization's calendar days (Europe/Budapest).
 */
const ADMIN = subOf('admin@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const TECHNICAL = subOf('technical@demo.windsock.aero');
const SUPERVISOR = subOf('supervisor@demo.windsock.aero');

/** Years after the demo seed's documents (dated from the day the seed runs): nothing of theirs is told then. */
const RUN = { scheduleId: 'document-expiry-daily', scheduledTime: '2035-07-01T04:30:00.000Z' };

let platform: Platform;

const doc = (
  overrides: Partial<StoredDocument> & Pick<StoredDocument, 'holder' | 'document_id' | 'document_type_id'>,
): StoredDocument => ({
  no_expiry: false,
  phase: 'active',
  files: [
    {
      file_id: '00000000-0000-4000-8000-000000000001',
      key: 'person/x/documents/y/00000000-0000-4000-8000-000000000001.pdf',
      name: 'scan.pdf',
      size: 100,
      content_type: 'application/pdf',
      uploaded_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  notified_stages: [],
  created_by: 'user-admin',
  created_by_name: 'Kovács Péter',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const auditor = { userId: 'user-admin', organizationId: 'org-demo', actingSupervisorId: null };

beforeAll(async () => {
  platform = await startPlatform();
  await documentStore.write(auditor, {
    create: [
      doc({
        holder: { source_type: 'person', holder_id: 'user-pilot' },
        document_id: 'doc-medical',
        document_type_id: 'medical',
        expiration_date: '2035-07-11',
      }),
      doc({
        holder: { source_type: 'plane', holder_id: 'plane-ha-4370', organization_id: 'org-demo' },
        document_id: 'doc-insurance',
        document_type_id: 'insurance',
        expiration_date: '2035-06-29',
      }),
      doc({
        holder: { source_type: 'plane', holder_id: 'plane-ha-4370', organization_id: 'org-demo' },
        document_id: 'doc-arc',
        document_type_id: 'airworthiness_certificate',
        expiration_date: '2036-03-01',
      }),
    ],
    audit: { action: 'document.create', target_type: 'document', target_id: 'doc-medical' },
  });
});
afterAll(async () => {
  await platform?.close();
});

const expiryNotes = async (sub: string) =>
  (await platform.invoke('listNotifications', { sub, query: { limit: '100' } })).body.items
    .filter((n: { kind: string }) => n.kind === 'document_expiry')
    .map((n: { message: string; params: Record<string, string> }) => `${n.message} ${n.params.date}`)
    .sort();

describe('the daily expiry job', () => {
  it('tells each stage once, however often and however concurrently it runs', async () => {
    const mailsBefore = platform.mail().length;
    const first = await notifyDocumentExpiry(RUN);
    await Promise.all([notifyDocumentExpiry(RUN), notifyDocumentExpiry(RUN)]);
    await notifyDocumentExpiry(RUN);

    expect(first.stages).toBe(2);
    expect(await expiryNotes(PILOT)).toEqual(['document_expiring 2035-07-11']);
    // The club's admins hear of the member's medical; the technical operators of the aircraft's insurance.
    expect(await expiryNotes(ADMIN)).toEqual(['member_document_expiring 2035-07-11']);
    expect(await expiryNotes(SUPERVISOR)).toEqual(['member_document_expiring 2035-07-11']);
    expect(await expiryNotes(TECHNICAL)).toEqual(['club_document_expired 2035-06-29']);

    const mails = platform.mail().slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([
      'pilot@demo.windsock.aero',
      'technical@demo.windsock.aero',
    ]);
    expect(mails.find((m) => m.to === 'pilot@demo.windsock.aero')!.subject).toContain('2035-07-11');
  });

  it('tells the next stage when its day comes (the day after the expiration date, Budapest time)', async () => {
    // 2035-07-11 22:30 UTC is already 2035-07-12 in Budapest: the medical is no longer valid there.
    await notifyDocumentExpiry({ ...RUN, scheduledTime: '2035-07-11T21:30:00.000Z' });
    await notifyDocumentExpiry({ ...RUN, scheduledTime: '2035-07-11T22:30:00.000Z' });
    await notifyDocumentExpiry({ ...RUN, scheduledTime: '2035-07-11T22:30:00.000Z' });
    expect(await expiryNotes(PILOT)).toEqual(['document_expired 2035-07-11', 'document_expiring 2035-07-11']);
  });

  it('grounds the aircraft with an expired certificate once the organization chooses ground', async () => {
    const plane = async () =>
      (await platform.invoke('getPlane', { sub: TECHNICAL, params: { id: 'plane-ha-4370' } })).body;
    // Under `warn` (the default) the aircraft flies; the job has recorded the expired insurance for the fleet overview.
    expect((await plane()).status).toBe('functional');
    const fleet = await platform.invoke('getFleetOverview', { sub: TECHNICAL });
    const row = fleet.body.items.find((p: { plane_id: string }) => p.plane_id === 'plane-ha-4370');
    expect(row.certificates).toEqual(
      expect.arrayContaining([expect.objectContaining({ requirement: 'insurance', state: 'expired' })]),
    );
    expect(row.grounded_reasons).not.toContain('certificate');

    const org = await platform.invoke('getOwnOrganization', { sub: ADMIN });
    await platform.invoke('updateOwnOrganization', {
      sub: ADMIN,
      body: {
        organization_name: org.body.organization_name,
        short_name: org.body.short_name,
        timezone: org.body.timezone,
        certificate_expiry_policy: 'ground',
        version: org.body.version,
      },
    });
    const run = await notifyDocumentExpiry({ ...RUN, scheduledTime: '2035-07-02T04:30:00.000Z' });
    // The demo seed's certificates are long expired in 2035 too: HA-4370's is what this test set up.
    expect(run.grounded).toBeGreaterThanOrEqual(1);
    expect((await plane()).status).toBe('inoperable');
    const grounded = await platform.invoke('getFleetOverview', { sub: TECHNICAL });
    expect(
      grounded.body.items.find((p: { plane_id: string }) => p.plane_id === 'plane-ha-4370').grounded_reasons,
    ).toContain('certificate');
  });
});

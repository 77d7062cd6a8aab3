import { readFileSync } from 'node:fs';
import { addDays, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import { planesOf, SYSTEM_ACTOR } from '../../functions/aircraft/public.ts';
import { filePrefix, syncPlaneCertificates } from '../../functions/documents/document-service.ts';
import { documentStore, type Holder, type StoredDocument } from '../../functions/documents/document-store.ts';
import { contentDisposition } from '../../functions/platform/files/file-types.ts';
import { hasFilesBucket, putObject } from '../../functions/platform/files/s3.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The demo club's documents (issue 17 §8), dated from the day of the seed so the demo always shows
 * each state: Anna Molnár's medical expires in three weeks (expiring) and her licence is valid;
 * the student's medical is missing; the instructor has both; the aircraft certificates of HA-4012
 * are all there, HA-SBX's insurance is missing; the club's own liability insurance is valid. Each
 * document has its (small) PDF in the local S3 when there is one.
 */
const PDF = readFileSync(new URL('../../test/fixtures/medical.pdf', import.meta.url));
const SEEDED_AT = Date.parse('2026-01-15T09:00:00.000Z');

interface DocumentSeed {
  holder: Holder;
  type: string;
  issued: number;
  expires: number | null;
  note?: string;
  by: string;
  byName: string;
}

/** What the demo club's documents are, whoever (a test's restored snapshot, the seed) asks. */
function documentSeeds(): DocumentSeed[] {
  const organization_id = orgIdOf('demo');
  const person = (key: string): Holder => ({ source_type: 'person', holder_id: userIdOf(key) });
  const plane = (plane_id: string): Holder => ({
    source_type: 'plane',
    holder_id: plane_id,
    organization_id,
  });
  const technical = { by: userIdOf('technical'), byName: 'Varga Gábor' };
  return [
    {
      holder: person('pilot'),
      type: 'medical',
      issued: -345,
      expires: 20,
      note: '2. osztály, LAPL',
      by: userIdOf('pilot'),
      byName: 'Molnár Anna',
    },
    {
      holder: person('pilot'),
      type: 'licence_spl',
      issued: -700,
      expires: 1100,
      by: userIdOf('pilot'),
      byName: 'Molnár Anna',
    },
    {
      holder: person('instructor'),
      type: 'medical',
      issued: -100,
      expires: 265,
      by: userIdOf('instructor'),
      byName: 'Nagy László',
    },
    {
      holder: person('instructor'),
      type: 'licence_spl',
      issued: -1000,
      expires: 800,
      note: 'FI(S)',
      by: userIdOf('instructor'),
      byName: 'Nagy László',
    },
    {
      holder: plane('plane-ha-4012'),
      type: 'airworthiness_certificate',
      issued: -200,
      expires: 165,
      ...technical,
    },
    {
      holder: plane('plane-ha-4012'),
      type: 'registration_certificate',
      issued: -3000,
      expires: null,
      ...technical,
    },
    {
      holder: plane('plane-ha-4012'),
      type: 'insurance',
      issued: -150,
      expires: 215,
      note: 'Casco + kötelező felelősségbiztosítás',
      ...technical,
    },
    {
      holder: plane('plane-ha-sbx'),
      type: 'airworthiness_certificate',
      issued: -90,
      expires: 275,
      ...technical,
    },
    {
      holder: plane('plane-ha-sbx'),
      type: 'registration_certificate',
      issued: -5000,
      expires: null,
      ...technical,
    },
    {
      holder: { source_type: 'organization', holder_id: organization_id, organization_id },
      type: 'insurance',
      issued: -60,
      expires: 305,
      note: 'Egyesületi felelősségbiztosítás',
      by: userIdOf('admin'),
      byName: 'Kovács Péter',
    },
  ];
}

/** A seeded document's one file: its id, its S3 key and name (fixed, so the files can be put again). */
function documentFile(seed: DocumentSeed, index: number) {
  const documentId = timeOrderedId(SEEDED_AT + index, `demodoc${String(index).padStart(3, '0')}`);
  const fileId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    documentId,
    fileId,
    key: `${filePrefix(seed.holder, documentId)}${fileId}.pdf`,
    name: `${seed.type}.pdf`,
  };
}

/**
 * The seeded documents' PDFs into the files bucket: part of the seed when there is a bucket, and
 * what a test restoring a seeded table (test/helpers/seed-snapshot.ts) puts into its own S3.
 */
export async function putDemoDocumentFiles(): Promise<void> {
  for (const [index, seed] of documentSeeds().entries()) {
    const { key, name } = documentFile(seed, index);
    await putObject(key, PDF, {
      contentType: 'application/pdf',
      contentDisposition: contentDisposition('application/pdf', name),
    });
  }
}

export async function seedDocuments(now = new Date()): Promise<void> {
  const today = todayIn('Europe/Budapest', now);
  const organization_id = orgIdOf('demo');
  const seeds = documentSeeds();
  if (hasFilesBucket()) await putDemoDocumentFiles();
  const created: StoredDocument[] = [];
  for (const [index, seed] of seeds.entries()) {
    const { documentId, fileId, key, name } = documentFile(seed, index);
    const at = new Date(SEEDED_AT + index).toISOString();
    created.push({
      holder: seed.holder,
      document_id: documentId,
      document_type_id: seed.type,
      issue_date: addDays(today, seed.issued),
      ...(seed.expires === null ? {} : { expiration_date: addDays(today, seed.expires) }),
      no_expiry: seed.expires === null,
      ...(seed.note ? { note: seed.note } : {}),
      phase: 'active',
      files: [
        { file_id: fileId, key, name, size: PDF.length, content_type: 'application/pdf', uploaded_at: at },
      ],
      notified_stages: [],
      created_by: seed.by,
      created_by_name: seed.byName,
      version: 1,
      created_at: at,
      updated_at: at,
    });
  }
  await documentStore.write(SYSTEM_ACTOR(organization_id), {
    create: created,
    audit: {
      action: 'document.create',
      target_type: 'document',
      target_id: created[0]!.document_id,
      details: { seeded: created.length },
    },
  });
  // The fleet overview shows the certificates from the start, as the daily job would record them.
  for (const { plane_id } of await planesOf(organization_id))
    await syncPlaneCertificates(SYSTEM_ACTOR(organization_id), organization_id, plane_id);
}

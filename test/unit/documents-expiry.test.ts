import { describe, expect, it } from 'vitest';
import {
  documentState,
  EXPIRY_CATCH_UP_DAYS,
  expiryStage,
  expiryWindow,
  OVERDUE_AFTER_DAYS,
  requirementsForRoles,
  ruleOf,
  worstState,
} from '../../contracts/documents.ts';
import { requirementStanding, versionChain } from '../../functions/documents/document-service.ts';
import type { StoredDocument } from '../../functions/documents/document-store.ts';
import { monthsOf } from '../../functions/documents/jobs.ts';

/** Issue 17 §1–§2: how a document stands on a day, and which expiry notice it is due. */
describe('expiry stages', () => {
  const notice = 30;
  it.each([
    ['2026-08-01', null],
    ['2026-07-31', 'expiring'],
    // Still valid on its expiration date: the last day of "expiring".
    ['2026-07-01', 'expiring'],
    // The day after its expiration date it is no longer valid: on expiry.
    ['2026-06-30', 'expired'],
    ['2026-06-18', 'expired'],
    // OVERDUE_AFTER_DAYS (14) after, and for the catch-up of 7 days more.
    ['2026-06-17', 'overdue'],
    ['2026-06-10', 'overdue'],
    ['2026-06-09', null],
  ])('a document expiring on %s is in stage %s on 2026-07-01 (notice 30 days)', (date, stage) => {
    expect(expiryStage(date, '2026-07-01', notice)).toBe(stage);
  });

  it('keeps the overdue stage and the catch-up in the window the job reads', () => {
    expect(OVERDUE_AFTER_DAYS + EXPIRY_CATCH_UP_DAYS).toBe(21);
    expect(expiryWindow('2026-07-01')).toEqual({ from: '2026-06-10', to: '2026-08-30' });
    expect(monthsOf(expiryWindow('2026-07-01'))).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(monthsOf({ from: '2026-12-10', to: '2027-02-28' })).toEqual(['2026-12', '2027-01', '2027-02']);
  });

  it('tells licences and the medical earlier than the default', () => {
    expect(ruleOf('medical').notice_days).toBe(45);
    expect(ruleOf('licence_spl').notice_days).toBe(60);
    expect(ruleOf('a-type-a-supervisor-added')).toMatchObject({ notice_days: 30, single: false });
    expect(expiryStage('2026-08-10', '2026-07-01', ruleOf('medical').notice_days)).toBe('expiring');
    expect(expiryStage('2026-08-10', '2026-07-01', ruleOf('insurance').notice_days)).toBeNull();
  });
});

describe('document state', () => {
  const active = { phase: 'active' as const, no_expiry: false };
  it('is in progress or replaced by its phase, otherwise by its date', () => {
    expect(documentState({ phase: 'in_progress', expiration_date: '2020-01-01' }, '2026-07-01', 30)).toBe(
      'in_progress',
    );
    expect(documentState({ phase: 'replaced', expiration_date: '2030-01-01' }, '2026-07-01', 30)).toBe(
      'replaced',
    );
    expect(documentState({ ...active, expiration_date: '2026-08-01' }, '2026-07-01', 30)).toBe('valid');
    expect(documentState({ ...active, expiration_date: '2026-07-31' }, '2026-07-01', 30)).toBe('expiring');
    expect(documentState({ ...active, expiration_date: '2026-07-01' }, '2026-07-01', 30)).toBe('expiring');
    expect(documentState({ ...active, expiration_date: '2026-06-30' }, '2026-07-01', 30)).toBe('expired');
    expect(documentState({ phase: 'active', no_expiry: true }, '2026-07-01', 30)).toBe('valid');
  });

  it('summarises by the most urgent', () => {
    expect(worstState(['valid', 'expiring', 'missing'])).toBe('missing');
    expect(worstState(['valid', 'expired', 'missing'])).toBe('expired');
    expect(worstState([])).toBeNull();
  });
});

const stored = (id: string, type: string, overrides: Partial<StoredDocument> = {}): StoredDocument => ({
  holder: { source_type: 'person', holder_id: 'user-pilot' },
  document_id: id,
  document_type_id: type,
  no_expiry: false,
  phase: 'active',
  files: [],
  notified_stages: [],
  created_by: 'user-pilot',
  created_by_name: 'Molnár Anna',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('requirements', () => {
  it('follow the roles: pilots and instructors a medical and a licence, students a medical', () => {
    expect(requirementsForRoles([{ label: 'pilot' }])).toEqual(['medical', 'licence']);
    expect(requirementsForRoles([{ guard_role: 'instructor', label: 'head_of_training' }])).toEqual([
      'medical',
      'licence',
    ]);
    expect(requirementsForRoles([{ label: 'student' }])).toEqual(['medical']);
    expect(requirementsForRoles([{ guard_role: 'financial_operator' }])).toEqual([]);
  });

  it('are met by the best current document of any of their types, else missing', () => {
    const docs = [
      stored('a', 'licence_ppl', { expiration_date: '2026-06-01' }),
      stored('b', 'licence_spl', { expiration_date: '2027-06-01' }),
      stored('c', 'medical', { phase: 'replaced', expiration_date: '2030-01-01' }),
      stored('d', 'medical', { phase: 'in_progress', expiration_date: '2028-01-01' }),
    ];
    expect(requirementStanding(['licence', 'medical', 'insurance'], docs, '2026-07-01')).toEqual([
      {
        requirement: 'licence',
        document_type_ids: ['licence_spl', 'licence_ppl', 'licence_lapl'],
        state: 'valid',
        document_id: 'b',
        expiration_date: '2027-06-01',
      },
      {
        requirement: 'medical',
        document_type_ids: ['medical'],
        state: 'in_progress',
        document_id: 'd',
        expiration_date: '2028-01-01',
      },
      {
        requirement: 'insurance',
        document_type_ids: ['insurance'],
        state: 'missing',
        document_id: null,
        expiration_date: null,
      },
    ]);
  });
});

describe('versions', () => {
  it('are the chain of what a renewal replaced and what replaced it, newest first', () => {
    const docs = [
      stored('001', 'medical', { phase: 'replaced', replaced_by: '002' }),
      stored('002', 'medical', { phase: 'replaced', replaces: '001', replaced_by: '003' }),
      stored('003', 'medical', { replaces: '002' }),
      stored('004', 'medical'),
    ];
    expect(versionChain(docs[1]!, docs).map((d) => d.document_id)).toEqual(['003', '001']);
    expect(versionChain(docs[2]!, docs).map((d) => d.document_id)).toEqual(['002', '001']);
    expect(versionChain(docs[3]!, docs)).toEqual([]);
  });
});

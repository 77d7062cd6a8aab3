import { describe, expect, it } from 'vitest';
import { FILE_FEATURES } from '../../contracts/file-types.ts';
import { closeFault, createFault, type FaultDeps } from '../../functions/aircraft/fault-service.ts';
import type {
  FaultStore,
  FaultWrite,
  PlaneState,
  StoredFault,
} from '../../functions/aircraft/fault-store.ts';
import { sniffFileType } from '../../functions/platform/files/file-types.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('what an uploaded photo really is', () => {
  it.each([
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ["an iPhone's HEIC", bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'), 'image/heic'],
    ['a HEIF still', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]), 'image/heic'],
    ['a text file named .jpg', bytes('hello, I am only text'), null],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]), null],
    ['a PDF', bytes('%PDF-1.7\n'), null],
    ['nothing', bytes(), null],
  ])('recognises %s', (_, input, expected) => {
    expect(sniffFileType(input, FILE_FEATURES.faultPhoto)).toBe(expected);
  });
});

/** The rules over an in-memory store: what the TransactWrite would carry. */
function fakeDeps(plane: PlaneState, faults: StoredFault[]) {
  const writes: FaultWrite[] = [];
  const store = {
    fault: async (_org: string, id: string) => faults.find((f) => f.fault_id === id) ?? null,
    plane: async () => plane,
    openGroundingFaults: async () => faults.filter((f) => f.status === 'open' && f.severity === 'grounding'),
    technicalOperators: async () => ['user-technical'],
    write: async (_actor: unknown, change: FaultWrite) => {
      writes.push(change);
    },
  } as unknown as FaultStore;
  const told: string[] = [];
  const deps: FaultDeps = {
    store,
    files: {} as FaultDeps['files'],
    notify: async (userId, input) => {
      told.push(`${userId}:${input.message_key}`);
    },
    now: () => new Date('2026-11-22T08:00:00Z'),
  };
  return { deps, writes, told };
}

const actor = {
  userId: 'user-pilot',
  userName: 'Molnár Anna',
  organizationId: 'org-demo',
  organization: { timezone: 'Europe/Budapest' } as never,
  actingSupervisorId: null,
  roles: new Set<never>(),
};
const technical = { ...actor, userId: 'user-technical', roles: new Set(['technical_operator'] as const) };

const openGrounding = (id: string, status_before: StoredFault['status_before']): StoredFault =>
  ({
    fault_id: id,
    plane_id: 'p',
    reg_num: 'HA-4012',
    description: 'Repedt csuklópánt',
    reported_by: 'user-pilot',
    severity: 'grounding',
    status: 'open',
    status_before,
    version: 1,
    photos: [],
  }) as never;

describe('grounding rules', () => {
  it('grounds a functional aircraft, remembers its status, and tells the technical operators', async () => {
    const { deps, writes, told } = fakeDeps(
      { plane_id: 'p', reg_num: 'HA-4012', status: 'functional', version: 4 },
      [],
    );

    const fault = await createFault(deps, actor, { plane_id: 'p', severity: 'grounding', description: 'x' });

    expect(fault.status_before).toBe('functional');
    expect(writes[0]?.plane).toEqual({ plane_id: 'p', version: 4, status: 'inoperable' });
    expect(writes[0]?.event?.date).toBe('2026-11-22');
    expect(told).toEqual(['user-technical:fault_grounding']);
  });

  it('on an aircraft already grounded by a fault, keeps the first status_before and writes no status', async () => {
    const { deps, writes } = fakeDeps(
      { plane_id: 'p', reg_num: 'HA-4012', status: 'inoperable', version: 5 },
      [openGrounding('f1', 'operational')],
    );

    const fault = await createFault(deps, actor, { plane_id: 'p', severity: 'grounding', description: 'x' });

    expect(fault.status_before).toBe('operational');
    expect(writes[0]?.plane).toEqual({ plane_id: 'p', version: 5 });
  });

  it('closing one of two grounding faults needs the other still open and leaves the aircraft alone', async () => {
    const { deps, writes } = fakeDeps(
      { plane_id: 'p', reg_num: 'HA-4012', status: 'inoperable', version: 6 },
      [openGrounding('f1', 'functional'), openGrounding('f2', 'functional')],
    );

    await closeFault(deps, technical, 'f1', { closing_comment: 'ok', version: 1 });

    expect(writes[0]?.plane).toBeUndefined();
    expect(writes[0]?.stillOpen).toEqual(['f2']);
  });

  it('does not restore an aircraft that was inoperable before the fault', async () => {
    const { deps, writes } = fakeDeps(
      { plane_id: 'p', reg_num: 'HA-4012', status: 'inoperable', version: 6 },
      [openGrounding('f1', 'inoperable')],
    );

    await closeFault(deps, technical, 'f1', { closing_comment: 'ok', version: 1 });

    expect(writes[0]?.plane).toBeUndefined();
  });
});

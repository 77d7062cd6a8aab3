import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAULTS } from '../../bin/local/seed-faults.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Fault reports against the embedded DynamoDB (issue 4 §5): grounding makes the aircraft inoperable
 * in the same write and closing the last grounding fault gives its status back; technical operators
 * are told about a new fault and the reporter about its closing; who may do what.
 */
const TECHNICAL = subOf('technical@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const ALPINE = subOf('admin@alpine.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const planeOf = async (plane_id: string, organization_id = 'org-demo') => {
  const { data } = await db().entities.plane.get({ organization_id, plane_id }).go();
  return data!;
};

const report = async (sub: string, body: { plane_id: string; severity: string; description: string }) => {
  const response = await platform.invoke('createFault', { sub, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { fault_id: string; version: number; status_before: string | null };
};

const close = (sub: string, fault: { fault_id: string; version: number }, comment = 'Javítva.') =>
  platform.invoke('closeFault', {
    sub,
    params: { id: fault.fault_id },
    body: { closing_comment: comment, version: fault.version },
  });

const notificationsOf = async (sub: string) => {
  const { body } = await platform.invoke('listNotifications', { sub });
  return body.items as { message: string; params: Record<string, string>; link: string | null }[];
};

describe('a grounding fault', () => {
  it('makes the aircraft inoperable and closing it restores the status from before', async () => {
    // Prepare
    const before = await planeOf('plane-ha-4455');
    expect(before.status).toBe('functional');

    // Act
    const fault = await report(PILOT, {
      plane_id: 'plane-ha-4455',
      severity: 'grounding',
      description: 'Futómű-visszajelző nem világít',
    });
    const grounded = await planeOf('plane-ha-4455');
    const closed = await close(TECHNICAL, fault);
    const after = await planeOf('plane-ha-4455');

    // Assess
    expect(fault.status_before).toBe('functional');
    expect(grounded.status).toBe('inoperable');
    expect(grounded.version).toBe(before.version + 1);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(after.status).toBe('functional');
    const { data: events } = await db()
      .entities.aircraftEvent.query.bySubject({ organization_id: 'org-demo', subject_id: 'plane-ha-4455' })
      .go({ pages: 'all' });
    const kinds = events.filter((e) => e.details?.fault_id === fault.fault_id).map((e) => e.kind);
    expect(kinds).toEqual(['fault_reported', 'fault_closed']);
  });

  it('keeps the aircraft inoperable until the last of two grounding faults is closed', async () => {
    // Prepare
    const first = await report(TECHNICAL, {
      plane_id: 'plane-ha-1265',
      severity: 'grounding',
      description: 'Olajfolyás',
    });
    const second = await report(PILOT, {
      plane_id: 'plane-ha-1265',
      severity: 'grounding',
      description: 'Repedt légcsavar-kúp',
    });

    // Act
    const firstClosed = await close(TECHNICAL, first);
    const afterFirst = await planeOf('plane-ha-1265');
    const secondClosed = await close(TECHNICAL, second);
    const afterSecond = await planeOf('plane-ha-1265');

    // Assess
    expect(second.status_before).toBe('functional');
    expect(firstClosed.status).toBe(200);
    expect(afterFirst.status).toBe('inoperable');
    expect(secondClosed.status).toBe(200);
    expect(afterSecond.status).toBe('functional');
  });

  it('tells the technical operators, and the reporter when it is closed', async () => {
    // Act
    const fault = await report(PILOT, {
      plane_id: 'plane-ha-sbx',
      severity: 'grounding',
      description: 'Vontatókötél-kioldó beragad',
    });
    const toTechnical = await notificationsOf(TECHNICAL);
    await close(TECHNICAL, fault, 'Kioldó kitisztítva, zsírozva.');
    const toPilot = await notificationsOf(PILOT);

    // Assess
    expect(toTechnical).toContainEqual(
      expect.objectContaining({
        message: 'fault_grounding',
        params: { reg_num: 'HA-SBX', description: 'Vontatókötél-kioldó beragad' },
        link: `/plane-fault/view/${fault.fault_id}/`,
      }),
    );
    expect(toPilot).toContainEqual(
      expect.objectContaining({ message: 'fault_closed', link: `/plane-fault/view/${fault.fault_id}/` }),
    );
    // Not grounding for anyone else: the aircraft is back in service.
    expect((await planeOf('plane-ha-sbx')).status).toBe('functional');
  });

  it('refuses a close on an old version with a conflict and changes nothing', async () => {
    // Prepare
    const fault = await report(TECHNICAL, {
      plane_id: 'plane-ha-4012',
      severity: 'major',
      description: 'Trimm nehezen mozog',
    });
    await platform.invoke('updateFault', {
      sub: TECHNICAL,
      params: { id: fault.fault_id },
      body: { description: 'Trimm nehezen mozog, kar kopott', version: fault.version },
    });

    // Act
    const stale = await close(TECHNICAL, fault);
    const current = await platform.invoke('getFault', { sub: TECHNICAL, params: { id: fault.fault_id } });

    // Assess
    expect(stale.status).toBe(409);
    expect(current.body.status).toBe('open');
    expect(current.body.version).toBe(2);
  });

  it('grounds the aircraft when a technical operator raises a fault to grounding', async () => {
    // Prepare
    const fault = await report(PILOT, {
      plane_id: 'plane-ha-4370',
      severity: 'minor',
      description: 'Kerékfék gyenge',
    });

    // Act
    const raised = await platform.invoke('updateFault', {
      sub: TECHNICAL,
      params: { id: fault.fault_id },
      body: { severity: 'grounding', version: fault.version },
    });
    const grounded = await planeOf('plane-ha-4370');
    await close(TECHNICAL, raised.body);

    // Assess
    expect(raised.status).toBe(200);
    expect(raised.body.status_before).toBe('functional');
    expect(grounded.status).toBe('inoperable');
    expect((await planeOf('plane-ha-4370')).status).toBe('functional');
  });
});

describe('who may do what', () => {
  it('lets a pilot report and read a fault, but not close or edit it', async () => {
    // Prepare
    const fault = await report(STUDENT, {
      plane_id: 'plane-ha-4012',
      severity: 'minor',
      description: 'Hiányzik egy csavar',
    });

    // Act
    const read = await platform.invoke('getFault', { sub: PILOT, params: { id: fault.fault_id } });
    const closed = await close(PILOT, fault);
    const edited = await platform.invoke('updateFault', {
      sub: PILOT,
      params: { id: fault.fault_id },
      body: { description: 'x', version: fault.version },
    });
    const list = await platform.invoke('listFaults', { sub: PILOT });

    // Assess
    expect(read.status).toBe(200);
    expect(read.body.can_edit).toBe(false);
    expect(closed.status).toBe(403);
    expect(edited.status).toBe(403);
    expect(list.status).toBe(403);
  });

  it("answers 404 for another organization's aircraft and fault", async () => {
    // Act
    const created = await platform.invoke('createFault', {
      sub: PILOT,
      body: { plane_id: 'plane-oe-5678', severity: 'grounding', description: 'x' },
    });
    const read = await platform.invoke('getFault', { sub: ALPINE, params: { id: DEMO_FAULTS.vario } });

    // Assess
    expect(created.status).toBe(404);
    expect(read.status).toBe(404);
    expect((await planeOf('plane-oe-5678', 'org-alpine')).status).toBe('functional');
  });

  it('answers 422 with field keys for a report without a description or severity', async () => {
    // Act
    const response = await platform.invoke('createFault', {
      sub: PILOT,
      body: { plane_id: 'plane-ha-4012', severity: 'cosmetic', description: '  ' },
    });

    // Assess
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ severity: ['invalid_value'], description: ['field_required'] });
  });
});

describe('the list of faults', () => {
  it('shows newest first, filtered by status and aircraft, page by page', async () => {
    // Act
    const open = await platform.invoke('listFaults', { sub: TECHNICAL, query: { status: 'open' } });
    const closed = await platform.invoke('listFaults', {
      sub: TECHNICAL,
      query: { status: 'closed', plane_id: 'plane-ha-4012' },
    });
    const first = await platform.invoke('listFaults', { sub: TECHNICAL, query: { limit: '2' } });
    const second = await platform.invoke('listFaults', {
      sub: TECHNICAL,
      query: { limit: '2', cursor: first.body.cursor },
    });

    // Assess
    expect(open.status).toBe(200);
    expect(open.body.items.every((f: { status: string }) => f.status === 'open')).toBe(true);
    expect(open.body.items.map((f: { fault_id: string }) => f.fault_id)).toContain(DEMO_FAULTS.vario);
    const reported = open.body.items.map((f: { reported_at: string }) => f.reported_at);
    expect(reported).toEqual([...reported].sort().reverse());
    expect(closed.body.items.map((f: { fault_id: string }) => f.fault_id)).toContain(DEMO_FAULTS.canopy);
    expect(closed.body.items.every((f: { plane_id: string }) => f.plane_id === 'plane-ha-4012')).toBe(true);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.cursor).toBeTruthy();
    const ids = [...first.body.items, ...second.body.items].map((f: { fault_id: string }) => f.fault_id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

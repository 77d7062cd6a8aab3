import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../contracts/schedules.ts';
import { notifyDueMaintenance } from '../../functions/aircraft/jobs.ts';
import { activeHoldersOf } from '../../functions/organizations/public.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
  // A technical operator in the other club too: they must hear only of their own fleet.
  await db()
    .entities.role.put({
      organization_id: 'org-alpine',
      role_id: 'technical_operator',
      role_name: 'Techniker',
      guard_role: 'technical_operator',
      permissions: ['component-list', 'component-edit'],
    })
    .go();
  await db()
    .entities.membership.put({
      user_id: 'user-instructor',
      organization_id: 'org-alpine',
      role_ids: ['technical_operator'],
    })
    .go();
});
afterAll(async () => {
  await platform?.close();
});

const maintenanceNotifications = async (userId: string) => {
  const { data } = await db().entities.notification.query.byPerson({ user_id: userId }).go({ pages: 'all' });
  return data.filter((n) => n.kind === 'maintenance');
};

describe('the daily maintenance job', () => {
  const row = schedules.find((s) => s.id === 'maintenance-due-daily');
  const event = { scheduleId: 'maintenance-due-daily', scheduledTime: new Date().toISOString() };

  it('is in the schedule table', () => {
    expect(row).toMatchObject({ domain: 'aircraft', handler: 'notifyDueMaintenance', cron: '0 6 * * *' });
  });

  it('tells each technical operator once per due item, however often it runs', async () => {
    const operators = await activeHoldersOf('org-demo', 'technical_operator');
    expect(operators).toContain('user-technical');

    const first = await notifyDueMaintenance(event);
    expect(first.notices).toBeGreaterThanOrEqual(1);
    const second = await notifyDueMaintenance(event);
    expect(second).toMatchObject({ notices: 0, notifications: 0 });

    for (const userId of operators) {
      const got = await maintenanceNotifications(userId);
      const demo = got.filter((n) => String(n.params.reg_num).startsWith('HA-'));
      expect(demo).toHaveLength(first.notices - (await alpineNotices()));
      // The tow plane's 100-hour inspection, about six engine hours left.
      expect(demo).toContainEqual(
        expect.objectContaining({
          message: 'maintenance_due',
          params: expect.objectContaining({ reg_num: 'HA-SBX', item: '100 órás ellenőrzés' }),
          link: '/maintenance/operations',
        }),
      );
    }
  });

  it("tells nothing of one club to the other club's operators", async () => {
    const alpine = await maintenanceNotifications('user-instructor');
    expect(alpine.filter((n) => String(n.params.reg_num).startsWith('HA-'))).toEqual([]);
    const admin = await platform.invoke('listNotifications', { sub: subOf('admin@alpine.windsock.aero') });
    expect(JSON.stringify(admin.body)).not.toContain('HA-SBX');
  });

  it("refreshes the components' cached due state", async () => {
    const { data } = await db()
      .entities.component.get({ organization_id: 'org-demo', component_id: 'cmp-ha-4370-parachute' })
      .go();
    // Repacked 160 days ago on a 180-day cycle.
    expect(data?.maintenance_status_id).toBe('due_soon');
  });
});

async function alpineNotices() {
  const { data } = await db()
    .entities.dueNotice.query.byDay({ organization_id: 'org-alpine' })
    .go({ pages: 'all' });
  return data.length;
}

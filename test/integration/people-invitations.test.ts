import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationsDeps as invitationDeps } from '../../functions/organizations/deps.ts';
import {
  addMember,
  DECLINE_QUIET_DAYS,
  withdrawInvitation,
} from '../../functions/organizations/invitation-service.ts';
import { resolveActorBySub } from '../../functions/platform/auth/actor.ts';
import { db } from '../../functions/platform/db/service.ts';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

/**
 * Issue 11 §1: joining another club needs the person's consent. The Alpine club's admin adds
 * e-mails of the demo club's members (people who have accounts): each gets an invitation to accept
 * or decline, and until they accept the Alpine club sees the e-mail and the invitation's state —
 * nothing of the person.
 */
const ALPINE_ADMIN = subOf('admin@alpine.windsock.aero');
const DEMO_ADMIN = subOf('admin@demo.windsock.aero');
const PILOT = subOf('pilot@demo.windsock.aero');
const STUDENT = subOf('student@demo.windsock.aero');
const FINANCE = subOf('finance@demo.windsock.aero');
const OPERATOR = subOf('operator@demo.windsock.aero');
const SUPERVISOR = subOf('supervisor@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const invite = (email: string, role_ids: string[] = ['pilot']) =>
  platform.invoke('addMember', { sub: ALPINE_ADMIN, body: { email, role_ids } });
const alpineRow = async (q: string) =>
  (await platform.invoke('listMembers', { sub: ALPINE_ADMIN, query: { q, limit: '100' } })).body.items;
const notificationsOf = async (sub: string) =>
  (await platform.invoke('listNotifications', { sub, query: { limit: '50' } })).body.items as {
    message: string;
    params: Record<string, string>;
    link: string | null;
  }[];
const logOf = async (organizationId: string, action: string) =>
  (
    await db().entities.action.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' })
  ).data.filter((a) => a.action === action);

describe('inviting a person who has an account', () => {
  it('tells the person (stored and listed) and shows the club only the e-mail and "invited"', async () => {
    const sent = await invite('pilot@demo.windsock.aero');
    const invitations = await platform.invoke('listMyInvitations', { sub: PILOT });
    const notifications = await notificationsOf(PILOT);
    const rows = await alpineRow('pilot@demo');

    expect(sent.status).toBe(200);
    expect(sent.body.invited).toBe(true);
    expect(invitations.body.items).toEqual([
      expect.objectContaining({
        organization_id: 'org-alpine',
        organization_name: 'Alpine Soaring Club',
        short_name: 'ASC',
        roles: ['Pilot'],
        invited_by_name: 'Huber Lukas',
      }),
    ]);
    expect(notifications[0]).toEqual(
      expect.objectContaining({
        message: 'membership_invitation',
        params: expect.objectContaining({
          organization: 'Alpine Soaring Club',
          organization_id: 'org-alpine',
        }),
        link: '/',
      }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: 'user-pilot',
        user_name: null,
        callsign: null,
        email: 'pilot@demo.windsock.aero',
        status: 'invited',
      }),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Molnár|Anna/);
    expect((await logOf('org-alpine', 'member.invite')).map((a) => a.subject_user_id)).toContain(
      'user-pilot',
    );
  });

  it("keeps the person's own data out of the club's reach until they accept", async () => {
    const asAlpine = (operation: Parameters<Platform['invoke']>[0], body?: unknown) =>
      platform.invoke(operation, { sub: ALPINE_ADMIN, params: { user_id: 'user-pilot' }, body });
    const answers = await Promise.all([
      asAlpine('getMember'),
      asAlpine('getMemberPilotInfo'),
      asAlpine('listMemberPermits'),
      asAlpine('listMemberLogbook'),
      asAlpine('getMemberRecency'),
      asAlpine('updateMember', { first_name: 'X', last_name: 'Y', version: 1 }),
      asAlpine('updateMemberPilotInfo', { licences: [], ratings: {}, version: 1 }),
      asAlpine('setMemberRoles', { role_ids: [], version: 1 }),
      asAlpine('setMemberStatus', { status: 'suspended', version: 1 }),
      asAlpine('grantPermit', { kind: 'winch', valid_until: '2027-12-31' }),
    ]);
    const byName = await alpineRow('molnar');

    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(404));
    // Not even a search by the person's name finds the invitation.
    expect(byName).toEqual([]);
  });

  it('a name the invited person changes meanwhile does not reach the club either', async () => {
    await invite('operator@demo.windsock.aero', []);
    const person = await platform.invoke('getMyPerson', { sub: OPERATOR });
    const renamed = await platform.invoke('updateMyPerson', {
      sub: OPERATOR,
      body: { first_name: 'Zebulon', last_name: 'Quast', version: person.body.version },
    });

    expect(renamed.status).toBe(200);
    expect(await alpineRow('zebulon')).toEqual([]);
    expect(await alpineRow('operator@demo')).toEqual([
      expect.objectContaining({ user_name: null, status: 'invited' }),
    ]);
  });

  it('accepting makes an active membership with the roles offered; the club sees the member now', async () => {
    const accepted = await platform.invoke('acceptInvitation', {
      sub: PILOT,
      params: { organization_id: 'org-alpine' },
    });
    const twice = await platform.invoke('acceptInvitation', {
      sub: PILOT,
      params: { organization_id: 'org-alpine' },
    });
    const organizations = await platform.invoke('listMyOrganizations', { sub: PILOT });
    const rows = await alpineRow('molnar');
    const member = await platform.invoke('getMember', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-pilot' },
    });
    const adminTold = await notificationsOf(ALPINE_ADMIN);

    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organization_id: 'org-alpine', status: 'active' });
    expect(twice.status).toBe(404);
    expect(organizations.body.items.map((i: any) => i.organization.short_name).sort()).toEqual([
      'ASC',
      'SZRE',
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: 'user-pilot',
        user_name: 'Anna Molnár',
        status: 'active',
        roles: ['Pilot'],
      }),
    ]);
    expect(member.status).toBe(200);
    expect(member.body.membership).toEqual(
      expect.objectContaining({ status: 'active', role_ids: ['pilot'] }),
    );
    expect(adminTold[0]).toEqual(
      expect.objectContaining({
        message: 'membership_invitation_accepted',
        params: expect.objectContaining({ organization: 'Alpine Soaring Club' }),
      }),
    );
    expect((await logOf('org-alpine', 'member.invite_accept')).map((a) => a.user_id)).toEqual(['user-pilot']);
  });

  it('declining ends it: the club sees "declined" and the e-mail, and may not invite again for a while', async () => {
    await invite('student@demo.windsock.aero', ['student']);
    const declined = await platform.invoke('declineInvitation', {
      sub: STUDENT,
      params: { organization_id: 'org-alpine' },
    });
    const rows = await alpineRow('student@demo');
    const again = await invite('student@demo.windsock.aero');
    const cleared = await platform.invoke('withdrawInvitation', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-student' },
    });
    const organizations = await platform.invoke('listMyOrganizations', { sub: STUDENT });
    const adminTold = await notificationsOf(ALPINE_ADMIN);
    const log = await platform.invoke('listOrganizationActions', {
      sub: ALPINE_ADMIN,
      query: { action: 'member.invite_decline' },
    });

    expect(declined.body).toEqual({ organization_id: 'org-alpine', status: 'declined' });
    expect(rows).toEqual([
      expect.objectContaining({
        user_name: null,
        status: 'declined',
        email: 'student@demo.windsock.aero',
        roles: [],
      }),
    ]);
    expect([again.status, again.body.code]).toEqual([409, 'invitation_declined']);
    expect([cleared.status, cleared.body.code]).toEqual([409, 'invitation_declined']);
    expect(organizations.body.items.map((i: any) => i.organization.short_name)).toEqual(['SZRE']);
    // The club's log records the answer without naming the person who never joined.
    expect(log.body.items).toEqual([
      expect.objectContaining({ action: 'member.invite_decline', target_id: 'user-student', user_name: '—' }),
    ]);
    expect(JSON.stringify(log.body)).not.toMatch(/Kiss|Bence/);
    expect(adminTold[0]).toEqual(
      expect.objectContaining({
        message: 'membership_invitation_declined',
        params: expect.objectContaining({ email: 'student@demo.windsock.aero' }),
      }),
    );
  });

  it(`after ${DECLINE_QUIET_DAYS} days the club may invite again, or clear the declined row`, async () => {
    const actor = (await resolveActorBySub(ALPINE_ADMIN))!;
    const later = new Date(Date.now() + (DECLINE_QUIET_DAYS + 1) * 24 * 3600 * 1000);
    const deps = { ...invitationDeps, now: () => later };

    const again = await addMember(deps, actor, { email: 'student@demo.windsock.aero', role_ids: ['pilot'] });
    expect(again).toEqual(
      expect.objectContaining({ invited: true, member: expect.objectContaining({ status: 'invited' }) }),
    );
    const invitations = await platform.invoke('listMyInvitations', { sub: STUDENT });
    expect(invitations.body.items.map((i: any) => i.organization_id)).toEqual(['org-alpine']);

    await platform.invoke('declineInvitation', { sub: STUDENT, params: { organization_id: 'org-alpine' } });
    const declinedLater = new Date(Date.now() + (2 * DECLINE_QUIET_DAYS + 2) * 24 * 3600 * 1000);
    await withdrawInvitation({ ...invitationDeps, now: () => declinedLater }, actor, 'user-student');
    expect(await alpineRow('student@demo')).toEqual([]);
  });

  it('the club may withdraw a waiting invitation; it can no longer be accepted', async () => {
    await invite('finance@demo.windsock.aero');
    const foreign = await platform.invoke('withdrawInvitation', {
      sub: DEMO_ADMIN,
      params: { user_id: 'user-finance' },
    });
    const withdrawn = await platform.invoke('withdrawInvitation', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-finance' },
    });
    const member = await platform.invoke('withdrawInvitation', {
      sub: ALPINE_ADMIN,
      params: { user_id: 'user-instructor' },
    });
    const accept = await platform.invoke('acceptInvitation', {
      sub: FINANCE,
      params: { organization_id: 'org-alpine' },
    });
    const invitations = await platform.invoke('listMyInvitations', { sub: FINANCE });

    expect(foreign.status).toBe(404);
    expect(withdrawn.status).toBe(204);
    // A member is removed with removeMember, not as an invitation.
    expect(member.status).toBe(404);
    expect(accept.status).toBe(404);
    expect(invitations.body.items).toEqual([]);
    expect(await alpineRow('finance@demo')).toEqual([]);
  });

  it('only the person answers: not another person, nor a supervisor acting as them', async () => {
    await invite('finance@demo.windsock.aero');
    const stranger = await platform.invoke('acceptInvitation', {
      sub: STUDENT,
      params: { organization_id: 'org-alpine' },
    });
    const acting = await platform.invoke('startActing', {
      sub: SUPERVISOR,
      body: { user_id: 'user-finance' },
    });
    expect(acting.status).toBe(200);
    const asSupervisor = await platform.invoke('acceptInvitation', {
      sub: SUPERVISOR,
      params: { organization_id: 'org-alpine' },
    });
    await platform.invoke('stopActing', { sub: SUPERVISOR });
    const still = await platform.invoke('listMyInvitations', { sub: FINANCE });

    expect(stranger.status).toBe(404);
    expect(asSupervisor.status).toBe(403);
    expect(still.body.items.map((i: any) => i.organization_id)).toEqual(['org-alpine']);
  });
});

import { expect } from 'vitest';
import { db } from '../../../functions/platform/db/service.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

/**
 * The tenant walk over joining (issue 11 §1): organization A's invitation to a pilot who registered
 * alone. B's admin cannot withdraw it, nor answer an invitation of A's (they have none), nor set
 * their logbook sharing with A (they are not A's member).
 */
const SOLO = { user_id: 'user-walk-solo', email: 'solo.walker@example.at' };

export const invitationsWalk: WalkArea = {
  async setup(platform) {
    await db()
      .entities.person.create({
        user_id: SOLO.user_id,
        cognito_sub: 'sub-solo.walker@example.at',
        email: SOLO.email,
        first_name: 'Solo',
        last_name: 'Walker',
        lang: 'de',
      })
      .go();
    const invited = await platform.invoke('addMember', {
      sub: subOf('admin@demo.windsock.aero'),
      body: { email: SOLO.email, role_ids: ['pilot'] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invited).toBe(true);
  },
  ids: {
    withdrawInvitation: () => ({ user_id: SOLO.user_id }),
    acceptInvitation: () => ({ organization_id: 'org-demo' }),
    declineInvitation: () => ({ organization_id: 'org-demo' }),
    setLogbookSharing: () => ({ organization_id: 'org-demo' }),
  },
  bodies: {
    setLogbookSharing: { shared: true },
  },
};

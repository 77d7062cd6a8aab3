import type { InvitationOutput } from '../../../../contracts/schemas/members.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { createStore } from '../../lib/store.ts';

/**
 * The invitations waiting for the signed-in person's answer (issue 11 §1), shared by the dashboard's
 * card and the notification that announced them: answering in one place updates the other.
 */
interface InvitationsState {
  items: readonly InvitationOutput[];
  loaded: boolean;
  /** The organization whose invitation is being answered. */
  answering: string | null;
}

export const invitations = createStore<InvitationsState>({ items: [], loaded: false, answering: null });

export const loadInvitations = async () => {
  const { items } = await call('listMyInvitations');
  invitations.set((state) => ({ ...state, items, loaded: true }));
};

/**
 * Accept or decline. Accepting makes the person a member at once: the profile (organization switch,
 * roles) is reloaded. An invitation withdrawn meanwhile (404) is simply gone.
 */
export async function answerInvitation(invitation: InvitationOutput, answer: 'accept' | 'decline') {
  invitations.set((state) => ({ ...state, answering: invitation.organization_id }));
  const values = { organization: invitation.organization_name };
  try {
    const params = { organization_id: invitation.organization_id };
    if (answer === 'accept') {
      await call('acceptInvitation', { params });
      flash('success', 'invitation_accepted', { values });
      await refreshProfile();
      await refreshOrganizations();
    } else {
      await call('declineInvitation', { params });
      flash('success', 'invitation_refused', { values });
    }
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_found')) throw error;
    flash('warning', 'invitation_gone');
  } finally {
    invitations.set((state) => ({
      ...state,
      answering: null,
      items: state.items.filter((item) => item.organization_id !== invitation.organization_id),
    }));
  }
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationOutput } from '../../../../contracts/schemas/members.ts';
import { reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useStore } from '../../lib/store.ts';
import { bell } from '../notifications/notifications-state.ts';
import { answerInvitation, invitations, loadInvitations } from './invitations.ts';

const EMPTY = '—';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The dashboard's card of invitations waiting for an answer (issue 11 §1): who invites, with which
 * roles, Accept / Decline. Nothing shows when there are none. A pushed notification (a new
 * invitation) reloads it.
 */
export function InvitationsCard() {
  const { t } = useTranslation('dashboard');
  const { items } = useStore(invitations);
  const { arrived } = useStore(bell);

  // `arrived` counts live notifications: one may be a new invitation.
  useEffect(() => {
    void arrived;
    loadInvitations().catch(() => undefined);
  }, [arrived]);

  if (items.length === 0) return null;
  return (
    <Container
      data-testid="dashboard-invitations"
      header={
        <Header variant="h2" counter={`(${items.length})`} description={t('invitations.description')}>
          {t('invitations.header')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {items.map((invitation) => (
          <InvitationItem key={invitation.organization_id} invitation={invitation} />
        ))}
      </SpaceBetween>
    </Container>
  );
}

function InvitationItem({ invitation }: { invitation: InvitationOutput }) {
  const { t } = useTranslation('dashboard');
  return (
    <div data-testid={`invitation-${invitation.organization_id}`}>
      <SpaceBetween size="s">
        <Box variant="h3" padding="n">
          {t('invitations.text', { organization: invitation.organization_name })}
        </Box>
        <KeyValuePairs
          columns={3}
          items={[
            {
              label: t('invitations.roles'),
              value: invitation.roles.length ? invitation.roles.join(', ') : EMPTY,
            },
            { label: t('invitations.invited_by'), value: invitation.invited_by_name ?? EMPTY },
            { label: t('invitations.invited_at'), value: formatDate(invitation.invited_at, browserZone()) },
          ]}
        />
        <InvitationButtons invitation={invitation} />
      </SpaceBetween>
    </div>
  );
}

/** Accept / Decline for one invitation (the dashboard card and the notification that announced it). */
function InvitationButtons({ invitation }: { invitation: InvitationOutput }) {
  const { t } = useTranslation('dashboard');
  const { answering } = useStore(invitations);
  const busy = answering === invitation.organization_id;
  const answer = (choice: 'accept' | 'decline') => {
    answerInvitation(invitation, choice).catch(reportFailure);
  };
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        variant="primary"
        loading={busy}
        disabled={answering !== null && !busy}
        onClick={() => answer('accept')}
        data-testid={`invitation-accept-${invitation.organization_id}`}
      >
        {t('invitations.accept')}
      </Button>
      <Button
        disabled={answering !== null}
        onClick={() => answer('decline')}
        data-testid={`invitation-decline-${invitation.organization_id}`}
      >
        {t('invitations.decline')}
      </Button>
    </SpaceBetween>
  );
}

/**
 * Under a notification of an invitation: the buttons while it waits for an answer, or a note that it
 * is no longer open (answered, or withdrawn by the organization).
 */
export function InvitationAnswer({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation(['notifications', 'dashboard', 'common']);
  const { items, loaded } = useStore(invitations);

  useEffect(() => {
    loadInvitations().catch(() => undefined);
  }, []);

  if (!loaded) return <StatusIndicator type="loading">{t('common:nav.loading')}</StatusIndicator>;
  const invitation = items.find((item) => item.organization_id === organizationId);
  if (!invitation)
    return (
      <Box color="text-status-inactive" data-testid="notification-invitation-closed">
        {t('invitation.closed')}
      </Box>
    );
  return (
    <SpaceBetween size="s" data-testid="notification-invitation">
      <Box>{t('invitation.waiting')}</Box>
      <InvitationButtons invitation={invitation} />
    </SpaceBetween>
  );
}

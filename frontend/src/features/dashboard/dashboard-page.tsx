import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUARD_ROLES } from '../../../../contracts/permissions.ts';
import type { MembershipSummary, Profile } from '../../../../contracts/schemas/identity.ts';
import { reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { refreshOrganizations, switchOrganization } from '../../lib/session.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { InvitationsCard } from '../invitations/invitations-card.tsx';
import { DashboardMessages } from '../messages/dashboard-messages.tsx';
import { ContinuityAlert, flownKind, RecencyCards, useOwnRecency } from '../recency/recency-cards.tsx';
import { PilotStatistics } from '../statistics/pilot-statistics.tsx';
import { FirstSteps } from './first-steps.tsx';

const EMPTY = '—';

/** `/`: who is signed in, the current organization, their roles and modules, and the organization switch. */
export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'roles', 'modules', 'common']);
  const { profile, organizations } = useStore(session);
  const [switching, setSwitching] = useState<string>();
  // Recency and statistics come from the logbooks: a club's member or a private logbook holder.
  const member = Boolean(profile?.organization || profile?.logbook_glider_on || profile?.logbook_general_on);
  const recency = useOwnRecency(member);

  useEffect(() => {
    refreshOrganizations().catch(() => {
      // Shown by the API client; the stored list stays on screen.
    });
  }, []);

  if (!profile) return null;
  const organization = profile.organization;
  const guardRoles = GUARD_ROLES.filter((role) => profile.has_role[role] === true);
  const otherRoleNames = profile.role_names.filter(
    (name) => !(guardRoles as readonly string[]).includes(name),
  );

  const switchTo = async (membership: MembershipSummary) => {
    setSwitching(membership.organization.organization_id);
    try {
      await switchOrganization(membership.organization.organization_id);
      flash('success', 'organization_switched', {
        values: { name: membership.organization.organization_name },
      });
    } catch (error) {
      reportFailure(error);
    } finally {
      setSwitching(undefined);
    }
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={profile.email}>
          <span data-testid="dashboard-user-name">{t('welcome', { name: profile.user_name })}</span>
        </Header>
      }
    >
      <SpaceBetween size="l">
        <FirstSteps profile={profile} />
        <InvitationsCard />
        {organization?.modules.includes('message-center') && profile.can['message-list'] ? (
          <DashboardMessages timeZone={organization.timezone} />
        ) : null}
        <ContinuityAlert recency={recency} />
        {member ? <RecencyCards recency={recency} /> : null}
        {member ? <PilotStatistics flies={flownKind(recency)} /> : null}
        <Container header={<Header variant="h2">{t('organization.header')}</Header>}>
          {organization ? (
            <KeyValuePairs
              columns={3}
              items={[
                {
                  label: t('organization.name'),
                  value: (
                    <span data-testid="dashboard-organization-name">{organization.organization_name}</span>
                  ),
                },
                {
                  label: t('organization.short_name'),
                  value: (
                    <span data-testid="dashboard-organization-short-name">{organization.short_name}</span>
                  ),
                },
                { label: t('organization.base_airport'), value: organization.base_airport ?? EMPTY },
                { label: t('organization.timezone'), value: organization.timezone },
                { label: t('organization.currency'), value: organization.currency_id },
              ]}
            />
          ) : (
            <Box color="text-status-inactive" data-testid="dashboard-no-organization">
              {t('organization.none')}
            </Box>
          )}
        </Container>

        {profile.private_profile_status ? <PrivateProfilePanel profile={profile} /> : null}

        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">{t('roles.header')}</Header>}>
            {guardRoles.length + otherRoleNames.length === 0 ? (
              <Box color="text-status-inactive">{t('roles.none')}</Box>
            ) : (
              <KeyValuePairs
                data-testid="dashboard-roles"
                items={[
                  {
                    label: t('roles.access'),
                    value: (
                      <ul style={badgeList} data-testid="dashboard-access-roles">
                        {guardRoles.length === 0
                          ? EMPTY
                          : guardRoles.map((role) => (
                              <li key={role} data-testid={`role-${role}`} data-role={role}>
                                <Badge color="blue">{t(role, { ns: 'roles' })}</Badge>
                              </li>
                            ))}
                      </ul>
                    ),
                  },
                  {
                    label: t('roles.club'),
                    value: (
                      <ul style={badgeList} data-testid="dashboard-club-roles">
                        {otherRoleNames.length === 0
                          ? EMPTY
                          : otherRoleNames.map((name) => (
                              <li key={name} data-testid={`role-name-${name}`} data-role={name}>
                                <Badge>{t(name, { ns: 'roles', defaultValue: name })}</Badge>
                              </li>
                            ))}
                      </ul>
                    ),
                  },
                ]}
              />
            )}
          </Container>
          <Container header={<Header variant="h2">{t('modules.header')}</Header>}>
            {!organization || organization.modules.length === 0 ? (
              <Box color="text-status-inactive">{t('modules.none')}</Box>
            ) : (
              <ul data-testid="dashboard-modules" style={badgeList}>
                {organization.modules.map((module) => (
                  <li key={module} data-testid={`module-${module}`} data-module={module}>
                    <Badge color="green">{t(module, { ns: 'modules' })}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Container>
        </ColumnLayout>

        <Cards
          data-testid="dashboard-organizations"
          header={
            <Header
              variant="h2"
              counter={`(${organizations.length})`}
              description={t('organizations.description')}
            >
              {t('organizations.header')}
            </Header>
          }
          variant="container"
          trackBy={(item) => item.organization.organization_id}
          items={[...organizations]}
          empty={<Box color="text-status-inactive">{t('organizations.none')}</Box>}
          cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
          cardDefinition={{
            header: (item) => (
              <span data-testid={`organization-${item.organization.organization_id}`}>
                {item.organization.organization_name}
              </span>
            ),
            sections: [
              {
                id: 'short_name',
                header: t('organization.short_name'),
                content: (item) => item.organization.short_name,
              },
              {
                id: 'roles',
                header: t('organizations.roles'),
                content: (item) =>
                  item.roles.length === 0
                    ? EMPTY
                    : item.roles.map((name) => t(name, { ns: 'roles', defaultValue: name })).join(', '),
              },
              {
                id: 'action',
                content: (item) =>
                  item.current ? (
                    <Badge color="green">{t('organizations.current')}</Badge>
                  ) : (
                    <Button
                      loading={switching === item.organization.organization_id}
                      disabled={switching !== undefined}
                      onClick={() => void switchTo(item)}
                      data-testid={`switch-organization-${item.organization.organization_id}`}
                    >
                      {t('organizations.switch')}
                    </Button>
                  ),
              },
            ],
          }}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * A pilot's own private profile (registered alone, spec §2 register): what it holds for them — the
 * free logbook, document storage with expiry reminders, flight statistics — and whether each is on.
 */
function PrivateProfilePanel({ profile }: { profile: Profile }) {
  const { t } = useTranslation('dashboard');
  const active = profile.private_profile_status === 'active';
  const features = [
    { id: 'logbook_glider', on: profile.logbook_glider_on },
    { id: 'logbook_general', on: profile.logbook_general_on },
    { id: 'documents', on: profile.settings.documents_on === true },
    { id: 'statistics', on: profile.settings.statistics_on === true },
  ] as const;
  return (
    <Container
      data-testid="dashboard-private-profile"
      header={
        <Header variant="h2" description={t('private_profile.description')}>
          {t('private_profile.header')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: t('private_profile.status'),
              value: (
                <StatusIndicator
                  type={active ? 'success' : 'stopped'}
                  data-testid="dashboard-private-profile-status"
                >
                  {t(active ? 'private_profile.active' : 'private_profile.inactive')}
                </StatusIndicator>
              ),
            },
            {
              label: t('private_profile.created_at'),
              value: formatDate(profile.private_profile_created_at) || EMPTY,
            },
          ]}
        />
        <ColumnLayout columns={2} variant="text-grid">
          {features.map((feature) => (
            <div key={feature.id} data-testid={`private-feature-${feature.id}`} data-on={feature.on}>
              <Box variant="h3" padding={{ top: 'n', bottom: 'xxs' }}>
                {t(`private_profile.${feature.id}.title`)}
              </Box>
              <Box variant="p">{t(`private_profile.${feature.id}.text`)}</Box>
              <StatusIndicator type={feature.on ? 'success' : 'stopped'}>
                {t(feature.on ? 'private_profile.on' : 'private_profile.off')}
              </StatusIndicator>
            </div>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

const badgeList = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px',
  listStyle: 'none',
  margin: 0,
  padding: 0,
} as const;

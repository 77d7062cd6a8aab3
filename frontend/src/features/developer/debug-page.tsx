import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUARD_ROLES, PERMISSIONS } from '../../../../contracts/permissions.ts';
import { call } from '../../lib/api-client.ts';
import { config } from '../../lib/config.ts';
import { clearDatasources } from '../../lib/datasource.ts';
import { formatDateTime } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

interface Check {
  ok: boolean;
  ms: number;
  detail: string;
}

const timed = async (run: () => Promise<string>): Promise<Check> => {
  const started = performance.now();
  try {
    const detail = await run();
    return { ok: true, ms: Math.round(performance.now() - started), detail };
  } catch (error) {
    return {
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
};

const list = (items: readonly string[], empty: string) =>
  items.length === 0 ? (
    <Box color="text-status-inactive">{empty}</Box>
  ) : (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li key={item}>
          <Badge>{item}</Badge>
        </li>
      ))}
    </ul>
  );

/**
 * debug page (spec §2 named screen; role debugger): what this browser runs against — the build and
 * `/config.json` — who the session is (the profile the guard decides on: roles, permissions,
 * modules) and whether the API answers, with how long it takes.
 */
export default function DebugPage() {
  const { t } = useTranslation(['developer', 'nav', 'common']);
  const { profile, organizations } = useStore(session);
  const web = config();
  const [checks, setChecks] = useState<Record<string, Check>>({});
  const [running, setRunning] = useState(false);

  const run = useCallback(async () => {
    setRunning(true);
    const [health, check, contract] = await Promise.all([
      timed(async () => (await call('health')).time),
      timed(async () => (await call('checkSession')).user_id),
      timed(
        async () =>
          `${Object.values((await call('getOpenApi')).paths).reduce((n, p) => n + Object.keys(p).length, 0)} operations`,
      ),
    ]);
    setChecks({ health, check, contract });
    setRunning(false);
  }, []);
  useEffect(() => {
    void run();
  }, [run]);

  if (!profile) return null;
  const roles = GUARD_ROLES.filter((r) => profile.has_role[r]);
  const permissions = PERMISSIONS.filter((p) => profile.can[p]);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('debug.description')}>
          {t('nav:title.debug')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <Button iconName="refresh" loading={running} onClick={() => void run()}>
                  {t('debug.again')}
                </Button>
              }
            >
              {t('debug.api')}
            </Header>
          }
        >
          <ColumnLayout columns={3} variant="text-grid">
            {(['health', 'check', 'contract'] as const).map((id) => {
              const c = checks[id];
              return (
                <div key={id} data-testid={`debug-${id}`}>
                  <Box variant="awsui-key-label">{t(`debug.check.${id}`)}</Box>
                  {c ? (
                    <StatusIndicator type={c.ok ? 'success' : 'error'}>
                      {c.ok ? t('debug.ok', { ms: c.ms }) : t('debug.failed', { ms: c.ms })}
                    </StatusIndicator>
                  ) : (
                    <StatusIndicator type="loading">{t('common:nav.loading')}</StatusIndicator>
                  )}
                  <Box variant="small" color="text-body-secondary">
                    {c?.detail}
                  </Box>
                </div>
              );
            })}
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{t('debug.build')}</Header>}>
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('debug.stage'), value: web.stage },
              { label: t('debug.mode'), value: import.meta.env.MODE },
              { label: t('debug.api_base'), value: web.apiBase || window.location.origin },
              { label: t('debug.region'), value: web.region },
              { label: t('debug.user_pool'), value: web.userPoolId },
              { label: t('debug.mqtt'), value: web.mqttUrl },
              { label: t('debug.tiles'), value: web.tilesUrl || t('debug.no_tiles') },
              { label: t('debug.language'), value: currentLang() },
              { label: t('debug.browser'), value: navigator.userAgent },
            ]}
          />
        </Container>
        <Container
          header={
            <Header variant="h2" description={t('debug.actor_description')}>
              {t('debug.actor')}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <KeyValuePairs
              columns={3}
              items={[
                { label: t('debug.person'), value: `${profile.user_name} · ${profile.email}` },
                { label: t('debug.user_id'), value: <Box variant="code">{profile.user_id}</Box> },
                {
                  label: t('debug.organization'),
                  value: profile.organization
                    ? `${profile.organization.organization_name} (${profile.organization.organization_id})`
                    : t('debug.none'),
                },
                { label: t('debug.acting_as'), value: profile.acting_as?.user_name ?? t('debug.none') },
                {
                  label: t('debug.memberships'),
                  value: organizations.map((o) => o.organization.short_name).join(', ') || t('debug.none'),
                },
                { label: t('debug.time_zone'), value: profile.organization?.timezone ?? '—' },
              ]}
            />
            <div data-testid="debug-roles">
              <Box variant="awsui-key-label">{t('debug.roles')}</Box>
              {list(roles, t('debug.none'))}
            </div>
            <div data-testid="debug-permissions">
              <Box variant="awsui-key-label">{t('debug.permissions')}</Box>
              {list(permissions, t('debug.none'))}
            </div>
            <div data-testid="debug-modules">
              <Box variant="awsui-key-label">{t('debug.modules')}</Box>
              {list(profile.organization?.modules ?? [], t('debug.none'))}
            </div>
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">{t('debug.browser_data')}</Header>}>
          <SpaceBetween size="s">
            <Box>
              {t('debug.storage', {
                keys: Object.keys(localStorage).filter((k) => k.startsWith('windsock.')).length,
              })}
            </Box>
            <Box variant="small" color="text-body-secondary">
              {t('debug.loaded_at', {
                when: formatDateTime(
                  new Date(performance.timeOrigin),
                  profile.organization?.timezone ?? 'UTC',
                ),
              })}
            </Box>
            <Button onClick={() => clearDatasources()}>{t('debug.forget_lists')}</Button>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}

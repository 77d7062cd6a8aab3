import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogbookSharingItem } from '../../../../contracts/schemas/members.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';

/**
 * The person's logbook sharing (issue 11 §1): each of their organizations reads the lines of its own
 * flights; here they let one read the whole logbook (other clubs' flights, private flights). Each
 * switch is saved at once — it is the person's own choice, outside the profile form's version.
 */
export function LogbookSharingPanel() {
  const { t } = useTranslation(['profile', 'common']);
  const [items, setItems] = useState<LogbookSharingItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    call('listLogbookSharing')
      .then((page) => setItems(page.items))
      .catch((error: unknown) => {
        setFailed(true);
        reportFailure(error);
      });
  }, []);

  const change = async (item: LogbookSharingItem, shared: boolean) => {
    setSaving(item.organization_id);
    try {
      const saved = await call('setLogbookSharing', {
        params: { organization_id: item.organization_id },
        body: { shared },
      });
      setItems((list) => list?.map((i) => (i.organization_id === saved.organization_id ? saved : i)) ?? null);
      flash('success', shared ? 'logbook_shared_on' : 'logbook_shared_off', {
        values: { organization: saved.organization_name },
      });
    } catch (error) {
      reportFailure(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Container
      data-testid="logbook-sharing"
      header={
        <Header variant="h2" description={t('sharing.description')}>
          {t('sharing.header')}
        </Header>
      }
    >
      {items === null ? (
        failed ? (
          <Box color="text-status-inactive">{t('sharing.load_failed')}</Box>
        ) : (
          <StatusIndicator type="loading">{t('common:nav.loading')}</StatusIndicator>
        )
      ) : items.length === 0 ? (
        <Box color="text-status-inactive">{t('sharing.none')}</Box>
      ) : (
        <SpaceBetween size="s">
          {items.map((item) => (
            <Toggle
              key={item.organization_id}
              checked={item.shared}
              disabled={saving !== null}
              onChange={({ detail }) => void change(item, detail.checked)}
              data-testid={`logbook-sharing-${item.organization_id}`}
            >
              {t('sharing.toggle', { organization: item.organization_name })}
            </Toggle>
          ))}
        </SpaceBetween>
      )}
    </Container>
  );
}

import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type { LogbookEntryOutput } from '../../../../contracts/schemas/logbook.ts';
import { PageButton } from '../../app/links.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { RouteMapSection } from '../tracking/route-map-section.tsx';
import { EntryDetails } from './logbook-entry-details.tsx';
import { signatureText, type Translate } from './logbook-lines.ts';

/** How much of the signature hash is shown: enough to compare with a printout by eye. */
const HASH_PREFIX = 16;

/**
 * `logbook/glider/{id}` and `logbook/general/{id}`: one line of the pilot's own logbook with every
 * field and its signature (who, when, the chain hash); a private line not yet signed can be edited.
 */
export default function LogbookEntryPage() {
  const { t } = useTranslation(['logbook', 'flights', 'messages', 'common']);
  const translate = t as unknown as Translate;
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/logbook/general') ? 'general' : 'glider';
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const [entry, setEntry] = useState<LogbookEntryOutput>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setEntry(await call('getLogbookEntry', { params: { kind, id } }));
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [kind, id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('entry.load_failed')}
      </Alert>
    );
  if (!entry) return <PageSpinner />;

  const editHref =
    kind === 'glider'
      ? hrefOf('flight/glider-private/:id', { id: entry.entry_id })
      : hrefOf('flight/general-private/:plane_id/:id', {
          plane_id: entry.plane_id ?? '-',
          id: entry.entry_id,
        });
  const pair = (key: string, value: string | number | null | undefined) => ({
    label: dynamicT(t)(`entry.${key}`),
    value: (
      <span data-testid={`entry-${key}`}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </span>
    ),
  });

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={t(`entry.source_${entry.source}`)}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <PageButton href={hrefOf(kind === 'glider' ? 'logbook/glider' : 'logbook/general')}>
              {t('entry.back')}
            </PageButton>
            {entry.editable ? (
              <PageButton variant="primary" href={editHref} data-testid="entry-edit">
                {t('entry.edit')}
              </PageButton>
            ) : null}
          </SpaceBetween>
        }
      >
        {`${formatDate(entry.date)} · ${entry.reg_num}`}
      </Header>
      <Container header={<Header variant="h2">{t('entry.flight')}</Header>}>
        <EntryDetails entry={entry} timeZone={timeZone} />
      </Container>
      {entry.flight_id ? <RouteMapSection source={{ kind, entryId: entry.entry_id }} /> : null}
      <Container header={<Header variant="h2">{t('entry.signature')}</Header>}>
        {entry.status === 'final' ? (
          <StatusIndicator type="info" data-testid="entry-signature-state">
            {t('entry.no_signature')}
          </StatusIndicator>
        ) : entry.status === 'awaiting_signature' ? (
          <StatusIndicator type="pending" data-testid="entry-signature-state">
            {signatureText(entry, translate, timeZone)}
          </StatusIndicator>
        ) : (
          <SpaceBetween size="s">
            <StatusIndicator type="success" data-testid="entry-signature-state">
              {signatureText(entry, translate, timeZone)}
            </StatusIndicator>
            {entry.signature ? (
              <KeyValuePairs
                columns={3}
                items={[
                  pair('signer', entry.signature.signer_name),
                  pair('signed_at', formatDateTime(entry.signature.signed_at, timeZone)),
                  {
                    label: t('entry.hash'),
                    value: (
                      <code data-testid="entry-hash" title={entry.signature.hash}>
                        {`#${entry.signature.seq} ${entry.signature.hash.slice(0, HASH_PREFIX)}…`}
                      </code>
                    ),
                  },
                ]}
              />
            ) : null}
          </SpaceBetween>
        )}
      </Container>
    </SpaceBetween>
  );
}

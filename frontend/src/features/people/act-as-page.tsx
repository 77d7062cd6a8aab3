import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActAsCandidate } from '../../../../contracts/schemas/members.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { refreshOrganizations, refreshProfile } from '../../lib/session.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

/**
 * `users/change`: the supervisor picks a member of one of their organizations and acts as them.
 * Everything done meanwhile is recorded with the supervisor beside the member; the banner at the
 * top says so and stops it.
 */
export default function ActAsPage() {
  const { t } = useTranslation(['people', 'common', 'nav']);
  const navigate = usePageNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const [items, setItems] = useState<ActAsCandidate[]>([]);
  const [loading, setLoading] = useState(true);
  const [starting, setStarting] = useState<string>();

  useEffect(() => {
    let live = true;
    setLoading(true);
    call('searchActAsCandidates', { query: { q: q || undefined } })
      .then((result) => {
        if (live) setItems(result.items);
      })
      .catch(reportFailure)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [q]);

  const actAs = async (candidate: ActAsCandidate) => {
    setStarting(candidate.user_id);
    try {
      await call('startActing', { body: { user_id: candidate.user_id } });
      // To the dashboard first: this screen is the supervisor's, and the new profile is not.
      navigate('/');
      await refreshProfile();
      await refreshOrganizations();
      flash('info', 'act_as_started', { values: { name: candidate.user_name } });
    } catch (error) {
      reportFailure(error);
    } finally {
      setStarting(undefined);
    }
  };

  return (
    <DataTable
      id="act-as"
      testId="act-as-table"
      variant="full-page"
      items={items}
      trackBy="user_id"
      loading={loading}
      loadingText={t('act_as.loading')}
      header={
        <Header variant="h1" description={t('act_as.description')}>
          {t('nav:title.users_change')}
        </Header>
      }
      filter={
        <TextFilter
          filteringText={text}
          filteringPlaceholder={t('act_as.filter_placeholder')}
          filteringAriaLabel={t('act_as.filter_placeholder')}
          onChange={({ detail }) => setText(detail.filteringText)}
          data-testid="act-as-filter"
        />
      }
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          <b>{t('act_as.empty')}</b>
        </Box>
      }
      columns={[
        {
          id: 'name',
          header: t('users.column.name'),
          // The name is the action: on a phone the table scrolls, and the name is always in view.
          cell: (item) => (
            <Button
              variant="inline-link"
              loading={starting === item.user_id}
              disabled={starting !== undefined}
              onClick={() => void actAs(item)}
              ariaLabel={t('act_as.start_for', { name: item.user_name })}
              data-testid={`act-as-${item.user_id}`}
            >
              {item.user_name}
            </Button>
          ),
        },
        { id: 'email', header: t('users.column.email'), cell: (item) => item.email },
        {
          id: 'organizations',
          header: t('act_as.organizations'),
          cell: (item) => item.organizations.join(', '),
        },
      ]}
    />
  );
}

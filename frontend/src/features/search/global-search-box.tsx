import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalSearchOutput } from '../../../../contracts/schemas/lookups.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/** Spec: at least two characters; the server answers 422 `too_short` below that. */
const MIN_LENGTH = 2;
/** Typing pauses this long before a search goes out, so every keystroke does not cost a request. */
const DEBOUNCE_MS = 300;

type Status = 'idle' | 'loading' | 'finished' | 'error';

/**
 * Global search over people, aircraft and organizations the user may see (the API decides what).
 * A result links to its screen only where the user may open it: a member of the current
 * organization to user/{id} with user-edit, an organization to organization/edit/{id} with
 * organization-edit; everything else is shown as plain text.
 */
export default function GlobalSearchBox({ initialText = '' }: { initialText?: string }) {
  const { t } = useTranslation('search');
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const [text, setText] = useState(initialText);
  const [status, setStatus] = useState<Status>('idle');
  const [result, setResult] = useState<GlobalSearchOutput | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sequence = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the search on "retry"
  useEffect(() => {
    const query = text.trim();
    const ticket = ++sequence.current;
    if (query.length < MIN_LENGTH) {
      setStatus('idle');
      setResult(null);
      return;
    }
    setStatus('loading');
    const timer = setTimeout(() => {
      call('globalSearch', { body: { text: query } }).then(
        (found) => {
          if (ticket !== sequence.current) return;
          setResult(found);
          setStatus('finished');
        },
        () => ticket === sequence.current && setStatus('error'),
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, attempt]);

  const currentOrganization = profile?.organization?.organization_id ?? null;
  const { options, links } = useMemo(() => {
    const links = new Map<string, string>();
    const options: AutosuggestProps.OptionGroup[] = [];
    if (!result) return { options, links };
    const more = (group: string) => ({ value: `more:${group}`, label: t('more'), disabled: true });

    if (result.people.items.length > 0) {
      options.push({
        label: t('group.people'),
        options: [
          ...result.people.items.map((person) => {
            const value = `user:${person.user_id}`;
            if (profile?.can['user-edit'] && person.organization_id === currentOrganization) {
              links.set(value, `/user/${encodeURIComponent(person.user_id)}/`);
            }
            return {
              value,
              label: person.name,
              labelTag: person.callsign ?? undefined,
              description: [person.organization_short_name, person.email].filter(Boolean).join(' · '),
              iconName: 'user-profile' as const,
            };
          }),
          ...(result.people.more ? [more('people')] : []),
        ],
      });
    }
    if (result.aircraft.items.length > 0) {
      options.push({
        label: t('group.aircraft'),
        options: [
          ...result.aircraft.items.map((plane) => ({
            value: `plane:${plane.plane_id}`,
            label: plane.reg_num,
            description: plane.plane_type ?? undefined,
          })),
          ...(result.aircraft.more ? [more('aircraft')] : []),
        ],
      });
    }
    if (result.organizations.items.length > 0) {
      options.push({
        label: t('group.organizations'),
        options: [
          ...result.organizations.items.map((organization) => {
            const value = `organization:${organization.organization_id}`;
            if (organization.can_edit) {
              links.set(value, `/organization/edit/${encodeURIComponent(organization.organization_id)}/`);
            }
            return {
              value,
              label: organization.organization_name,
              labelTag: organization.short_name,
              description: organization.member ? t('member') : t('not_member'),
              iconName: 'group' as const,
            };
          }),
          ...(result.organizations.more ? [more('organizations')] : []),
        ],
      });
    }
    return { options, links };
  }, [result, profile, currentOrganization, t]);

  const tooShort = text.trim().length < MIN_LENGTH;
  return (
    <div style={{ minWidth: 240 }} data-testid="global-search">
      <Autosuggest
        value={text}
        // Choosing a result sets the value to its key: that is a selection, not new search text.
        onChange={({ detail }) => {
          if (!/^(user|plane|organization|more):/.test(detail.value)) setText(detail.value);
        }}
        onSelect={({ detail }) => {
          const href = links.get(detail.value);
          if (!href) return;
          setText('');
          navigate(href);
        }}
        options={options}
        filteringType="manual"
        hideEnteredTextOption
        enteredTextLabel={(value) => value || t('placeholder')}
        statusType={tooShort ? 'finished' : status === 'idle' ? 'pending' : status}
        loadingText={t('loading')}
        errorText={t('error')}
        recoveryText={t('retry')}
        // The retry button of the error state asks for items again.
        onLoadItems={() => status === 'error' && setAttempt((n) => n + 1)}
        empty={t('too_short')}
        // With text typed, the dropdown's footer says why there is nothing to choose.
        filteringResultsText={(matches) => (tooShort ? t('too_short') : matches === 0 ? t('empty') : '')}
        placeholder={t('placeholder')}
        ariaLabel={t('label')}
        clearAriaLabel={t('clear')}
        // It replaced the plain input the cursor was in (global-search.tsx).
        autoFocus
      />
    </div>
  );
}

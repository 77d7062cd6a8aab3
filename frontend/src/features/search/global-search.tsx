import Input from '@cloudscape-design/components/input';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const GlobalSearchBox = lazy(() => import('./global-search-box.tsx'));

/**
 * The top navigation's search (spec §7 global search). Until someone puts the cursor in it, it is a
 * plain input: the search box with its suggestion list (and its strings) loads on first focus, so no
 * screen waits for it.
 */
export function GlobalSearch() {
  const { t } = useTranslation('search', { useSuspense: false });
  const [active, setActive] = useState(false);
  const [text, setText] = useState('');
  const field = (
    <div style={{ minWidth: 240 }} data-testid="global-search">
      <Input
        type="search"
        value={text}
        onChange={({ detail }) => setText(detail.value)}
        onFocus={() => setActive(true)}
        placeholder={t('placeholder')}
        ariaLabel={t('label')}
      />
    </div>
  );
  if (!active) return field;
  return (
    <Suspense fallback={field}>
      <GlobalSearchBox initialText={text} />
    </Suspense>
  );
}

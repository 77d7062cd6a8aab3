import { useTranslation } from 'react-i18next';
import { loadingCount } from '../lib/loading.ts';
import { useStore } from '../lib/store.ts';
import './loading-bar.css';

/** The global loading indicator, driven by the API client's in-flight counter. */
export function LoadingBar() {
  const { t } = useTranslation('common');
  const count = useStore(loadingCount);
  if (count === 0) return null;
  return (
    <div
      className="windsock-loading-bar"
      role="progressbar"
      aria-label={t('nav.loading')}
      data-testid="loading-indicator"
    />
  );
}

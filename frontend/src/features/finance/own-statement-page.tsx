import Button from '@cloudscape-design/components/button';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageNavigate } from '../../app/links.tsx';

import { call } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { StatementView } from './statement-view.tsx';

/** `profile/transactions`: the member's own statement with a running balance, and a top-up by card. */
export default function OwnStatementPage() {
  const { t } = useTranslation(['finance', 'nav']);
  const navigate = usePageNavigate();
  const load = useCallback(
    (query: { from?: string; to?: string; cursor?: string; limit: number }) =>
      call('searchOwnTransactions', { body: query }),
    [],
  );
  return (
    <StatementView
      load={load}
      testId="own-statement"
      title={() => t('nav:title.profile_transactions')}
      actions={() => (
        <Button
          variant="primary"
          iconName="add-plus"
          onClick={() => navigate(hrefOf('payment/start'))}
          data-testid="own-statement-top-up"
        >
          {t('finance:payment.top_up')}
        </Button>
      )}
    />
  );
}

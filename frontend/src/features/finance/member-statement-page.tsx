import Button from '@cloudscape-design/components/button';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageNavigate } from '../../app/links.tsx';
import { call } from '../../lib/api-client.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { StatementView } from './statement-view.tsx';

/** `user/{user_id}/transactions` (transaction-list): a member's statement, and a new entry for them. */
export default function MemberStatementPage() {
  const { t } = useTranslation(['finance', 'nav']);
  const { user_id: userId = '' } = useParams();
  const navigate = usePageNavigate();
  const load = useCallback(
    (query: { from?: string; to?: string; cursor?: string; limit: number }) =>
      call('getMemberStatement', { params: { user_id: userId }, query }),
    [userId],
  );
  return (
    <StatementView
      load={load}
      testId="member-statement"
      title={(s) =>
        s?.user_name
          ? t('finance:statement.of_member', { name: s.user_name })
          : t('nav:title.member_transactions')
      }
      actions={(s) =>
        s?.can_create ? (
          <Button
            variant="primary"
            iconName="add-plus"
            onClick={() =>
              navigate(
                hrefOf('user/:user_id/transaction/:edit_type/:id?', { user_id: userId, edit_type: 'new' }),
              )
            }
            data-testid="member-statement-new"
          >
            {t('finance:list.new')}
          </Button>
        ) : null
      }
    />
  );
}

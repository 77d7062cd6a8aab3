import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { FaultOutput } from '../../../../contracts/schemas/faults.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { EditFault } from './edit-fault-form.tsx';
import { ViewFault } from './fault-view.tsx';
import { NewFault } from './new-fault-form.tsx';

/**
 * `plane-fault/{edit_type}/{id?}`: `new` — any member reports a fault from the phone, with photos;
 * `view` — the report with its photos (technical operators edit and close it from here); `edit` —
 * a technical operator corrects the description or the severity.
 */
export default function PlaneFaultPage() {
  const { edit_type = 'new', id } = useParams();
  if (edit_type === 'new') return <NewFault />;
  if (id && (edit_type === 'view' || edit_type === 'edit'))
    return <ExistingFault key={`${edit_type}-${id}`} id={id} editing={edit_type === 'edit'} />;
  return <NotFound />;
}

function NotFound() {
  const { t } = useTranslation('messages');
  return <Alert type="error">{t('page_not_found')}</Alert>;
}

function ExistingFault({ id, editing }: { id: string; editing: boolean }) {
  const { t } = useTranslation(['faults', 'messages', 'common']);
  const [fault, setFault] = useState<FaultOutput>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setFault(await call('getFault', { params: { id } }));
    } catch (error) {
      setFailed(true);
      reportFailure(error);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failed)
    return (
      <Alert type="error" action={<Button onClick={() => void load()}>{t('common:action.retry')}</Button>}>
        {t('view.load_failed')}
      </Alert>
    );
  if (!fault) return <PageSpinner />;
  return editing ? (
    <EditFault fault={fault} reload={load} />
  ) : (
    <ViewFault fault={fault} onChange={setFault} reload={load} />
  );
}

import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, reportFailure } from '../../lib/api-client.ts';

export interface ShareOption {
  share_id: string;
  organization_name: string;
}

/** The active shares given to this organization, to narrow a receiving list to one partner. */
export function useShareFilter() {
  const [shares, setShares] = useState<ShareOption[]>([]);
  const [shareId, setShareId] = useState('');
  useEffect(() => {
    call('listIppOrganizations', { query: { limit: 100 } }).then(
      (list) => setShares(list.items),
      (error: unknown) => reportFailure(error),
    );
  }, []);
  return { shares, shareId, setShareId };
}

export function ShareFilter({
  shares,
  shareId,
  onChange,
}: {
  shares: ShareOption[];
  shareId: string;
  onChange: (shareId: string) => void;
}) {
  const { t } = useTranslation('training');
  const options = [
    { value: '', label: t('ipp.all_partners') },
    ...shares.map((s) => ({ value: s.share_id, label: s.organization_name })),
  ];
  return (
    <FormField label={t('ipp.field.partner')}>
      <Select
        selectedOption={options.find((o) => o.value === shareId) ?? options[0] ?? null}
        options={options}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
        data-testid="ipp-share-filter"
      />
    </FormField>
  );
}

/** A receiving list narrowed to the chosen share; reloaded when it changes. */
export function useReceived<T>(
  load: (shareId: string | undefined) => Promise<{ items: T[] }>,
  shareId: string,
) {
  const [items, setItems] = useState<T[] | null>(null);
  const run = useCallback(async () => {
    setItems(null);
    try {
      setItems((await load(shareId || undefined)).items);
    } catch (error) {
      reportFailure(error);
      setItems([]);
    }
  }, [load, shareId]);
  useEffect(() => {
    void run();
  }, [run]);
  return items;
}

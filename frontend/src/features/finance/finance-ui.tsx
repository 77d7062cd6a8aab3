import Box from '@cloudscape-design/components/box';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../contracts/money.ts';
import type { ExportOutput } from '../../../../contracts/schemas/finance.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

/**
 * What the finance screens share: money in the organization's currency and the reader's language
 * (8 450 Ft; whole forints show no decimals), the member picker, signed amounts, a phone's width,
 * and saving an export the API answered as base64.
 */

/** Minor units → `8 450 Ft` (or `12,50 €`) in the organization's currency and the UI language. */
export function useMoney() {
  const { profile } = useStore(session);
  const currency = profile?.organization?.currency_id ?? 'HUF';
  const lang = currentLang();
  return { currency, money: (minor: number | null | undefined) => formatMoney(minor, currency, lang) };
}

/** A signed amount: credits green, debits red, so a statement reads at a glance. */
export function Amount({
  value,
  money,
  testId,
}: {
  value: number;
  money: (minor: number) => string;
  testId?: string;
}) {
  return (
    <Box
      color={value < 0 ? 'text-status-error' : value > 0 ? 'text-status-success' : 'inherit'}
      data-testid={testId}
    >
      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-value={value}>
        {money(value)}
      </span>
    </Box>
  );
}

/** Below Cloudscape's small breakpoint (a phone held upright): lists become cards. */
export function useNarrow() {
  const query = '(max-width: 688px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** A member of the organization (the users datasource), or — with `anyLabel` — nobody/everyone. */
export function MemberPicker({
  value,
  onChange,
  anyLabel,
  invalid,
  testId,
}: {
  value: string;
  onChange: (userId: string) => void;
  anyLabel?: string;
  invalid?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('finance');
  const users = useDatasource('users');
  const options: SelectProps.Option[] = [
    ...(anyLabel !== undefined ? [{ value: '', label: anyLabel }] : []),
    ...users.items.map((u) => ({ value: u.user_id, label: u.name, description: u.callsign ?? undefined })),
  ];
  const selected = options.find((o) => o.value === value) ?? (anyLabel !== undefined ? options[0]! : null);
  return (
    <Select
      selectedOption={selected}
      options={options}
      filteringType="auto"
      placeholder={t('field.choose_member')}
      statusType={users.loading ? 'loading' : 'finished'}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      invalid={invalid}
      data-testid={testId}
      expandToViewport
    />
  );
}

/** Saves a file the API answered as base64 (the exports): the browser's own download. */
export function saveExport(file: ExportOutput) {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Today in the organization's time zone (yyyy-mm-dd). */
export function useToday() {
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import type { ippPlanesOutput } from '../../../../contracts/schemas/ipp.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { ShareFilter, useReceived, useShareFilter } from './ipp-filter.tsx';

type Plane = z.infer<typeof ippPlanesOutput>['items'][number];

/** ipp/planes: aircraft partners share, within the aircraft's own sharing window. */
export default function IppPlanesPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const filter = useShareFilter();
  const load = useCallback(
    (shareId: string | undefined) => call('listIppPlanes', { query: { share_id: shareId } }),
    [],
  );
  const items = useReceived<Plane>(load, filter.shareId);
  return (
    <DataTable<Plane>
      id="ipp-planes"
      variant="full-page"
      header={<Header variant="awsui-h1-sticky">{t('nav:title.ipp_planes')}</Header>}
      filter={<ShareFilter shares={filter.shares} shareId={filter.shareId} onChange={filter.setShareId} />}
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy={(p) => `${p.share_id}-${p.plane_id}`}
      empty={<Box color="text-status-inactive">{t('ipp.received.nothing')}</Box>}
      testId="ipp-planes"
      columns={[
        { id: 'reg', header: t('flight.plane'), cell: (p) => p.reg_num },
        {
          id: 'type',
          header: t('dto.planes.type'),
          cell: (p) =>
            [p.model ?? p.plane_type, p.seats ? t('ipp.seats', { count: p.seats }) : '']
              .filter(Boolean)
              .join(' · ') || '—',
        },
        { id: 'organization', header: t('ipp.field.partner'), cell: (p) => p.organization_name },
        {
          id: 'state',
          header: t('dto.planes.state'),
          cell: (p) => (
            <StatusIndicator type={p.functional ? 'success' : 'stopped'}>
              {p.functional ? t('dto.planes.functional') : t('dto.planes.not_functional')}
            </StatusIndicator>
          ),
        },
        {
          id: 'window',
          header: t('ipp.field.window'),
          cell: (p) =>
            `${p.share_start_date ? formatDate(p.share_start_date) : '…'} – ${p.share_end_date ? formatDate(p.share_end_date) : '…'}`,
        },
      ]}
    />
  );
}

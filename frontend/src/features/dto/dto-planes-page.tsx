import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DtoPlanesOutput } from '../../../../contracts/schemas/dto.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';

type Plane = DtoPlanesOutput['items'][number];

/** dto/planes: the sailplanes and TMGs, with the training flights linked in declared programmes. */
export default function DtoPlanesPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const [items, setItems] = useState<Plane[] | null>(null);
  useEffect(() => {
    call('listDtoPlanes').then(
      (list) => setItems(list.items),
      (error: unknown) => {
        reportFailure(error);
        setItems([]);
      },
    );
  }, []);
  return (
    <DataTable<Plane>
      id="dto-planes"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('dto.planes.description')}>
          {t('nav:title.dto_planes')}
        </Header>
      }
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy="plane_id"
      empty={<Box color="text-status-inactive">{t('dto.planes.empty')}</Box>}
      testId="dto-planes"
      columns={[
        { id: 'reg', header: t('flight.plane'), cell: (p) => p.reg_num },
        { id: 'type', header: t('dto.planes.type'), cell: (p) => p.plane_type ?? '—' },
        {
          id: 'state',
          header: t('dto.planes.state'),
          cell: (p) => (
            <StatusIndicator type={p.functional ? 'success' : 'stopped'}>
              {p.functional ? t('dto.planes.functional') : t('dto.planes.not_functional')}
            </StatusIndicator>
          ),
        },
        { id: 'flights', header: t('dto.planes.training_flights'), cell: (p) => p.training_flights },
        {
          id: 'last',
          header: t('dto.planes.last'),
          cell: (p) => (p.last_training_date ? formatDate(p.last_training_date) : '—'),
        },
      ]}
    />
  );
}

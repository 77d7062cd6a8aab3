import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DtoInstructorsOutput,
  InstructorValidity,
  ValidityState,
} from '../../../../contracts/schemas/dto.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';

type Instructor = DtoInstructorsOutput['items'][number];

const VALIDITY_TYPE: Record<ValidityState, StatusIndicatorProps.Type> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  unknown: 'info',
};

/** FI(S) validity from the pilot data: the state, and until when. */
export function ValidityText({ fis, testId }: { fis: InstructorValidity; testId?: string }) {
  const { t } = useTranslation('training');
  return (
    <StatusIndicator type={VALIDITY_TYPE[fis.state]} data-testid={testId} data-state={fis.state}>
      {t(`validity.${fis.state}`)}
      {fis.valid_until ? ` · ${formatDate(fis.valid_until)}` : ''}
    </StatusIndicator>
  );
}

/** dto/instructors: who instructs in the declared programmes, with their FI(S) validity. */
export default function DtoInstructorsPage() {
  const { t } = useTranslation(['training', 'nav', 'common']);
  const [items, setItems] = useState<Instructor[] | null>(null);
  useEffect(() => {
    call('listDtoInstructors').then(
      (list) => setItems(list.items),
      (error: unknown) => {
        reportFailure(error);
        setItems([]);
      },
    );
  }, []);
  return (
    <DataTable<Instructor>
      id="dto-instructors"
      variant="full-page"
      header={
        <Header variant="awsui-h1-sticky" description={t('dto.instructors.description')}>
          {t('nav:title.dto_instructors')}
        </Header>
      }
      items={items ?? []}
      loading={!items}
      loadingText={t('common:nav.loading')}
      trackBy="user_id"
      empty={<Box color="text-status-inactive">{t('dto.instructors.empty')}</Box>}
      testId="dto-instructors"
      columns={[
        { id: 'name', header: t('dto.instructors.name'), cell: (i) => i.name },
        {
          id: 'role',
          header: t('dto.instructors.role'),
          cell: (i) =>
            i.head_of_training ? t('field.head_of_training_id') : t('dto.instructors.instructor'),
        },
        {
          id: 'fis',
          header: t('dto.instructors.fis'),
          cell: (i) => <ValidityText fis={i.fis} testId={`dto-fis-${i.user_id}`} />,
        },
        { id: 'students', header: t('dto.instructors.students'), cell: (i) => i.students },
      ]}
    />
  );
}

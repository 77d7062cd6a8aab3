import Header from '@cloudscape-design/components/header';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EXPIRY_WARNING_DAYS,
  type PilotInfoOutput,
  pilotInfoInput,
} from '../../../../contracts/schemas/people.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PILOT_INFO_FIELDS, PilotInfoFields } from '../../components/person/pilot-info-fields.tsx';
import { toPilotInfoInput, toPilotInfoValues } from '../../components/person/pilot-info-values.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { localToday } from './validity.ts';

/**
 * `profile/pilot-info-edit`: the person's own licences with validity, medical certificate and
 * ratings with exam dates (spec §3) — the form an admin uses on pilot-info/{id}. The first save
 * creates the record (version 0).
 */
export default function PilotInfoEditPage() {
  const { t } = useTranslation(['profile', 'nav']);
  const navigate = usePageNavigate();
  const today = useMemo(() => localToday(), []);
  const form = useRecordForm({
    load: useCallback(() => call('getMyPilotInfo'), []),
    toValues: toPilotInfoValues,
    toInput: (values, info: PilotInfoOutput) => toPilotInfoInput(values, info.version),
    schema: pilotInfoInput,
    save: (body) => call('updateMyPilotInfo', { body }),
    onSaved: () => flash('success', 'profile:pilot.saved'),
    onCancel: () => navigate('/'),
    focus: { prefix: 'pilot', fields: PILOT_INFO_FIELDS },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed header={t('nav:title.pilot_info_edit')} onRetry={form.reload}>
        {t('pilot.load_failed')}
      </LoadFailed>
    );
  if (!form.values) return <PageSpinner />;

  return (
    <RecordFormFrame
      prefix="pilot"
      header={
        <Header variant="h1" description={t('pilot.description', { days: EXPIRY_WARNING_DAYS })}>
          {t('nav:title.pilot_info_edit')}
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={() => navigate('/')}
    >
      <PilotInfoFields
        values={form.values}
        onChange={form.update}
        errorText={form.errorText}
        onRowsChanged={form.clear}
        today={today}
      />
    </RecordFormFrame>
  );
}

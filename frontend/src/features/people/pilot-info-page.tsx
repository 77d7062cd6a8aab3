import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { todayIn } from '../../../../contracts/calendar.ts';
import type { MemberPilotInfoOutput } from '../../../../contracts/schemas/members.ts';
import { EXPIRY_WARNING_DAYS, pilotInfoInput } from '../../../../contracts/schemas/people.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PILOT_INFO_FIELDS, PilotInfoFields } from '../../components/person/pilot-info-fields.tsx';
import { toPilotInfoInput, toPilotInfoValues } from '../../components/person/pilot-info-values.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';

const toValues = (data: MemberPilotInfoOutput) => toPilotInfoValues(data.pilot_info);

/**
 * `pilot-info/{id}`: an admin keeps a member's licences, medical and ratings — the form the pilot
 * has on profile/pilot-info-edit. Validity is judged against today in the organization's time zone.
 */
export default function PilotInfoPage() {
  const { t } = useTranslation(['people', 'messages', 'nav']);
  const navigate = usePageNavigate();
  const { id = '' } = useParams();
  const { profile } = useStore(session);
  const timezone = profile?.organization?.timezone ?? 'UTC';
  const today = useMemo(() => todayIn(timezone), [timezone]);
  const back = () => navigate(hrefOf('users'));
  const form = useRecordForm({
    load: useCallback(() => call('getMemberPilotInfo', { params: { user_id: id } }), [id]),
    toValues,
    toInput: (values, data: MemberPilotInfoOutput) => toPilotInfoInput(values, data.pilot_info.version),
    schema: pilotInfoInput,
    save: (body) => call('updateMemberPilotInfo', { params: { user_id: id }, body }),
    onSaved: (data) => flash('success', 'pilot_info_saved', { values: { name: data.member.user_name } }),
    onCancel: back,
    focus: { prefix: 'pilot', fields: PILOT_INFO_FIELDS },
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return (
      <LoadFailed
        type={form.state === 'not_found' ? 'info' : 'error'}
        header={t('nav:title.pilot_info')}
        action={<Button onClick={back}>{t('member.back')}</Button>}
      >
        {form.state === 'not_found' ? t('not_found', { ns: 'messages' }) : t('member.load_failed')}
      </LoadFailed>
    );
  if (!form.record || !form.values) return <PageSpinner />;

  return (
    <RecordFormFrame
      prefix="pilot"
      header={
        <Header variant="h1" description={t('pilot.description', { days: EXPIRY_WARNING_DAYS })}>
          <span data-testid="pilot-member-name">{form.record.member.user_name}</span>
        </Header>
      }
      errorText={form.formErrorText()}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={form.submit}
      onCancel={back}
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
